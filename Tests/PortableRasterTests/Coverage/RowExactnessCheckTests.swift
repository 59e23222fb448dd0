import Testing

@_spi(Engine) @testable import PortableRaster

/// The per-row exactness check of `RowPiece.swift` (which rows area averaging resolves exactly) in its
/// branch-free and integer-keyed forms: each must decide exactly as the plain formulation it replaces.
@Suite("Row exactness check")
struct RowExactnessCheckTests {
    /// A piece from x `xTop` at height `top` to `xBottom` at `bottom` (row fractions), downward when `sign` is +1.
    static func piece(_ xTop: Float, _ xBottom: Float, _ top: Float, _ bottom: Float, _ sign: Float) -> RowPiece {
        RowPiece(geometry: SIMD4(xTop, xBottom, top, bottom), sign: sign)
    }

    /// The heights word as first written, with branches: bits `round(64·top) ..< round(64·bottom)`.
    static func plainHeights(_ piece: RowPiece) -> UInt64 {
        let low = Int(piece.geometry.z * 64 + 0.5)
        let high = Int(piece.geometry.w * 64 + 0.5)
        guard high > low else { return 0 }
        let below: UInt64 = high >= 64 ? .max : (1 << UInt64(high)) - 1
        return below & ~((1 << UInt64(low)) - 1)
    }

    static func isSimple(_ pieces: [RowPiece], evenOdd: Bool = false) -> Bool {
        var stored = pieces
        var keys = [UInt64](repeating: 0, count: pieces.count)
        return stored.withUnsafeMutableBufferPointer { stored in
            keys.withUnsafeMutableBufferPointer { keys in
                evenOdd
                    ? RowPiece.isSimpleRow(
                        stored.baseAddress!, count: stored.count, keys: keys.baseAddress!, EvenOddWinding.self)
                    : RowPiece.isSimpleRow(
                        stored.baseAddress!, count: stored.count, keys: keys.baseAddress!, NonZeroWinding.self)
            }
        }
    }

    @Test("heights: the whole row is 64 bits, 0.25 … 0.75 is bits 16 ..< 48, a 1/256-row piece at 0.5 has none")
    func heightsWorkedNumbers() {
        #expect(Self.piece(3, 4, 0, 1, 1).heights == .max)
        #expect(Self.piece(3, 4, 0.25, 0.75, 1).heights == 0x0000_FFFF_FFFF_0000)
        #expect(Self.piece(3, 4, 0.5, 0.5 + 1.0 / 256, -1).heights == 0)
        // 0 … 1/128: the bottom rounds to line 1 (0.5 + 0.5), so only bit 0.
        #expect(Self.piece(3, 4, 0, 1.0 / 128, 1).heights == 1)
        // 63/64 … 1: only the top bit.
        #expect(Self.piece(3, 4, 63.0 / 64, 1, 1).heights == 1 << 63)
    }

    @Test("heights without branches equal the plain formula for every pair of ends on a 1/256 grid and near ties")
    func heightsMatchPlainFormula() {
        var ends: [Float] = (0...256).map { Float($0) / 256 }
        // Ends just either side of a rounding tie (k + 0.5)/64.
        for k in 0..<64 {
            let tie = (Float(k) + 0.5) / 64
            ends += [tie.nextDown, tie, tie.nextUp]
        }
        ends = Array(Set(ends)).sorted()
        var checked = 0
        var mismatches: [String] = []
        for top in ends {
            for bottom in ends where bottom >= top {
                let piece = Self.piece(0, 1, top, bottom, 1)
                if piece.heights != Self.plainHeights(piece) { mismatches.append("\(top) … \(bottom)") }
                checked += 1
            }
        }
        // 257 grid values and the 128 neighbours of the ties (the ties themselves are on the grid).
        #expect(ends.count == 385 && checked == 385 * 386 / 2)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("order keys sort as (left, index): −1.5, −0, +0, 0.25, 2 gives indices 0, 2, 3, 4, 1")
    func orderKeysSortLikePairs() {
        let lefts: [Float] = [-1.5, 2, -0.0, 0, 0.25]
        var keys = lefts.enumerated().map { RowPiece.orderKey(left: $0.element, index: $0.offset) }
        keys.withUnsafeMutableBufferPointer { OverlapScratch.sort($0) }
        #expect(keys.map(RowPiece.index) == [0, 2, 3, 4, 1])
        // −0 and +0 tie and fall back to the index either way round.
        #expect(RowPiece.orderKey(left: 0, index: 1) < RowPiece.orderKey(left: -0.0, index: 2))
        #expect(RowPiece.orderKey(left: -0.0, index: 1) < RowPiece.orderKey(left: 0, index: 2))
        // Against the pair order on many values, including negatives and large magnitudes.
        var random = UInt64(12345)
        var values: [Float] = []
        for _ in 0..<200 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Float(Int64(bitPattern: random) >> 40) / 1024)
        }
        values += [0, -0.0, 1e-30, -1e-30, 32_767, -32_767]
        var mismatches = 0
        for a in values.indices {
            for b in values.indices where a != b {
                let pair = values[a] < values[b] || (values[a] == values[b] && a < b)
                let keys = RowPiece.orderKey(left: values[a], index: a) < RowPiece.orderKey(left: values[b], index: b)
                if keys != pair { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("even-odd windings found: lines at 0, 1, −1, −2 give bits 8, 9, 7, 6; the quick form equals the full one")
    func evenOddWindingsFound() {
        // Lines 0–15 cross nothing (0), 16–31 one downward piece (1), 32–47 one upward (−1), 48–63 two upward (−2).
        var lines = LineWindings()
        var down = RowPiece()
        down.sign = 1
        down.lines = 0x0000_0000_FFFF_0000
        var up = RowPiece()
        up.sign = -1
        up.lines = 0xFFFF_FFFF_0000_0000
        var upAgain = up
        upAgain.lines = 0xFFFF_0000_0000_0000
        lines.cross(down)
        lines.cross(up)
        lines.cross(upAgain)
        #expect(lines.found(evenOdd: true) == (1 << 8 | 1 << 9 | 1 << 7 | 1 << 6))
        #expect(!LineWindings.isLinear(lines.found(evenOdd: true), evenOdd: true))
        // Every combination of counters −8 … 7 on four lines: the set is the windings present, bit `w + 8`.
        for code in 0..<(1 << 16) {
            var counters = LineWindings()
            var expected: UInt32 = 0
            for line in 0..<4 {
                let value = UInt64((code >> (4 * line)) & 15)
                counters.bit0 |= (value & 1) << UInt64(line)
                counters.bit1 |= ((value >> 1) & 1) << UInt64(line)
                counters.bit2 |= ((value >> 2) & 1) << UInt64(line)
                counters.bit3 |= ((value >> 3) & 1) << UInt64(line)
                expected |= 1 << UInt32((Int(value) + 8) & 15)
            }
            // The other 60 lines hold the first line's value, so that no other winding appears.
            let first = UInt64(code & 15)
            let rest: UInt64 = ~0xF
            if first & 1 != 0 { counters.bit0 |= rest }
            if first & 2 != 0 { counters.bit1 |= rest }
            if first & 4 != 0 { counters.bit2 |= rest }
            if first & 8 != 0 { counters.bit3 |= rest }
            if counters.found(evenOdd: true) != expected {
                Issue.record("code \(code): \(counters.found(evenOdd: true)) ≠ \(expected)")
                return
            }
        }
    }

    @Test("rows: a span (x 2 → 6) is simple, a doubled edge in one pixel is not, two spans recorded out of order are")
    func rowDecisions() {
        // One span: downward at x 2.3, upward at x 6.7, both the whole row.
        #expect(Self.isSimple([Self.piece(2.3, 2.3, 0, 1, 1), Self.piece(6.7, 6.7, 0, 1, -1)]))
        // Both edges doubled (x 2.3 and 2.6 downward in pixel 2, 6.7 and 6.9 upward in pixel 6): windings 0 and 2
        // meet in those pixels, where averaging gives 0.7 + 0.4 = 1.1 → 255 instead of the exact 0.7 → 179.
        let doubled = [
            Self.piece(2.3, 2.3, 0, 1, 1), Self.piece(2.6, 2.6, 0, 1, 1), Self.piece(6.7, 6.7, 0, 1, -1),
            Self.piece(6.9, 6.9, 0, 1, -1),
        ]
        #expect(!Self.isSimple(doubled))
        // Even-odd sees 0, 1 and 2 in pixel 2 as well.
        #expect(!Self.isSimple(doubled, evenOdd: true))
        // Two separate spans, 10 → 12 and 2 → 5, recorded right span first: sorted, they alternate.
        let twoSpans = [
            Self.piece(10.5, 10.5, 0, 1, 1), Self.piece(12.5, 12.5, 0, 1, -1), Self.piece(2.5, 2.5, 0, 1, 1),
            Self.piece(5.5, 5.5, 0, 1, -1),
        ]
        #expect(Self.isSimple(twoSpans))
        #expect(Self.isSimple(twoSpans, evenOdd: true))
        // Nested spans 2 → 12 and 4 → 8 of one direction: winding 2 inside, 0 and 2 never share a pixel, so
        // nonzero averaging is exact; even-odd too (0/1 and 1/2 only).
        let nested = [
            Self.piece(2.5, 2.5, 0, 1, 1), Self.piece(12.5, 12.5, 0, 1, -1), Self.piece(4.5, 4.5, 0, 1, 1),
            Self.piece(8.5, 8.5, 0, 1, -1),
        ]
        #expect(Self.isSimple(nested))
        #expect(Self.isSimple(nested, evenOdd: true))
    }

    /// The check as it was before its first pass was split (heights, extents and directions in one loop, the
    /// order keys only after it) and before `alternates` took one pass, kept to compare the current form against.
    static func earlierIsSimpleRow<Rule: WindingRule>(
        _ pieces: UnsafeMutablePointer<RowPiece>, count: Int, keys: UnsafeMutablePointer<UInt64>, _ rule: Rule.Type
    ) -> Bool {
        if count <= 1 { return true }
        var downward: UInt64 = 0
        var upward: UInt64 = 0
        var overlap: UInt64 = 0
        var downwardLeft = Float.infinity
        var downwardRight = -Float.infinity
        var upwardLeft = Float.infinity
        var upwardRight = -Float.infinity
        for index in 0..<count {
            let piece = pieces[index]
            let bits = plainHeights(piece)
            pieces[index].lines = bits
            if piece.sign.bitPattern >> 31 == 0 {
                overlap |= downward & bits
                downward |= bits
                downwardLeft = min(downwardLeft, piece.left)
                downwardRight = max(downwardRight, piece.right)
            } else {
                overlap |= upward & bits
                upward |= bits
                upwardLeft = min(upwardLeft, piece.left)
                upwardRight = max(upwardRight, piece.right)
            }
        }
        if overlap == 0 {
            if downward == 0 || upward == 0 { return true }
            if downwardRight <= upwardLeft && upward & ~downward == 0 { return true }
            if upwardRight <= downwardLeft && downward & ~upward == 0 { return true }
        }
        let keys = UnsafeMutableBufferPointer(start: keys, count: count)
        for index in 0..<count { keys[index] = RowPiece.orderKey(left: pieces[index].left, index: index) }
        OverlapScratch.sort(keys)
        if earlierAlternates(pieces, keys) { return true }
        return RowPiece.isSimpleSortedRow(pieces, keys: keys, Rule.self)
    }

    /// `RowPiece.alternates` as it was before its two passes over each run were made one.
    static func earlierAlternates(
        _ pieces: UnsafeMutablePointer<RowPiece>, _ keys: UnsafeMutableBufferPointer<UInt64>
    ) -> Bool {
        var inside: UInt64 = 0
        var direction: Float = 0
        var start = 0
        let count = keys.count
        while start < count {
            var end = start + 1
            var right = pieces[RowPiece.index(keys[start])].right
            var union = pieces[RowPiece.index(keys[start])].lines
            while end < count {
                let piece = pieces[RowPiece.index(keys[end])]
                guard piece.left < right else { break }
                right = max(right, piece.right)
                if union & piece.lines != 0 { return false }
                union |= piece.lines
                end += 1
            }
            for slot in start..<end {
                let piece = pieces[RowPiece.index(keys[slot])]
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

    @Test("the current check decides 300 000 seeded rows of 2 … 12 pieces as the earlier form did, both rules")
    func currentFormMatchesEarlierForm() {
        var random = SplitMix64(seed: 2026)
        // A coarse grid, so that touching ranges, shared heights and coincident pieces are common; half the rows are
        // rings (pairs of spans around a hole, each edge maybe split where the outline bends), as strokes give.
        func coordinate() -> Float { Float(random.next() % 33) * 0.25 }
        func height() -> Float { Float(random.next() % 9) * 0.125 }
        var simple = 0
        var notSimple = 0
        var mismatches = 0
        for index in 0..<300_000 {
            var pieces: [RowPiece] = []
            if index % 2 == 0 {
                let count = 2 + Int(random.next() % 11)
                for _ in 0..<count {
                    var top = height()
                    var bottom = height()
                    if top > bottom { swap(&top, &bottom) }
                    if random.next() % 2 == 0 { (top, bottom) = (0, 1) }
                    pieces.append(
                        Self.piece(coordinate(), coordinate(), top, bottom, random.next() % 2 == 0 ? 1 : -1))
                }
            } else {
                // Outer left (up), inner left (down), inner right (up), outer right (down), each maybe in two parts.
                var x: Float = 0
                for sign: Float in [-1, 1, -1, 1] {
                    x += Float(random.next() % 12) * 0.25
                    let next = x + Float(random.next() % 5) * 0.25
                    if random.next() % 2 == 0 {
                        pieces.append(Self.piece(x, next, 0, 1, sign))
                    } else {
                        let split = height()
                        let middle = (x + next) / 2
                        pieces.append(Self.piece(x, middle, 0, split, sign))
                        pieces.append(Self.piece(middle, next, split, 1, sign))
                    }
                    x = next
                }
                // Recorded in any order.
                for slot in stride(from: pieces.count - 1, to: 0, by: -1) {
                    pieces.swapAt(slot, Int(random.next() % UInt64(slot + 1)))
                }
            }
            let evenOdd = index % 3 == 0
            var current = pieces
            var earlier = pieces
            var keys = [UInt64](repeating: 0, count: pieces.count)
            let decided = current.withUnsafeMutableBufferPointer { stored in
                keys.withUnsafeMutableBufferPointer { keys in
                    evenOdd
                        ? RowPiece.isSimpleRow(
                            stored.baseAddress!, count: stored.count, keys: keys.baseAddress!, EvenOddWinding.self)
                        : RowPiece.isSimpleRow(
                            stored.baseAddress!, count: stored.count, keys: keys.baseAddress!, NonZeroWinding.self)
                }
            }
            let expected = earlier.withUnsafeMutableBufferPointer { stored in
                keys.withUnsafeMutableBufferPointer { keys in
                    evenOdd
                        ? Self.earlierIsSimpleRow(
                            stored.baseAddress!, count: stored.count, keys: keys.baseAddress!, EvenOddWinding.self)
                        : Self.earlierIsSimpleRow(
                            stored.baseAddress!, count: stored.count, keys: keys.baseAddress!, NonZeroWinding.self)
                }
            }
            if decided != expected { mismatches += 1 }
            if expected { simple += 1 } else { notSimple += 1 }
        }
        #expect(mismatches == 0)
        // Both answers are common, so the comparison means something.
        #expect(simple > 30_000)
        #expect(notSimple > 30_000)
    }
}
