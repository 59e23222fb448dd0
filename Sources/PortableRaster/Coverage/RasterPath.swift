/// An outline made of straight lines and quadratic and cubic Bézier curves, in user-space coordinates.
///
/// The path is a list of verbs and a flat list of points that the verbs consume in order: a move or a line
/// takes one point, a quadratic curve two (control, end), a cubic curve three (control 1, control 2, end),
/// a close none. Both lists are contiguous arrays, so building and walking a path touches no per-segment
/// allocations.
///
/// A segment added without a current point (to an empty path) starts a subpath at its end point instead of
/// drawing. A segment added after ``close()`` starts a new subpath at the start of the closed one.
/// Filling treats every subpath as closed.
@_spi(Engine) public struct RasterPath: Hashable, Sendable {
    /// One drawing instruction.
    @_spi(Engine) public enum Verb: UInt8, Hashable, Sendable {
        /// Starts a subpath at one point.
        case move
        /// A straight line to one point.
        case line
        /// A quadratic Bézier curve through one control point to an end point.
        case quadratic
        /// A cubic Bézier curve through two control points to an end point.
        case cubic
        /// A straight line back to the start of the subpath, ending it.
        case close

        /// How many points the verb consumes.
        @inlinable
        @_spi(Engine) public var pointCount: Int {
            switch self {
            case .move, .line: return 1
            case .quadratic: return 2
            case .cubic: return 3
            case .close: return 0
            }
        }
    }

    /// The verbs in order.
    @_spi(Engine) public private(set) var verbs: [Verb] = []
    /// The points the verbs consume, in order.
    @_spi(Engine) public private(set) var points: [RasterPoint] = []
    /// The start of the current subpath, if any.
    private var subpathStart: RasterPoint?
    /// Whether the last verb was a close (the next segment then begins a new subpath).
    private var isClosed = false

    /// Creates an empty path.
    @_spi(Engine) public init() {}

    /// Whether the path has no verbs.
    @_spi(Engine) public var isEmpty: Bool { verbs.isEmpty }

    /// The point the next segment starts from: the last end point, or after a close the start of the closed
    /// subpath; `nil` for an empty path.
    @_spi(Engine) public var currentPoint: RasterPoint? {
        isClosed ? subpathStart : points.last
    }

    /// Removes all verbs and points, optionally keeping the storage for reuse.
    @_spi(Engine) public mutating func removeAll(keepingCapacity: Bool = false) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
        subpathStart = nil
        isClosed = false
    }

    /// Reserves storage for `verbCount` verbs and `pointCount` points.
    @_spi(Engine) public mutating func reserveCapacity(verbs verbCount: Int, points pointCount: Int) {
        verbs.reserveCapacity(verbCount)
        points.reserveCapacity(pointCount)
    }

    /// Starts a new subpath at `point`.
    @_spi(Engine) public mutating func move(to point: RasterPoint) {
        verbs.append(.move)
        points.append(point)
        subpathStart = point
        isClosed = false
    }

    /// Adds a straight line from the current point to `point`.
    @_spi(Engine) public mutating func line(to point: RasterPoint) {
        guard beginSegment(endingAt: point) else { return }
        verbs.append(.line)
        points.append(point)
    }

    /// Adds a quadratic Bézier curve from the current point through `control` to `end`.
    @_spi(Engine) public mutating func quadCurve(to end: RasterPoint, control: RasterPoint) {
        guard beginSegment(endingAt: end) else { return }
        verbs.append(.quadratic)
        points.append(control)
        points.append(end)
    }

    /// Adds a cubic Bézier curve from the current point through `control1` and `control2` to `end`.
    @_spi(Engine) public mutating func curve(to end: RasterPoint, control1: RasterPoint, control2: RasterPoint) {
        guard beginSegment(endingAt: end) else { return }
        verbs.append(.cubic)
        points.append(control1)
        points.append(control2)
        points.append(end)
    }

    /// Closes the current subpath with a straight line back to its start. Does nothing on an empty path or
    /// a subpath that is already closed.
    @_spi(Engine) public mutating func close() {
        guard !isClosed, subpathStart != nil else { return }
        verbs.append(.close)
        isClosed = true
    }

    /// Adds a closed rectangle as its own subpath, going from `(x, y)` along the x axis first.
    @_spi(Engine) public mutating func addRect(x: Double, y: Double, width: Double, height: Double) {
        move(to: RasterPoint(x: x, y: y))
        line(to: RasterPoint(x: x + width, y: y))
        line(to: RasterPoint(x: x + width, y: y + height))
        line(to: RasterPoint(x: x, y: y + height))
        close()
    }

    /// Adds a closed axis-aligned ellipse as its own subpath, made of four cubic arcs.
    ///
    /// Each quarter uses the control-arm length `κ = 4(√2 − 1)/3 ≈ 0.5523` times the radius, whose largest
    /// radial error is about 0.027 % of the radius (outward), so a circle of radius 1000 is off by at most
    /// 0.27 pixel.
    @_spi(Engine) public mutating func addEllipse(center: RasterPoint, radiusX: Double, radiusY: Double) {
        let kappa = 0.552_284_749_830_793_4
        let cx = center.x
        let cy = center.y
        let kx = radiusX * kappa
        let ky = radiusY * kappa
        move(to: RasterPoint(x: cx + radiusX, y: cy))
        curve(
            to: RasterPoint(x: cx, y: cy + radiusY),
            control1: RasterPoint(x: cx + radiusX, y: cy + ky),
            control2: RasterPoint(x: cx + kx, y: cy + radiusY))
        curve(
            to: RasterPoint(x: cx - radiusX, y: cy),
            control1: RasterPoint(x: cx - kx, y: cy + radiusY),
            control2: RasterPoint(x: cx - radiusX, y: cy + ky))
        curve(
            to: RasterPoint(x: cx, y: cy - radiusY),
            control1: RasterPoint(x: cx - radiusX, y: cy - ky),
            control2: RasterPoint(x: cx - kx, y: cy - radiusY))
        curve(
            to: RasterPoint(x: cx + radiusX, y: cy),
            control1: RasterPoint(x: cx + kx, y: cy - radiusY),
            control2: RasterPoint(x: cx + radiusX, y: cy - ky))
        close()
    }

    /// Adds a closed polygon through `vertices` as its own subpath; fewer than one vertex adds nothing.
    @_spi(Engine) public mutating func addPolygon(_ vertices: [RasterPoint]) {
        guard let first = vertices.first else { return }
        move(to: first)
        for vertex in vertices.dropFirst() { line(to: vertex) }
        close()
    }

    /// Prepares for a segment ending at `end`; returns false (after recording a move to `end`) when there is
    /// no current point to start from.
    private mutating func beginSegment(endingAt end: RasterPoint) -> Bool {
        if isClosed, let start = subpathStart {
            move(to: start)
            return true
        }
        guard subpathStart != nil else {
            move(to: end)
            return false
        }
        return true
    }
}
