/// Adaptive flattening of Bézier curves into straight edges.
///
/// ## The bound
/// For a polynomial curve `P(t)` of degree `n` with control points `P₀ … Pₙ`, the polyline through
/// `P(0), P(1/k), …, P(1)` stays within
///
///     n(n − 1)/8 · M / k²,   M = max over i of |Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂|
///
/// of the curve (Wang's bound). It follows from the error of linear interpolation on an interval of length
/// `1/k`, which is at most `(1/k)²/8 · max|P''|`, together with `|P''(t)| ≤ n(n − 1)·M` because `P''` is a
/// Bézier curve of degree `n − 2` whose control points are `n(n − 1)(Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂)` and lies in their
/// convex hull. Choosing
///
///     k = ⌈√(n(n − 1)·M / (8·tolerance))⌉
///
/// (`√(M / (4·tolerance))` for quadratics, `√(3M / (4·tolerance))` for cubics) keeps every point of the
/// polyline within `tolerance` device pixels of the curve. The bound is conservative near inflections and
/// tight on arcs; the segments are equal steps in `t`, evaluated directly (no forward differencing, so no
/// drift), and the last point is the exact end point.
///
/// Control points are transformed to device space before flattening: an affine map sends a Bézier curve to
/// the Bézier curve of the mapped control points, so the tolerance is in device pixels whatever the transform.
///
/// ## Clipping
/// A curve whose control polygon lies entirely above, below or right of the clip is skipped, and one entirely
/// left of it is replaced by its chord (only the vertical extent of an edge left of the clip matters, and
/// the chord has the same end points). A curve that would need more than 64 segments and is not entirely
/// inside the clip is split in half and each half tested again, so a huge curve costs segments only where it
/// crosses the clip.
extension ScanConverter {
    /// Segment count above which a curve partly outside the clip is split before flattening.
    static let splitThreshold = 64.0
    /// Deepest subdivision of a curve crossing the clip (each level halves the parameter range).
    static let maximumSplitDepth = 40
    /// Most segments one curve piece is ever flattened into.
    static let maximumSegments = 1 << 16

    /// Adds a quadratic Bézier edge from `start` through `control` to `end`, all in device pixels.
    @_spi(Engine) public mutating func addQuadratic(from start: RasterPoint, control: RasterPoint, to end: RasterPoint)
    {
        guard Self.isUsable(start), Self.isUsable(control), Self.isUsable(end), !clip.isEmpty else { return }
        flattenQuadratic(start, control, end, depth: 0)
    }

    /// Adds a cubic Bézier edge from `start` through `control1` and `control2` to `end`, all in device pixels.
    @_spi(Engine) public mutating func addCubic(
        from start: RasterPoint, control1: RasterPoint, control2: RasterPoint, to end: RasterPoint
    ) {
        guard Self.isUsable(start), Self.isUsable(control1), Self.isUsable(control2), Self.isUsable(end),
            !clip.isEmpty
        else { return }
        flattenCubic(start, control1, control2, end, depth: 0)
    }

    /// Where a curve's control polygon lies relative to the clip.
    enum CurvePlacement {
        case outside
        case left
        case inside
        case crossing
    }

    @inline(__always)
    func placement(minX: Double, maxX: Double, minY: Double, maxY: Double) -> CurvePlacement {
        let left = Double(clip.x)
        let top = Double(clip.y)
        let right = left + clipWidth
        let bottom = top + clipHeight
        if maxY <= top || minY >= bottom || minX >= right { return .outside }
        if maxX <= left { return .left }
        if minX >= left && maxX <= right && minY >= top && maxY <= bottom { return .inside }
        return .crossing
    }

    /// The number of segments that keeps the polyline within ``tolerance``, before clamping.
    @inline(__always)
    func segmentCount(factor: Double, secondDifference: Double) -> Double {
        (factor * secondDifference / tolerance).squareRoot().rounded(.up)
    }

    /// `count` as a usable segment count: at least 1, at most ``maximumSegments`` (also for infinity/NaN).
    @inline(__always)
    static func clampedSegments(_ count: Double) -> Int {
        count >= 1 ? Int(Swift.min(count, Double(maximumSegments))) : (count.isNaN ? maximumSegments : 1)
    }

    mutating func flattenQuadratic(_ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, depth: Int) {
        let where_ = placement(
            minX: Swift.min(p0.x, p1.x, p2.x), maxX: Swift.max(p0.x, p1.x, p2.x),
            minY: Swift.min(p0.y, p1.y, p2.y), maxY: Swift.max(p0.y, p1.y, p2.y))
        switch where_ {
        case .outside:
            if Swift.min(p0.x, p1.x, p2.x) >= Double(clip.x) + clipWidth { reachesRight = true }
            return
        case .left:
            addLine(from: p0, to: p2)
            return
        case .inside, .crossing:
            break
        }
        let m = (p0 - p1 * 2 + p2).length
        let count = segmentCount(factor: 0.25, secondDifference: m)
        if count > Self.splitThreshold && where_ == .crossing && depth < Self.maximumSplitDepth {
            let q0 = p0.interpolated(to: p1, by: 0.5)
            let q1 = p1.interpolated(to: p2, by: 0.5)
            let middle = q0.interpolated(to: q1, by: 0.5)
            flattenQuadratic(p0, q0, middle, depth: depth + 1)
            flattenQuadratic(middle, q1, p2, depth: depth + 1)
            return
        }
        let segments = Self.clampedSegments(count)
        guard segments > 1 else {
            addLine(from: p0, to: p2)
            return
        }
        // P(t) = p0 + t·(b + t·a) with a = p0 − 2p1 + p2, b = 2(p1 − p0).
        let a = p0 - p1 * 2 + p2
        let b = (p1 - p0) * 2
        let step = 1 / Double(segments)
        var previous = p0
        for index in 1..<segments {
            let t = Double(index) * step
            let point = RasterPoint(x: p0.x + t * (b.x + t * a.x), y: p0.y + t * (b.y + t * a.y))
            addLine(from: previous, to: point)
            previous = point
        }
        addLine(from: previous, to: p2)
    }

    mutating func flattenCubic(
        _ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint, depth: Int
    ) {
        let lowX = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let where_ = placement(
            minX: lowX, maxX: Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x)),
            minY: Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y)),
            maxY: Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y)))
        switch where_ {
        case .outside:
            if lowX >= Double(clip.x) + clipWidth { reachesRight = true }
            return
        case .left:
            addLine(from: p0, to: p3)
            return
        case .inside, .crossing:
            break
        }
        let m = Swift.max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        let count = segmentCount(factor: 0.75, secondDifference: m)
        if count > Self.splitThreshold && where_ == .crossing && depth < Self.maximumSplitDepth {
            // de Casteljau at t = 1/2.
            let q0 = p0.interpolated(to: p1, by: 0.5)
            let q1 = p1.interpolated(to: p2, by: 0.5)
            let q2 = p2.interpolated(to: p3, by: 0.5)
            let r0 = q0.interpolated(to: q1, by: 0.5)
            let r1 = q1.interpolated(to: q2, by: 0.5)
            let middle = r0.interpolated(to: r1, by: 0.5)
            flattenCubic(p0, q0, r0, middle, depth: depth + 1)
            flattenCubic(middle, r1, q2, p3, depth: depth + 1)
            return
        }
        let segments = Self.clampedSegments(count)
        guard segments > 1 else {
            addLine(from: p0, to: p3)
            return
        }
        // P(t) = p0 + t·(c + t·(b + t·a)) with a = p3 − 3p2 + 3p1 − p0, b = 3(p2 − 2p1 + p0), c = 3(p1 − p0).
        let a = p3 - p2 * 3 + p1 * 3 - p0
        let b = (p2 - p1 * 2 + p0) * 3
        let c = (p1 - p0) * 3
        let step = 1 / Double(segments)
        var previous = p0
        for index in 1..<segments {
            let t = Double(index) * step
            let point = RasterPoint(
                x: p0.x + t * (c.x + t * (b.x + t * a.x)),
                y: p0.y + t * (c.y + t * (b.y + t * a.y)))
            addLine(from: previous, to: point)
            previous = point
        }
        addLine(from: previous, to: p3)
    }
}
