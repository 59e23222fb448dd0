import Foundation
import PortableQuartzCore

/// A Lottie Bézier path: vertices with tangents relative to them, open or closed (the format's shape value).
///
/// Between vertex *k* and *k+1* runs a cubic Bézier with control points `vertices[k] + outTangents[k]` and
/// `vertices[k+1] + inTangents[k+1]`; a closed shape also joins the last vertex to the first the same way.
/// The three arrays have the same length.
public struct BezierShape: Sendable, Equatable {
    /// The points the path passes through.
    public let vertices: [CGPoint]
    /// Each vertex's incoming control point, relative to the vertex.
    public let inTangents: [CGPoint]
    /// Each vertex's outgoing control point, relative to the vertex.
    public let outTangents: [CGPoint]
    /// Whether the last vertex joins the first.
    public let isClosed: Bool

    /// A shape; the tangent arrays are cut or padded with zeros to the vertices' count.
    public init(vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint], isClosed: Bool) {
        func fitted(_ points: [CGPoint]) -> [CGPoint] {
            points.count >= vertices.count
                ? Array(points.prefix(vertices.count))
                : points + Array(repeating: .zero, count: vertices.count - points.count)
        }
        self.vertices = vertices
        self.inTangents = fitted(inTangents)
        self.outTangents = fitted(outTangents)
        self.isClosed = isClosed
    }

    /// The empty shape.
    public static let empty = BezierShape(vertices: [], inTangents: [], outTangents: [], isClosed: false)

    /// Adds the shape to `path`: straight lines where both tangents of a segment are zero, cubics elsewhere.
    func add(to path: CGMutablePath) {
        guard let first = vertices.first else { return }
        path.move(to: first)
        for index in 1..<vertices.count {
            addSegment(from: index - 1, to: index, to: path)
        }
        if isClosed {
            addSegment(from: vertices.count - 1, to: 0, to: path)
            path.closeSubpath()
        }
    }

    private func addSegment(from start: Int, to end: Int, to path: CGMutablePath) {
        let control1 = outTangents[start]
        let control2 = inTangents[end]
        if control1 == .zero, control2 == .zero {
            path.addLine(to: vertices[end])
        } else {
            path.addCurve(
                to: vertices[end],
                control1: CGPoint(x: vertices[start].x + control1.x, y: vertices[start].y + control1.y),
                control2: CGPoint(x: vertices[end].x + control2.x, y: vertices[end].y + control2.y))
        }
    }

    /// The shape blended towards `other` by `fraction` (0 gives this shape), vertex by vertex; shapes with
    /// different vertex counts switch at 1.
    func interpolated(to other: BezierShape, fraction: Double) -> BezierShape {
        guard vertices.count == other.vertices.count else { return fraction < 1 ? self : other }
        func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
            zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * fraction, y: $0.y + ($1.y - $0.y) * fraction) }
        }
        return BezierShape(
            vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents), isClosed: isClosed)
    }
}
