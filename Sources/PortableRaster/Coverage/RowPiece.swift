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
    /// ends are rounded to the nearest 1/64 (halves up), so two pieces meeting at a point share no bit.
    /// (Without branches: the ends lie in `0 ... 1`, so both rounded ends are in `0 ... 64`. Bits `low ..< high`
    /// are the ones below `high` that are not below `low`, two shifts of all ones; shift counts are taken modulo 64,
    /// so the ends 0 and 64 would give all ones, and a piece whose rounded ends coincide gets no bit instead.)
    @inline(__always)
    var heights: UInt64 {
        let low = UInt64(truncatingIfNeeded: floorInteger(geometry.z * 64 + 0.5))
        let high = UInt64(truncatingIfNeeded: floorInteger(geometry.w * 64 + 0.5))
        let bits = (UInt64.max &>> (64 &- high)) & (UInt64.max &<< low)
        return low < high ? bits : 0
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
    ///
    /// Two pieces of opposite directions that both cross the whole row are settled here either way: every line meets
    /// both, so its winding is 0, then the same ±1 between them, then 0, unless they cross (``side(of:from:)`` is
    /// nil), when a pixel can hold +1 beside −1. That is the full check's answer for such a pair, and the row of a
    /// thin shape (a sliver, a hairline) is one whose x ranges overlap.
    @inline(__always)
    static func isSimplePair(_ a: RowPiece, _ b: RowPiece) -> Bool {
        // Downward exactly as the full check takes it: the sign bit of the direction clear.
        let aDownward = a.sign.bitPattern >> 31 == 0
        let bDownward = b.sign.bitPattern >> 31 == 0
        if a.spansRow && b.spansRow {
            // The usual row: both pieces cross it from top to bottom (every height bit set).
            return aDownward != bDownward && (a.right <= b.left || b.right <= a.left || doNotCross(a, b))
        }
        let aBits = a.heights
        let bBits = b.heights
        if aDownward == bDownward { return aBits & bBits == 0 }
        if aBits == 0 || bBits == 0 { return true }
        if a.right <= b.left && bBits & ~aBits == 0 { return true }
        return b.right <= a.left && aBits & ~bBits == 0
    }

    /// Whether `a` and `b` do not cross on their common heights (``side(of:from:)`` is not nil). Kept out of line so
    /// that ``isSimplePair(_:_:)``, whose usual rows never get here, stays small enough to be inlined.
    @inline(never)
    static func doNotCross(_ a: RowPiece, _ b: RowPiece) -> Bool {
        side(of: b, from: a) != nil
    }

    /// The first test for a row of exactly four pieces (the rows of a stroked ring, or of two shapes side by side):
    /// `true` when all four cross the whole row and, ordered by leftmost x, their x ranges do not overlap (they may
    /// touch) and their directions alternate. Every line then meets them in the same order, with the winding 0 or
    /// the first direction between them, so the row is simple under either rule. That is exactly where
    /// ``alternates(_:_:)`` accepts such a row; `false` leaves the row to the full check.
    ///
    /// The order is the full check's (``orderKey(left:index:)``), made by five compare-exchanges instead of a sort.
    @inline(__always)
    static func isSimpleCrossingQuad(_ pieces: UnsafeMutablePointer<RowPiece>) -> Bool {
        guard pieces[0].spansRow && pieces[1].spansRow && pieces[2].spansRow && pieces[3].spansRow else {
            return false
        }
        var k0 = orderKey(left: pieces[0].left, index: 0)
        var k1 = orderKey(left: pieces[1].left, index: 1)
        var k2 = orderKey(left: pieces[2].left, index: 2)
        var k3 = orderKey(left: pieces[3].left, index: 3)
        @inline(__always)
        func order(_ a: inout UInt64, _ b: inout UInt64) {
            let low = Swift.min(a, b)
            b = Swift.max(a, b)
            a = low
        }
        order(&k0, &k1)
        order(&k2, &k3)
        order(&k0, &k2)
        order(&k1, &k3)
        order(&k1, &k2)
        let a = pieces[index(k0)]
        let b = pieces[index(k1)]
        let c = pieces[index(k2)]
        let d = pieces[index(k3)]
        return a.sign != b.sign && b.sign != c.sign && c.sign != d.sign && a.right <= b.left && b.right <= c.left
            && c.right <= d.left
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
        // The common case first: no two pieces of one direction share a height, and every downward piece lies
        // left of every upward one (or the reverse), so each line meets at most one of each, always in the same
        // order; lines meeting only one must meet the one on the left.
        // The heights first, in one pass that also makes the order keys for the later tests: when two pieces of one
        // direction share a height (the rows of a ring, say), the extents are never needed. Without branches on
        // the direction (it alternates unpredictably from piece to piece): each piece's heights go to its
        // direction's accumulator, selected by a mask made from the sign bit of its direction (±1).
        var downward: UInt64 = 0
        var upward: UInt64 = 0
        var overlap: UInt64 = 0
        for index in 0..<count {
            let piece = pieces[index]
            let bits = piece.heights
            pieces[index].lines = bits
            keys[index] = Self.orderKey(left: piece.left, index: index)
            // All ones for a downward piece, zero for an upward one.
            let isDownward = UInt64(truncatingIfNeeded: Int32(bitPattern: (piece.sign.bitPattern &>> 31) &- 1))
            let downwardBits = bits & isDownward
            let upwardBits = bits ^ downwardBits
            overlap |= (downward & downwardBits) | (upward & upwardBits)
            downward |= downwardBits
            upward |= upwardBits
        }
        if overlap == 0 {
            if downward == 0 || upward == 0 { return true }
            // Each direction's extent, the other direction's pieces contributing neutral values (±∞).
            var downwardLeft = Float.infinity
            var downwardRight = -Float.infinity
            var upwardLeft = Float.infinity
            var upwardRight = -Float.infinity
            let infinity = Float.infinity.bitPattern
            let negativeInfinity = (-Float.infinity).bitPattern
            for index in 0..<count {
                let piece = pieces[index]
                let isDownward = (piece.sign.bitPattern &>> 31) &- 1
                let left = piece.left.bitPattern
                let right = piece.right.bitPattern
                downwardLeft = Swift.min(
                    downwardLeft, Float(bitPattern: (left & isDownward) | (infinity & ~isDownward)))
                downwardRight = Swift.max(
                    downwardRight, Float(bitPattern: (right & isDownward) | (negativeInfinity & ~isDownward)))
                upwardLeft = Swift.min(upwardLeft, Float(bitPattern: (infinity & isDownward) | (left & ~isDownward)))
                upwardRight = Swift.max(
                    upwardRight, Float(bitPattern: (negativeInfinity & isDownward) | (right & ~isDownward)))
            }
            if downwardRight <= upwardLeft && upward & ~downward == 0 { return true }
            if upwardRight <= downwardLeft && downward & ~upward == 0 { return true }
        }
        let keys = UnsafeMutableBufferPointer(start: keys, count: count)
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
    /// for rows of several separate spans (side-by-side shapes, rings), tried before the per-pixel one. One pass:
    /// each piece is checked against the run it continues and against the lines' state as it is met.
    static func alternates(_ pieces: UnsafeMutablePointer<RowPiece>, _ keys: UnsafeMutableBufferPointer<UInt64>) -> Bool
    {
        var inside: UInt64 = 0
        var direction: Float = 0
        // The run of pieces whose x ranges overlap that the current piece belongs to: its right end and heights.
        var runRight = -Float.infinity
        var runLines: UInt64 = 0
        for key in keys {
            let piece = pieces[index(key)]
            let bits = piece.lines
            if piece.left < runRight {
                if runLines & bits != 0 { return false }
                runLines |= bits
                runRight = Swift.max(runRight, piece.right)
            } else {
                runLines = bits
                runRight = piece.right
            }
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
