import Foundation
import PortableQuartzCore
import Testing

@Suite("CASpringAnimation (SPEC §5)")
struct CASpringAnimationTests {
    typealias F = AnimationFixtures

    /// A spring from 0 to 1 on opacity with a long duration, so the value equals the spring's position q(t).
    static func unitSpring(duration: Double = 10) -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0
        spring.toValue = 1
        spring.duration = duration
        return spring
    }

    @Test("defaults: mass 1, stiffness 100, damping 10, velocity 0, no overdamping")
    func defaults() {
        let spring = CASpringAnimation()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        #expect(spring.initialVelocity == 0 && !spring.allowsOverdamping)
    }

    @Test(
        "the default spring's value follows q(t): 0.1 → 0.340300 … 1.0 → 1.002170 (SPEC §5.3)",
        arguments: [
            (0.1, 0.340300), (0.2, 0.849426), (0.25, 1.023360), (0.3, 1.124355), (0.5, 1.074591),
            (1.0, 1.002170),
        ])
    func defaultTrajectory(time: Double, expected: Double) {
        F.expectNumber(F.number(Self.unitSpring(), at: time), expected, tolerance: 1e-6)
    }

    @Test(
        "critical damping (k 100, c 20): 0.1 → 0.264241, 0.25 → 0.712703, 0.5 → 0.959572",
        arguments: [(0.1, 0.264241), (0.25, 0.712703), (0.5, 0.959572)])
    func critical(time: Double, expected: Double) {
        let spring = Self.unitSpring()
        spring.damping = 20
        F.expectNumber(F.number(spring, at: time), expected, tolerance: 1e-6)
    }

    @Test("initial velocity: v0 5 gives 0.607053 at 0.1; v0 −5 moves away first, −0.084267 at 0.05")
    func velocity() {
        let spring = Self.unitSpring()
        spring.initialVelocity = 5
        F.expectNumber(F.number(spring, at: 0.1), 0.607053, tolerance: 1e-6)
        spring.initialVelocity = -5
        F.expectNumber(F.number(spring, at: 0.05), -0.084267, tolerance: 1e-6)
    }

    @Test("values scale to the from/to distance and overshoot past toValue: 100 → 300")
    func scaledValues() {
        let spring = Self.unitSpring()
        spring.fromValue = 100
        spring.toValue = 300
        F.expectNumber(F.number(spring, at: 0.3), 100 + 200 * 1.124355, tolerance: 1e-4)
    }

    @Test("duration cuts the spring instead of stretching it; speed and timeOffset work as for any animation")
    func durationCuts() {
        let spring = Self.unitSpring(duration: 0.25)
        F.expectNumber(F.number(spring, at: 0.1), 0.340300, tolerance: 1e-6)
        #expect(F.number(spring, at: 0.25) == nil)
        spring.fillMode = .forwards
        F.expectNumber(F.number(spring, at: 0.3), 1.023360, tolerance: 1e-6)
        let fast = Self.unitSpring()
        fast.speed = 2
        F.expectNumber(F.number(fast, at: 0.05), 0.340300, tolerance: 1e-6)
    }

    @Test("the timing function is ignored: the spring is the pacing")
    func timingFunctionIgnored() {
        let spring = Self.unitSpring()
        spring.timingFunction = CAMediaTimingFunction(name: .easeIn)
        F.expectNumber(F.number(spring, at: 0.1), 0.340300, tolerance: 1e-6)
    }

    @Test(
        "settlingDuration matches SPEC §5.3",
        arguments: [
            (1.0, 100.0, 10.0, 0.0, 1.4727003), (1, 100, 10, 5, 1.3815511), (1, 100, 20, 0, 1.0), (1, 100, 40, 0, 1.0),
            (10, 1500, 50, 100, 3.6478187), (1, 200, 7, 0, 2.0386389),
        ])
    func settling(mass: Double, stiffness: Double, damping: Double, velocity: Double, expected: Double) {
        let spring = CASpringAnimation()
        spring.mass = CGFloat(mass)
        spring.stiffness = CGFloat(stiffness)
        spring.damping = CGFloat(damping)
        spring.initialVelocity = CGFloat(velocity)
        TimingFixtures.expectClose(spring.settlingDuration, expected, tolerance: 1e-6)
    }

    @Test("settlingDuration is divided by |speed|")
    func settlingSpeed() {
        let spring = CASpringAnimation()
        spring.speed = 2
        TimingFixtures.expectClose(spring.settlingDuration, 1.4727003 / 2, tolerance: 1e-6)
    }

    @Test("invalid parameters keep Apple's defaults: mass ≤ 0 → 1, stiffness ≤ 0 → 100, damping < 0 → 10")
    func validation() {
        let spring = CASpringAnimation()
        spring.mass = 0
        spring.stiffness = -5
        spring.damping = -1
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        spring.mass = -3
        spring.stiffness = .nan
        spring.damping = 0
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 0)
        spring.mass = 2
        #expect(spring.mass == 2)
    }

    @Test(
        "init(perceptualDuration:bounce:) maps to SPEC §5.4's stiffness, damping and duration",
        arguments: [
            (0.5, 0.3, 157.913670, 17.592919, 0.862955), (0.5, 0, 157.913670, 25.132741, 0.8),
            (0.4, 0.2, 246.740110, 25.132741, 0.617128),
        ])
    func perceptual(duration: Double, bounce: Double, stiffness: Double, damping: Double, settling: Double) {
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(bounce))
        #expect(spring.mass == 1 && spring.allowsOverdamping)
        TimingFixtures.expectClose(Double(spring.stiffness), stiffness, tolerance: 1e-5)
        TimingFixtures.expectClose(Double(spring.damping), damping, tolerance: 1e-5)
        TimingFixtures.expectClose(spring.duration, settling, tolerance: 1e-5)
        TimingFixtures.expectClose(spring.perceptualDuration, duration, tolerance: 1e-12)
        TimingFixtures.expectClose(Double(spring.bounce), bounce, tolerance: 1e-12)
    }

    @Test("perceptual 0.5/0.3 curve: q(0.1) = 0.423302, q(0.25) = 0.984087, q(0.5) = 1.014498")
    func perceptualCurve() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        spring.keyPath = "opacity"
        spring.fromValue = 0
        spring.toValue = 1
        F.expectNumber(F.number(spring, at: 0.1), 0.423302, tolerance: 1e-6)
        F.expectNumber(F.number(spring, at: 0.25), 0.984087, tolerance: 1e-6)
        F.expectNumber(F.number(spring, at: 0.5), 1.014498, tolerance: 1e-6)
    }

    @Test("an overdamped perceptual spring (1.0, −0.5) uses the physical curve: q(0.25) = 0.292983, q(1) = 0.799926")
    func overdamped() {
        let spring = CASpringAnimation(perceptualDuration: 1, bounce: -0.5)
        spring.keyPath = "opacity"
        spring.fromValue = 0
        spring.toValue = 1
        F.expectNumber(F.number(spring, at: 0.25), 0.292983, tolerance: 1e-6)
        F.expectNumber(F.number(spring, at: 1), 0.799926, tolerance: 1e-6)
    }

    /// Evidence: values a peer Core Animation project cross-checked on macOS (issue 17 §2.8).
    @Test("bounce −1 settles at once: settlingDuration 0, and 0 → 1 shows 1 as soon as it starts")
    func bounceMinusOneSteps() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: -1)
        #expect(spring.settlingDuration == 0)
        #expect(spring.duration == 0)
        spring.keyPath = "opacity"
        spring.fromValue = 0
        spring.toValue = 1
        spring.duration = 1
        F.expectNumber(F.number(spring, at: 0.01), 1)
        F.expectNumber(F.number(spring, at: 0.5), 1)
    }

    @Test("a spring with only toValue starts at the model value (the seven cases apply)")
    func openEnds() {
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.toValue = 200
        spring.duration = 10
        F.expectNumber(F.number(spring, at: 0.1, model: 100), 100 + 100 * 0.340300, tolerance: 1e-4)
    }
}
