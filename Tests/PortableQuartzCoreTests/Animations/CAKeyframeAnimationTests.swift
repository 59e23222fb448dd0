import Foundation
import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("CAKeyframeAnimation (SPEC §4)")
struct CAKeyframeAnimationTests {
    typealias F = AnimationFixtures

    /// The DOC example: values [310, 60, 120, 60, 310] at quarter key times.
    static func docExample() -> CAKeyframeAnimation {
        F.keyframes("position.x", [310, 60, 120, 60, 310], keyTimes: [0, 0.25, 0.5, 0.75, 1])
    }

    // MARK: Linear

    @Test(
        "the DOC example interpolates linearly: x 0.125 → 185, 0.3 → 72, 0.5 → 120, 0.9 → 210",
        arguments: [(0.125, 185.0), (0.3, 72.0), (0.5, 120.0), (0.9, 210.0)])
    func docLinear(x: Double, expected: Double) {
        F.expectNumber(F.number(Self.docExample(), at: x), expected, tolerance: 1e-9)
    }

    @Test(
        "per-segment timing functions warp each segment: easeIn ×4 gives x 0.125 → 231.1608, 0.3 → 63.7369",
        arguments: [(0.125, 231.1608), (0.3, 63.7369)])
    func docEaseIn(x: Double, expected: Double) {
        let animation = Self.docExample()
        animation.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeIn), count: 4)
        F.expectNumber(F.number(animation, at: x), expected, tolerance: 1e-3)
    }

    @Test("the animation's own timing function warps the whole cycle before the segments are located")
    func overallTimingFunction() {
        let animation = F.keyframes("opacity", [0, 10, 30])
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        // easeIn(0.5) = 0.315357 lies in the first segment: 10 · 0.315357 / 0.5.
        F.expectNumber(F.number(animation, at: 0.5), 10 * 0.315357 / 0.5, tolerance: 1e-3)
    }

    @Test("without keyTimes keyframes are evenly spaced: [0, 10, 30] gives 5, 10, 20")
    func evenSpacing() {
        let animation = F.keyframes("opacity", [0, 10, 30])
        F.expectNumber(F.number(animation, at: 0.25), 5)
        F.expectNumber(F.number(animation, at: 0.5), 10)
        F.expectNumber(F.number(animation, at: 0.75), 20)
    }

    @Test("points interpolate per component; NSValue-wrapped keyframes work (seed 000 flight)")
    func pointKeyframes() {
        let animation = F.keyframes(
            "position",
            [CGPoint(x: -50, y: 0), CGPoint(x: 370, y: 240), CGPoint(x: -50, y: 380)].map { NSValue(cgPoint: $0) },
            keyTimes: [0, 0.5, 1], duration: 3)
        F.expectPoint(F.point(animation, at: 0.75), CGPoint(x: 160, y: 120))
        F.expectPoint(F.point(animation, at: 2.25), CGPoint(x: 160, y: 310))
    }

    // MARK: Discrete

    @Test("discrete with n+1 key times: value i holds on [kt[i], kt[i+1]) (DOC kCAAnimationDiscrete)")
    func discreteWithExtraKeyTime() {
        let animation = F.keyframes(
            "position.x", [310, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete)
        animation.fillMode = .forwards
        for (x, expected) in [(0.1, 310.0), (0.25, 60), (0.3, 60), (0.5, 120), (0.74, 120), (0.8, 60), (1, 60)] {
            F.expectNumber(F.number(animation, at: x), expected, "x \(x)")
        }
    }

    @Test("discrete with n key times (or none): the last value shows only at the end")
    func discreteWithoutExtraKeyTime() {
        let animation = F.keyframes("position.x", [1, 2, 3], mode: .discrete)
        animation.fillMode = .forwards
        F.expectNumber(F.number(animation, at: 0.2), 1)
        F.expectNumber(F.number(animation, at: 0.5), 2)
        F.expectNumber(F.number(animation, at: 0.99), 2)
        F.expectNumber(F.number(animation, at: 1), 3)
    }

    // MARK: Paced

    @Test("paced spaces key times by distance: [0, 10, 30] gives key times [0, 1/3, 1] → 7.5, 15, 22.5")
    func paced() {
        let animation = F.keyframes("opacity", [0, 10, 30], mode: .paced)
        F.expectNumber(F.number(animation, at: 0.25), 7.5)
        F.expectNumber(F.number(animation, at: 0.5), 15)
        F.expectNumber(F.number(animation, at: 0.75), 22.5)
    }

    @Test("paced ignores keyTimes and timingFunctions")
    func pacedIgnoresKeyTimes() {
        let animation = F.keyframes("opacity", [0, 10, 30], keyTimes: [0, 0.9, 1], mode: .paced)
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        F.expectNumber(F.number(animation, at: 0.5), 15)
    }

    @Test("paced with all values equal falls back to even spacing")
    func pacedZeroLength() {
        let animation = F.keyframes("opacity", [4, 4, 4], mode: .paced)
        F.expectNumber(F.number(animation, at: 0.5), 4)
    }

    // MARK: Cubic

    @Test(
        "cubic (Catmull–Rom by default) through [0, 10, 30, 20]: 1/6 → 4.375, 1/2 → 21.25, 5/6 → 26.875",
        arguments: [(1.0 / 6, 4.375), (0.5, 21.25), (5.0 / 6, 26.875)])
    func cubic(x: Double, expected: Double) {
        F.expectNumber(
            F.number(F.keyframes("opacity", [0, 10, 30, 20], mode: .cubic), at: x), expected, tolerance: 1e-9)
    }

    @Test(
        "cubic with tension 1 everywhere has zero tangents: 5, 20, 25",
        arguments: [(1.0 / 6, 5.0), (0.5, 20.0), (5.0 / 6, 25.0)])
    func cubicTension(x: Double, expected: Double) {
        let animation = F.keyframes("opacity", [0, 10, 30, 20], mode: .cubic)
        animation.tensionValues = [1, 1, 1, 1]
        F.expectNumber(F.number(animation, at: x), expected, tolerance: 1e-9)
    }

    @Test("cubic passes through every keyframe at its key time")
    func cubicInterpolatesKeyframes() {
        let animation = F.keyframes("opacity", [3, -2, 8, 1, 5], keyTimes: [0, 0.1, 0.5, 0.6, 1], mode: .cubic)
        animation.tensionValues = [0.3, -0.2, 0.5]
        animation.continuityValues = [0, 0.4, -0.4, 0.2, 0]
        animation.biasValues = [0.1, 0.2]
        animation.fillMode = .forwards
        for (x, expected) in [(0.0, 3.0), (0.1, -2), (0.5, 8), (0.6, 1), (1, 5)] {
            F.expectNumber(F.number(animation, at: x), expected, tolerance: 1e-9, "x \(x)")
        }
    }

    @Test("cubic bias and continuity change the tangents (hand-computed Kochanek–Bartels value)")
    func cubicBiasContinuity() {
        // Values [0, 10, 30], keyframe 1 with bias 0.5 and continuity −0.5, evenly spaced.
        // Outgoing at 0 (phantom −10): D0 = ½·10 + ½·10 = 10. Incoming at 1:
        // S1 = (1+0.5)(1−(−0.5))/2·10 + (1−0.5)(1+(−0.5))/2·20 = 1.125·10 + 0.125·20 = 13.75.
        // Segment 0 at u 0.5: 0.5·0 + 0.125·10 + 0.5·10 − 0.125·13.75 = 4.53125.
        let animation = F.keyframes("opacity", [0, 10, 30], mode: .cubic)
        animation.biasValues = [0, 0.5, 0]
        animation.continuityValues = [0, -0.5, 0]
        F.expectNumber(F.number(animation, at: 0.25), 4.53125, tolerance: 1e-12)
    }

    @Test("cubicPaced moves along the cubic curve at constant speed")
    func cubicPaced() {
        let animation = F.keyframes("opacity", [0, 10, 30, 20], mode: .cubicPaced)
        animation.fillMode = .forwards
        F.expectNumber(F.number(animation, at: 0), 0)
        F.expectNumber(F.number(animation, at: 1), 20)
        // The curve rises monotonically to its maximum and falls back: its length is (max − 0) + (max − 20),
        // and constant speed puts the maximum at fraction max / length.
        let samples = (0...2000).map { F.number(animation, at: Double($0) / 2000) ?? .nan }
        let maximum = samples.max() ?? 0
        let length = 2 * maximum - 20
        for (index, value) in samples.enumerated() where index % 100 == 0 {
            let x = Double(index) / 2000
            let travelled = x * length
            let expected = travelled <= maximum ? travelled : 2 * maximum - travelled
            F.expectNumber(value, expected, tolerance: 0.02, "x \(x)")
        }
    }

    @Test("the cubic modes fall back to linear for types without linear combination (transforms)")
    func cubicTransformsFallBack() throws {
        let animation = F.keyframes(
            "transform",
            [
                CATransform3DMakeTranslation(0, 0, 0), CATransform3DMakeTranslation(10, 0, 0),
                CATransform3DMakeTranslation(30, 0, 0),
            ], mode: .cubic)
        let matrix = try #require(F.transform(animation, at: 0.25))
        F.expectNumber(Double(matrix.m41), 5, tolerance: 1e-9)
    }

    // MARK: Seed 000 wobble

    @Test(
        "seed 000 wobble on transform.rotation: x 0.1 → −0.3142, 0.3 → −0.6283, 0.6 → 0.3142, in both repeats",
        arguments: [(0.1, -0.3142), (0.3, -0.6283), (0.6, 0.3142)])
    func wobble(x: Double, expected: Double) {
        let wobble = CAKeyframeAnimation(keyPath: "transform.rotation")
        wobble.duration = 0.25
        wobble.repeatCount = 2
        wobble.values = [0.0, -.pi / 4.0, 0.0, .pi / 4.0, 0.0]
        wobble.keyTimes = [0.0, 0.25, 0.5, 0.75, 1.0]
        F.expectNumber(F.number(wobble, at: x * 0.25), expected, tolerance: 1e-4)
        F.expectNumber(F.number(wobble, at: 0.25 + x * 0.25), expected, tolerance: 1e-4)
    }

    // MARK: Paths

    /// A line from (0, 0) to (100, 100), then to (200, 100).
    static func linePath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 100))
        path.addLine(to: CGPoint(x: 200, y: 100))
        return path
    }

    @Test("a path replaces values: the start and the end of each segment are keyframes, evenly timed")
    func pathKeyframes() {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 999, y: 999)]
        animation.path = Self.linePath()
        animation.duration = 1
        F.expectPoint(F.point(animation, at: 0.25), CGPoint(x: 50, y: 50))
        F.expectPoint(F.point(animation, at: 0.75), CGPoint(x: 150, y: 100))
    }

    /// Evidence: lottie-ios's Core Animation engine closes every position path after its last keyframe and gives
    /// one key time per keyframe; its animations end on their last keyframe on iOS (Apple's pictures in
    /// `../shared/lottie`), so the close is no keyframe. Without key times a closed path still goes round.
    @Test("a trailing close with a key time per keyframe before it is no keyframe: 0.9 of 0, 0.2, 1 → (187.5, 100)")
    func trailingCloseWithMatchingKeyTimes() {
        let path = Self.linePath().mutableCopy()!
        path.closeSubpath()
        let timed = CAKeyframeAnimation(keyPath: "position")
        timed.path = path
        timed.keyTimes = [0, 0.2, 1]
        timed.duration = 1
        F.expectPoint(F.point(timed, at: 0.9), CGPoint(x: 187.5, y: 100))
        F.expectPoint(F.point(timed, at: 0.99), CGPoint(x: 198.75, y: 100))
        let untimed = CAKeyframeAnimation(keyPath: "position")
        untimed.path = path
        untimed.duration = 1
        F.expectPoint(F.point(untimed, at: 5.0 / 6), CGPoint(x: 100, y: 50))
    }

    /// Evidence: Apple documents `path` for any property holding a point; lottie-ios's Core Animation engine drives
    /// `transform.translation` (a size in key-value coding) and other two-component properties with paths, and
    /// Apple's pictures of those samples show the layers moving along them (issue 17 §2.13).
    @Test("a path drives two-component key paths: transform.translation at 0.5 of (100, 40) → (200, 40) is (150, 40)")
    func pathOnTwoComponentKeyPaths() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 100, y: 40))
        line.addLine(to: CGPoint(x: 200, y: 40))
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = CALayer()
            clock.advance(by: 0)
            for keyPath in ["transform.translation", "anchorPoint", "bounds.size"] {
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.path = line
                animation.duration = 1
                animation.beginTime = 0.000_001
                layer.add(animation, forKey: keyPath)
            }
            clock.advance(by: 0.5)
            // The animations began 1 µs after time 0, so they are 1e-6 short of half way: x = 150 − 1e-4.
            let shown = try! #require(layer.presentation())
            let translation = try! #require(shown.value(forKeyPath: "transform.translation") as? CGSize)
            #expect(abs(translation.width - 150) < 1e-3 && translation.height == 40)
            #expect(abs(shown.transform.m41 - 150) < 1e-3 && shown.transform.m42 == 40)
            #expect(abs(shown.anchorPoint.x - 150) < 1e-3 && shown.anchorPoint.y == 40)
            #expect(abs(shown.bounds.width - 150) < 1e-3 && shown.bounds.height == 40)
        }
    }

    @Test("a curved path segment is followed by its Bézier parameter (not arc length) outside the paced modes")
    func curvedPath() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        // Cubic Bézier at t 0.5: (50, 75).
        F.expectPoint(F.point(animation, at: 0.5), CGPoint(x: 50, y: 75), tolerance: 1e-9)
    }

    /// Evidence: Apple's pictures of lottie-ios's pr_2305 sample (../shared/lottie): a square moving along one cubic
    /// from (510, 100) to (510, 900) with the segment timing curve (0.5, −0.5, 0.2, 1) is drawn at 25 % centred at
    /// (561, 57) — the cubic at parameter −0.0605, the curve's value there — not held at the start (510, 100).
    @Test("a segment timing curve that overshoots continues the path: (0.5, −0.5, 0.2, 1) at 0.25 is at (561.6, 57.0)")
    func overshootingSegmentTiming() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 510, y: 100))
        path.addCurve(
            to: CGPoint(x: 510, y: 900), control1: CGPoint(x: 241.81, y: 338.90),
            control2: CGPoint(x: 241.81, y: 605.57))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        animation.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.2, 1)]
        F.expectPoint(F.point(animation, at: 0.25), CGPoint(x: 561.60, y: 56.96), tolerance: 0.05)
        // Past the end: (0.8, 0, 0.5, 1.5) at 0.75 reaches 1.0605 of a 100-point line, x = 106.05.
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        animation.path = line
        animation.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.8, 0, 0.5, 1.5)]
        F.expectPoint(F.point(animation, at: 0.75), CGPoint(x: 106.05, y: 0), tolerance: 0.01)
    }

    @Test("a paced path moves at constant speed by arc length")
    func pacedPath() {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = Self.linePath()
        animation.calculationMode = .paced
        animation.duration = 1
        // Lengths 141.42 and 100: the corner is reached at 141.42 / 241.42.
        let corner = 100 * 2.0.squareRoot() / (100 * 2.0.squareRoot() + 100)
        F.expectPoint(F.point(animation, at: corner), CGPoint(x: 100, y: 100), tolerance: 1e-6)
        F.expectPoint(F.point(animation, at: corner / 2), CGPoint(x: 50, y: 50), tolerance: 1e-6)
    }

    @Test("keyTimes for a path need segments + 1 entries")
    func pathKeyTimes() {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = Self.linePath()
        animation.keyTimes = [0, 0.8, 1]
        animation.duration = 1
        F.expectPoint(F.point(animation, at: 0.4), CGPoint(x: 50, y: 50))
        animation.keyTimes = [0, 1]
        F.expectPoint(F.point(animation, at: 0.25), CGPoint(x: 50, y: 50))
    }

    @Test("a move inside the path jumps without taking time")
    func pathMove() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.move(to: CGPoint(x: 100, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 110))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        F.expectPoint(F.point(animation, at: 0.25), CGPoint(x: 5, y: 0))
        F.expectPoint(F.point(animation, at: 0.75), CGPoint(x: 100, y: 105))
    }

    @Test("rotationMode auto adds the tangent angle π/4; autoReverse 5π/4 (SPEC §4.1)")
    func rotationMode() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        animation.rotationMode = .rotateAuto
        let track = try #require(CompiledAnimation(animation).tracks.first)
        let sample = track.sample(atParentTime: 0.5, model: .point(.zero), current: .point(.zero))
        F.expectNumber(sample.pathRotation, Double.pi / 4, tolerance: 1e-12)
        F.expectPoint(
            sample.value.flatMap { if case .point(let p) = $0 { p } else { nil } }, CGPoint(x: 50, y: 50))

        animation.rotationMode = .rotateAutoReverse
        let reverse = try #require(CompiledAnimation(animation).tracks.first)
        F.expectNumber(
            reverse.sample(atParentTime: 0.5, model: .point(.zero), current: .point(.zero)).pathRotation,
            5 * Double.pi / 4, tolerance: 1e-12)

        animation.rotationMode = nil
        let none = try #require(CompiledAnimation(animation).tracks.first)
        #expect(none.sample(atParentTime: 0.5, model: .point(.zero), current: .point(.zero)).pathRotation == nil)
    }

    @Test("rotationMode without a path has no effect")
    func rotationWithoutPath() throws {
        let animation = F.keyframes("position", [CGPoint.zero, CGPoint(x: 10, y: 10)])
        animation.rotationMode = .rotateAuto
        let track = try #require(CompiledAnimation(animation).tracks.first)
        #expect(track.sample(atParentTime: 0.5, model: .point(.zero), current: .point(.zero)).pathRotation == nil)
    }

    // MARK: Bad input

    @Test("empty values (and an empty path) contribute nothing")
    func emptyValues() {
        #expect(F.number(F.keyframes("opacity", []), at: 0.5) == nil)
        #expect(F.number(CAKeyframeAnimation(keyPath: "opacity"), at: 0.5) == nil)
        let emptyPath = CAKeyframeAnimation(keyPath: "position")
        emptyPath.path = CGMutablePath()
        emptyPath.duration = 1
        #expect(F.point(emptyPath, at: 0.5) == nil)
        // The timing (and so the delegate callbacks) still run.
        #expect(CompiledAnimation(F.keyframes("opacity", [])).hasFinished(atParentTime: 2))
    }

    /// Evidence: Core Animation's own `-[CAKeyframeAnimation applyForTime:presentationObject:modelObject:]`
    /// (decompiled, RE-QC in SPEC) writes the presentation value only when `values.count >= 2`; Apple's pictures of
    /// lottie-ios's pr_1632_1 (../shared/lottie) show a fill at opacity 1, its model value, at progress 0 and 0.25,
    /// where lottie-ios animates its opacity with a `.discrete` animation of values [0] and key times [0, 1].
    @Test("one value contributes nothing in any mode, discrete [0] with keyTimes [0, 1] included")
    func oneValue() {
        #expect(F.number(F.keyframes("opacity", [0.25]), at: 0.5) == nil)
        let discrete = F.keyframes("opacity", [0], keyTimes: [0, 1], mode: .discrete)
        #expect(F.number(discrete, at: 0.25) == nil)
        // Two values of the same kind are shown: discrete [0, 0.5] with keyTimes [0, 0.5, 1] holds 0 until 0.5.
        let two = F.keyframes("opacity", [0, 0.5], keyTimes: [0, 0.5, 1], mode: .discrete)
        F.expectNumber(F.number(two, at: 0.25), 0)
        F.expectNumber(F.number(two, at: 0.75), 0.5)
    }

    @Test("keyTimes of the wrong count are ignored (even spacing)")
    func wrongCountKeyTimes() {
        let animation = F.keyframes("opacity", [0, 10, 30], keyTimes: [0, 1])
        F.expectNumber(F.number(animation, at: 0.25), 5)
        animation.keyTimes = [0, 0.1, 0.2, 1]
        F.expectNumber(F.number(animation, at: 0.25), 5)
    }

    @Test("out-of-order keyTimes are used raw: the first segment holding the time plays, backward ones hold nothing")
    func outOfOrderKeyTimes() {
        // [0, 0.2, 2.0, 1.5, 2]: segment 2 runs backwards (2.0 → 1.5) and holds nothing.
        let animation = F.keyframes("opacity", [0, 10, 20, 30, 40], keyTimes: [0, 0.2, 2.0, 1.5, 2])
        F.expectNumber(F.number(animation, at: 0.1), 5)
        F.expectNumber(F.number(animation, at: 1.1 / 2), 10 + 10 * (0.55 - 0.2) / 1.8)
        // [0, 0.8, 0.4]: 0.5 lies in segment 0 (0 … 0.8); 0.9 lies in none and is after the last key time.
        let decreasing = F.keyframes("opacity", [0, 10, 20], keyTimes: [0, 0.8, 0.4])
        F.expectNumber(F.number(decreasing, at: 0.5), 6.25)
        F.expectNumber(F.number(decreasing, at: 0.9), 20)
    }

    /// Evidence: lottie-ios writes key times like these for layers whose keyframes start before the layer's time
    /// range; Apple's picture of such a sample (../shared/lottie) shows the scale ≈ 0.900 at progress 0, the raw
    /// segment (−0.0938 … 0.0056) at work — raising the times to a running maximum would show 1.0 (issue 17 §2.15).
    @Test("lottie's backward keyTimes [0, −0.1921, −0.0938, 0.0056, 1]: time 0 falls in segment 2, 0.905634")
    func lottieBackwardKeyTimes() {
        let animation = F.keyframes(
            "transform.scale", [0.9, 0.9, 1.0, 0.9, 0.9], keyTimes: [0, -0.1921, -0.0938, 0.0056, 1])
        // 1.0 + (0.9 − 1.0) × (0 + 0.0938) / (0.0056 + 0.0938) with linear segments.
        F.expectNumber(F.number(animation, at: 0), 0.905_634, tolerance: 1e-6)
        animation.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeInEaseOut), count: 4)
        let eased = F.number(animation, at: 0) ?? 0
        #expect(eased > 0.9 && eased < 0.902, "eased, u 0.9437 → ≈ 0.9008")
        F.expectNumber(F.number(animation, at: 0.5), 0.9)
    }

    /// Evidence: a peer Core Animation project's expected values, cross-checked on macOS (issue 17 §2.7): with a
    /// value function, `.paced` keeps the keyframes evenly spaced.
    @Test("paced keyframes through a value function stay evenly spaced: translate (0, 0) (10, 10) (10, 30) at 0.75")
    func pacedValueFunctionKeepsEvenSpacing() {
        for mode in [CAAnimationCalculationMode.paced, .linear] {
            let animation = F.keyframes("transform", [[0, 0, 0], [10, 10, 0], [10, 30, 0]], mode: mode)
            animation.valueFunction = CAValueFunction(name: .translate)
            let matrix = F.transform(animation, at: 0.75)
            // Even spacing: half way from (10, 10) to (10, 30). Pacing by distance would give (10, 21.46).
            #expect(matrix?.m41 == 10 && matrix?.m42 == 20, "\(mode.rawValue)")
        }
        let curved = F.keyframes("transform", [[0, 0, 0], [10, 10, 0], [10, 30, 0]], mode: .cubicPaced)
        curved.valueFunction = CAValueFunction(name: .translate)
        let cubic = F.keyframes("transform", [[0, 0, 0], [10, 10, 0], [10, 30, 0]], mode: .cubic)
        cubic.valueFunction = CAValueFunction(name: .translate)
        #expect(F.transform(curved, at: 0.3) == F.transform(cubic, at: 0.3))
    }

    @Test("keyTimes containing NaN or infinity are ignored; key times outside 0…1 are used as given")
    func nonFiniteKeyTimes() {
        let nan = F.keyframes("opacity", [0, 10, 30], keyTimes: [0, NSNumber(value: Double.nan), 1])
        F.expectNumber(F.number(nan, at: 0.25), 5)
        let late = F.keyframes("opacity", [0, 10], keyTimes: [0.5, 1.5])
        F.expectNumber(F.number(late, at: 0.25), 0)
        F.expectNumber(F.number(late, at: 0.75), 2.5)
    }

    @Test("unusable keyframes (NaN, wrong type) are replaced by the previous usable one")
    func unusableKeyframes() {
        let animation = F.keyframes("opacity", [Double.nan, 10, "text", 30])
        F.expectNumber(F.number(animation, at: 0), 10)
        F.expectNumber(F.number(animation, at: 0.5), 10)
        F.expectNumber(F.number(animation, at: 5.0 / 6), 20)
        #expect(F.number(F.keyframes("opacity", [Double.nan, "x"]), at: 0.5) == nil)
    }

    @Test("timingFunctions with too few entries leave the remaining segments linear")
    func shortTimingFunctions() {
        let animation = F.keyframes("opacity", [0, 10, 20])
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        F.expectNumber(F.number(animation, at: 0.75), 15)
        F.expectNumber(F.number(animation, at: 0.25), 3.15357, tolerance: 1e-3)
    }

    @Test("cumulative keyframes add the end value per iteration")
    func cumulativeKeyframes() {
        let animation = F.keyframes("position.x", [0, 5, 10])
        animation.repeatCount = 3
        animation.isCumulative = true
        F.expectNumber(F.number(animation, at: 2.25), 22.5)
    }

    // MARK: Property tests

    @Test("paced keyframes move at constant speed (seeded random points)", arguments: 1...20)
    func pacedConstantSpeed(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let count = 2 + Int(random.next() % 6)
        let points = (0..<count).map { _ in
            CGPoint(x: random.nextDouble(in: -100...100), y: random.nextDouble(in: -100...100))
        }
        let animation = F.keyframes("position", points, mode: .paced)
        animation.fillMode = .forwards
        // The expected position is the point at distance x · total along the polyline.
        var lengths = [0.0]
        for index in 1..<count {
            let step = hypot(
                Double(points[index].x - points[index - 1].x), Double(points[index].y - points[index - 1].y))
            lengths.append(lengths[index - 1] + step)
        }
        let total = lengths[count - 1]
        func expected(atDistance distance: Double) -> CGPoint {
            var segment = 0
            while segment < count - 2, lengths[segment + 1] <= distance { segment += 1 }
            let span = lengths[segment + 1] - lengths[segment]
            let u = span > 0 ? (distance - lengths[segment]) / span : 0
            let a = points[segment]
            let b = points[segment + 1]
            return CGPoint(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
        }
        for step in 0...200 {
            let x = Double(step) / 200
            F.expectPoint(
                F.point(animation, at: x), expected(atDistance: x * total), tolerance: 1e-9 * Swift.max(total, 1),
                "seed \(seed), x \(x)")
        }
    }

    @Test("no NaN for finite input in any mode (seeded random keyframes and times)", arguments: 1...20)
    func noNaN(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
        for mode in modes {
            let count = 1 + Int(random.next() % 8)
            let values = (0..<count).map { _ in random.nextDouble(in: -1e3...1e3) }
            var keyTimes = (0..<count).map { _ in NSNumber(value: random.nextDouble(in: -0.5...1.5)) }
            if random.next() % 2 == 0 { keyTimes.sort { $0.doubleValue < $1.doubleValue } }
            let animation = F.keyframes("opacity", values, keyTimes: keyTimes, mode: mode)
            animation.tensionValues = (0..<count).map { _ in NSNumber(value: random.nextDouble(in: -1...1)) }
            animation.continuityValues = (0..<count).map { _ in NSNumber(value: random.nextDouble(in: -1...1)) }
            animation.biasValues = (0..<count).map { _ in NSNumber(value: random.nextDouble(in: -1...1)) }
            animation.timingFunctions = (0..<count).map { _ in
                CAMediaTimingFunction(
                    controlPoints: Float(random.nextUnitDouble()), Float(random.nextDouble(in: -1...2)),
                    Float(random.nextUnitDouble()), Float(random.nextDouble(in: -1...2)))
            }
            animation.fillMode = .both
            animation.repeatCount = Float(random.nextDouble(in: 0...3))
            animation.autoreverses = random.next() % 2 == 0
            animation.isCumulative = random.next() % 2 == 0
            for _ in 0..<50 {
                let time = random.nextDouble(in: -2...8)
                let value = F.number(animation, at: time)
                #expect(value?.isFinite ?? true, "seed \(seed), mode \(mode.rawValue), time \(time)")
            }
        }
    }
}
