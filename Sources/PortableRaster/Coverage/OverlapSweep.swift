/// Plain pointers into ``OverlapColumns`` for the exact evaluation of one row of edges (our helper; the method is
/// described on ``OverlapScratch``).
///
/// Valid only while its columns and `edges` are alive and unchanged: it is made and used inside
/// ``OverlapScratch/evaluateEdges(row:_:_:_:)``. Every index it takes is an edge index below `edges.count` or a
/// slot of `order` below the number of active edges, which is at most `edges.count`; the asserts say so in debug
/// builds.
struct OverlapSweep {
    let edges: UnsafeBufferPointer<RowEdge>
    /// `2 × edges.count + 1` heights.
    let heights: UnsafeMutablePointer<Float>
    let byTop: UnsafeMutablePointer<EdgeKey>
    let order: UnsafeMutablePointer<EdgeKey>
    let xTop: UnsafeMutablePointer<Float>
    let xBottom: UnsafeMutablePointer<Float>
    let pendingTop: UnsafeMutablePointer<Float>
    let pendingBottom: UnsafeMutablePointer<Float>
    /// `Int32.min` where an edge extends no span.
    let pendingChange: UnsafeMutablePointer<Int32>

    private var count: Int { edges.count }

    /// Sorts the edges by the height they start at into `byTop`, clears their pending spans, and writes the distinct
    /// heights where edges start or end to `heights`, in increasing order. Returns how many there are (at most
    /// `2 × count`).
    ///
    /// Most pieces span the whole row, so the row's top and bottom (0 and 1) are noted apart and only the heights
    /// inside the row, kept from `heights[1]` on, are sorted.
    func collectHeights() -> Int {
        var inside = 0
        var atTop = false
        var atBottom = false
        func note(_ y: Float) {
            if y == 0 {
                atTop = true
            } else if y == 1 {
                atBottom = true
            } else {
                inside += 1
                assert(inside <= 2 * count, "more inside heights than edge ends")
                heights[inside] = y
            }
        }
        for index in 0..<count {
            note(edges[index].yTop)
            note(edges[index].yBottom)
            byTop[index] = EdgeKey(left: edges[index].yTop, index: Int32(index))
            pendingChange[index] = Int32.min
        }
        OverlapScratch.sort(UnsafeMutableBufferPointer(start: byTop, count: count))
        OverlapScratch.sort(UnsafeMutableBufferPointer(start: heights + 1, count: inside))
        var distinct = 0
        if atTop {
            heights[0] = 0
            distinct = 1
        }
        for index in 1..<(1 + inside) where distinct == 0 || heights[index] != heights[distinct - 1] {
            heights[distinct] = heights[index]
            distinct += 1
        }
        if atBottom {
            heights[distinct] = 1
            distinct += 1
        }
        return distinct
    }

    /// Walks the strips between the `distinct` heights top to bottom and appends to `spans` each edge's parts
    /// weighted by the change of `Rule` across it. Returns whether every weight was the edge's direction times one
    /// common sign (the row was a simple shape, and its ordinary accumulation stands).
    func sweep<Rule: WindingRule>(strips distinct: Int, _: Rule.Type, into spans: inout [WeightedSpan]) -> Bool {
        var walk = StripWalk()
        // The edges crossing the current strip stay in `order` in their left-to-right order from the strip before
        // (so sorting them again is nearly free).
        var active = 0
        var started = 0
        for strip in 0..<Swift.max(distinct - 1, 0) {
            var top = heights[strip]
            let stripBottom = heights[strip + 1]
            var kept = 0
            for slot in 0..<active where edges[Int(order[slot].index)].yBottom > top {
                order[kept] = order[slot]
                kept += 1
            }
            active = kept
            while started < count && byTop[started].left <= top {
                order[active] = byTop[started]
                active += 1
                started += 1
            }
            assert(active <= count, "more active edges than edges")
            while top < stripBottom {
                let bottom = orderActive(active, top: top, bottom: stripBottom)
                walkActive(active, top: top, bottom: bottom, Rule.self, &walk, &spans)
                top = bottom
            }
        }
        for index in 0..<count { flush(index, into: &spans) }
        return walk.simple
    }

    /// Sorts the first `active` slots of `order` by x in the strip from `top` to `bottom`, leaving each edge's x
    /// at the top and bottom in `xTop` and `xBottom`. Where two neighbours are ordered differently at the top and
    /// the bottom they cross: the strip then ends at the highest such crossing and is sorted again (eight times
    /// at most; crossings closer than that are left to the tolerance). Returns where the strip ends.
    private func orderActive(_ active: Int, top: Float, bottom stripBottom: Float) -> Float {
        var bottom = stripBottom
        var splits = 0
        while true {
            for slot in 0..<active {
                let index = Int(order[slot].index)
                assert(index < count, "an edge index past the row's edges")
                let edge = edges[index]
                xTop[index] = edge.x(at: top)
                xBottom[index] = edge.x(at: bottom)
                order[slot].left = xTop[index] + xBottom[index]
            }
            OverlapScratch.sort(UnsafeMutableBufferPointer(start: order, count: active))
            var split = bottom
            for slot in 0..<Swift.max(active - 1, 0) {
                let a = Int(order[slot].index)
                let b = Int(order[slot + 1].index)
                let gapTop = xTop[b] - xTop[a]
                let gapBottom = xBottom[b] - xBottom[a]
                let tolerance = OverlapScratch.tolerance(xTop[a])
                if (gapTop < -tolerance && gapBottom > 0) || (gapBottom < -tolerance && gapTop > 0) {
                    let y = top + (bottom - top) * (gapTop / (gapTop - gapBottom))
                    if y > top && y < split { split = y }
                }
            }
            if split >= bottom || splits == 8 { return bottom }
            bottom = split
            splits += 1
        }
    }

    /// What the walk across the strips has found so far.
    private struct StripWalk {
        /// Whether every weight so far was the edge's direction times `common`.
        var simple = true
        /// The last weight's ratio to its edge's direction: +1, −1, or 0 before the first.
        var common = 0
    }

    /// Walks the `active` ordered edges of the strip from `top` to `bottom` left to right: the rule's change across
    /// each edge extends that edge's pending span, or flushes it and starts another.
    private func walkActive<Rule: WindingRule>(
        _ active: Int, top: Float, bottom: Float, _: Rule.Type, _ walk: inout StripWalk,
        _ spans: inout [WeightedSpan]
    ) {
        var winding = 0
        for slot in 0..<active {
            let index = Int(order[slot].index)
            let direction = edges[index].direction
            let before = winding
            winding += direction
            let change = Rule.filled(winding) - Rule.filled(before)
            let ratio = change == direction ? 1 : (change == -direction ? -1 : 0)
            if ratio == 0 || (walk.common != 0 && ratio != walk.common) { walk.simple = false }
            walk.common = ratio
            if pendingChange[index] == Int32(change) && pendingBottom[index] == top {
                pendingBottom[index] = bottom
            } else {
                flush(index, into: &spans)
                pendingChange[index] = Int32(change)
                pendingTop[index] = top
                pendingBottom[index] = bottom
            }
        }
    }

    /// Ends the span edge `index` is extending, if any, appending it to `spans`.
    private func flush(_ index: Int, into spans: inout [WeightedSpan]) {
        let change = pendingChange[index]
        guard change != Int32.min else { return }
        spans.append(
            WeightedSpan(index: Int32(index), change: change, top: pendingTop[index], bottom: pendingBottom[index]))
        pendingChange[index] = Int32.min
    }

    /// What breaks the sweep's invariants after a row was evaluated, or an empty list: a span still pending, a
    /// span of an edge past the row's, or a span outside its row (`0 ≤ top < bottom ≤ 1`). The tests call it.
    func invariantViolations(spans: [WeightedSpan]) -> [String] {
        var violations: [String] = []
        for index in 0..<count where pendingChange[index] != Int32.min {
            violations.append("edge \(index) still extends a span")
        }
        for span in spans {
            if !(0..<Int32(count)).contains(span.index) { violations.append("span of edge \(span.index)") }
            if !(span.top >= 0 && span.top < span.bottom && span.bottom <= 1) {
                violations.append("span \(span.top)…\(span.bottom) of edge \(span.index)")
            }
        }
        return violations
    }
}
