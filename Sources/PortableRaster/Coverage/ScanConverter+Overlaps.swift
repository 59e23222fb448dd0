/// One edge piece of a row as the accumulation keeps it: x at its top and bottom (mask columns), its top and
/// bottom within the row (0 … 1), and its direction (+1 downward, −1 upward).
struct RowPiece: Sendable {
    var geometry = SIMD4<Float>()
    var sign: Float = 0
    /// ``heights``, filled in by ``isSimpleRow(_:count:evenOdd:)``.
    var lines: UInt64 = 0

    init() {}

    init(geometry: SIMD4<Float>, sign: Float) {
        self.geometry = geometry
        self.sign = sign
    }

    @inline(__always)
    var left: Float { Swift.min(geometry.x, geometry.y) }
    @inline(__always)
    var right: Float { Swift.max(geometry.x, geometry.y) }

    /// The heights the piece spans as bits of a word, bit `k` standing for `k/64 ... (k+1)/64` of the row; both
    /// ends are rounded to the nearest 1/64, so two pieces meeting at a point share no bit.
    @inline(__always)
    var heights: UInt64 {
        let low = Int(geometry.z * 64 + 0.5)
        let high = Int(geometry.w * 64 + 0.5)
        guard high > low else { return 0 }
        let below: UInt64 = high >= 64 ? .max : (1 &<< UInt64(high)) &- 1
        return below & ~((1 &<< UInt64(low)) &- 1)
    }

    /// The piece's x at height `y` of the row (inside its heights).
    @inline(__always)
    func x(at y: Float) -> Float {
        if y <= geometry.z { return geometry.x }
        if y >= geometry.w { return geometry.y }
        return geometry.x + (geometry.y - geometry.x) * ((y - geometry.z) / (geometry.w - geometry.z))
    }

    /// Whether area averaging is exact for a row crossed by exactly these pieces, under the nonzero rule or
    /// (`evenOdd`) the even-odd one.
    ///
    /// Area averaging is exact in a pixel when the winding numbers inside it lie where the rule is linear: within
    /// `[0, 1]`, `[−1, 0]`, `≥ 1` or `≤ −1` for nonzero, within two neighbouring integers for even-odd. The check
    /// follows the winding on 64 horizontal lines through the row (each 1/64 of its height; ``heights``) from
    /// left to right, as 4-bit counters held bit-sliced in four words (``LineWindings``). The pieces are sorted
    /// by their leftmost x and grouped into runs whose x ranges overlap; between runs every line's winding is
    /// constant, and inside a run it takes the values before and after the run (and, for a run of two pieces
    /// sharing heights, the value between them, the two ordered by their x). The windings met in each stretch
    /// are collected per pixel column it touches, and every column is checked against the rule. Runs of more
    /// than two pieces of both directions at shared heights, pieces that cross, and windings beyond ±7 count as
    /// not simple. Heights are resolved to 1/64 of a row, so overlaps thinner than that can pass (their effect
    /// on coverage is below 1/64 of a pixel).
    static func isSimpleRow(_ pieces: UnsafeMutablePointer<RowPiece>, count: Int, evenOdd: Bool) -> Bool {
        if count <= 1 { return true }
        // The common case first, in one pass: no two pieces of one direction share a height, and every downward
        // piece lies left of every upward one (or the reverse), so each line meets at most one of each, always
        // in the same order; lines meeting only one must meet the one on the left.
        var downward: UInt64 = 0
        var upward: UInt64 = 0
        var shared = false
        var downwardLeft = Float.infinity
        var downwardRight = -Float.infinity
        var upwardLeft = Float.infinity
        var upwardRight = -Float.infinity
        for index in 0..<count {
            let piece = pieces[index]
            let bits = piece.heights
            pieces[index].lines = bits
            if piece.sign > 0 {
                if downward & bits != 0 { shared = true }
                downward |= bits
                downwardLeft = Swift.min(downwardLeft, piece.left)
                downwardRight = Swift.max(downwardRight, piece.right)
            } else {
                if upward & bits != 0 { shared = true }
                upward |= bits
                upwardLeft = Swift.min(upwardLeft, piece.left)
                upwardRight = Swift.max(upwardRight, piece.right)
            }
        }
        if !shared {
            if downward == 0 || upward == 0 { return true }
            if downwardRight <= upwardLeft && upward & ~downward == 0 { return true }
            if upwardRight <= downwardLeft && downward & ~upward == 0 { return true }
        }
        return withUnsafeTemporaryAllocation(of: EdgeKey.self, capacity: count) { keys in
            for index in 0..<count { keys[index] = EdgeKey(left: pieces[index].left, index: Int32(index)) }
            OverlapScratch.sort(keys)
            if Self.alternates(pieces, keys) { return true }
            var lines = LineWindings()
            var column = Int.min
            var seen: UInt32 = 0
            var fine = true
            /// Adds the windings `found` to the columns `from ... to` (x), checking each column once complete.
            @inline(__always)
            func collect(_ found: UInt32, from: Float, to: Float) {
                let first = Int(from.rounded(.down))
                let last = Swift.max(first, Int(to.rounded(.up)) - 1)
                if first != column {
                    if !LineWindings.isLinear(seen, evenOdd: evenOdd) { fine = false }
                    column = first
                    seen = 0
                }
                seen |= found
                if last > first {
                    if !LineWindings.isLinear(seen, evenOdd: evenOdd) { fine = false }
                    column = last
                    seen = found
                }
            }
            var gapStart = -Float.infinity
            var start = 0
            while start < count && fine {
                let first = pieces[Int(keys[start].index)]
                var end = start + 1
                var right = first.right
                while end < count && keys[end].left < right {
                    right = Swift.max(right, pieces[Int(keys[end].index)].right)
                    end += 1
                }
                // The stretch before this run: every line keeps its winding.
                let before = lines.found(evenOdd: evenOdd)
                if gapStart > -Float.infinity { collect(before, from: gapStart, to: first.left) }
                var found = before
                var union: UInt64 = 0
                var shared = false
                var downward = false
                var upward = false
                for slot in start..<end {
                    let piece = pieces[Int(keys[slot].index)]
                    let bits = piece.lines
                    if union & bits != 0 { shared = true }
                    union |= bits
                    if piece.sign > 0 { downward = true } else { upward = true }
                }
                if !shared || !(downward && upward) {
                    // One piece per line, or pieces of one direction: the order does not matter.
                    for slot in start..<end {
                        lines.cross(pieces[Int(keys[slot].index)])
                        if shared { found |= lines.found(evenOdd: evenOdd) }
                    }
                } else {
                    let second = pieces[Int(keys[start + 1].index)]
                    guard end == start + 2, let side = Self.side(of: second, from: first) else { return false }
                    lines.cross(side >= 0 ? first : second)
                    found |= lines.found(evenOdd: evenOdd)
                    lines.cross(side >= 0 ? second : first)
                }
                found |= lines.found(evenOdd: evenOdd)
                collect(found, from: first.left, to: right)
                gapStart = right
                start = end
            }
            guard fine, !lines.overflowed else { return false }
            // After the last run: the lines keep their final winding up to the right edge.
            collect(lines.found(evenOdd: evenOdd), from: gapStart, to: gapStart + 1)
            return fine && LineWindings.isLinear(seen, evenOdd: evenOdd)
        }
    }

    /// Whether, going left to right through the pieces in the order of `keys` (by leftmost x), every line meets
    /// pieces of alternating direction, starting with one direction `s` common to all lines — so that the
    /// winding is 0 or `s` everywhere. Pieces whose x ranges overlap must occupy different heights. A cheap test
    /// for rows of several separate spans (side-by-side shapes, rings), tried before the per-pixel one.
    static func alternates(
        _ pieces: UnsafeMutablePointer<RowPiece>, _ keys: UnsafeMutableBufferPointer<EdgeKey>
    )
        -> Bool
    {
        var inside: UInt64 = 0
        var direction: Float = 0
        var start = 0
        let count = keys.count
        while start < count {
            var end = start + 1
            var right = pieces[Int(keys[start].index)].right
            var union = pieces[Int(keys[start].index)].lines
            while end < count && keys[end].left < right {
                let piece = pieces[Int(keys[end].index)]
                right = Swift.max(right, piece.right)
                if union & piece.lines != 0 { return false }
                union |= piece.lines
                end += 1
            }
            for slot in start..<end {
                let piece = pieces[Int(keys[slot].index)]
                let bits = piece.lines
                guard bits != 0 else { continue }
                if direction == 0 { direction = piece.sign }
                if piece.sign == direction {
                    if inside & bits != 0 { return false }
                    inside |= bits
                } else {
                    if bits & ~inside != 0 { return false }
                    inside &= ~bits
                }
            }
            start = end
        }
        return true
    }

    /// Where `b` lies relative to `a` on their common heights: +1 right, −1 left, 0 when they have no common
    /// height or coincide; `nil` when they cross.
    @inline(__always)
    static func side(of b: RowPiece, from a: RowPiece) -> Int? {
        let top = Swift.max(a.geometry.z, b.geometry.z)
        let bottom = Swift.min(a.geometry.w, b.geometry.w)
        guard bottom > top else { return 0 }
        let tolerance = OverlapScratch.tolerance(Swift.max(abs(a.geometry.x), abs(b.geometry.x)))
        let gapTop = b.x(at: top) - a.x(at: top)
        let gapBottom = b.x(at: bottom) - a.x(at: bottom)
        let signTop = gapTop > tolerance ? 1 : (gapTop < -tolerance ? -1 : 0)
        let signBottom = gapBottom > tolerance ? 1 : (gapBottom < -tolerance ? -1 : 0)
        if signTop * signBottom < 0 { return nil }
        return signTop != 0 ? signTop : signBottom
    }
}

/// The winding numbers of the 64 lines of a row (see ``RowPiece/isSimpleRow(_:count:evenOdd:)``) as 4-bit
/// two's-complement counters, bit-sliced: bit `k` of `bit0 ... bit3` holds line `k`'s counter.
struct LineWindings {
    var bit0: UInt64 = 0
    var bit1: UInt64 = 0
    var bit2: UInt64 = 0
    var bit3: UInt64 = 0
    /// Whether some counter went beyond −8 … 7.
    var overflowed = false

    /// Adds the piece's direction on the lines it spans.
    @inline(__always)
    mutating func cross(_ piece: RowPiece) {
        let lines = piece.lines
        if piece.sign > 0 {
            var carry = lines
            var next = bit0 ^ carry
            carry &= bit0
            bit0 = next
            next = bit1 ^ carry
            carry &= bit1
            bit1 = next
            next = bit2 ^ carry
            carry &= bit2
            bit2 = next
            if carry & ~bit3 != 0 { overflowed = true }  // 7 + 1
            bit3 ^= carry
        } else {
            var borrow = lines
            var next = bit0 ^ borrow
            borrow &= ~bit0
            bit0 = next
            next = bit1 ^ borrow
            borrow &= ~bit1
            bit1 = next
            next = bit2 ^ borrow
            borrow &= ~bit2
            bit2 = next
            if borrow & bit3 != 0 { overflowed = true }  // −8 − 1
            bit3 ^= borrow
        }
    }

    /// The windings present on the lines, as a set: for nonzero, bit 0 zero, bit 1 positive, bit 2 negative,
    /// bit 3 at least 2 in magnitude; for even-odd, bit `w + 8` for each winding `w`.
    @inline(__always)
    func found(evenOdd: Bool) -> UInt32 {
        if !evenOdd {
            let any = bit0 | bit1 | bit2 | bit3
            let zero = ~any
            let positive = ~bit3 & any
            let large = (~bit3 & (bit1 | bit2)) | (bit3 & ~(bit0 & bit1 & bit2))
            return (zero != 0 ? 1 : 0) | (positive != 0 ? 2 : 0) | (bit3 != 0 ? 4 : 0) | (large != 0 ? 8 : 0)
        }
        var set: UInt32 = 0
        for value in 0..<16 {
            let lines =
                (value & 1 != 0 ? bit0 : ~bit0) & (value & 2 != 0 ? bit1 : ~bit1) & (value & 4 != 0 ? bit2 : ~bit2)
                & (value & 8 != 0 ? bit3 : ~bit3)
            if lines != 0 { set |= 1 &<< UInt32((value + 8) & 15) }
        }
        return set
    }

    /// Whether a pixel holding the windings `set` (see ``found(evenOdd:)``) is resolved exactly by averaging.
    @inline(__always)
    static func isLinear(_ set: UInt32, evenOdd: Bool) -> Bool {
        if !evenOdd {
            let bothSigns = set & 6 == 6
            let zeroAndLarge = set & 9 == 9
            return !bothSigns && !zeroAndLarge
        }
        guard set != 0 else { return true }
        let lowest = set.trailingZeroBitCount
        return set >> UInt32(lowest) <= 3  // at most two neighbouring values
    }
}

/// One edge piece within one row of a band: x in mask columns at its top and bottom, y within the row (0 at
/// the row's top, 1 at its bottom, `yTop < yBottom`), its direction (+1 downward, −1 upward) and its x change
/// per unit of height.
struct RowEdge: Sendable {
    var xTop: Float
    var xBottom: Float
    var yTop: Float
    var yBottom: Float
    var sign: Float
    var row: Int32
    var slope: Float

    init(xTop: Float, xBottom: Float, yTop: Float, yBottom: Float, sign: Float, row: Int32) {
        self.xTop = xTop
        self.xBottom = xBottom
        self.yTop = yTop
        self.yBottom = yBottom
        self.sign = sign
        self.row = row
        slope = yBottom > yTop ? (xBottom - xTop) / (yBottom - yTop) : 0
    }

    /// The edge's x at height `y` (inside its heights).
    @inline(__always)
    func x(at y: Float) -> Float { y >= yBottom ? xBottom : xTop + (y - yTop) * slope }

    @inline(__always)
    var direction: Int { sign > 0 ? 1 : -1 }
}

/// An edge's place in left-to-right order: a sort key (x, or the sum of two x), then its index, so ties keep
/// the order edges were added in.
struct EdgeKey: Comparable, Sendable {
    var left: Float
    var index: Int32

    @inline(__always)
    static func < (a: EdgeKey, b: EdgeKey) -> Bool { a.left < b.left || (a.left == b.left && a.index < b.index) }
}

/// A part of an edge between two heights of its row, weighted by the change of the rule across it.
struct WeightedSpan: Sendable {
    var index: Int32
    var change: Int32
    var top: Float
    var bottom: Float
}

/// Exact coverage for the rows area averaging cannot resolve.
///
/// ## Why area averaging can fail, and the fix
/// The accumulation computes, per pixel, the mean `w̄` of the winding number `W` over the pixel and then applies
/// the rule to `w̄`. That equals the mean of `rule(W)` whenever `W` takes, inside the pixel, only values on
/// which the rule is linear — two neighbouring integers, or (nonzero) only values ≥ 1. Inside one pixel that
/// fails where two edges of the same direction run side by side or on top of each other (winding 0 next to
/// 2: a doubled or retraced edge, a shape drawn twice, overlapping subpaths), or where edges cross (winding −1
/// next to +1). The accumulation keeps each row's first edge pieces and checks which windings meet in each pixel
/// (``RowPiece/isSimpleRow(_:count:evenOdd:)``).
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
        Self.ensure(&heights, count: 2 * count, filler: 0)
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
                                            // The distinct heights where edges start or end.
                                            for index in 0..<count {
                                                heights[2 * index] = edges[index].yTop
                                                heights[2 * index + 1] = edges[index].yBottom
                                                byTop[index] = EdgeKey(left: edges[index].yTop, index: Int32(index))
                                                pendingChange[index] = Int32.min
                                            }
                                            Self.sort(UnsafeMutableBufferPointer(rebasing: byTop[0..<count]))
                                            Self.sort(UnsafeMutableBufferPointer(rebasing: heights[0..<(2 * count)]))
                                            var distinct = 0
                                            for index in 0..<(2 * count)
                                            where distinct == 0 || heights[index] != heights[distinct - 1] {
                                                heights[distinct] = heights[index]
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
                scratch.mark(row: row, first: first, last: last, blocksPerRow: context.blocksPerRow)
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
