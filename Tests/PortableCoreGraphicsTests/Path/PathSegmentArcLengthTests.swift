import Foundation
import Testing

@testable import PortableCoreGraphics

@Suite("PathSegment arc length: the quadrature's bounds")
struct PathSegmentArcLengthTests {
    /// The cubic of a quarter of the unit circle (control distance 0.5523): 1.5708 long.
    private let quarter = PathSegment(
        cubic: CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 0.552_284_749_8), CGPoint(x: 0.552_284_749_8, y: 1),
        CGPoint(x: 0, y: 1))

    @Test("a piece 2.5·10⁻³¹⁴ of the parameter long measures speed × Δt without halving (was 2²⁵ halvings)")
    func subnormalPieceIsNotRefined() {
        // FuzzPath's CI timeout (6.2 s under ASan): `tangent(atLength: 1.4854108401e-313)` on an arc of radius −1
        // asked for a tolerance of 10⁻³²⁵, which is 0 in doubles, so every interval halved to the full depth.
        let t = 2.5e-300 * 1e-14  // a subnormal (a literal would warn)
        let whole = quarter.arcLength(from: 0, to: 1)
        let piece = quarter.arcLengthQuadrature(
            from: 0, to: t, whole: quarter.speed(at: 0) * t, tolerance: whole * t * 1e-12)
        #expect(piece.splits == 1)
        // The speed at t = 0 is 3 × 0.5523 = 1.657, so the piece is 1.657 × 2.5·10⁻³¹⁴ (subnormals: 10⁻⁹ relative).
        #expect(abs(piece.length - 1.656_854_249_4 * t) <= 1e-9 * 1.657 * t)
    }

    @Test("the reproducer: the tangent of an arc of radius −1 at 1.5·10⁻³¹³ along it is its start's, −123.3°")
    func fuzzReproducerTangent() {
        let path = CGMutablePath()
        path.addArc(
            center: CGPoint(x: 1e-9, y: 0), radius: -1, startAngle: -.greatestFiniteMagnitude, endAngle: 3,
            clockwise: false)
        let measure = PathMeasure(path)
        // A whole turn (2π = 6.284 in cubics) starting at (−0.836, 0.549), heading −2.1514 rad (−123.3°).
        #expect(abs(measure.totalLength - 6.284_07) < 1e-5)
        let tangent = measure.tangent(atLength: 1.485_410_840_1e-300 * 1e-13)
        #expect(tangent == measure.tangent(atLength: 0))
        #expect(abs(tangent + 2.151_45) < 1e-5)
    }

    @Test("a cusp halves about two intervals a level (49 of the 1,024 allowed); allowed 8, 7·10⁻⁸ off")
    func splitBudget() {
        // B′(0.3) = 3(0.49·(100, 100) + 0.42·(−100, 0) + 0.09·(−700/9, −4,900/9)) = 0: the curve stops and turns
        // back at t = 0.3, where |B′| has a kink that no halving lands on.
        let cusp = PathSegment(
            cubic: .zero, CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: -700.0 / 9, y: 100 - 4900.0 / 9))
        let whole = cusp.arcLength(from: 0, to: 1)
        let full = cusp.arcLengthQuadrature(from: 0, to: 1, whole: 0, tolerance: whole * 1e-12)
        #expect(full.splits == 49)
        #expect(abs(full.length - whole) < 1e-12 * whole)
        let starved = cusp.arcLengthQuadrature(from: 0, to: 1, whole: 0, tolerance: whole * 1e-12, maximumSplits: 8)
        #expect(starved.splits == 8)
        // 4·10⁻⁵ of 577.508: the eight halvings nearest the kink, the rest 8-point sums.
        #expect(abs(starved.length - whole) < 1e-6 * whole)
        #expect(abs(starved.length - whole) > 1e-9 * whole)
    }
}
