/// Turns paths into the outline of their stroke: for filling with ``ScanConverter`` (edges handed over directly)
/// or as a ``RasterPath``, and dashed centre lines as paths.
///
/// ## Method
/// 1. **Flatten in user space.** Each subpath is reduced to a polyline whose vertices carry the true tangent
///    directions of the path (see `Stroker+Flattening.swift`). Curves are split until both the centre line is
///    within half the tolerance of the curve *and* the tangent turns by at most `2·acos(1 − (tolerance/2)/r)`
///    per step (`r` the pen radius), which keeps the *offset* curves within tolerance too; a wide pen therefore
///    flattens a curve more finely than a thin one. The tolerance is the device tolerance divided by the largest
///    stretch of the transform, so it holds in device pixels.
/// 2. **Dash** (optional) along the arc length of that polyline; dashes run through corners, and on a closed
///    subpath the dash that crosses the start point is drawn as one piece with a join there.
/// 3. **Offset.** Each piece becomes closed contours in user space — left side forward, end cap, right side
///    backward, start cap; or two loops for a closed subpath — which the transform maps to the device. Because
///    the outline is built before the transform, a transform that scales unevenly turns the round pen into an
///    ellipse, as stroking in user space requires.
///
/// ## Why the outline fills correctly with the nonzero rule
/// Every contour the stroker emits is, edge for edge, the sum of simple pieces that are all wound the same way:
/// one quadrilateral per side per step (centre line to offset), one wedge per outer corner, the caps. Shared
/// edges cancel in that sum, which is why they need not be emitted. Two places need care:
/// - on the inner side of a corner the outline goes through the corner point ("pivot"), which keeps it equal to
///   the sum; when both neighbouring segments are straight and long enough the overlap is cut off at the point
///   where the inner edges meet instead, which is exact and avoids doubly covered boundary pixels;
/// - where the pen is wider than the curve is tight, a step's quadrilateral crosses itself and its far lobe is
///   wound backwards; the stroker adds that lobe twice more, so it counts forward. Holes inside thick strokes of
///   tight curves are therefore impossible.
/// The union is then the set of points with winding ≥ 1, exactly what ``FillRule/nonZero`` paints. Overlaps
/// inside the stroke cost nothing; where two pieces' edges overlap inside one boundary pixel the scan converter
/// evaluates that row exactly (see ``ScanConverter``), up to its per-row limit of stored edge pieces.
///
/// ## Shapes
/// Round caps and joins are polygons whose vertices lie slightly outside the circle, so that the polygon's error
/// is split evenly in and out and stays within the tolerance. When the output region is known (the clip when
/// drawing, `precise` for an outline) that holds only where they can be seen there: elsewhere, and for a pen
/// that covers the whole region, they are cut into quarter-turn chords. One stroke takes at most 2²⁰ precise arc
/// steps; the arcs after that are cut coarsely too. A dashed stroke is flattened everywhere (its dashes are laid
/// out along the flattened length), and then each dash keeps only the smooth vertices whose stretch can reach the
/// region (see `OutlineBuilder+Coarsening.swift`). When drawing, a piece whose outline holds the whole clip is
/// drawn as a square round it and ends the stroke (see `OutlineBuilder+Covering.swift`). A cusp inside a curve
/// (where its direction flips) is drawn with a round join whatever the join style, so the stroke there is the set
/// of points within half the width of the curve. Segments of zero length are dropped; a subpath that has segments but no length draws
/// a dot with round caps, a square with square caps (aligned with the x axis) and nothing with butt caps. A
/// subpath holding only a move draws nothing.
///
/// ## Bad input
/// A point that is NaN or infinite, or that the transform maps beyond ``ScanConverter/coordinateLimit``, is
/// dropped as the scan converter drops it: the segment ending there is skipped, and a move there ends the
/// subpath. Nothing non-finite reaches the output.
///
/// A stroker keeps its scratch buffers; reuse one per thread and stroking allocates nothing once they have
/// grown.
@_spi(Engine) public struct Stroker: Sendable {
    /// The tolerance of ``outline(of:style:transform:tolerance:precise:)`` and ``dashedPath(_:lengths:phase:transform:tolerance:)``
    /// when none is given: 1/256 of a unit of the output space.
    @_spi(Engine) public static let defaultPathTolerance = 1.0 / 256

    /// Vertices of the subpath being stroked (user space; device space for hairlines after mapping).
    var vertices: [StrokeVertex] = []
    /// The dash being assembled.
    var dashRun: [StrokeVertex] = []
    /// The first dash of a closed subpath, kept until the last dash can be joined to it.
    var firstDash: [StrokeVertex] = []
    /// Pattern entries the current stroke may still walk through before its remaining subpaths are drawn solid.
    var dashEntriesLeft = 0
    /// Curve pieces the current stroke may still split (see ``maximumCurveSplits``).
    var splitsLeft = 0

    /// Creates a stroker with empty scratch buffers.
    @_spi(Engine) public init() {}

    /// Adds the edges of `path`'s stroke, mapped by `transform` into device pixels, to a shape `converter` is
    /// building (between its `begin(clip:)` and `finish(rule:into:)`), to be resolved with ``FillRule/nonZero``.
    ///
    /// Curves and round shapes are flattened to `tolerance` (device pixels; nil: the converter's
    /// ``ScanConverter/tolerance``). Nothing is added for a style that draws nothing or a transform that is not
    /// finite; a hairline also needs an invertible transform.
    @_spi(Engine) public mutating func addStroke(
        of path: RasterPath, style: StrokeStyle, transform: Affine2D = .identity, tolerance: Double? = nil,
        to converter: inout ScanConverter
    ) {
        guard !converter.clip.isEmpty else { return }
        var receiver = EdgeReceiver()
        swap(&receiver.converter, &converter)
        defer { swap(&receiver.converter, &converter) }
        let tolerance = tolerance ?? receiver.converter.tolerance
        let clip = receiver.converter.clip
        run(
            path, style: style, transform: transform, tolerance: tolerance, cull: clip, precise: clip,
            receiver: &receiver)
    }

    /// Rasterizes the stroke of `path` (mapped by `transform` into device pixels) into `mask`, clipped to `clip`,
    /// using `converter` for the scan conversion, flattened to `tolerance` (nil: the converter's).
    @_spi(Engine) public mutating func stroke(
        _ path: RasterPath, style: StrokeStyle, transform: Affine2D = .identity, clip: PixelRect,
        tolerance: Double? = nil, converter: inout ScanConverter, into mask: inout CoverageMask
    ) {
        converter.begin(clip: clip)
        addStroke(of: path, style: style, transform: transform, tolerance: tolerance, to: &converter)
        converter.finish(rule: .nonZero, into: &mask)
    }

    /// The outline of `path`'s stroke as a path in the space `transform` maps to, to be filled with the nonzero
    /// rule.
    ///
    /// The path is stroked in its own coordinates and the outline is then mapped by `transform`, so lengths in
    /// `style` are measured before the transform. The outline is made of straight lines within `tolerance` units
    /// of the output space of the exact outline. It has overlapping and self-intersecting contours (see the
    /// type's documentation); filled with the nonzero rule it covers exactly the stroke. A hairline style
    /// strokes one output unit wide.
    ///
    /// When `precise` is given (output space, typically the pixels of the context the outline will be filled in),
    /// curves are flattened to `tolerance` only where their outline can reach it; elsewhere a curve piece becomes
    /// one straight step, so a curve far larger than that region costs little. Round caps and joins are likewise
    /// precise only where they can reach it. Without it each curve is cut into
    /// at most 2¹⁶ steps (`maximumUnboundedCurveDepth`), beyond which the tolerance is no longer guaranteed.
    @_spi(Engine) public mutating func outline(
        of path: RasterPath, style: StrokeStyle, transform: Affine2D = .identity,
        tolerance: Double = Stroker.defaultPathTolerance, precise: PixelRect? = nil
    ) -> RasterPath {
        var receiver = PathReceiver()
        run(
            path, style: style, transform: transform, tolerance: tolerance, cull: nil, precise: precise,
            receiver: &receiver)
        return receiver.path
    }

    /// The dashes of `path` as open subpaths (straight lines within `tolerance` of the curves), mapped by
    /// `transform`; a closed subpath that is "on" all the way round stays closed. Lengths and phase are measured
    /// before the transform. A zero-length dash becomes a move and a line to the same point, so that stroking
    /// the result with round or square caps still draws it. When `lengths` describes a solid line (see
    /// ``StrokeStyle``) the result is `path` mapped by `transform`, curves included.
    @_spi(Engine) public mutating func dashedPath(
        _ path: RasterPath, lengths: [Double], phase: Double, transform: Affine2D = .identity,
        tolerance: Double = Stroker.defaultPathTolerance
    ) -> RasterPath {
        guard let pattern = DashPattern(lengths: lengths, phase: phase) else {
            return Self.mapped(path, by: transform)
        }
        guard let limits = FlatteningLimits(transform: transform, tolerance: tolerance, penRadius: 0) else {
            return RasterPath()
        }
        var consumer = DashedPathBuilder(transform: transform)
        process(path, limits: limits, pattern: pattern, consumer: &consumer)
        return consumer.path
    }

    /// Runs the whole pipeline for one stroke into `receiver`. Pieces of the stroke that lie entirely outside
    /// `cull` (device pixels), when given, are left out; curves are flattened precisely only where they can reach
    /// `precise` (see ``FlatteningLimits``).
    mutating func run<Receiver: OutlineReceiver>(
        _ path: RasterPath, style: StrokeStyle, transform: Affine2D, tolerance rawTolerance: Double,
        cull: PixelRect?, precise: PixelRect?, receiver: inout Receiver
    ) {
        guard style.drawsAnything, transform.isFinite, !path.isEmpty else { return }
        let tolerance = rawTolerance > 0 && rawTolerance.isFinite ? rawTolerance : ScanConverter.defaultTolerance
        var pattern = DashPattern(lengths: style.dashLengths, phase: style.dashPhase)
        // Round caps and joins are precise only where they can be seen, dashed or not.
        let detail = precise
        // Dashes are laid out along the flattened length, which coarse pieces would change for the rest of the
        // subpath: dashed strokes are flattened everywhere (at most 2¹⁶ steps per curve).
        let precise = pattern == nil ? precise : nil
        let hairline = style.isHairline
        if hairline {
            // The pen lives in device space: flatten and dash in user space, then map the polylines to the
            // device and offset them there by half a pixel.
            guard transform.determinant != 0, transform.determinant.isFinite else { return }
            pattern?.mergeGap = 0
            guard
                let limits = FlatteningLimits(
                    transform: transform, tolerance: tolerance, penRadius: 0.5, cull: precise, penReach: (0.75, 0.75))
            else {
                return
            }
            var builder = OutlineBuilder<Receiver>(
                style: style, halfWidth: 0.5, output: .identity, deviceMap: transform, tolerance: tolerance,
                cull: cull, detail: detail)
            builder.coarsensRuns = pattern != nil
            swap(&builder.receiver, &receiver)
            process(path, limits: limits, pattern: pattern, consumer: &builder)
            swap(&builder.receiver, &receiver)
            return
        }
        let halfWidth = style.width / 2
        let stretch = Self.largestStretch(of: transform)
        guard stretch > 0, stretch.isFinite else { return }
        // A pen wider than a billion device pixels is drawn as if it were that wide, so that no offset point can
        // overflow the converter's coordinate range.
        let radius = Swift.min(halfWidth, 1e9 / stretch)
        guard radius > 0 else { return }
        // Dashes that touch are one piece; with square caps so are dashes whose caps meet (exact along straight
        // parts), which keeps overlapping caps from darkening the edges.
        pattern?.mergeGap = style.cap == .square ? 2 * radius : 0
        guard
            let limits = FlatteningLimits(
                transform: transform, tolerance: tolerance, penRadius: radius * stretch, cull: precise,
                penReach: Self.penReach(radius: radius, transform: transform), userPenRadius: radius,
                squareDashCaps: pattern != nil && style.cap == .square)
        else { return }
        var builder = OutlineBuilder<Receiver>(
            style: style, halfWidth: radius, output: transform, deviceMap: nil, tolerance: tolerance / stretch,
            cull: cull, detail: detail)
        builder.coarsensRuns = pattern != nil
        // The receiver moves into the builder and back, so that a converter's buffers are never shared (and
        // therefore never copied) while edges are appended.
        swap(&builder.receiver, &receiver)
        process(path, limits: limits, pattern: pattern, consumer: &builder)
        swap(&builder.receiver, &receiver)
    }

    /// How far the outline of a piece of curve taken as one step can reach from the piece along device x and y:
    /// the bounding box of the pen (a circle of `radius` mapped by `transform`), times √2 for a square cap of a
    /// dash ending inside it. Joins at the path's own corners are not counted: taking a piece as one step keeps
    /// their tangents, so they are drawn the same either way.
    static func penReach(radius: Double, transform: Affine2D) -> (x: Double, y: Double) {
        let factor = radius * 2.0.squareRoot()
        return (
            factor * (transform.a * transform.a + transform.c * transform.c).squareRoot(),
            factor * (transform.b * transform.b + transform.d * transform.d).squareRoot()
        )
    }

    /// The largest factor by which the linear part of `transform` stretches a vector: its largest singular
    /// value, `√(s + √(s² − det²))` with `s = (a² + b² + c² + d²)/2`.
    static func largestStretch(of transform: Affine2D) -> Double {
        let s =
            (transform.a * transform.a + transform.b * transform.b + transform.c * transform.c
                + transform.d * transform.d) / 2
        let det = transform.determinant
        return (s + Swift.max(0, s * s - det * det).squareRoot()).squareRoot()
    }

    /// `path` with every point mapped by `transform` (curves stay curves).
    static func mapped(_ path: RasterPath, by transform: Affine2D) -> RasterPath {
        var result = RasterPath()
        result.reserveCapacity(verbs: path.verbs.count, points: path.points.count)
        var index = 0
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move: result.move(to: transform.apply(to: points[index]))
            case .line: result.line(to: transform.apply(to: points[index]))
            case .quadratic:
                result.quadCurve(
                    to: transform.apply(to: points[index + 1]), control: transform.apply(to: points[index]))
            case .cubic:
                result.curve(
                    to: transform.apply(to: points[index + 2]), control1: transform.apply(to: points[index]),
                    control2: transform.apply(to: points[index + 1]))
            case .close: result.close()
            }
            index += verb.pointCount
        }
        return result
    }
}

// MARK: - Receivers

/// Where an outline goes: closed contours given point by point, in output (device) coordinates.
protocol OutlineReceiver {
    /// An empty receiver (a placeholder while the real one is lent out).
    init()
    /// Starts a contour at `point`.
    mutating func moveTo(_ point: RasterPoint)
    /// Adds a straight edge from the current point to `point`.
    mutating func lineTo(_ point: RasterPoint)
    /// Ends the contour with a straight edge back to its first point.
    mutating func closeContour()
}

/// Feeds outline edges straight into a ``ScanConverter`` (which it holds only for the duration of a stroke).
struct EdgeReceiver: OutlineReceiver {
    var converter = ScanConverter()
    var start = RasterPoint.zero
    var current = RasterPoint.zero

    @inline(__always)
    mutating func moveTo(_ point: RasterPoint) {
        start = point
        current = point
    }

    @inline(__always)
    mutating func lineTo(_ point: RasterPoint) {
        converter.addLine(from: current, to: point)
        current = point
    }

    @inline(__always)
    mutating func closeContour() {
        converter.addLine(from: current, to: start)
        current = start
    }
}

/// Collects an outline as a ``RasterPath``.
struct PathReceiver: OutlineReceiver {
    var path = RasterPath()

    mutating func moveTo(_ point: RasterPoint) { path.move(to: point) }
    mutating func lineTo(_ point: RasterPoint) { path.line(to: point) }
    mutating func closeContour() { path.close() }
}
