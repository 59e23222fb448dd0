import PortableQuartzCoreTesting
import Testing

@Suite("UnitBezier solver (SPEC §2.3)")
struct UnitBezierTests {
    /// The exact curve value at x by 200 halvings of the parameter interval (independent of the solver).
    static func exactValue(_ curve: UnitBezier, at x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if curve.x(atParameter: middle) < x { low = middle } else { high = middle }
        }
        return curve.y(atParameter: (low + high) / 2)
    }

    @Test("the polynomial form reproduces the control-point definition of the curve")
    func polynomialMatchesBernsteinForm() {
        let curve = UnitBezier(c1x: 0.3, c1y: 0.9, c2x: 0.6, c2y: 0.2)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let u = 1 - t
            let x = 3 * u * u * t * 0.3 + 3 * u * t * t * 0.6 + t * t * t
            let y = 3 * u * u * t * 0.9 + 3 * u * t * t * 0.2 + t * t * t
            TimingFixtures.expectClose(curve.x(atParameter: t), x, tolerance: 1e-15)
            TimingFixtures.expectClose(curve.y(atParameter: t), y, tolerance: 1e-15)
            let slope = 3 * u * u * 0.3 + 6 * u * t * (0.6 - 0.3) + 3 * t * t * (1 - 0.6)
            TimingFixtures.expectClose(curve.xDerivative(atParameter: t), slope, tolerance: 1e-14)
        }
    }

    @Test("results are within the solver's tolerance of the exact curve (≤ 2e-6 on the named curves)")
    func closeToExact() {
        let curves = [
            UnitBezier(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1), UnitBezier(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1),
            UnitBezier(c1x: 0, c1y: 0, c2x: 0.58, c2y: 1), UnitBezier(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1),
        ]
        for curve in curves {
            for step in 0...100 {
                let x = Double(step) / 100
                TimingFixtures.expectClose(curve.value(at: x), Self.exactValue(curve, at: x), tolerance: 2e-5)
            }
        }
    }

    @Test("where Newton's method stalls (zero slope mid-curve) bisection still finds the value")
    func bisectionFallback() {
        // X(t) = 4t³ − 6t² + 3t has dX/dt = 3(2t − 1)², zero at t = 0.5.
        let curve = UnitBezier(c1x: 1, c1y: 0, c2x: 0, c2y: 1)
        for x in [0.4999, 0.5, 0.5001, 0.52] {
            let value = curve.value(at: x)
            TimingFixtures.expectClose(value, Self.exactValue(curve, at: x), tolerance: 0.03, "at \(x)")
        }
    }

    @Test("inputs outside 0…1 are clamped, never extrapolated")
    func clampsInput() {
        let curve = UnitBezier(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: -.infinity) == 0)
        #expect(curve.value(at: 1.5) == curve.value(at: 1))
        #expect(curve.value(at: .infinity) == curve.value(at: 1))
    }

    @Test("NaN input gives 0; non-finite control points degrade to the clamped input")
    func nonFiniteInput() {
        #expect(UnitBezier(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1).value(at: .nan) == 0)
        let broken = UnitBezier(c1x: .nan, c1y: 0, c2x: 1, c2y: 1)
        #expect(broken.value(at: 0.3) == 0.3)
        let infinite = UnitBezier(c1x: 0.2, c1y: .infinity, c2x: 0.8, c2y: 1)
        #expect(infinite.value(at: 0.3) == 0.3)
    }

    @Test("control points outside 0…1 give finite results (overshooting curves)")
    func overshootingCurve() {
        let back = UnitBezier(c1x: 0.6, c1y: -0.28, c2x: 0.735, c2y: 0.045)
        let overshoot = UnitBezier(c1x: 0.175, c1y: 0.885, c2x: 0.32, c2y: 1.275)
        for step in 0...50 {
            let x = Double(step) / 50
            #expect(back.value(at: x).isFinite)
            #expect(overshoot.value(at: x).isFinite)
        }
        #expect(back.value(at: 0.2) < 0)
        #expect(overshoot.value(at: 0.6) > 1)
    }
}

@Suite("Timing properties over seeded random input")
struct TimingPropertyTests {
    @Test("timing functions with control points in 0…1 are monotone in x (500 curves, 1/256 grid)")
    func bezierMonotone() {
        var random = SeededRandom(seed: 0x7A31)
        for _ in 0..<500 {
            let p = (0..<4).map { _ in Float(random.nextUnitDouble()) }
            let function = CAMediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3])
            var previous = function.evaluate(at: 0.0)
            for step in 1...256 {
                let value = function.evaluate(at: Double(step) / 256)
                #expect(value >= previous, "\(function) decreases at \(step)/256")
                #expect(value >= -1e-12 && value <= 1 + 1e-12)
                previous = value
            }
        }
    }

    @Test("timing samples have no NaN for finite input (5000 random configurations)")
    func timingNoNaN() {
        var random = SeededRandom(seed: 0x51A9)
        let modes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
        for _ in 0..<5000 {
            let timing = TimingParameters(
                beginTime: random.nextDouble(in: -10...10),
                duration: random.nextUnitDouble() < 0.1 ? 0 : random.nextDouble(in: 0...5),
                speed: Float(random.nextUnitDouble() < 0.1 ? 0 : random.nextDouble(in: -4...4)),
                timeOffset: random.nextDouble(in: -5...5),
                repeatCount: Float(random.nextUnitDouble() < 0.5 ? 0 : random.nextDouble(in: -1...4)),
                repeatDuration: random.nextUnitDouble() < 0.5 ? 0 : random.nextDouble(in: -1...8),
                autoreverses: random.nextUnitDouble() < 0.5,
                fillMode: modes[Int(random.nextUnitDouble() * 4)])
            let time = random.nextDouble(in: -20...40)
            let sample = timing.sample(atParentTime: time)
            #expect(TimingFixtures.isWellDefined(sample), "\(timing) at \(time): \(sample)")
            #expect(sample.basicTime >= 0 && sample.basicTime <= timing.effectiveDuration)
            #expect(!timing.layerTime(fromParentTime: time).isNaN)
        }
    }

    @Test("layer time maps invert each other for non-zero speeds (2000 random layers)")
    func layerInverse() {
        var random = SeededRandom(seed: 0xC0FFEE)
        for _ in 0..<2000 {
            let layer = TimingParameters(
                beginTime: random.nextDouble(in: -10...10), duration: .infinity,
                speed: Float(random.nextDouble(in: 0.1...4)) * (random.nextUnitDouble() < 0.5 ? -1 : 1),
                timeOffset: random.nextDouble(in: -5...5))
            let parent = random.nextDouble(in: layer.beginTime...(layer.beginTime + 50))
            let local = layer.layerTime(fromParentTime: parent)
            TimingFixtures.expectClose(layer.parentTime(fromLayerTime: local), parent, tolerance: 1e-9)
        }
    }

    @Test("springs converge to 1 and stay within 0.001 after their settling duration (1000 random springs)")
    func springsConverge() {
        var random = SeededRandom(seed: 0x5B21)
        for _ in 0..<1000 {
            let spring = SpringSolution(
                mass: random.nextDouble(in: 0.2...5),
                stiffness: random.nextDouble(in: 5...1500),
                damping: random.nextDouble(in: 0.5...120),
                initialVelocity: random.nextDouble(in: -20...20),
                allowsOverdamping: random.nextUnitDouble() < 0.5)
            let settle = spring.settlingDuration
            #expect(settle.isFinite && settle >= 0, "\(spring)")
            for t in [settle, settle + 0.37, settle + 1, settle * 2 + 1] {
                let q = spring.position(at: t)
                #expect(abs(1 - q) <= 1e-3 + 1e-9, "\(spring) at \(t): \(q)")
            }
            let late = spring.position(at: settle * 20 + 60)
            #expect(abs(1 - late) < 1e-6, "\(spring) late: \(late)")
            for t in stride(from: 0.0, through: settle, by: settle / 16 + 1e-3) {
                #expect(spring.position(at: t).isFinite && spring.velocity(at: t).isFinite)
            }
        }
    }

    @Test("UIKit's duration/damping mapping gives finite positive springs (1000 random inputs)")
    func uiKitMappingFinite() {
        var random = SeededRandom(seed: 0x0A11)
        for _ in 0..<1000 {
            let duration = random.nextDouble(in: 0.01...10)
            let ratio = random.nextDouble(in: 0.05...1.5)
            let velocity = random.nextDouble(in: -5...5)
            let omega = SpringSolution.uiKitNaturalFrequency(
                duration: duration, dampingRatio: ratio, initialVelocity: velocity)
            #expect(omega.isFinite, "d \(duration) ζ \(ratio) v \(velocity)")
            let spring = SpringSolution(uiKitDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
            #expect(spring.stiffness.isFinite && spring.stiffness > 0)
            #expect(spring.position(at: duration).isFinite)
        }
    }
}
