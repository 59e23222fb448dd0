// Dashed strokes are flattened everywhere (dashes are laid out along the flattened length), so a dash can hold up to
// 2¹⁸ fine steps of which the output sees a few. Where a stretch of a run cannot reach the output its smooth
// vertices are dropped before the outline is built: the outline of the stretch, fine or coarse, lies within the
// pen radius of the stretch's points, so the region between the two outlines (the only place where the winding
// differs) lies outside the output.

extension OutlineBuilder {
    /// Moves the vertices of `run` worth keeping to its front and returns how many there are: its ends, its
    /// corners, and the smooth vertices of the stretches whose outline may reach the ``precise`` region. A stretch
    /// between two kept vertices whose points' bounding box, grown by the pen ``radius`` and mapped to the output,
    /// stays clear of the region keeps no vertex inside it (its sides and lobes lie within the radius of its
    /// points; joins and caps belong to the kept vertices and are the same either way). A closed run keeps its
    /// second and last-but-one vertices too (its loops start halfway along its first step). Without a region, or
    /// for a run of four vertices or fewer, nothing is dropped.
    func coarsened(_ run: UnsafeMutableBufferPointer<StrokeVertex>, closed: Bool) -> Int {
        let count = run.count
        guard let precise, count > 4 else { return count }
        // The box of the stretch from the last kept vertex through the dropped ones.
        var low = run[0].point
        var high = low
        var kept = 1
        for index in 1..<(count - 1) {
            let vertex = run[index]
            let next = run[index + 1].point
            let pinned = closed && (index == 1 || index == count - 2)
            if vertex.kind == .smooth && !pinned {
                let stretchLow = RasterPoint(
                    x: Swift.min(low.x, vertex.point.x, next.x), y: Swift.min(low.y, vertex.point.y, next.y))
                let stretchHigh = RasterPoint(
                    x: Swift.max(high.x, vertex.point.x, next.x), y: Swift.max(high.y, vertex.point.y, next.y))
                if !mayReach(precise, low: stretchLow, high: stretchHigh, within: radius) {
                    low = RasterPoint(x: Swift.min(low.x, vertex.point.x), y: Swift.min(low.y, vertex.point.y))
                    high = RasterPoint(x: Swift.max(high.x, vertex.point.x), y: Swift.max(high.y, vertex.point.y))
                    continue
                }
            }
            run[kept] = vertex
            kept += 1
            low = vertex.point
            high = low
        }
        run[kept] = run[count - 1]
        return kept + 1
    }
}
