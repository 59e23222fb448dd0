import Foundation
import PortableCoreGraphics
import Testing

@Suite("PathMeasure")
struct PathMeasureTests {
    private func line(from a: CGPoint, to b: CGPoint) -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: a)
        path.addLine(to: b)
        return path
    }

    private func cubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: p0)
        path.addCurve(to: p3, control1: p1, control2: p2)
        return path
    }

    // MARK: Lengths

    @Test("a 3-4-5 line is 5 long, exactly")
    func threeFourFiveLine() {
        let measure = PathMeasure(line(from: .zero, to: CGPoint(x: 3, y: 4)))
        #expect(measure.totalLength == 5)
        #expect(measure.elementCount == 2)
        #expect(measure.length(ofElement: 0) == 0)
        #expect(measure.length(ofElement: 1) == 5)
    }

    @Test("moves add nothing: (0,0)→(3,4), move, (10,10)→(10,20) measures 5 + 10 = 15")
    func movesContributeZero() {
        let path = line(from: .zero, to: CGPoint(x: 3, y: 4))
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 20))
        let measure = PathMeasure(path)
        #expect(measure.totalLength == 15)
        #expect((0..<4).map { measure.length(ofElement: $0) } == [0, 5, 0, 10])
        #expect((0...4).map { measure.lengthBefore(element: $0) } == [0, 0, 5, 5, 15])
    }

    @Test("closing segments count: a 10 × 20 rectangle measures 60, the close being the last 20")
    func closeCounts() {
        let measure = PathMeasure(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil))
        #expect(measure.totalLength == 60)
        #expect(measure.length(ofElement: 4) == 20)
        // 55 is 15 into the close, which runs from (0, 20) back down to (0, 0).
        #expect(measure.point(atLength: 55) == CGPoint(x: 0, y: 5))
    }

    @Test("a radius-10 circle from addEllipse measures 2π·10 within 1e-3 relative (the kappa circle is 1.4e-4 long)")
    func circleLength() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let length = PathMeasure(circle).totalLength
        let exact = 2 * Double.pi * 10
        #expect(abs(length - exact) / exact < 1e-3)
        // The kappa cubics are 1.40e-4 longer than the circle: 62.840667922954 (30-digit quadrature) against
        // 62.831853071796.
        #expect(length > exact)
        #expect(abs(length - 62.840_667_922_954) < 1e-9)
    }

    @Test("random cubics: Gauss–Legendre length within 1e-6 relative of a 2¹⁶-interval Simpson reference")
    func randomCubicsMatchReference() {
        var random = PathTestRandom(seed: 0x5EED_C0DE)
        var worst = 0.0
        for _ in 0..<40 {
            let p = (0..<4).map { _ in random.point(in: 100) }
            let reference = simpsonCubicLength(p[0], p[1], p[2], p[3], intervals: 1 << 16)
            // The reference's own error estimate (Richardson: difference to half as many intervals / 15).
            let coarse = simpsonCubicLength(p[0], p[1], p[2], p[3], intervals: 1 << 15)
            #expect(abs(reference - coarse) / 15 < 1e-9 * reference)
            let measured = PathMeasure(cubic(p[0], p[1], p[2], p[3])).totalLength
            worst = max(worst, abs(measured - reference) / reference)
        }
        #expect(worst < 1e-6)
    }

    @Test("a cubic with a cusp (controls crossed) is measured to 1e-6: (0,0),(100,100),(0,100),(100,0)")
    func cuspCubic() {
        let p = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 0)]
        let reference = simpsonCubicLength(p[0], p[1], p[2], p[3], intervals: 1 << 18)
        let measured = PathMeasure(cubic(p[0], p[1], p[2], p[3])).totalLength
        #expect(abs(measured - reference) / reference < 1e-6)
    }

    @Test("a quad's length matches the closed form: (0,0),(50,100),(100,0) is 147.8943")
    func quadLength() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        // B′(t) = (100, 200 − 400t), so the length ∫₀¹ √(100² + (200 − 400t)²) dt = 25 · (2√5 + asinh 2).
        let exact = 25 * (2 * sqrt(5.0) + asinh(2.0))
        let measured = PathMeasure(path).totalLength
        #expect(abs(measured - exact) / exact < 1e-9)
        #expect(abs(measured - 147.894286) < 1e-6)
    }

    // MARK: Points and tangents

    @Test("halfway along a 3-4-5 line is (1.5, 2), heading atan2(4, 3)")
    func lineMidpoint() {
        let measure = PathMeasure(line(from: .zero, to: CGPoint(x: 3, y: 4)))
        #expect(measure.point(atLength: 2.5) == CGPoint(x: 1.5, y: 2))
        #expect(measure.tangent(atLength: 2.5) == atan2(4, 3))
    }

    @Test("a quarter circle's tangent runs from π/2 through 3π/4 to π (counter-clockwise, y up)")
    func quarterCircleTangent() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let measure = PathMeasure(path)
        #expect(abs(measure.totalLength - 5 * Double.pi) / (5 * Double.pi) < 3e-4)
        #expect(abs(measure.tangent(atLength: 0) - .pi / 2) < 1e-12)
        #expect(abs(measure.tangent(atLength: measure.totalLength / 2) - 3 * .pi / 4) < 1e-9)
        #expect(abs(measure.tangent(atLength: measure.totalLength) - .pi) < 1e-12)
        // By symmetry, half the length is the arc's midpoint, 45° round.
        let middle = measure.point(atLength: measure.totalLength / 2)
        #expect(isClose(middle, CGPoint(x: 7.0710678, y: 7.0710678), tolerance: 1e-6))
    }

    @Test("a control point on the start point: the tangent at t = 0 points at the next control point")
    func degenerateStartTangent() {
        let measure = PathMeasure(
            cubic(CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10)))
        #expect(abs(measure.tangent(at: .init(elementIndex: 1, t: 0)) - .pi / 2) < 1e-12)
        // And at the end, when the second control sits on the end point, it comes from the first control.
        let other = PathMeasure(
            cubic(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 10)))
        #expect(abs(other.tangent(at: .init(elementIndex: 1, t: 1)) - .pi / 2) < 1e-12)
    }

    // MARK: Length ↔ location

    @Test("boundaries map to the next element's start; the total length to the last element's end")
    func boundaryConventions() {
        let path = line(from: .zero, to: CGPoint(x: 3, y: 4))
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 20))
        let measure = PathMeasure(path)
        #expect(measure.location(atLength: 0) == .init(elementIndex: 1, t: 0))
        #expect(measure.location(atLength: 5) == .init(elementIndex: 3, t: 0))
        #expect(measure.point(atLength: 5) == CGPoint(x: 10, y: 10))
        #expect(measure.location(atLength: 15) == .init(elementIndex: 3, t: 1))
        #expect(measure.location(atLength: 99) == .init(elementIndex: 3, t: 1))
        #expect(measure.location(atLength: -3) == .init(elementIndex: 1, t: 0))
        #expect(measure.location(atLength: .nan) == .init(elementIndex: 1, t: 0))
        #expect(measure.location(atLength: 12.5) == .init(elementIndex: 3, t: 0.75))
    }

    @Test("length(at:) inverts location(atLength:) on random cubics to 1e-9 of the length")
    func roundTrip() {
        var random = PathTestRandom(seed: 42)
        for _ in 0..<10 {
            let p = (0..<4).map { _ in random.point(in: 200) }
            let measure = PathMeasure(cubic(p[0], p[1], p[2], p[3]))
            for fraction in stride(from: 0.05, to: 1, by: 0.15) {
                let distance = fraction * measure.totalLength
                let location = measure.location(atLength: distance)
                #expect(location.elementIndex == 1)
                #expect(abs(measure.length(at: location) - distance) < 1e-9 * measure.totalLength)
            }
        }
    }

    @Test("points at equal lengths are equally spaced along a curve (chords of 1/100 of the arch ≈ equal)")
    func arcLengthParametrisation() {
        let measure = PathMeasure(
            cubic(CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 0)))
        let points = (0...100).map { measure.point(atLength: measure.totalLength * Double($0) / 100) }
        let chords = zip(points, points.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let step = measure.totalLength / 100
        // Chords are slightly shorter than the arcs they cut; on this curve by less than 1e-3 of a step.
        #expect(chords.allSatisfy { abs($0 - step) < 1e-3 * step })
    }

    @Test("length(at:) clamps t and indices: t 2 is the element's end, index −1 is 0, index 9 is the total")
    func lengthAtClamps() {
        let measure = PathMeasure(line(from: .zero, to: CGPoint(x: 3, y: 4)))
        #expect(measure.length(at: .init(elementIndex: 1, t: 2)) == 5)
        #expect(measure.length(at: .init(elementIndex: 1, t: 0.2)) == 1)
        #expect(measure.length(at: .init(elementIndex: -1, t: 0.5)) == 0)
        #expect(measure.length(at: .init(elementIndex: 9, t: 0.5)) == 5)
        #expect(measure.length(at: .init(elementIndex: 0, t: 0.5)) == 0)
    }

    // MARK: Edge cases

    @Test("an empty path has length 0, point .zero and tangent 0; a lone move reports its point")
    func emptyPaths() {
        let empty = PathMeasure(CGMutablePath())
        #expect(empty.totalLength == 0)
        #expect(empty.elementCount == 0)
        #expect(empty.point(atLength: 1) == .zero)
        #expect(empty.tangent(atLength: 1) == 0)
        let lone = CGMutablePath()
        lone.move(to: CGPoint(x: 7, y: 8))
        #expect(PathMeasure(lone).point(atLength: 3) == CGPoint(x: 7, y: 8))
    }

    @Test("non-finite segments are skipped: NaN and infinite lines add nothing, the rest still measures 5 + 10")
    func nonFiniteSegmentsAreSkipped() {
        let path = line(from: .zero, to: CGPoint(x: 3, y: 4))
        path.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 10))
        let measure = PathMeasure(path)
        #expect(measure.totalLength == 15)
        #expect(measure.length(ofElement: 2) == 0)
        #expect(measure.length(ofElement: 3) == 0)
        #expect(measure.point(atLength: 7) == CGPoint(x: 0, y: 2))
        // Lengths that overflow are skipped too, so the total stays finite.
        let huge = line(from: CGPoint(x: -1e308, y: 0), to: CGPoint(x: 1e308, y: 1e308))
        #expect(PathMeasure(huge).totalLength == 0)
    }

    @Test("continuedPoint extends an element past its ends: (0,0)→(3,4) at t −0.5 is (−1.5, −2), at 1.5 (4.5, 6)")
    func continuedPointPastEnds() {
        let measure = PathMeasure(line(from: .zero, to: CGPoint(x: 3, y: 4)))
        #expect(measure.continuedPoint(at: .init(elementIndex: 1, t: -0.5)) == CGPoint(x: -1.5, y: -2))
        #expect(measure.continuedPoint(at: .init(elementIndex: 1, t: 1.5)) == CGPoint(x: 4.5, y: 6))
        #expect(measure.point(at: .init(elementIndex: 1, t: 1.5)) == CGPoint(x: 3, y: 4))
        #expect(measure.continuedPoint(at: .init(elementIndex: 1, t: .nan)) == .zero)
        #expect(measure.continuedPoint(at: .init(elementIndex: 9, t: 0.5)) == .zero)
    }
}
