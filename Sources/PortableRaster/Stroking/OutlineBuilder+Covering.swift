#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// A drawn stroke whose pen is far wider than the output can paint every output pixel with one run, and then cost
// as much again for each later run without changing a pixel: a dashed circle whose pen holds the picture is cut
// into 2¹⁸ steps, each step's lobe crossing every row. Such a run is drawn as a square round the output instead, and
// the stroke ends there. The pixels are those of the whole stroke: all 255.

extension OutlineBuilder {
    /// Whether the outline of `run` covers the whole circle `detail` (stroking space; it holds the cull rectangle
    /// and a pixel round it).
    ///
    /// The outline holds every point within `r·c` of the polyline, `r` the pen radius and `c` the least cosine of
    /// these angles: between each step's chord and the tangents at its ends (a side runs from offset point to
    /// offset point along the vertices' normals, so it leans in by that much); half the turn at each corner (a
    /// bevel, which every join contains, cuts a corner at `r·cos(turn/2)`); and π/4 at the ends of an open run
    /// with round caps (the part of the cap's disc its coarsest chords always cover). With butt caps the ends add
    /// nothing: the circle must then lie ahead of the start's normal line and behind the end's when it is near
    /// them. Pieces wider than the curve is tight count as well, since the stroker winds every piece the same way
    /// (see ``Stroker``). So the circle is covered when its centre lies within `r·c` less its own radius of one
    /// step.
    func covers(
        _ detail: (center: RasterPoint, radius: Double), _ run: UnsafeBufferPointer<StrokeVertex>, closed: Bool
    ) -> Bool {
        guard detail.radius < radius else { return false }
        let center = detail.center
        let first = run[0]
        let last = run[run.count - 1]
        guard run.count > 1 else {
            // A dot: both caps round one point.
            let reach: Double
            switch cap {
            case .butt: return false
            case .round: reach = radius * cos(Self.coarseArcStep / 2)
            case .square: reach = radius
            }
            return (center - first.point).length + detail.radius <= reach
        }
        var cosine = !closed && cap == .round ? cos(Self.coarseArcStep / 2) : 1
        for index in 1..<run.count {
            let start = run[index - 1]
            let end = run[index]
            let delta = end.point - start.point
            let length = delta.length
            if length > 0 {
                let direction = delta * (1 / length)
                cosine = Swift.min(
                    cosine, Stroker.dot(direction, start.tangentOut), Stroker.dot(direction, end.tangentIn))
            }
            if end.kind != .smooth && (closed || index < run.count - 1) {
                // cos(turn/2) = √((1 + cos turn) / 2).
                cosine = Swift.min(cosine, ((1 + Stroker.dot(end.tangentIn, end.tangentOut)) / 2).squareRoot())
            }
            guard cosine > 0 else { return false }
        }
        let reach = radius * cosine - detail.radius
        guard reach > 0 else { return false }
        if !closed && cap == .butt {
            // Near an end, only the side of its normal line the stroke lies on is painted.
            let nearStart = (center - first.point).length < radius + detail.radius
            let nearEnd = (center - last.point).length < radius + detail.radius
            if nearStart && Stroker.dot(center - first.point, first.tangentOut) < detail.radius { return false }
            if nearEnd && Stroker.dot(last.point - center, last.tangentIn) < detail.radius { return false }
        }
        for index in 1..<run.count
        where Stroker.distance(center, fromSegment: run[index - 1].point, run[index].point) <= reach {
            return true
        }
        return false
    }

    /// The square round `detail` as one contour, wound like the outline's pieces (clockwise with y up), so that it
    /// adds to their winding: every pixel of the cull rectangle inside it is fully painted.
    mutating func emitSquare(around detail: (center: RasterPoint, radius: Double)) {
        let (center, half) = (detail.center, detail.radius)
        move(RasterPoint(x: center.x - half, y: center.y + half))
        line(RasterPoint(x: center.x + half, y: center.y + half))
        line(RasterPoint(x: center.x + half, y: center.y - half))
        line(RasterPoint(x: center.x - half, y: center.y - half))
        close()
    }
}
