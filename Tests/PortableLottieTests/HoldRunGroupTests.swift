import Foundation
import PortableQuartzCore
import Testing

@testable import PortableLottie

/// Evidence for the whole suite: lottie-ios's Core Animation engine (`CALayer+addAnimation.swift`:
/// `segmentsSplitByCalculationMode`, `animationGroup(for:animationSegments:…)`, `validate(values:keyTimes:…)`)
/// builds a property that mixes hold and blended keyframes as one keyframe animation per run in a group, and
/// Apple's pictures of its samples (../shared/lottie) show what Core Animation makes of that group.
@Suite("HoldRunGroup")
struct HoldRunGroupTests {
    /// A context over frames `startFrame…endFrame` at `framerate`, played once (one frame more).
    private func context(endFrame: Double, framerate: Double, startFrame: Double = 0) -> AnimationContext {
        let animation = LottieAnimation(
            version: "", name: "", framerate: framerate, startFrame: startFrame, endFrame: endFrame, width: 10,
            height: 10,
            layers: [], assets: [:], markers: [], fonts: [], glyphs: [])
        return AnimationContext(animation: animation, report: CompatibilityReport(), budget: BuildBudget())
    }

    private func numbers(_ animation: CAAnimation?) -> [Double]? {
        ((animation as? CAKeyframeAnimation)?.values as? [NSNumber])?.map(\.doubleValue)
    }

    private func keyTimes(_ animation: CAAnimation?) -> [Double]? {
        (animation as? CAKeyframeAnimation)?.keyTimes?.map(\.doubleValue)
    }

    @Test("runs split where hold-ness changes and share the keyframe there: [h, h, e, e, h] → 0…2, 2…4, 4")
    func runs() {
        let keyframes = [true, true, false, false, true].enumerated().map {
            Keyframe(frame: Double($0.offset), value: 0.0, isHold: $0.element)
        }
        // A last keyframe whose hold-ness differs from the one before makes a run of its own.
        #expect(HoldRunGroup.runs(keyframes).map { $0.indices } == [0..<3, 2..<5, 4..<5])
        #expect(HoldRunGroup.mixesHolds(keyframes))
        #expect(!HoldRunGroup.mixesHolds(Array(keyframes.prefix(2))))
    }

    /// pr_1632_1's fill opacity: hold 0 at frame 0, 100 at frame 50, 0 at frame 100 (29.97 fps, frames 0…100).
    @Test("a lone hold key before blended ones is a discrete run of one value: pr_1632_1's opacity [0] over 0…50")
    func loneHold() throws {
        let context = context(endFrame: 100, framerate: 29.97)
        let keyframes = [
            Keyframe(frame: 0, value: 0.0, isHold: true), Keyframe(frame: 50, value: 100.0),
            Keyframe(frame: 100, value: 0.0),
        ]
        let group = try #require(
            HoldRunGroup.group(keyframes, keyPath: "opacity", context: context) { NSNumber(value: $0 / 100) })
        // The clipping group of the composition's 100 frames holds the group of the runs (101 frames).
        #expect(group.duration == 100 / 29.97 && group.fillMode == .both)
        let runs = try #require(group.animations?.first as? CAAnimationGroup)
        #expect(runs.duration == 101 / 29.97)
        let members = try #require(runs.animations)
        #expect(members.count == 2)
        let hold = try #require(members.first as? CAKeyframeAnimation)
        #expect(hold.calculationMode == .discrete)
        #expect(numbers(hold) == [0])
        #expect(keyTimes(hold) == [0, 1])
        #expect(hold.beginTime == 0 && hold.duration == 50 / 29.97)
        #expect(hold.fillMode == .removed)
        let fade = members[1]
        #expect((fade as? CAKeyframeAnimation)?.calculationMode == .linear)
        #expect(numbers(fade) == [1, 0])
        #expect(keyTimes(fade) == [0, 1])
        #expect(fade.beginTime == 50 / 29.97 && fade.duration == 100 / 29.97 - 50 / 29.97)
    }

    /// Apple's pictures of pr_1632_1 at 0 % and 25 % show the fill at opacity 1 (the layer's model value), at 75 %
    /// half faded, at 100 % gone; the same shape here over 60 frames at 30 fps.
    @Test("Apple's pr_1632_1: over the one-value hold run the fill shows its model opacity 1; 0.5 at 75 %, 0 at 100 %")
    func loneHoldShowsModel() throws {
        let opacity = #"{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":30,"s":[100]},{"t":60,"s":[0]}]}"#
        let items = LottieFixtures.redSquare().replacingOccurrences(of: #""o":{"k":100}"#, with: #""o":\#(opacity)"#)
        let layer = LottieAnimationLayer(
            animation: try LottieAnimation(
                data: LottieFixtures.composition(layers: LottieFixtures.shapeLayer(items: items))))
        let quarter = try #require(layer.snapshot(progress: 0.25, width: 100, height: 100))
        let threeQuarters = try #require(layer.snapshot(progress: 0.75, width: 100, height: 100))
        let end = try #require(layer.snapshot(progress: 1, width: 100, height: 100))
        let alpha = { (image: CGImage) in
            image.withUnsafePremultipliedRGBABytes { Int($0[50 * image.bytesPerRow + 50 * 4 + 3]) }
        }
        #expect(alpha(quarter) == 255)
        // Frame 45: halfway from 100 at frame 30 to 0 at frame 60.
        #expect(abs(alpha(threeQuarters) - 128) <= 1)
        // The last frame: the last run ends there with its last value, 0, held by the clipping group.
        #expect(alpha(end) == 0)
    }

    /// issue_1717 (frames 347…1050 at 60 fps): a null in a precomposition shown from root frame 251 has hold keys
    /// at its frames 771 and 799 (root 1022 and 1050). lottie-ios ends the last run at the root's last frame read as
    /// a frame of the layer (`context.time(forFrame: context.animation.endFrame)`): 1050 + 251 = root 1301, so the
    /// run keeps both values and Apple's picture at 100 % shows the held scale, not the model's.
    @Test("inside a precomposition at +251 the last run ends at the root's last frame read locally: root 1301")
    func lastRunInPrecomposition() throws {
        let inner = context(endFrame: 1050, framerate: 60, startFrame: 347).entering(startFrame: 251, stretch: 1)
        let keyframes = [
            Keyframe(frame: 757, value: 0.25), Keyframe(frame: 771, value: 0.25, isHold: true),
            Keyframe(frame: 799, value: 0.25, isHold: true),
        ]
        let group = try #require(HoldRunGroup.group(keyframes, keyPath: "opacity", context: inner) { $0 })
        let hold = try #require((group.animations?.first as? CAAnimationGroup)?.animations?.last)
        #expect(hold.beginTime == (1022 - 347) / 60.0)
        #expect(hold.duration == (1301 - 347) / 60.0 - (1022 - 347) / 60.0)
        #expect(numbers(hold) == [0.25, 0.25])
        #expect(keyTimes(hold)?.count == 3)
    }

    /// TypeFace/H's nose (32 frames at 25 fps): Apple's pictures at 50 % show a mixed property's hold key at frame
    /// 16 taking effect on that frame, as the run's key times are fractions of its span in seconds.
    @Test("a run is timed in seconds: the hold run 12…16 of 32 at 25 fps begins at 0.48 s with key time 0.16 ÷ 0.8")
    func runInSeconds() throws {
        let context = context(endFrame: 32, framerate: 25)
        let keyframes = [
            Keyframe(frame: 8, value: 0.0), Keyframe(frame: 12, value: 1.0, isHold: true),
            Keyframe(frame: 16, value: 2.0, isHold: true),
        ]
        let group = try #require(HoldRunGroup.group(keyframes, keyPath: "opacity", context: context) { $0 })
        let hold = try #require((group.animations?.first as? CAAnimationGroup)?.animations?.last)
        #expect(hold.beginTime == 0.48 && hold.duration == 1.28 - 0.48)
        // The last run ends at the last frame (1.28 s); a key repeating 2 is added at 1, then dropped as discrete.
        #expect(keyTimes(hold) == [0, (0.64 - 0.48) / (1.28 - 0.48), 1])
        #expect(numbers(hold) == [1, 2])
    }
}
