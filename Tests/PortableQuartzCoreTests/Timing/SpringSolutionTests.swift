import Foundation
import PortableQuartzCoreTesting
import Testing

@Suite("SpringSolution: CASpringAnimation's motion (SPEC §5)")
struct SpringSolutionTests {
    /// SPEC §5 values are given to six decimals.
    static let tolerance = 1e-6

    @Test(
        "the default spring (m 1, k 100, c 10) follows the SPEC §5.3 trajectory",
        arguments: [
            (0.1, 0.340300), (0.2, 0.849426), (0.25, 1.023360), (0.3, 1.124355), (0.5, 1.074591), (1.0, 1.002170),
        ])
    func defaultTrajectory(time: Double, expected: Double) {
        TimingFixtures.expectClose(SpringSolution().position(at: time), expected, tolerance: Self.tolerance)
    }

    @Test(
        "a critically damped spring (k 100, c 20) follows the SPEC §5.3 trajectory",
        arguments: [(0.1, 0.264241), (0.25, 0.712703), (0.5, 0.959572)])
    func criticalTrajectory(time: Double, expected: Double) {
        TimingFixtures.expectClose(SpringSolution(damping: 20).position(at: time), expected, tolerance: Self.tolerance)
    }

    @Test("initial velocity: v0 = 5 gives q(0.1) = 0.607053; v0 = −5 moves away first, q(0.05) = −0.084267")
    func initialVelocity() {
        TimingFixtures.expectClose(
            SpringSolution(initialVelocity: 5).position(at: 0.1), 0.607053, tolerance: Self.tolerance)
        TimingFixtures.expectClose(
            SpringSolution(initialVelocity: -5).position(at: 0.05), -0.084267, tolerance: Self.tolerance)
    }

    @Test(
        "settlingDuration matches SPEC §5.3's worked values",
        arguments: [
            (SpringSolution(), 1.4727003),
            (SpringSolution(initialVelocity: 5), 1.3815511),
            (SpringSolution(damping: 20), 1.0),
            (SpringSolution(damping: 40), 1.0),
            (SpringSolution(mass: 10, stiffness: 1500, damping: 50, initialVelocity: 100), 3.6478187),
            (SpringSolution(mass: 1, stiffness: 200, damping: 7), 2.0386389),
        ])
    func settlingDurations(spring: SpringSolution, expected: Double) {
        TimingFixtures.expectClose(spring.settlingDuration, expected, tolerance: 1e-6)
    }

    @Test("the default settling duration is ln(1577.35)/5: the envelope bound with A = 1 and B = β/ωd")
    func envelopeBound() {
        let spring = SpringSolution()
        let b = 5 / (10 * (0.75).squareRoot())
        TimingFixtures.expectClose(spring.settlingDuration, -log(0.001 / (1 + b)) / 5, tolerance: 1e-12)
    }

    @Test("critically and overdamped settling times lie on the accumulated 0.1-s grid")
    func sampledSettlingGrid() {
        var grid = [0.0]
        for _ in 0..<100 { grid.append(grid[grid.count - 1] + 0.1) }
        for spring in [
            SpringSolution(damping: 20), SpringSolution(damping: 40), SpringSolution(damping: 31, initialVelocity: 3),
        ] {
            #expect(grid.contains(spring.settlingDuration), "\(spring.settlingDuration)")
        }
    }

    @Test("settling is divided by |speed|, capped at FLT_MAX; speed 0 and zero damping give FLT_MAX")
    func settlingWithSpeed() {
        let spring = SpringSolution()
        TimingFixtures.expectClose(spring.duration(forEpsilon: 0.001, speed: 2), 1.4727003 / 2, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.duration(forEpsilon: 0.001, speed: -2), 1.4727003 / 2, tolerance: 1e-6)
        #expect(spring.duration(forEpsilon: 0.001, speed: 0) == 3.4028234663852886e38)
        #expect(SpringSolution(damping: 0).settlingDuration == 3.4028234663852886e38)
    }

    @Test("the epsilon is at least 1e-6")
    func epsilonFloor() {
        let spring = SpringSolution()
        #expect(spring.duration(forEpsilon: 0) == spring.duration(forEpsilon: 1e-6))
        #expect(spring.duration(forEpsilon: .nan) == spring.duration(forEpsilon: 1e-6))
        #expect(spring.duration(forEpsilon: 1e-4) < spring.duration(forEpsilon: 1e-6))
    }

    @Test("excess damping without allowsOverdamping is critical damping at ω (SPEC §5.2)")
    func overdampingDisallowed() {
        let clamped = SpringSolution(damping: 40)
        let critical = SpringSolution(damping: 20)
        for t in [0.05, 0.1, 0.3, 0.8] {
            #expect(clamped.position(at: t) == critical.position(at: t))
        }
        #expect(clamped.dampingRatio == 2)
    }

    @Test("overdamping allowed uses the physical solution: q(0.25) = 0.292983, q(1) = 0.799926 (SPEC §5.4)")
    func overdampedPhysical() {
        let spring = SpringSolution(mass: 1, stiffness: 39.478418, damping: 25.132741, allowsOverdamping: true)
        TimingFixtures.expectClose(spring.position(at: 0.25), 0.292983, tolerance: 2e-6)
        TimingFixtures.expectClose(spring.position(at: 1), 0.799926, tolerance: 2e-6)
        TimingFixtures.expectClose(spring.velocity(at: 0), 0, tolerance: 1e-12)
        // Never overshoots: the physical overdamped spring approaches from below.
        for step in 1...100 {
            #expect(spring.position(at: Double(step) * 0.1) < 1)
        }
    }

    @Test(
        "velocity is the derivative of position in every regime",
        arguments: [
            SpringSolution(), SpringSolution(initialVelocity: -3), SpringSolution(damping: 20, initialVelocity: 4),
            SpringSolution(damping: 50, initialVelocity: 2, allowsOverdamping: true), SpringSolution(damping: 0),
        ])
    func velocityIsDerivative(spring: SpringSolution) {
        TimingFixtures.expectClose(spring.velocity(at: 0), spring.initialVelocity, tolerance: 1e-12)
        for t in [0.01, 0.1, 0.37, 1.2] {
            let h = 1e-6
            let numeric = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
            TimingFixtures.expectClose(spring.velocity(at: t), numeric, tolerance: 1e-5, "t \(t)")
        }
    }

    @Test("an undamped spring oscillates about 1 forever")
    func undamped() {
        let spring = SpringSolution(damping: 0)
        TimingFixtures.expectClose(spring.position(at: .pi / 10), 2, tolerance: 1e-12)
        TimingFixtures.expectClose(spring.position(at: .pi / 5), 0, tolerance: 1e-12)
    }

    @Test("setter validation (SPEC §5.1): mass ≤ 0 → 1, stiffness ≤ 0 → 100, damping < 0 → 10; NaN too")
    func validation() {
        let spring = SpringSolution(mass: 0, stiffness: -5, damping: -1, initialVelocity: .nan)
        #expect(spring.mass == 1)
        #expect(spring.stiffness == 100)
        #expect(spring.damping == 10)
        #expect(spring.initialVelocity == 0)
        #expect(SpringSolution(mass: -2).mass == 1)
        #expect(SpringSolution(mass: .nan, stiffness: .nan, damping: .nan) == SpringSolution())
        #expect(SpringSolution(damping: 0).damping == 0)
        #expect(SpringSolution.validatedMass(3) == 3)
        #expect(SpringSolution.validatedStiffness(0) == 100)
        #expect(SpringSolution.validatedDamping(-0.5) == 10)
    }

    /// Evidence for infinite damping: Apple's `CASpringAnimation(perceptualDuration:bounce: −1)` (damping ratio
    /// 1 / (1 − 1) = ∞) reports settlingDuration 0 and steps straight to the end, values a peer Core Animation
    /// project cross-checked on macOS (issue 17 §2.8).
    @Test("degenerate springs stay finite: infinite stiffness jumps; infinite damping with overdamping steps at once")
    func degenerateSprings() {
        let stiff = SpringSolution(stiffness: .infinity)
        #expect(stiff.position(at: 0) == 0)
        #expect(stiff.position(at: 1e-9) == 1)
        #expect(stiff.velocity(at: 0.5) == 0)
        #expect(stiff.settlingDuration == SpringSolution.maximumDuration)

        let stepped = SpringSolution(damping: .infinity, allowsOverdamping: true)
        #expect(stepped.position(at: 0) == 0)
        #expect(stepped.position(at: 1e-9) == 1)
        #expect(stepped.settlingDuration == 0)
        let perceptual = SpringSolution(perceptualDuration: 0.5, bounce: -1)
        #expect(perceptual.damping == .infinity)
        #expect(perceptual.position(at: 0.01) == 1)
        #expect(perceptual.settlingDuration == 0)
        // Without overdamping the same damping is critical at the natural frequency: it moves smoothly.
        let critical = SpringSolution(damping: .infinity)
        #expect(critical.position(at: 0.1) > 0 && critical.position(at: 0.1) < 1)

        let weightless = SpringSolution(mass: .infinity, stiffness: 1, damping: 1, initialVelocity: 0.5)
        #expect(weightless.position(at: 2) == 1)
    }

    @Test("position and velocity are defined for non-finite and negative times")
    func nonFiniteTimes() {
        for spring in [SpringSolution(), SpringSolution(damping: 20), SpringSolution(damping: 0)] {
            #expect(spring.position(at: .nan) == 0)
            #expect(spring.position(at: -1) == 0)
            #expect(spring.position(at: .infinity) == 1)
            #expect(spring.velocity(at: .infinity) == 0)
        }
    }
}

@Suite("Spring mappings: perceptual duration/bounce (SPEC §5.4) and UIKit (SPEC §11.5)")
struct SpringMappingTests {
    @Test(
        "perceptual duration and bounce map to SPEC §5.4's stiffness, damping and settling",
        arguments: [
            (0.5, 0.3, 157.913670, 17.592919, 0.862955),
            (0.5, 0.0, 157.913670, 25.132741, 0.8),
            (0.4, 0.2, 246.740110, 25.132741, 0.617128),
            (1.0, -0.5, 39.478418, 25.132741, 4.2),
        ])
    func perceptualTable(duration: Double, bounce: Double, stiffness: Double, damping: Double, settling: Double) {
        let spring = SpringSolution(perceptualDuration: duration, bounce: bounce)
        #expect(spring.mass == 1)
        #expect(spring.allowsOverdamping)
        TimingFixtures.expectClose(spring.stiffness, stiffness, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.damping, damping, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.settlingDuration, settling, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.perceptualDuration, duration, tolerance: 1e-12)
        TimingFixtures.expectClose(spring.bounce, bounce, tolerance: 1e-12)
    }

    @Test("bounce 0 gives exactly critical damping (ζ = 1)")
    func bounceZeroIsCritical() {
        #expect(SpringSolution(perceptualDuration: 0.5, bounce: 0).dampingRatio == 1)
    }

    @Test("curve check 0.5/0.3: q(0.1) = 0.423302, q(0.25) = 0.984087, q(0.5) = 1.014498")
    func perceptualCurve() {
        let spring = SpringSolution(perceptualDuration: 0.5, bounce: 0.3)
        TimingFixtures.expectClose(spring.position(at: 0.1), 0.423302, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.position(at: 0.25), 0.984087, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.position(at: 0.5), 1.014498, tolerance: 1e-6)
    }

    @Test("SwiftUI's documented example: duration 0.5, bounce 0.3 → stiffness 157.9, damping 17.6")
    func swiftUIExample() {
        let spring = SpringSolution(perceptualDuration: 0.5, bounce: 0.3)
        TimingFixtures.expectClose(spring.stiffness, 157.9, tolerance: 0.05)
        TimingFixtures.expectClose(spring.damping, 17.6, tolerance: 0.05)
    }

    @Test("the getters invert the mapping for arbitrary springs and follow Apple's edge cases")
    func getters() {
        TimingFixtures.expectClose(
            SpringSolution.perceptualDuration(mass: 1, stiffness: 100), 2 * .pi / 10, tolerance: 1e-15)
        #expect(SpringSolution.perceptualDuration(mass: 1, stiffness: .infinity) == 0)
        // Defaults: ζ = 0.5 ⇒ bounce 0.5.
        TimingFixtures.expectClose(SpringSolution().bounce, 0.5, tolerance: 1e-12)
        // ζ = 2 ⇒ bounce 1/2 − 1.
        TimingFixtures.expectClose(
            SpringSolution.bounce(mass: 1, stiffness: 100, damping: 40), -0.5, tolerance: 1e-12)
        // Heavier mass: the getters still recover the bounce.
        TimingFixtures.expectClose(
            SpringSolution.bounce(mass: 4, stiffness: 100, damping: 20), 0.5, tolerance: 1e-12)
    }

    @Test("perceptual duration ≤ 0 gives an infinitely stiff spring; bounce above 1 gives damping 10")
    func perceptualEdges() {
        let instant = SpringSolution(perceptualDuration: 0, bounce: 0.2)
        #expect(instant.stiffness == .infinity)
        #expect(instant.position(at: 0.01) == 1)
        let negative = SpringSolution(perceptualDuration: -1, bounce: 0.2)
        #expect(negative.damping == 10)
        let wild = SpringSolution(perceptualDuration: 0.5, bounce: 1.5)
        #expect(wild.damping == 10)
    }

    @Test(
        "UIKit duration + damping ratio map to SPEC §11.5's ω, stiffness, damping and CA settling",
        arguments: [
            (0.5, 0.7, 0.0, 19.679293, 387.274580, 27.551010, 0.551047),
            (0.5, 0.7, 2.0, 19.219458, 369.387559, 26.907241, 0.558550),
            (0.3, 1.0, 0.0, 30.778045, 947.288049, 61.556090, 0.4),
            (1.0, 0.5, 0.0, 12.716898, 161.719502, 12.716898, 1.158066),
            (0.5, 0.25, 0.0, 44.429841, 1974.010809, 22.214921, 0.642580),
            (3.0, 0.25, 0.0, 7.404974, 54.833634, 3.702487, 3.855483),
        ])
    func uiKitTable(
        duration: Double, ratio: Double, velocity: Double, omega: Double, stiffness: Double, damping: Double,
        settling: Double
    ) {
        let frequency = SpringSolution.uiKitNaturalFrequency(
            duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        TimingFixtures.expectClose(frequency, omega, tolerance: 1e-6)
        let spring = SpringSolution(uiKitDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
        #expect(spring.mass == 1)
        #expect(!spring.allowsOverdamping)
        #expect(spring.initialVelocity == velocity)
        TimingFixtures.expectClose(spring.stiffness, stiffness, tolerance: 1e-5)
        TimingFixtures.expectClose(spring.damping, damping, tolerance: 1e-6)
        TimingFixtures.expectClose(spring.settlingDuration, settling, tolerance: 1e-6)
    }

    @Test(
        "UIKit spring trajectory (0.5 s, ζ 0.7, v 0) matches SPEC §11.5",
        arguments: [
            (0.05, 0.298650), (0.1, 0.714647), (0.2, 1.039903), (0.25, 1.041133), (0.3, 1.021463), (0.4, 0.999245),
            (0.5, 0.998572),
        ])
    func uiKitTrajectory(time: Double, expected: Double) {
        let spring = SpringSolution(uiKitDuration: 0.5, dampingRatio: 0.7, initialVelocity: 0)
        TimingFixtures.expectClose(spring.position(at: time), expected, tolerance: 1e-6)
    }

    @Test("the fitted spring has shrunk to 0.001 of the distance at the duration (the equation UIKit solves)")
    func uiKitSolvesItsEquation() {
        for (duration, ratio) in [(0.5, 0.7), (1.0, 0.5), (2.0, 0.9)] {
            let omega = SpringSolution.uiKitNaturalFrequency(
                duration: duration, dampingRatio: ratio, initialVelocity: 0)
            let envelope = ratio * omega / (omega * (1 - ratio * ratio).squareRoot()) * exp(-ratio * omega * duration)
            TimingFixtures.expectClose(envelope, 0.001, tolerance: 1e-12)
        }
    }

    @Test("UIKit clamps the ratio to 1.1920929e-7…1 and the duration to 0.01…10")
    func uiKitClamps() {
        #expect(SpringSolution.uiKitClampedDampingRatio(3) == 1)
        #expect(SpringSolution.uiKitClampedDampingRatio(0) == 1.1920929e-7)
        #expect(SpringSolution.uiKitClampedDampingRatio(.nan) == 1)
        #expect(
            SpringSolution.uiKitNaturalFrequency(duration: 50, dampingRatio: 0.5, initialVelocity: 0)
                == SpringSolution.uiKitNaturalFrequency(duration: 10, dampingRatio: 0.5, initialVelocity: 0))
        #expect(
            SpringSolution.uiKitNaturalFrequency(duration: 0, dampingRatio: 1.5, initialVelocity: 0)
                == SpringSolution.uiKitNaturalFrequency(duration: 0.01, dampingRatio: 1, initialVelocity: 0))
        let spring = SpringSolution(uiKitDuration: .nan, dampingRatio: .nan, initialVelocity: .infinity)
        #expect(spring.stiffness.isFinite && spring.damping.isFinite)
        #expect(spring.initialVelocity == 0)
    }
}
