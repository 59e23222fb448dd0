/// One edge piece of a row as the accumulation keeps it: x at its top and bottom (mask columns), its top and
/// bottom within the row (0 … 1), and its direction (+1 downward, −1 upward).
struct RowPiece: Sendable {
    var geometry = SIMD4<Float>()
    var sign: Float = 0
    /// ``heights``, filled in by ``isSimpleRow(_:count:keys:_:)``.
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
    /// (Without branches: the ends lie in `0 ... 1`, so both rounded ends are in `0 ... 64`; `below(n)` sets bits
    /// `0 ..< n` with two shifts of at most 32 each, so that `n = 64` gives all ones; a piece whose rounded ends
    /// coincide gets no bit.)
    @inline(__always)
    var heights: UInt64 {
        let low = UInt64(truncatingIfNeeded: Int(geometry.z * 64 + 0.5))
        let high = UInt64(truncatingIfNeeded: Int(geometry.w * 64 + 0.5))
        @inline(__always)
        func below(_ n: UInt64) -> UInt64 { ((1 &<< (n &>> 1)) &<< (n &- (n &>> 1))) &- 1 }
        return below(high) & ~below(low)
    }

    /// Whether the piece crosses the whole row, top (0) to bottom (1): then ``heights`` has every bit set.
    @inline(__always)
    var spansRow: Bool { geometry.z == 0 && geometry.w == 1 }

    /// The piece's x at height `y` of the row (inside its heights).
    @inline(__always)
    func x(at y: Float) -> Float {
        if y <= geometry.z { return geometry.x }
        if y >= geometry.w { return geometry.y }
        return geometry.x + (geometry.y - geometry.x) * ((y - geometry.z) / (geometry.w - geometry.z))
    }

    /// The first, one-pass test of ``isSimpleRow(_:count:keys:_:)`` for a row of exactly two pieces: `true` when
    /// that test accepts the row (then the row is simple), `false` when it does not (then the full check decides).
    ///
    /// Two pieces of one direction pass when they share no height; of opposite directions, when one has no height,
    /// or when one lies wholly left of the other (x ranges may touch) and every height of the right one is a height
    /// of the left one — each line then meets the left piece first, so the winding is 0 or that piece's direction.
    @inline(__always)
    static func isSimplePair(_ a: RowPiece, _ b: RowPiece) -> Bool {
        // Downward exactly as the full check takes it: the sign bit of the direction clear.
        let aDownward = a.sign.bitPattern >> 31 == 0
        let bDownward = b.sign.bitPattern >> 31 == 0
        if a.spansRow && b.spansRow {
            // The usual row: both pieces cross it from top to bottom (every height bit set).
            return aDownward != bDownward && (a.right <= b.left || b.right <= a.left)
        }
        let aBits = a.heights
        let bBits = b.heights
        if aDownward == bDownward { return aBits & bBits == 0 }
        if aBits == 0 || bBits == 0 { return true }
        if a.right <= b.left && bBits & ~aBits == 0 { return true }
        return b.right <= a.left && aBits & ~bBits == 0
    }

    /// Whether area averaging is exact for a row crossed by exactly these pieces, under `rule`
    /// (``NonZeroWinding`` or ``EvenOddWinding``).
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
    ///
    /// `keys` is scratch room for `count` order keys.
    static func isSimpleRow<Rule: WindingRule>(
        _ pieces: UnsafeMutablePointer<RowPiece>, count: Int, keys: UnsafeMutablePointer<UInt64>, _ rule: Rule.Type
    ) -> Bool {
        if count <= 1 { return true }
        // The common case first, in one pass: no two pieces of one direction share a height, and every downward
        // piece lies left of every upward one (or the reverse), so each line meets at most one of each, always
        // in the same order; lines meeting only one must meet the one on the left.
        // Without branches on the direction (it alternates unpredictably from piece to piece): each piece's
        // heights and extent go to its direction's accumulators, selected by a mask made from the sign bit of
        // its direction (±1), and neutral values (no height, ±∞) to the other's.
        var downward: UInt64 = 0
        var upward: UInt64 = 0
        var overlap: UInt64 = 0
        var downwardLeft = Float.infinity
        var downwardRight = -Float.infinity
        var upwardLeft = Float.infinity
        var upwardRight = -Float.infinity
        let infinity = Float.infinity.bitPattern
        let negativeInfinity = (-Float.infinity).bitPattern
        for index in 0..<count {
            let piece = pieces[index]
            let bits = piece.heights
            pieces[index].lines = bits
            // All ones for a downward piece, zero for an upward one.
            let isDownward = (piece.sign.bitPattern &>> 31) &- 1
            let downwardBits = bits & UInt64(truncatingIfNeeded: Int32(bitPattern: isDownward))
            let upwardBits = bits ^ downwardBits
            overlap |= (downward & downwardBits) | (upward & upwardBits)
            downward |= downwardBits
            upward |= upwardBits
            let left = piece.left.bitPattern
            let right = piece.right.bitPattern
            downwardLeft = Swift.min(downwardLeft, Float(bitPattern: (left & isDownward) | (infinity & ~isDownward)))
            downwardRight = Swift.max(
                downwardRight, Float(bitPattern: (right & isDownward) | (negativeInfinity & ~isDownward)))
            upwardLeft = Swift.min(upwardLeft, Float(bitPattern: (infinity & isDownward) | (left & ~isDownward)))
            upwardRight = Swift.max(
                upwardRight, Float(bitPattern: (negativeInfinity & isDownward) | (right & ~isDownward)))
        }
        if overlap == 0 {
            if downward == 0 || upward == 0 { return true }
            if downwardRight <= upwardLeft && upward & ~downward == 0 { return true }
            if upwardRight <= downwardLeft && downward & ~upward == 0 { return true }
        }
        let keys = UnsafeMutableBufferPointer(start: keys, count: count)
        for index in 0..<count { keys[index] = Self.orderKey(left: pieces[index].left, index: index) }
        OverlapScratch.sort(keys)
        if Self.alternates(pieces, keys) { return true }
        return isSimpleSortedRow(pieces, keys: keys, Rule.self)
    }

    /// The per-pixel part of ``isSimpleRow(_:count:keys:_:)``, for pieces whose order keys are sorted.
    static func isSimpleSortedRow<Rule: WindingRule>(
        _ pieces: UnsafeMutablePointer<RowPiece>, keys: UnsafeMutableBufferPointer<UInt64>, _ rule: Rule.Type
    ) -> Bool {
        let count = keys.count
        let evenOdd = Rule.self == EvenOddWinding.self
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
        // The windings on the lines after the last run crossed (before any run: 0 on every line).
        var current = lines.found(evenOdd: evenOdd)
        var start = 0
        while start < count && fine {
            let first = pieces[Self.index(keys[start])]
            var end = start + 1
            var right = first.right
            while end < count {
                let next = pieces[Self.index(keys[end])]
                guard next.left < right else { break }
                right = Swift.max(right, next.right)
                end += 1
            }
            // The stretch before this run: every line keeps its winding.
            let before = current
            if gapStart > -Float.infinity { collect(before, from: gapStart, to: first.left) }
            var found = before
            var union: UInt64 = 0
            var shared = false
            var downward = false
            var upward = false
            for slot in start..<end {
                let piece = pieces[Self.index(keys[slot])]
                let bits = piece.lines
                if union & bits != 0 { shared = true }
                union |= bits
                if piece.sign > 0 { downward = true } else { upward = true }
            }
            if !shared || !(downward && upward) {
                // One piece per line, or pieces of one direction: the order does not matter.
                for slot in start..<end {
                    lines.cross(pieces[Self.index(keys[slot])])
                    if shared { found |= lines.found(evenOdd: evenOdd) }
                }
            } else {
                let second = pieces[Self.index(keys[start + 1])]
                guard end == start + 2, let side = Self.side(of: second, from: first) else { return false }
                lines.cross(side >= 0 ? first : second)
                found |= lines.found(evenOdd: evenOdd)
                lines.cross(side >= 0 ? second : first)
            }
            current = lines.found(evenOdd: evenOdd)
            found |= current
            collect(found, from: first.left, to: right)
            gapStart = right
            start = end
        }
        guard fine, !lines.overflowed else { return false }
        // After the last run: the lines keep their final winding up to the right edge.
        collect(current, from: gapStart, to: gapStart + 1)
        return fine && LineWindings.isLinear(seen, evenOdd: evenOdd)
    }

    /// Whether, going left to right through the pieces in the order of `keys` (by leftmost x), every line meets
    /// pieces of alternating direction, starting with one direction `s` common to all lines — so that the
    /// winding is 0 or `s` everywhere. Pieces whose x ranges overlap must occupy different heights. A cheap test
    /// for rows of several separate spans (side-by-side shapes, rings), tried before the per-pixel one.
    static func alternates(_ pieces: UnsafeMutablePointer<RowPiece>, _ keys: UnsafeMutableBufferPointer<UInt64>) -> Bool
    {
        var inside: UInt64 = 0
        var direction: Float = 0
        var start = 0
        let count = keys.count
        while start < count {
            var end = start + 1
            var right = pieces[index(keys[start])].right
            var union = pieces[index(keys[start])].lines
            while end < count {
                let piece = pieces[index(keys[end])]
                guard piece.left < right else { break }
                right = Swift.max(right, piece.right)
                if union & piece.lines != 0 { return false }
                union |= piece.lines
                end += 1
            }
            for slot in start..<end {
                let piece = pieces[index(keys[slot])]
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

    /// A piece's place in left-to-right order as one integer: its leftmost x, mapped so that unsigned integer
    /// order is the order of the numbers (−0 taken as +0, as `<` does), above its index, which breaks ties in the
    /// order the pieces were recorded. One comparison of these orders pieces exactly as comparing `(left, index)`.
    @inline(__always)
    static func orderKey(left: Float, index: Int) -> UInt64 {
        let bits = (left + 0).bitPattern
        let flip = UInt32(bitPattern: Int32(bitPattern: bits) &>> 31) | 0x8000_0000
        return UInt64(bits ^ flip) &<< 32 | UInt64(truncatingIfNeeded: index)
    }

    /// The index held by an ``orderKey(left:index:)``.
    @inline(__always)
    static func index(_ key: UInt64) -> Int { Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: key)) }

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

/// The winding numbers of the 64 lines of a row (see ``RowPiece/isSimpleRow(_:count:keys:_:)``) as 4-bit
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
        if (bit1 ^ bit2) | (bit2 ^ bit3) == 0 {
            // Every counter in −2 … 1 (its three high bits equal): 0 and 1 where bit 3 is clear, −2 and −1 where
            // it is set; the same set as the general loop below.
            let low = ~bit0
            return (~bit3 & bit0 != 0 ? 1 &<< 9 : 0) | (~bit3 & low != 0 ? 1 &<< 8 : 0)
                | (bit3 & bit0 != 0 ? 1 &<< 7 : 0) | (bit3 & low != 0 ? 1 &<< 6 : 0)
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
