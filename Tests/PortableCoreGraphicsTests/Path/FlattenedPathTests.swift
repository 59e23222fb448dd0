import Foundation
import PortableCoreGraphics
import Testing

@Suite("FlattenedPath")
struct FlattenedPathTests {
    /// The largest distance from densely sampled curve points to the flattened polyline of a one-curve path.
    private func worstDeviation(of path: CGPath, flatness: CGFloat) -> Double {
        let flat = FlattenedPath(path, flatness: flatness)
        var worst = 0.0
        var current = CGPoint.zero
        var polyline = 0
        for element in path.recordedElements {
            switch element.type {
            case .moveToPoint:
                current = element.points[0]
            case .addCurveToPoint:
                let p = element.points
                let subpath = flat.subpaths[polyline]
                for step in 0...1000 {
                    let sample = cubicPoint(current, p[0], p[1], p[2], Double(step) / 1000)
                    worst = max(
                        worst,
                        distance(from: sample, toPolyline: flat.points[subpath.range], closed: subpath.isClosed))
                }
                current = p[2]
            case .closeSubpath:
                polyline += 1
            default:
                break
            }
        }
        return worst
    }

    @Test("a radius-100 circle flattened at 0.1 stays within 0.1 of the curves")
    func circleWithinFlatness() {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        #expect(worstDeviation(of: circle, flatness: 0.1) <= 0.1)
        let flat = FlattenedPath(circle)
        #expect(flat.subpaths.count == 1)
        #expect(flat.subpaths[0].isClosed)
        // Every vertex lies on the Bézier circle, which is within 2.7e-4 · r of the true one.
        #expect(flat.points.allSatisfy { abs(hypot($0.x, $0.y) - 100) < 0.03 })
    }

    @Test("random cubics stay within the flatness for 0.1, 0.01 and 1")
    func randomCubicsWithinFlatness() {
        var random = PathTestRandom(seed: 7)
        for flatness in [CGFloat(0.1), 0.01, 1] {
            for _ in 0..<8 {
                let p = (0..<4).map { _ in random.point(in: 300) }
                let path = CGMutablePath()
                path.move(to: p[0])
                path.addCurve(to: p[3], control1: p[1], control2: p[2])
                path.closeSubpath()
                #expect(worstDeviation(of: path, flatness: flatness) <= flatness)
            }
        }
    }

    @Test("the step count adapts: a straight cubic takes 1 segment, a tight curve many, 100× finer flatness 10× more")
    func adaptiveStepCount() {
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 20, y: 0))
        #expect(FlattenedPath(straight).points == [.zero, CGPoint(x: 30, y: 0)])

        let arch = CGMutablePath()
        arch.move(to: .zero)
        arch.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        // Second differences (100, −100) → 141.42; n = ⌈√(0.75 · 141.42 / flatness)⌉.
        #expect(FlattenedPath(arch, flatness: 1).points.count == 1 + 11)
        #expect(FlattenedPath(arch, flatness: 0.01).points.count == 1 + 103)
    }

    @Test("subpaths: lines are copied, closes mark the polyline closed without repeating the first point")
    func subpathLayout() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 1))
        path.move(to: CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 6, y: 5))
        path.move(to: CGPoint(x: 9, y: 9))  // a trailing move draws nothing
        let flat = FlattenedPath(path)
        #expect(
            flat.points == [
                CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 1), CGPoint(x: 0, y: 1),
                CGPoint(x: 5, y: 5), CGPoint(x: 6, y: 5),
            ])
        #expect(
            flat.subpaths == [
                FlattenedPath.Subpath(range: 0..<4, isClosed: true),
                FlattenedPath.Subpath(range: 4..<6, isClosed: false),
            ])
    }

    @Test("a NaN segment breaks the polyline; the close after it becomes an explicit edge")
    func nonFiniteBreaks() {
        let path = CGMutablePath()
        path.addLines(between: [
            CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 2, y: 2),
            CGPoint(x: 3, y: 2),
        ])
        path.closeSubpath()
        let flat = FlattenedPath(path)
        #expect(
            flat.points == [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 2), .zero])
        #expect(
            flat.subpaths == [
                FlattenedPath.Subpath(range: 0..<2, isClosed: false),
                FlattenedPath.Subpath(range: 2..<5, isClosed: false),
            ])
    }

    @Test("flattening again into the same value reuses its storage (capacity unchanged) and replaces contents")
    func bufferReuse() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 300, height: 300), transform: nil)
        let small = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        var flat = FlattenedPath()
        flat.flatten(circle)
        let capacity = flat.points.capacity
        let count = flat.points.count
        flat.flatten(small)
        #expect(flat.points.count < count)
        #expect(flat.points.capacity == capacity)
        #expect(flat == FlattenedPath(small))
        flat.removeAll()
        #expect(flat.points.isEmpty && flat.subpaths.isEmpty)
    }

    @Test("a non-positive or NaN flatness falls back to the 0.1 default")
    func invalidFlatness() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let reference = FlattenedPath(circle, flatness: 0.1)
        #expect(FlattenedPath(circle, flatness: 0) == reference)
        #expect(FlattenedPath(circle, flatness: -1) == reference)
        #expect(FlattenedPath(circle, flatness: .nan) == reference)
        #expect(FlattenedPath.defaultFlatness == 0.1)
    }

    @Test("a 1,000-cubic path flattens into one reused buffer and every subpath stays in order")
    func largePath() {
        var random = PathTestRandom(seed: 1000)
        let path = CGMutablePath()
        path.move(to: random.point(in: 500))
        for _ in 0..<1000 {
            path.addCurve(
                to: random.point(in: 500), control1: random.point(in: 500), control2: random.point(in: 500))
        }
        var flat = FlattenedPath()
        flat.flatten(path, flatness: 0.25)
        #expect(flat.subpaths.count == 1)
        #expect(flat.points.first == path.recordedElements[0].points[0])
        #expect(flat.points.last == path.currentPoint)
        let first = flat
        flat.flatten(path, flatness: 0.25)
        #expect(flat == first)
    }
}
