#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One vertex of a flattened subpath, with the directions in which the path arrives and leaves.
///
/// Tangents are unit vectors. Along a straight segment both equal the segment's direction; at a vertex inside a
/// curve they are the curve's own tangent there, so that the offset points of neighbouring steps coincide and
/// the offset polyline follows the true offset curve.
struct StrokeVertex {
    /// What happens at a vertex between its incoming and outgoing step.
    enum Kind: UInt8 {
        /// Inside a curve: the direction does not change, no join.
        case smooth
        /// Between two segments of the path: the style's join.
        case corner
        /// Where a curve turns sharply inside itself (a cusp): always a round join.
        case roundCorner
    }

    var point: RasterPoint
    var tangentIn: RasterPoint
    var tangentOut: RasterPoint
    var kind: Kind
}

/// Something that takes the polylines the stroker produces: whole subpaths, or one dash at a time.
protocol RunConsumer {
    /// Takes one polyline. `run` holds at least one vertex; a closed run repeats its first vertex at the end (same
    /// point, with the join data of the first vertex). The buffer is scratch: the consumer may change it.
    mutating func consume(_ run: UnsafeMutableBufferPointer<StrokeVertex>, closed: Bool)
    /// Whether anything drawn along the straight step from `start` to `end` (a piece of it, with caps and joins)
    /// can show; false lets the dasher skip the dashes that lie wholly on the step.
    func canReach(from start: StrokeVertex, to end: StrokeVertex) -> Bool
    /// Whether nothing more can change the result (what has been consumed already covers the whole output), so
    /// that the rest of the path can be left out.
    var isDone: Bool { get }
}

extension RunConsumer {
    func canReach(from start: StrokeVertex, to end: StrokeVertex) -> Bool { true }
    var isDone: Bool { false }
}

/// How finely the stroker flattens, in the path's own coordinates.
struct FlatteningLimits {
    /// Largest distance between a curve and its polyline.
    var tolerance: Double
    /// Cosine of the largest turn of the tangent over one step.
    var cosMaxTurn: Double
    /// Steps and curve pieces no longer than this count as having no length.
    var epsilon: Double
    /// Maps points to the device, for the check that they are usable there.
    var device: Affine2D
    /// The device rectangle outside which precision is not needed (the clip grown by the pen radius and the
    /// tolerance), or nil when the whole plane counts (the outline is the result, as for `CGPath` copies).
    var visible: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    /// Deepest subdivision of one curve: ``Stroker/maximumCurveDepth`` when `visible` bounds the work, else
    /// ``Stroker/maximumUnboundedCurveDepth``.
    var maximumDepth: Int
    /// The corners of the cull rectangle mapped back into the path's space, meaningful when `userPenRadius` is
    /// positive: a piece whose pen sausage holds all four covers the output.
    var outputCorners = (RasterPoint.zero, RasterPoint.zero, RasterPoint.zero, RasterPoint.zero)
    /// The centre (path space) of the circle round the cull rectangle, and how far from it a piece's outline can
    /// still reach the rectangle: the circle's radius, the pen radius (times √2 when a square cap of a dash may end
    /// in the piece; the caps and joins at the piece's own ends are drawn the same whether it is cut or not) and the
    /// tolerance. `nil` for a hairline, without a cull rectangle, or when the transform cannot be
    /// inverted. See ``Stroker/isBeyond(_:_:)``.
    var outputReach: (center: RasterPoint, distance: Double)?
    /// The pen radius in the path's space; 0 for a hairline (whose pen lives in device space), without a cull
    /// rectangle, when the transform cannot be inverted, or when the pen is narrower than the rectangle's diagonal
    /// (it cannot cover it).
    var userPenRadius = 0.0

    /// Limits for flattening under `transform`.
    ///
    /// `tolerance` is in device pixels and is divided by the transform's largest stretch. Half of it goes to the
    /// centre line; the other half bounds the error of the offset curves at distance `penRadius` (device pixels,
    /// 0 when only the centre line matters), which limits each step's turn to `2·acos(1 − (tolerance/2)/penRadius)`,
    /// kept within 0.01 … 0.5 radians. `nil` when the transform collapses or is not finite.
    ///
    /// `cull` (device pixels) is the region whose pixels the stroke can change. A curve piece whose outline cannot
    /// reach it is taken as one step, so a curve thousands of times larger than the output costs steps only where
    /// it passes the output (see ``Stroker/addCubic(_:_:_:_:)``). `penReach` is how far the pen reaches from the
    /// centre line along x and along y, in device pixels (a round pen under an uneven transform is an ellipse).
    ///
    /// `userPenRadius`, the pen's radius in the path's space (0 for hairlines), lets a piece whose stroke covers
    /// all of `cull` be taken as one step too: its pixels there are fully painted however precisely it is drawn.
    /// With it, a piece farther from `cull` than the pen reaches is one step whatever its box (`squareDashCaps`:
    /// dashes with square caps, which reach √2 times as far).
    init?(
        transform: Affine2D, tolerance: Double, penRadius: Double, cull: PixelRect? = nil,
        penReach: (x: Double, y: Double) = (0, 0), userPenRadius: Double = 0, squareDashCaps: Bool = false
    ) {
        let stretch = Stroker.largestStretch(of: transform)
        guard stretch > 0, stretch.isFinite, tolerance > 0 else { return nil }
        self.tolerance = tolerance / stretch / 2
        let ratio = penRadius > 0 ? (tolerance / 2) / penRadius : 1
        let turn = ratio >= 1 ? 0.5 : Swift.min(0.5, Swift.max(0.01, 2 * acos(1 - ratio)))
        cosMaxTurn = cos(turn)
        epsilon = self.tolerance * 1e-3
        device = transform
        if let cull {
            let marginX = penReach.x + tolerance + 1
            let marginY = penReach.y + tolerance + 1
            visible = (
                Double(cull.x) - marginX, Double(cull.y) - marginY, Double(cull.maxX) + marginX,
                Double(cull.maxY) + marginY
            )
            maximumDepth = Stroker.maximumCurveDepth
            if userPenRadius > 0, let inverse = transform.inverted() {
                func corner(_ x: Int, _ y: Int) -> RasterPoint {
                    inverse.apply(to: RasterPoint(x: Double(x), y: Double(y)))
                }
                outputCorners = (
                    corner(cull.x, cull.y), corner(cull.maxX, cull.y), corner(cull.x, cull.maxY),
                    corner(cull.maxX, cull.maxY)
                )
                let center =
                    (outputCorners.0 + outputCorners.1 + outputCorners.2 + outputCorners.3) * 0.25
                let circle = Swift.max(
                    (outputCorners.0 - center).length, (outputCorners.1 - center).length,
                    (outputCorners.2 - center).length, (outputCorners.3 - center).length)
                let capReach = squareDashCaps ? 2.0.squareRoot() : 1
                outputReach = (center, circle + userPenRadius * capReach + 2 * self.tolerance)
                // A pen can hold opposite corners only if it is at least as wide as the diagonal between them:
                // for a narrower one (nearly every stroke) no piece is ever tested.
                let diagonal = Swift.max(
                    (outputCorners.0 - outputCorners.3).length, (outputCorners.1 - outputCorners.2).length)
                if 2 * userPenRadius >= diagonal { self.userPenRadius = userPenRadius }
            }
        } else {
            visible = nil
            maximumDepth = Stroker.maximumUnboundedCurveDepth
        }
    }
}

extension Stroker {
    /// The unit vector along x: the direction of pieces that have none of their own.
    static let unitX = RasterPoint(x: 1, y: 0)
    /// Deepest subdivision of one curve (each level halves the parameter range) when drawing, where only the pieces
    /// near the output are subdivided.
    static let maximumCurveDepth = 24
    /// Deepest subdivision of one curve when the outline itself is the result (no output bounds the work): at most
    /// 2¹⁶ steps per curve, so a path under a 2³² transform yields an outline of bounded size.
    static let maximumUnboundedCurveDepth = 16
    /// Curve pieces one stroke may split in all (2¹⁸): past that, pieces are taken as they stand. Only a stroke
    /// whose curves must be fine where the output can see them *and* are huge there reaches it — a thin pen under
    /// a transform that stretches one direction 2³²-fold, say — so the work per stroke stays below a few tenths of
    /// a second whatever the numbers.
    static let maximumCurveSplits = 1 << 18
    /// Dot product of two unit tangents above which a split point inside a curve counts as smooth.
    static let smoothCosine = 1 - 1e-8

    /// Flattens `path` subpath by subpath and hands each one to `consumer`, dashed by `pattern` when there is one.
    mutating func process<Consumer: RunConsumer>(
        _ path: RasterPath, limits: FlatteningLimits, pattern: DashPattern?, consumer: inout Consumer
    ) {
        vertices.removeAll(keepingCapacity: true)
        dashEntriesLeft = Self.maximumDashEntries
        splitsLeft = Self.maximumCurveSplits
        var hasSegment = false
        var index = 0
        let points = path.points
        for verb in path.verbs {
            defer { index += verb.pointCount }
            if consumer.isDone { return }
            switch verb {
            case .move:
                finishSubpath(closed: false, hasSegment: hasSegment, pattern: pattern, consumer: &consumer)
                hasSegment = false
                let point = points[index]
                if Self.isUsable(point, limits) { beginSubpath(at: point) }
            case .line:
                let end = points[index]
                guard Self.isUsable(end, limits) else { break }
                guard !vertices.isEmpty else {
                    beginSubpath(at: end)
                    break
                }
                hasSegment = true
                addLine(to: end, limits)
            case .quadratic:
                let control = points[index]
                let end = points[index + 1]
                guard Self.isUsable(control, limits), Self.isUsable(end, limits) else { break }
                guard let start = vertices.last?.point else {
                    beginSubpath(at: end)
                    break
                }
                hasSegment = true
                // The cubic with the same curve: control points two thirds of the way towards the quadratic's.
                addCubic(
                    start + (control - start) * (2.0 / 3), end + (control - end) * (2.0 / 3), end, limits)
            case .cubic:
                let control1 = points[index]
                let control2 = points[index + 1]
                let end = points[index + 2]
                guard Self.isUsable(control1, limits), Self.isUsable(control2, limits), Self.isUsable(end, limits)
                else { break }
                guard !vertices.isEmpty else {
                    beginSubpath(at: end)
                    break
                }
                hasSegment = true
                addCubic(control1, control2, end, limits)
            case .close:
                guard let start = vertices.first?.point else { break }
                // The close is a segment back to the start (so a lone move and close can make a dot).
                addLine(to: start, limits)
                finishSubpath(closed: true, hasSegment: true, pattern: pattern, consumer: &consumer)
                hasSegment = false
                // A segment after a close starts from the closed subpath's start.
                beginSubpath(at: start)
            }
        }
        finishSubpath(closed: false, hasSegment: hasSegment, pattern: pattern, consumer: &consumer)
    }

    /// Whether `point` is finite and maps to a usable device point.
    @inline(__always)
    static func isUsable(_ point: RasterPoint, _ limits: FlatteningLimits) -> Bool {
        point.isFinite && ScanConverter.device(point, limits.device) != nil
    }

    /// Starts a new subpath at `point`, dropping whatever the vertex buffer held.
    mutating func beginSubpath(at point: RasterPoint) {
        vertices.removeAll(keepingCapacity: true)
        vertices.append(StrokeVertex(point: point, tangentIn: Self.unitX, tangentOut: Self.unitX, kind: .corner))
    }

    /// Appends a step from the last vertex to `point`, leaving in direction `start` and arriving in direction
    /// `end`; the last vertex becomes a vertex of kind `kind` (the first vertex of a subpath keeps `.corner`).
    ///
    /// `lastVertex` is the last vertex as the caller has it (it may have changed it); it is written back once.
    @inline(__always)
    mutating func appendStep(
        after lastVertex: StrokeVertex, to point: RasterPoint, start: RasterPoint, end: RasterPoint,
        kind: StrokeVertex.Kind
    ) {
        let last = vertices.count - 1
        var vertex = lastVertex
        if last == 0 {
            vertex.tangentIn = start
        } else {
            vertex.kind = kind
        }
        vertex.tangentOut = start
        vertices[last] = vertex
        vertices.append(StrokeVertex(point: point, tangentIn: end, tangentOut: end, kind: .corner))
    }

    /// Adds a straight segment to `end`; one no longer than the epsilon is dropped.
    mutating func addLine(to end: RasterPoint, _ limits: FlatteningLimits) {
        let lastVertex = vertices[vertices.count - 1]
        let delta = end - lastVertex.point
        let length = delta.length
        guard length > limits.epsilon else { return }
        let direction = delta * (1 / length)
        appendStep(after: lastVertex, to: end, start: direction, end: direction, kind: .corner)
    }

    /// A piece of a cubic Bézier curve waiting to be flattened.
    struct CurvePiece {
        var p0: RasterPoint
        var p1: RasterPoint
        var p2: RasterPoint
        var p3: RasterPoint
        var depth: Int
    }

    /// Adds a cubic Bézier curve from the last vertex through `control1` and `control2` to `end`.
    ///
    /// The curve is halved (de Casteljau) until each piece is flat — its control points within the tolerance of
    /// its chord — and narrow — every pair of its nonzero control-polygon edges within the largest turn of each
    /// other. The curve's tangents on a piece lie inside the cone of its control-polygon edges, so a narrow piece
    /// turns by no more than that. Pieces no larger than the epsilon are skipped; where the direction jumps
    /// between two accepted pieces (a cusp) the vertex becomes a round corner. A piece still not narrow at the
    /// deepest level is drawn as its chord with round corners at both ends.
    mutating func addCubic(
        _ control1: RasterPoint, _ control2: RasterPoint, _ end: RasterPoint, _ limits: FlatteningLimits
    ) {
        let start = vertices[vertices.count - 1].point
        let epsilon = limits.epsilon
        guard Self.extent(start, control1, control2, end) > epsilon else { return }
        var isFirstPiece = true
        flatten(
            CurvePiece(p0: start, p1: control1, p2: control2, p3: end, depth: 0), limits, isFirst: &isFirstPiece,
            staysInView: false)
    }

    /// Accepts `piece` when it is flat and narrow (or at the deepest level, or when the stroke's budget of splits
    /// is spent), else halves it at t = 1/2 and flattens the first half, then the second. Depth-first recursion
    /// at most `limits.maximumDepth` levels deep: its frames live on the call stack, so flattening a curve never
    /// allocates.
    ///
    /// A piece whose outline cannot reach the visible region is accepted at once as one step with its true end
    /// tangents (so joins at the curve's ends and between its pieces stay as they were); the step's outline
    /// stays within the pen radius of the piece's control points, outside the region. A piece whose stroke
    /// covers the whole output (a pen far wider than the output) is accepted as its chord: every point of the
    /// output lies within the pen radius of the chord and of the curve alike, so the output is painted fully
    /// either way. (Not quite at a segment's end: a butt or square cap, or a bevel or miter join, there then
    /// follows the chord instead of the curve's end tangent; a hook 20 points from its end, under a pen 40 wide,
    /// moved a butt cap's edge across nine pixels of a 16 × 16 output. Known, not yet mended.)
    ///
    /// `staysInView` says that an ancestor was found to pass both reach tests for all its pieces (see
    /// ``staysInView(_:_:_:)``), so they are not repeated: the same pieces are accepted, with fewer tests.
    private mutating func flatten(
        _ piece: CurvePiece, _ limits: FlatteningLimits, isFirst: inout Bool, staysInView: Bool
    ) {
        let epsilon = limits.epsilon
        if Self.extent(piece.p0, piece.p1, piece.p2, piece.p3) <= epsilon { return }
        var inView = staysInView
        if let visible = limits.visible {
            if !inView {
                if !Self.mayReach(visible, piece, limits.device) || Self.isBeyond(limits.outputReach, piece) {
                    acceptPiece(piece, narrow: true, isFirst: &isFirst, epsilon: epsilon)
                    return
                }
                inView = Self.staysInView(visible, piece, limits)
            }
            if limits.userPenRadius > 0 && Self.covers(piece, limits) {
                // Taken as its chord with round corners: the sausage of the chord, which holds the output too.
                acceptPiece(piece, narrow: false, isFirst: &isFirst, epsilon: epsilon)
                return
            }
        }
        // Flatness first: a piece that is not flat is split whether or not it is narrow (unless it may not be), so
        // the narrowness test is left for the pieces that may be accepted.
        let mustAccept = piece.depth >= limits.maximumDepth || splitsLeft <= 0
        if mustAccept || Self.isFlat(piece, limits) {
            let narrow = Self.isNarrow(piece, limits)
            if mustAccept || narrow {
                acceptPiece(piece, narrow: narrow, isFirst: &isFirst, epsilon: epsilon)
                return
            }
        }
        splitsLeft -= 1
        let q0 = piece.p0.interpolated(to: piece.p1, by: 0.5)
        let q1 = piece.p1.interpolated(to: piece.p2, by: 0.5)
        let q2 = piece.p2.interpolated(to: piece.p3, by: 0.5)
        let r0 = q0.interpolated(to: q1, by: 0.5)
        let r1 = q1.interpolated(to: q2, by: 0.5)
        let middle = r0.interpolated(to: r1, by: 0.5)
        let depth = piece.depth + 1
        flatten(
            CurvePiece(p0: piece.p0, p1: q0, p2: r0, p3: middle, depth: depth), limits, isFirst: &isFirst,
            staysInView: inView)
        flatten(
            CurvePiece(p0: middle, p1: r1, p2: q2, p3: piece.p3, depth: depth), limits, isFirst: &isFirst,
            staysInView: inView)
    }

    /// Appends the step of one accepted curve piece.
    mutating func acceptPiece(_ piece: CurvePiece, narrow: Bool, isFirst: inout Bool, epsilon: Double) {
        var lastVertex = vertices[vertices.count - 1]
        let chord = piece.p3 - lastVertex.point
        let chordLength = chord.length
        guard chordLength > epsilon else { return }
        var startTangent: RasterPoint
        var endTangent: RasterPoint
        if narrow {
            // The tangent at an end is along the first control point distinct from that end.
            startTangent = Self.direction(piece.p1 - piece.p0, piece.p2 - piece.p0, chord, epsilon)
            endTangent = Self.direction(piece.p3 - piece.p2, piece.p3 - piece.p1, chord, epsilon)
        } else {
            startTangent = chord * (1 / chordLength)
            endTangent = startTangent
        }
        var kind = StrokeVertex.Kind.corner
        if !isFirst {
            let arriving = lastVertex.tangentIn
            if narrow && Self.dot(arriving, startTangent) >= Self.smoothCosine {
                let sum = arriving + startTangent
                let average = sum * (1 / sum.length)
                lastVertex.tangentIn = average
                startTangent = average
                kind = .smooth
            } else {
                kind = .roundCorner
            }
        }
        appendStep(after: lastVertex, to: piece.p3, start: startTangent, end: endTangent, kind: kind)
        isFirst = false
    }

    /// Ends the subpath in the vertex buffer and hands it on (dashed or whole).
    mutating func finishSubpath<Consumer: RunConsumer>(
        closed: Bool, hasSegment: Bool, pattern: DashPattern?, consumer: inout Consumer
    ) {
        guard !vertices.isEmpty, hasSegment else {
            vertices.removeAll(keepingCapacity: true)
            return
        }
        defer { vertices.removeAll(keepingCapacity: true) }
        // A closed subpath with length has at least three vertices: two distinct ones and the start repeated.
        var isClosed = closed && vertices.count > 2
        if isClosed {
            let last = vertices.count - 1
            if vertices[last].point != vertices[0].point {
                // The closing line was shorter than the epsilon: end exactly on the start instead.
                vertices[last].point = vertices[0].point
            }
            vertices[0].tangentIn = vertices[last].tangentIn
            vertices[0].kind = .corner
            vertices[last].tangentOut = vertices[0].tangentOut
            vertices[last].kind = .corner
        } else if vertices.count == 1 {
            // Segments but no length: a dot.
            vertices[0].tangentIn = vertices[0].tangentOut
            isClosed = false
        } else {
            let last = vertices.count - 1
            vertices[last].tangentOut = vertices[last].tangentIn
            vertices[0].tangentIn = vertices[0].tangentOut
        }
        if let pattern {
            dash(closed: isClosed, pattern: pattern, consumer: &consumer)
        } else {
            vertices.withUnsafeMutableBufferPointer { consumer.consume($0, closed: isClosed) }
        }
    }

    // MARK: Small geometry helpers

    @inline(__always)
    static func dot(_ a: RasterPoint, _ b: RasterPoint) -> Double { a.x * b.x + a.y * b.y }

    @inline(__always)
    static func cross(_ a: RasterPoint, _ b: RasterPoint) -> Double { a.x * b.y - a.y * b.x }

    /// The largest distance of `p1`, `p2`, `p3` from `p0` along either axis.
    @inline(__always)
    static func extent(_ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint) -> Double {
        Swift.max(
            Swift.max(abs(p1.x - p0.x), abs(p1.y - p0.y)),
            Swift.max(Swift.max(abs(p2.x - p0.x), abs(p2.y - p0.y)), Swift.max(abs(p3.x - p0.x), abs(p3.y - p0.y))))
    }

    /// Whether `piece` lies too far from the output for its outline to reach it, measured in the path's space: the
    /// curve lies within the circle round its control points' centroid through the farthest of them, so every point
    /// of it is at least the centroid's distance from the output's centre less that spread away. This catches what
    /// the box test of ``mayReach(_:_:_:)`` cannot: a pen as wide as the curve is large grows the box past the
    /// output on the diagonal (a circle 10⁹ across stroked 2·10⁹ wide took 2¹⁸ steps for a picture its outline
    /// never reached). False when `reach` is nil.
    @inline(__always)
    static func isBeyond(_ reach: (center: RasterPoint, distance: Double)?, _ piece: CurvePiece) -> Bool {
        guard let reach else { return false }
        let centroid = (piece.p0 + piece.p1 + piece.p2 + piece.p3) * 0.25
        let (a, b, c, d) = (piece.p0 - centroid, piece.p1 - centroid, piece.p2 - centroid, piece.p3 - centroid)
        let spread = Swift.max(Swift.max(dot(a, a), dot(b, b)), Swift.max(dot(c, c), dot(d, d))).squareRoot()
        let away = reach.center - centroid
        let limit = reach.distance + spread
        return dot(away, away) > limit * limit
    }

    /// Whether every piece split from `piece`, at any depth, passes both reach tests: ``mayReach(_:_:_:)`` is true
    /// and ``isBeyond(_:_:)`` false. Then they need not be run on those pieces.
    ///
    /// Halving a piece (de Casteljau) makes control points that are averages of its own, so they lie in its
    /// control hull, and so does every piece's first point, which is on the curve. If the device image of the hull
    /// lies inside `region`, every piece's box meets it. Every piece's centroid lies within `spread` (the largest
    /// distance of a control point from the centroid) of `piece`'s centroid, and a piece is beyond the reach only
    /// where its centroid is farther than the reach distance from the output's centre; so a centroid nearer than
    /// the reach distance less `spread` keeps every piece within reach. Both tests keep a margin of 10⁻⁹ of the
    /// magnitudes involved, far above the rounding of the averages (about 10⁻¹⁴ of them after the 24 levels of
    /// ``maximumCurveDepth``), so that rounding cannot turn a test the other way. False for points that are not
    /// finite (every comparison with NaN fails).
    static func staysInView(
        _ region: (minX: Double, minY: Double, maxX: Double, maxY: Double), _ piece: CurvePiece,
        _ limits: FlatteningLimits
    ) -> Bool {
        let device = limits.device
        let size = Swift.max(
            Swift.max(Swift.max(abs(piece.p0.x), abs(piece.p0.y)), Swift.max(abs(piece.p1.x), abs(piece.p1.y))),
            Swift.max(Swift.max(abs(piece.p2.x), abs(piece.p2.y)), Swift.max(abs(piece.p3.x), abs(piece.p3.y))))
        let stretch = abs(device.a) + abs(device.b) + abs(device.c) + abs(device.d)
        let deviceSlack = 1e-9 * (stretch * size + abs(device.tx) + abs(device.ty) + 1)
        let a = device.apply(to: piece.p0)
        let b = device.apply(to: piece.p1)
        let c = device.apply(to: piece.p2)
        let d = device.apply(to: piece.p3)
        guard Swift.min(Swift.min(a.x, b.x), Swift.min(c.x, d.x)) >= region.minX + deviceSlack,
            Swift.max(Swift.max(a.x, b.x), Swift.max(c.x, d.x)) <= region.maxX - deviceSlack,
            Swift.min(Swift.min(a.y, b.y), Swift.min(c.y, d.y)) >= region.minY + deviceSlack,
            Swift.max(Swift.max(a.y, b.y), Swift.max(c.y, d.y)) <= region.maxY - deviceSlack
        else { return false }
        guard let reach = limits.outputReach else { return true }
        let centroid = (piece.p0 + piece.p1 + piece.p2 + piece.p3) * 0.25
        let spread = Swift.max(
            Swift.max((piece.p0 - centroid).length, (piece.p1 - centroid).length),
            Swift.max((piece.p2 - centroid).length, (piece.p3 - centroid).length))
        let slack = 1e-9 * (size + abs(reach.center.x) + abs(reach.center.y) + reach.distance + 1)
        return (reach.center - centroid).length + spread <= reach.distance - slack
    }

    /// Whether the device image of `piece`'s control points (the curve lies in their hull) overlaps `region`.
    @inline(__always)
    static func mayReach(
        _ region: (minX: Double, minY: Double, maxX: Double, maxY: Double), _ piece: CurvePiece, _ device: Affine2D
    ) -> Bool {
        let a = device.apply(to: piece.p0)
        let b = device.apply(to: piece.p1)
        let c = device.apply(to: piece.p2)
        let d = device.apply(to: piece.p3)
        return Swift.max(Swift.max(a.x, b.x), Swift.max(c.x, d.x)) >= region.minX
            && Swift.min(Swift.min(a.x, b.x), Swift.min(c.x, d.x)) <= region.maxX
            && Swift.max(Swift.max(a.y, b.y), Swift.max(c.y, d.y)) >= region.minY
            && Swift.min(Swift.min(a.y, b.y), Swift.min(c.y, d.y)) <= region.maxY
    }

    /// Whether every output corner lies within the pen radius of the piece's chord, less the piece's largest
    /// distance from it (its control points' distance bounds the curve's) and the tolerance: then the pen,
    /// moved along the chord or along the curve, covers the (convex) output.
    static func covers(_ piece: CurvePiece, _ limits: FlatteningLimits) -> Bool {
        guard limits.userPenRadius > 0 else { return false }
        let deviation = Swift.max(
            distance(piece.p1, fromSegment: piece.p0, piece.p3), distance(piece.p2, fromSegment: piece.p0, piece.p3))
        let reach = limits.userPenRadius - deviation - limits.tolerance
        guard reach > 0 else { return false }
        let corners = limits.outputCorners
        return distance(corners.0, fromSegment: piece.p0, piece.p3) <= reach
            && distance(corners.1, fromSegment: piece.p0, piece.p3) <= reach
            && distance(corners.2, fromSegment: piece.p0, piece.p3) <= reach
            && distance(corners.3, fromSegment: piece.p0, piece.p3) <= reach
    }

    /// The distance from `point` to the segment from `a` to `b`.
    static func distance(_ point: RasterPoint, fromSegment a: RasterPoint, _ b: RasterPoint) -> Double {
        let along = b - a
        let lengthSquared = dot(along, along)
        let t = lengthSquared > 0 ? Swift.min(Swift.max(dot(point - a, along) / lengthSquared, 0), 1) : 0
        return (point - (a + along * t)).length
    }

    /// The unit vector along the first of `a`, `b`, `c` longer than `epsilon` (`c` when none is).
    @inline(__always)
    static func direction(_ a: RasterPoint, _ b: RasterPoint, _ c: RasterPoint, _ epsilon: Double) -> RasterPoint {
        let limit = epsilon * epsilon
        let chosen = dot(a, a) > limit ? a : (dot(b, b) > limit ? b : c)
        return chosen * (1 / chosen.length)
    }

    /// Whether the inner control points lie within the tolerance of the chord's line. A piece whose ends
    /// (nearly) coincide is flat when its control points are that close to its start.
    @inline(__always)
    static func isFlat(_ piece: CurvePiece, _ limits: FlatteningLimits) -> Bool {
        let chord = piece.p3 - piece.p0
        let chordSquared = dot(chord, chord)
        let tolerance = limits.tolerance
        if chordSquared <= limits.epsilon * limits.epsilon {
            let a = piece.p1 - piece.p0
            let b = piece.p2 - piece.p0
            return Swift.max(dot(a, a), dot(b, b)) <= tolerance * tolerance
        }
        let d1 = cross(piece.p1 - piece.p0, chord)
        let d2 = cross(piece.p2 - piece.p0, chord)
        return Swift.max(d1 * d1, d2 * d2) <= tolerance * tolerance * chordSquared
    }

    /// Whether every pair of the piece's control-polygon edges longer than the epsilon points within the largest
    /// turn of each other.
    @inline(__always)
    static func isNarrow(_ piece: CurvePiece, _ limits: FlatteningLimits) -> Bool {
        let e0 = piece.p1 - piece.p0
        let e1 = piece.p2 - piece.p1
        let e2 = piece.p3 - piece.p2
        let limit = limits.epsilon * limits.epsilon
        let l0 = dot(e0, e0)
        let l1 = dot(e1, e1)
        let l2 = dot(e2, e2)
        let cosine = limits.cosMaxTurn
        let cosineSquared = cosine * cosine
        @inline(__always)
        func close(_ a: RasterPoint, _ la: Double, _ b: RasterPoint, _ lb: Double) -> Bool {
            guard la > limit, lb > limit else { return true }
            let d = dot(a, b)
            return d > 0 && d * d >= cosineSquared * la * lb
        }
        return close(e0, l0, e1, l1) && close(e1, l1, e2, l2) && close(e0, l0, e2, l2)
    }
}
