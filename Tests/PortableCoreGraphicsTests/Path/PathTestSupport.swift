import Foundation
import PortableCoreGraphics

/// One element of a path copied out of `applyWithBlock`, for comparisons in tests.
struct RecordedElement: Equatable, CustomStringConvertible {
    var type: CGPathElementType
    var points: [CGPoint]

    init(_ type: CGPathElementType, _ points: [CGPoint] = []) {
        self.type = type
        self.points = points
    }

    var description: String { "\(type) \(points.map { "(\($0.x), \($0.y))" }.joined(separator: " "))" }
}

extension CGPath {
    /// The path's elements, in order, with their points copied.
    var recordedElements: [RecordedElement] {
        var result: [RecordedElement] = []
        applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            let points = (0..<count).map { element.pointee.points[$0] }
            result.append(RecordedElement(element.pointee.type, points))
        }
        return result
    }

    /// Just the element kinds, in order.
    var recordedTypes: [CGPathElementType] { recordedElements.map(\.type) }
}

/// Whether two points are within `tolerance` of each other on both axes.
func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether two element lists have the same kinds and points within `tolerance`.
func isClose(_ a: [RecordedElement], _ b: [RecordedElement], tolerance: CGFloat) -> Bool {
    guard a.count == b.count else { return false }
    for (left, right) in zip(a, b) {
        guard left.type == right.type, left.points.count == right.points.count else { return false }
        for (p, q) in zip(left.points, right.points) where !isClose(p, q, tolerance: tolerance) {
            return false
        }
    }
    return true
}

/// The point of a cubic Bézier at `t`, computed independently of the library.
func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: Double) -> CGPoint {
    let s = 1 - t
    let a = s * s * s
    let b = 3 * s * s * t
    let c = 3 * s * t * t
    let d = t * t * t
    return CGPoint(
        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
        y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

/// Reference arc length of a cubic by composite Simpson's rule on |B′(t)| with `intervals` (even) sub-intervals.
/// Independent of the library's Gauss–Legendre code; error O(h⁴) for smooth speeds.
func simpsonCubicLength(
    _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, intervals: Int
) -> Double {
    func speed(_ t: Double) -> Double {
        let s = 1 - t
        let dx = 3 * s * s * (p1.x - p0.x) + 6 * s * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
        let dy = 3 * s * s * (p1.y - p0.y) + 6 * s * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
        return (dx * dx + dy * dy).squareRoot()
    }
    let h = 1 / Double(intervals)
    var sum = speed(0) + speed(1)
    for index in 1..<intervals {
        sum += (index % 2 == 1 ? 4 : 2) * speed(Double(index) * h)
    }
    return sum * h / 3
}

/// The shortest distance from `point` to the polyline through `vertices` (closing edge included when `closed`).
func distance(from point: CGPoint, toPolyline vertices: ArraySlice<CGPoint>, closed: Bool) -> Double {
    var best = Double.infinity
    var edges = Array(zip(vertices.dropLast(), vertices.dropFirst()))
    if closed, let first = vertices.first, let last = vertices.last { edges.append((last, first)) }
    if edges.isEmpty, let only = vertices.first { return hypot(point.x - only.x, point.y - only.y) }
    for (a, b) in edges {
        let abx = b.x - a.x
        let aby = b.y - a.y
        let lengthSquared = abx * abx + aby * aby
        var t = lengthSquared > 0 ? ((point.x - a.x) * abx + (point.y - a.y) * aby) / lengthSquared : 0
        t = min(max(t, 0), 1)
        let dx = a.x + t * abx - point.x
        let dy = a.y + t * aby - point.y
        best = min(best, (dx * dx + dy * dy).squareRoot())
    }
    return best
}
