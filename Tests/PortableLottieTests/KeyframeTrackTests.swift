import Foundation
import PortableQuartzCore
import Testing

@testable import PortableLottie

@Suite("KeyframeTrack and EasingCurve")
struct KeyframeTrackTests {
    private let animation = LottieAnimation.empty

    /// A context over frames `0…endFrame` at `framerate`, looping (timeline `endFrame` frames) or not (one more).
    private func context(endFrame: Double = 100, framerate: Double = 10, loops: Bool = true) -> AnimationContext {
        let animation = LottieAnimation(
            version: "", name: "", framerate: framerate, startFrame: 0, endFrame: endFrame, width: 10, height: 10,
            layers: [], assets: [:], markers: [], fonts: [], glyphs: [])
        var context = AnimationContext(animation: animation, report: CompatibilityReport(), budget: BuildBudget())
        context.loops = loops
        return context
    }

    private var context: AnimationContext { context() }

    /// Evidence: lottie-ios's `keyframeAnimation(for:keyframes:…)` (CALayer+addAnimation.swift) writes
    /// `NSNumber(value: Float(progressTime))`.
    @Test("keyframes inside the timeline get key times frame ÷ 100 as Floats, with flat ends added at 0 and 1")
    func inside() {
        let property = AnimatableProperty(
            keyframes: [Keyframe(frame: 20, value: 0.0), Keyframe(frame: 60, value: 10.0)])
        let arrays = KeyframeTrack(property, context: context).arrays { $0 }
        #expect(arrays.keyTimes == [0, Double(Float(0.2)), Double(Float(0.6)), 1])
        #expect(arrays.keyTimes[1] != 0.2)
        #expect(arrays.values == [0, 0, 10, 10])
    }

    /// Evidence: lottie-ios's `LayerAnimationContext.animationDuration` adds a frame when the speed is 0, and
    /// Apple's pictures of TypeFace/C at 50 % (frame 16 of a 32-frame, 25 fps composition) show the value held
    /// before a hold key at frame 16 (its key time, the Float 0.4848485, lies above 16 ÷ 33 = 0.48484848…).
    @Test("a tree that plays once spans one more frame: a hold key at frame 16 of 32 gets the Float of 16 ÷ 33")
    func pausedTimelineHasOneMoreFrame() throws {
        let context = context(endFrame: 32, framerate: 25, loops: false)
        #expect(context.timelineFrames == 33)
        #expect(abs(context.duration - 1.32) < 1e-12)
        let property = AnimatableProperty(
            keyframes: [
                Keyframe(frame: 12, value: 1.0, isHold: true), Keyframe(frame: 16, value: 2.0, isHold: true),
            ])
        let arrays = KeyframeTrack(property, context: context).arrays { $0 }
        let key = try #require(arrays.keyTimes.last { $0 < 1 })
        #expect(key == Double(Float(16.0 / 33)))
        // The frame's own time fraction lies just below the key: the held value 1 still shows there.
        #expect(0.64 / context.duration < key)
    }

    @Test("a keyframe before the first frame is cut at key time 0 with the value it has there")
    func cutAtStart() {
        // Linear from 0 at frame −50 to 100 at frame 50: at frame 0 the value is 50.
        let property = AnimatableProperty(
            keyframes: [Keyframe(frame: -50, value: 0.0), Keyframe(frame: 50, value: 100.0)])
        let arrays = KeyframeTrack(property, context: context).arrays { $0 }
        #expect(arrays.keyTimes == [0, 0.5, 1])
        #expect(arrays.values == [50, 100, 100])
    }

    @Test("a hold keyframe keeps its value up to the next key time, where a second key starts the next value")
    func hold() {
        let property = AnimatableProperty(
            keyframes: [Keyframe(frame: 0, value: 1.0, isHold: true), Keyframe(frame: 50, value: 2.0)])
        let arrays = KeyframeTrack(property, context: context).arrays { $0 }
        #expect(arrays.values == [1, 1, 2, 2])
        #expect(arrays.keyTimes == [0, 0.5, 0.5, 1])
    }

    @Test("a cut eased segment keeps the original curve's values (ease-in-out cut at its middle)")
    func easedCut() {
        let curve = EasingCurve(c1: CGPoint(x: 0.42, y: 0), c2: CGPoint(x: 0.58, y: 1))
        let part = curve.segment(from: 0.5, to: 1)
        // The curve is symmetric: at x = 0.5 the value is 0.5.
        #expect(abs(part.startValue - 0.5) < 1e-9)
        #expect(abs(part.endValue - 1) < 1e-9)
        // At x = 0.75 of the original, the cut curve (x = 0.5 of it) gives the same value.
        let original = curve.value(at: 0.75)
        let rebuilt = part.startValue + (part.endValue - part.startValue) * part.curve.value(at: 0.5)
        #expect(abs(original - rebuilt) < 1e-9)
    }

    @Test("the eased value matches Core Animation's timing function for the same control points")
    func matchesTimingFunction() {
        let curve = EasingCurve(c1: CGPoint(x: 0.33, y: 0), c2: CGPoint(x: 0.67, y: 1))
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            let expected = Double(curve.timingFunction.evaluate(at: Float(x)))
            #expect(abs(curve.value(at: x) - expected) < 1e-4)
        }
    }
}
