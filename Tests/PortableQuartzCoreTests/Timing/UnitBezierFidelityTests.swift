import Foundation
import PortableQuartzCoreTesting
import Testing

/// Core Animation's timing-function solver written out plainly, exactly as SPEC §2.3 gives it: Horner-form
/// polynomials re-evaluated at every iterate, no shortcuts. `UnitBezier` computes the same iterates by other
/// arithmetic; these tests hold it to this form.
enum ReferenceSolver {
    /// How the reference reached its answer.
    enum Route: Equatable {
        /// Newton's method stopped after this many steps (0: the input itself was close enough).
        case newton(steps: Int)
        /// Newton's method stalled or ran out of steps and bisection answered.
        case bisection
    }

    /// The curve's output at `x` and the route taken, with Core Animation's tolerance 1e-5.
    static func solve(_ points: (Double, Double, Double, Double), at x: Double) -> (value: Double, route: Route) {
        let cx = 3 * points.0
        let bx = 3 * (points.2 - points.0) - cx
        let ax = 1 - cx - bx
        let cy = 3 * points.1
        let by = 3 * (points.3 - points.1) - cy
        let ay = 1 - cy - by
        func curveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func curveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        guard x > 0 else { return (0, .newton(steps: 0)) }
        let x = min(x, 1)
        var t = x
        for step in 0..<8 {
            let error = curveX(t) - x
            if abs(error) < 1e-5 { return (curveY(t), .newton(steps: step)) }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<1024 {
            let error = curveX(t) - x
            if abs(error) < 1e-5 { break }
            if error >= 0 { high = t } else { low = t }
            t = low + (high - low) / 2
        }
        return (curveY(t), .bisection)
    }
}

@Suite("UnitBezier reproduces Core Animation's iterates (SPEC §2.3)")
struct UnitBezierFidelityTests {
    /// The largest difference from the reference these tests accept: a few units in the last place of the output,
    /// far below the 1e-5 tolerance that decides which iterate Core Animation stops at.
    static let tolerance = 1e-12

    /// Inputs that crowd the ends, where the curves with a horizontal end reach the bisection: 10⁻¹² … 10⁻² and
    /// the same distances below 1, 400 per decade.
    static let endInputs: [Double] = (0...4000).flatMap { index -> [Double] in
        let distance = pow(10, -12 + Double(index) / 400)
        return [distance, 1 - distance]
    }

    /// Compares the curve with control points `points` against the reference at `inputs`; returns the largest
    /// difference, where it occurred, and the routes the reference took.
    static func compare(
        _ points: (Double, Double, Double, Double), at inputs: some Sequence<Double>
    ) -> (worst: Double, worstInput: Double, routes: Set<String>) {
        let curve = UnitBezier(c1x: points.0, c1y: points.1, c2x: points.2, c2y: points.3)
        var worst = 0.0
        var worstInput = 0.0
        var routes = Set<String>()
        for x in inputs {
            let (expected, route) = ReferenceSolver.solve(points, at: x)
            let difference = abs(curve.value(at: x) - expected)
            if !(difference <= worst) {
                worst = difference
                worstInput = x
            }
            switch route {
            case .newton(let steps): routes.insert("newton \(steps)")
            case .bisection: routes.insert("bisection")
            }
        }
        return (worst, worstInput, routes)
    }

    @Test(
        "named curves: 1 000 000 seeded inputs and 8002 inputs near the ends each, within 1e-12 of the reference",
        arguments: [
            ("default", 0.25, 0.1, 0.25, 1.0, 0.408511, true),
            ("linear", 0, 0, 1, 1, 0.250000, false),
            ("easeIn", 0.42, 0, 1, 1, 0.093465, false),
            ("easeOut", 0, 0, 0.58, 1, 0.378140, false),
            ("easeInEaseOut", 0.42, 0, 0.58, 1, 0.129162, true),
        ])
    func namedCurves(
        name: String, c1x: Double, c1y: Double, c2x: Double, c2y: Double, valueAtQuarter: Double,
        newtonOnly: Bool
    ) {
        let points = (c1x, c1y, c2x, c2y)
        var random = SeededRandom(seed: name.utf8.reduce(0xB3_21E5) { $0 &* 31 &+ UInt64($1) })
        let seeded = (0..<1_000_000).lazy.map { _ in random.nextUnitDouble() }
        let (worst, worstInput, routes) = Self.compare(points, at: seeded)
        #expect(worst <= Self.tolerance, "\(name): \(worst) at \(worstInput)")
        let (endWorst, endInput, endRoutes) = Self.compare(points, at: Self.endInputs)
        #expect(endWorst <= Self.tolerance, "\(name) near the ends: \(endWorst) at \(endInput)")
        // The samples exercise several Newton step counts, and the bisection where the curve has one.
        #expect(routes.count >= 3, "\(name): routes \(routes)")
        #expect(endRoutes.contains("bisection") == !newtonOnly, "\(name): routes near the ends \(endRoutes)")
        let curve = UnitBezier(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y)
        TimingFixtures.expectClose(curve.value(at: 0.25), valueAtQuarter, tolerance: 1e-6)
    }

    @Test("custom curve (0.4, 0, 0.2, 1): 1 000 000 seeded inputs within 1e-12, 0.5 → 0.775561")
    func customCurve() {
        var random = SeededRandom(seed: 0x0C05_7033)
        let seeded = (0..<1_000_000).lazy.map { _ in random.nextUnitDouble() }
        let (worst, worstInput, _) = Self.compare((0.4, 0, 0.2, 1), at: seeded)
        #expect(worst <= Self.tolerance, "\(worst) at \(worstInput)")
        let curve = UnitBezier(c1x: 0.4, c1y: 0, c2x: 0.2, c2y: 1)
        let expected = ReferenceSolver.solve((0.4, 0, 0.2, 1), at: 0.5).value
        TimingFixtures.expectClose(curve.value(at: 0.5), expected, tolerance: Self.tolerance)
        TimingFixtures.expectClose(curve.value(at: 0.5), 0.775561, tolerance: 1e-6)
    }

    @Test("random curves with control x in 0…1: 2000 seeded curves × 500 inputs within 1e-12 of the reference")
    func randomCurves() {
        var random = SeededRandom(seed: 0x5EED_B0B)
        var worst = 0.0
        var worstCase = ""
        for _ in 0..<2000 {
            let points = (
                random.nextUnitDouble(), random.nextDouble(in: -1...2), random.nextUnitDouble(),
                random.nextDouble(in: -1...2)
            )
            let inputs = (0..<500).map { _ in random.nextUnitDouble() }
            let (difference, input, _) = Self.compare(points, at: inputs)
            if difference > worst {
                worst = difference
                worstCase = "\(points) at \(input)"
            }
        }
        #expect(worst <= Self.tolerance, "\(worst) for \(worstCase)")
    }

    @Test("where Newton's slope vanishes (control points (1, 0) and (0, 1), X'(0.5) = 0) both bisect; 0.5 → 0.5")
    func stalledNewton() {
        let points = (1.0, 0.0, 0.0, 1.0)
        let inputs = (0...2000).map { 0.49 + Double($0) * 1e-5 }
        let (worst, worstInput, routes) = Self.compare(points, at: inputs)
        #expect(worst <= Self.tolerance, "\(worst) at \(worstInput)")
        #expect(routes.contains("bisection"))
        // 0.5 itself is on the curve (X(0.5) = 0.5), so Newton's method stops before its first step there.
        #expect(ReferenceSolver.solve(points, at: 0.5).route == .newton(steps: 0))
        #expect(UnitBezier(c1x: 1, c1y: 0, c2x: 0, c2y: 1).value(at: 0.5) == 0.5)
    }

    @Test("non-monotonic curves (control x outside 0…1) stay finite and agree for ≥ 99.9 % of 200 000 inputs")
    func nonMonotonicCurves() {
        // Newton's method can pass close to a stationary point of such a curve, where the last bits of any
        // arithmetic decide the path (between the reference and this solver, as between either and Apple's
        // compiled code); elsewhere the two agree like the monotonic curves.
        var random = SeededRandom(seed: 0x0B5C_111A)
        var agreeing = 0
        var total = 0
        for _ in 0..<1000 {
            let points = (
                random.nextDouble(in: -1...2), random.nextDouble(in: -1...2), random.nextDouble(in: -1...2),
                random.nextDouble(in: -1...2)
            )
            let curve = UnitBezier(c1x: points.0, c1y: points.1, c2x: points.2, c2y: points.3)
            for _ in 0..<200 {
                let x = random.nextUnitDouble()
                let value = curve.value(at: x)
                #expect(value.isFinite, "\(points) at \(x)")
                if abs(value - ReferenceSolver.solve(points, at: x).value) <= Self.tolerance { agreeing += 1 }
                total += 1
            }
        }
        #expect(Double(agreeing) >= 0.999 * Double(total), "\(agreeing) of \(total) agree")
    }

    @Test("a 1e-12 tolerance lands within 5e-12 of the exact curve: default at 0.3 → 0.513315")
    func fineTolerance() {
        let curve = UnitBezier(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)
        for step in 1..<100 {
            let x = Double(step) / 100
            TimingFixtures.expectClose(
                curve.value(at: x, epsilon: 1e-12), UnitBezierTests.exactValue(curve, at: x), tolerance: 5e-12,
                "at \(x)")
        }
        TimingFixtures.expectClose(curve.value(at: 0.3, epsilon: 1e-12), 0.513315, tolerance: 1e-6)
    }
}
