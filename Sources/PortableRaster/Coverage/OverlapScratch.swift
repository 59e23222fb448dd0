/// Exact coverage for the rows area averaging cannot resolve.
///
/// ## Why area averaging can fail, and the fix
/// The accumulation computes, per pixel, the mean `w̄` of the winding number `W` over the pixel and then applies
/// the rule to `w̄`. That equals the mean of `rule(W)` whenever `W` takes, inside the pixel, only values on
/// which the rule is linear — two neighbouring integers, or (nonzero) only values ≥ 1. Inside one pixel that
/// fails where two edges of the same direction run side by side or on top of each other (winding 0 next to
/// 2: a doubled or retraced edge, a shape drawn twice, overlapping subpaths), or where edges cross (winding −1
/// next to +1). The accumulation keeps each row's first edge pieces and checks which windings meet in each pixel
/// (``RowPiece/isSimpleRow(_:count:keys:_:)``).
///
/// A row that fails the check is evaluated exactly here. The row is cut into strips at the heights where its edges start
/// or end; inside a strip every edge crossing it spans it, so sorting them by x and walking left to right gives
/// the winding just left of each, `W⁻`. (Edges that cross inside a strip split it at the crossing.) The exact
/// coverage of the rule is then the ordinary exact-area accumulation with each edge part weighted by the
/// change of the rule across it, `rule(W⁻ + direction) − rule(W⁻)` (0, +1 or −1), instead of its direction: a
/// second coincident edge of the same direction weighs 0 under nonzero and −1 under even-odd. Horizontal
/// edges need no treatment: they only change which edges cross which strip. When every weight is the edge's
/// direction times one common sign, the row was a simple shape after all and its ordinary accumulation stands.
///
/// The work is about `strips × edges` per row (a row of `n` edges has at most `2n` strips), so only rows
/// crossed by at most ``ScanConverter/storedPiecesPerRow`` edge pieces are checked and evaluated; busier rows —
/// typically deep inside wide strokes whose outline overlaps itself many times — keep the area-averaged
/// coverage. Storage is kept between calls.
struct OverlapScratch: Sendable {
    /// The row being evaluated.
    var edges: [RowEdge] = []
    var heights: [Float] = []
    var byTop: [EdgeKey] = []
    var order: [EdgeKey] = []
    var xTop: [Float] = []
    var xBottom: [Float] = []
    /// Per edge, the weighted span still being extended (`pendingChange` is `Int32.min` when none).
    var pendingTop: [Float] = []
    var pendingBottom: [Float] = []
    var pendingChange: [Int32] = []
    var spans: [WeightedSpan] = []

    init() {}

    /// Evaluates band row `row`, whose pieces are the `count` at `stored`, exactly under `Rule`.
    ///
    /// Returns `false` when the ordinary accumulation is already exact for the row (its cells are left as
    /// they are). Otherwise the row's cells hold, on return, the exact-area accumulation of the rule's coverage
    /// and the row is to be resolved with ``NonZeroWinding`` (which maps coverage in `0 ... 1` to itself).
    mutating func evaluate<Rule: WindingRule>(
        row: Int, stored: UnsafeMutablePointer<RowPiece>, count: Int, _ context: ScanConverter.BandContext,
        _ scratch: ScanConverter.RowScratch, _ rule: Rule.Type
    ) -> Bool {
        edges.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let piece = stored[index].geometry
            edges.append(
                RowEdge(
                    xTop: piece.x, xBottom: piece.y, yTop: piece.z, yBottom: piece.w, sign: stored[index].sign,
                    row: Int32(row)))
        }
        return evaluateEdges(row: row, context, scratch, Rule.self)
    }

    /// The exact evaluation of the row held in ``edges`` (see the type's documentation). Returns `false`, leaving
    /// the cells alone, when the row turns out to be a simple shape; otherwise replaces the row's accumulation.
    mutating func evaluateEdges<Rule: WindingRule>(
        row: Int, _ context: ScanConverter.BandContext, _ scratch: ScanConverter.RowScratch, _ rule: Rule.Type
    ) -> Bool {
        let count = edges.count
        guard count > 0 else { return false }
        Self.ensure(&heights, count: 2 * count + 1, filler: 0)
        Self.ensure(&order, count: count, filler: EdgeKey(left: 0, index: 0))
        Self.ensure(&byTop, count: count, filler: EdgeKey(left: 0, index: 0))
        Self.ensure(&xTop, count: count, filler: 0)
        Self.ensure(&xBottom, count: count, filler: 0)
        Self.ensure(&pendingTop, count: count, filler: 0)
        Self.ensure(&pendingBottom, count: count, filler: 0)
        Self.ensure(&pendingChange, count: count, filler: 0)
        spans.removeAll(keepingCapacity: true)
        var simple = true
        var common = 0
        edges.withUnsafeBufferPointer { edges in
            heights.withUnsafeMutableBufferPointer { heights in
                byTop.withUnsafeMutableBufferPointer { byTop in
                    order.withUnsafeMutableBufferPointer { order in
                        xTop.withUnsafeMutableBufferPointer { xTop in
                            xBottom.withUnsafeMutableBufferPointer { xBottom in
                                pendingTop.withUnsafeMutableBufferPointer { pendingTop in
                                    pendingBottom.withUnsafeMutableBufferPointer { pendingBottom in
                                        pendingChange.withUnsafeMutableBufferPointer { pendingChange in
                                            // The distinct heights where edges start or end, in order. Most pieces span the
                                            // whole row, so the row's top and bottom (0 and 1) are noted apart and only the
                                            // heights inside the row, kept from `heights[1]` on, are sorted.
                                            var inside = 0
                                            var atTop = false
                                            var atBottom = false
                                            @inline(__always)
                                            func note(_ y: Float) {
                                                if y == 0 {
                                                    atTop = true
                                                } else if y == 1 {
                                                    atBottom = true
                                                } else {
                                                    inside += 1
                                                    heights[inside] = y
                                                }
                                            }
                                            for index in 0..<count {
                                                note(edges[index].yTop)
                                                note(edges[index].yBottom)
                                                byTop[index] = EdgeKey(left: edges[index].yTop, index: Int32(index))
                                                pendingChange[index] = Int32.min
                                            }
                                            Self.sort(UnsafeMutableBufferPointer(rebasing: byTop[0..<count]))
                                            Self.sort(UnsafeMutableBufferPointer(rebasing: heights[1..<(1 + inside)]))
                                            var distinct = 0
                                            if atTop {
                                                heights[0] = 0
                                                distinct = 1
                                            }
                                            for index in 1..<(1 + inside)
                                            where distinct == 0 || heights[index] != heights[distinct - 1] {
                                                heights[distinct] = heights[index]
                                                distinct += 1
                                            }
                                            if atBottom {
                                                heights[distinct] = 1
                                                distinct += 1
                                            }
                                            @inline(__always)
                                            func flush(_ index: Int) {
                                                let change = pendingChange[index]
                                                guard change != Int32.min else { return }
                                                spans.append(
                                                    WeightedSpan(
                                                        index: Int32(index), change: change, top: pendingTop[index],
                                                        bottom: pendingBottom[index]))
                                                pendingChange[index] = Int32.min
                                            }
                                            // The edges crossing the current strip, kept in their left-to-right
                                            // order from the strip before (so re-sorting is nearly free).
                                            var active = 0
                                            var started = 0
                                            for strip in 0..<Swift.max(distinct - 1, 0) {
                                                var top = heights[strip]
                                                let stripBottom = heights[strip + 1]
                                                var kept = 0
                                                for slot in 0..<active where edges[Int(order[slot].index)].yBottom > top
                                                {
                                                    order[kept] = order[slot]
                                                    kept += 1
                                                }
                                                active = kept
                                                while started < count && byTop[started].left <= top {
                                                    order[active] = byTop[started]
                                                    active += 1
                                                    started += 1
                                                }
                                                while top < stripBottom {
                                                    var bottom = stripBottom
                                                    // Sort by x at the middle of the strip; where two neighbours are
                                                    // ordered differently at the top or the bottom they cross: end the
                                                    // strip at the highest such crossing and sort again (a few times at
                                                    // most: crossings closer than that are left to the tolerance).
                                                    var splits = 0
                                                    while true {
                                                        for slot in 0..<active {
                                                            let index = Int(order[slot].index)
                                                            let edge = edges[index]
                                                            xTop[index] = edge.x(at: top)
                                                            xBottom[index] = edge.x(at: bottom)
                                                            order[slot].left = xTop[index] + xBottom[index]
                                                        }
                                                        Self.sort(
                                                            UnsafeMutableBufferPointer(rebasing: order[0..<active]))
                                                        var split = bottom
                                                        var slot = 0
                                                        while slot + 1 < active {
                                                            let a = Int(order[slot].index)
                                                            let b = Int(order[slot + 1].index)
                                                            let gapTop = xTop[b] - xTop[a]
                                                            let gapBottom = xBottom[b] - xBottom[a]
                                                            let tolerance = Self.tolerance(xTop[a])
                                                            if (gapTop < -tolerance && gapBottom > 0)
                                                                || (gapBottom < -tolerance && gapTop > 0)
                                                            {
                                                                let y =
                                                                    top + (bottom - top)
                                                                    * (gapTop / (gapTop - gapBottom))
                                                                if y > top && y < split { split = y }
                                                            }
                                                            slot += 1
                                                        }
                                                        if split >= bottom || splits == 8 { break }
                                                        bottom = split
                                                        splits += 1
                                                    }
                                                    // Walk left to right: the rule's change across each edge.
                                                    var winding = 0
                                                    for slot in 0..<active {
                                                        let index = Int(order[slot].index)
                                                        let direction = edges[index].direction
                                                        let before = winding
                                                        winding += direction
                                                        let change = Rule.filled(winding) - Rule.filled(before)
                                                        let ratio =
                                                            change == direction ? 1 : (change == -direction ? -1 : 0)
                                                        if ratio == 0 || (common != 0 && ratio != common) {
                                                            simple = false
                                                        }
                                                        common = ratio
                                                        if pendingChange[index] == Int32(change)
                                                            && pendingBottom[index] == top
                                                        {
                                                            pendingBottom[index] = bottom
                                                        } else {
                                                            flush(index)
                                                            pendingChange[index] = Int32(change)
                                                            pendingTop[index] = top
                                                            pendingBottom[index] = bottom
                                                        }
                                                    }
                                                    top = bottom
                                                }
                                            }
                                            for index in 0..<count { flush(index) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if simple { return false }
        let cells = scratch.cells + row * context.stride
        let first = Int(scratch.firsts[row])
        (cells + first).update(repeating: 0, count: Int(scratch.lasts[row]) - first + 1)
        let width = Float(context.maskWidth)
        edges.withUnsafeBufferPointer { edges in
            for span in spans where span.change != 0 {
                let edge = edges[Int(span.index)]
                let (first, last) = ScanConverter.addRowPiece(
                    cells, edge.x(at: span.top), edge.x(at: span.bottom), (span.bottom - span.top) * Float(span.change),
                    width)
                scratch.mark(row: row, first: first, last: last, quadsPerRow: context.quadsPerRow)
            }
        }
        return true
    }

    /// Two x positions closer than this count as equal: a few units in the last place of a `Float` at that x.
    @inline(__always)
    static func tolerance(_ x: Float) -> Float { 1.0 / 4096 + abs(x) * (1.0 / 1_048_576) }

    /// Grows `array` to at least `count` elements.
    static func ensure<Element>(_ array: inout [Element], count: Int, filler: Element) {
        if array.count < count { array.append(contentsOf: repeatElement(filler, count: count - array.count)) }
    }

    /// Sorts in place without allocating: insertion sort for short runs (and nearly sorted ones), heapsort
    /// otherwise.
    @inline(__always)
    static func sort<Element: Comparable>(_ values: UnsafeMutableBufferPointer<Element>) {
        let count = values.count
        if count <= 24 {
            var index = 1
            while index < count {
                let value = values[index]
                var slot = index
                while slot > 0 && value < values[slot - 1] {
                    values[slot] = values[slot - 1]
                    slot -= 1
                }
                values[slot] = value
                index += 1
            }
            return
        }
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while true {
                var child = 2 * root + 1
                guard child < end else { return }
                if child + 1 < end && values[child] < values[child + 1] { child += 1 }
                guard values[root] < values[child] else { return }
                values.swapAt(root, child)
                root = child
            }
        }
        var start = count / 2
        while start > 0 {
            start -= 1
            siftDown(start, count)
        }
        var end = count
        while end > 1 {
            end -= 1
            values.swapAt(0, end)
            siftDown(0, end)
        }
    }
}
