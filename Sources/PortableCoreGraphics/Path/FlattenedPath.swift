/// A `CGPath` approximated by polylines: every curve replaced by straight segments that stay within `flatness`
/// points of it. Our addition, not Apple API; the stroker, the rasterizer bridge and previews use it.
///
/// Flatness: each quad or cubic is cut into n equal parameter steps with n chosen from its control polygon so the
/// polyline provably lies within `flatness` of the curve. For a curve of degree d the distance is at most
/// d(d−1)/8 · max‖Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂‖ / n² (Wang's bound), so n = ⌈√(d(d−1)/8 · M / flatness)⌉. Gently bent
/// curves get few points and tight ones many. n is capped at `maximumStepsPerCurve`; beyond that the bound is no
/// longer guaranteed (it takes a curve thousands of points across with a flatness far below 0.01).
///
/// Layout: `points` holds all polyline vertices; `subpaths` slices it. A subpath starts at its move point and has
/// at least two points, except a subpath made of a move and a close, which has one. A closed subpath does *not*
/// repeat its first point at the end: the closing edge from the last point back to the first is implied by
/// `isClosed`. Moves that no segment follows produce nothing.
///
/// Non-finite input: a segment with a NaN or infinite coordinate is dropped and breaks its polyline; drawing resumes
/// with a new (open) subpath at the next finite point. A close after such a break is kept as an explicit straight
/// edge, appended as a point, since the polyline no longer starts at the subpath's start.
///
/// Reuse: `flatten(_:flatness:)` overwrites the contents but keeps the arrays' capacity, so flattening paths of
/// similar size into the same value allocates nothing after the first time.
public struct FlattenedPath: Equatable, Sendable {
    /// One polyline: a range of `points` and whether it is closed.
    public struct Subpath: Hashable, Sendable {
        /// Indices into `FlattenedPath.points`.
        public var range: Range<Int>
        /// Whether an edge from the last point back to the first closes the polyline.
        public var isClosed: Bool

        public init(range: Range<Int>, isClosed: Bool) {
            self.range = range
            self.isClosed = isClosed
        }
    }

    /// The default maximum distance between a curve and its polyline, in points: 0.1.
    public static let defaultFlatness: CGFloat = 0.1

    /// The most line segments one curve is cut into: 16,384.
    public static let maximumStepsPerCurve = 16_384

    /// All polyline vertices, subpath after subpath.
    public private(set) var points: [CGPoint] = []
    /// The polylines, in path order.
    public private(set) var subpaths: [Subpath] = []

    /// An empty value, to be filled by `flatten(_:flatness:)`.
    public init() {}

    /// `path` flattened with the given tolerance (see `flatten(_:flatness:)`).
    public init(_ path: CGPath, flatness: CGFloat = FlattenedPath.defaultFlatness) {
        flatten(path, flatness: flatness)
    }

    /// Empties the value, keeping the storage for reuse unless `keepingCapacity` is `false`.
    public mutating func removeAll(keepingCapacity: Bool = true) {
        points.removeAll(keepingCapacity: keepingCapacity)
        subpaths.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Replaces the contents with `path` flattened so no curve strays more than `flatness` points from its
    /// polyline. A `flatness` that is not a positive finite number means `defaultFlatness`. Existing capacity is
    /// reused.
    public mutating func flatten(_ path: CGPath, flatness: CGFloat = FlattenedPath.defaultFlatness) {
        removeAll(keepingCapacity: true)
        let tolerance = flatness > 0 && flatness.isFinite ? flatness : FlattenedPath.defaultFlatness
        var builder = Builder(tolerance: tolerance)
        swap(&builder.points, &points)
        swap(&builder.subpaths, &subpaths)
        path.forEachSegment { _, type, segment in
            builder.add(segment, isClose: type == .closeSubpath)
        }
        builder.finishSubpath(closed: false)
        swap(&builder.points, &points)
        swap(&builder.subpaths, &subpaths)
    }

    /// The number of equal parameter steps that keep a curve of the given kind within `tolerance` of its polyline.
    static func stepCount(for segment: PathSegment, tolerance: CGFloat) -> Int {
        let coefficient: CGFloat
        let deviation: CGFloat
        switch segment.kind {
        case .point, .line:
            return 1
        case .quad:
            coefficient = 0.25
            deviation = secondDifference(segment.p0, segment.p1, segment.p2)
        case .cubic:
            coefficient = 0.75
            deviation = Swift.max(
                secondDifference(segment.p0, segment.p1, segment.p2),
                secondDifference(segment.p1, segment.p2, segment.p3))
        }
        let steps = (coefficient * deviation / tolerance).squareRoot().rounded(.up)
        // Compared as a floating-point number first: a curve 6.5e91 points across asks for ~1e46 steps, which no
        // Int holds.
        guard steps < CGFloat(maximumStepsPerCurve) else { return maximumStepsPerCurve }
        return Swift.max(Int(steps), 1)
    }

    private static func secondDifference(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
        let x = a.x - 2 * b.x + c.x
        let y = a.y - 2 * b.y + c.y
        return (x * x + y * y).squareRoot()
    }

    /// The state of one flattening pass.
    private struct Builder {
        let tolerance: CGFloat
        var points: [CGPoint] = []
        var subpaths: [Subpath] = []
        /// Index in `points` where the open polyline starts, or nil when none is open.
        var polylineStart: Int?
        /// Whether the open polyline began at the subpath's move (so a close may simply mark it closed).
        var startsAtSubpathStart = false
        /// The last move's point, where closes return to.
        var subpathStart = CGPoint.zero
        /// Whether a move or close has been seen with no segment yet (a close right after a move is kept).
        var pendingMove = false

        init(tolerance: CGFloat) {
            self.tolerance = tolerance
        }

        mutating func add(_ segment: PathSegment, isClose: Bool) {
            if segment.kind == .point {
                finishSubpath(closed: false)
                subpathStart = segment.p0
                pendingMove = true
                return
            }
            guard segment.isFinite else {
                finishSubpath(closed: false)
                pendingMove = false
                return
            }
            if polylineStart == nil {
                polylineStart = points.count
                startsAtSubpathStart = pendingMove
                points.append(segment.p0)
            }
            pendingMove = false
            if isClose {
                if startsAtSubpathStart {
                    finishSubpath(closed: true)
                } else {
                    points.append(segment.end)
                    finishSubpath(closed: false)
                }
                return
            }
            switch segment.kind {
            case .point:
                break
            case .line:
                points.append(segment.p1)
            case .quad, .cubic:
                let steps = FlattenedPath.stepCount(for: segment, tolerance: tolerance)
                let step = 1 / CGFloat(steps)
                // Power-basis coefficients, B(t) = ((a·t + b)·t + c)·t + p0, evaluated by Horner's rule; the end
                // point is appended exactly.
                let p0 = segment.p0
                let p1 = segment.p1
                let p2 = segment.p2
                let p3 = segment.p3
                let cx: CGFloat
                let cy: CGFloat
                let bx: CGFloat
                let by: CGFloat
                let ax: CGFloat
                let ay: CGFloat
                if segment.kind == .quad {
                    cx = 2 * (p1.x - p0.x)
                    cy = 2 * (p1.y - p0.y)
                    bx = p2.x - 2 * p1.x + p0.x
                    by = p2.y - 2 * p1.y + p0.y
                    ax = 0
                    ay = 0
                } else {
                    cx = 3 * (p1.x - p0.x)
                    cy = 3 * (p1.y - p0.y)
                    bx = 3 * (p2.x - 2 * p1.x + p0.x)
                    by = 3 * (p2.y - 2 * p1.y + p0.y)
                    ax = p3.x - p0.x - cx - bx
                    ay = p3.y - p0.y - cy - by
                }
                for index in 1..<steps {
                    let t = CGFloat(index) * step
                    points.append(
                        CGPoint(x: ((ax * t + bx) * t + cx) * t + p0.x, y: ((ay * t + by) * t + cy) * t + p0.y))
                }
                points.append(segment.end)
            }
        }

        mutating func finishSubpath(closed: Bool) {
            guard let start = polylineStart else { return }
            subpaths.append(Subpath(range: start..<points.count, isClosed: closed))
            polylineStart = nil
            startsAtSubpathStart = false
        }
    }
}
