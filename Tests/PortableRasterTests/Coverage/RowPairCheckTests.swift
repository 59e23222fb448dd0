import Testing

@_spi(Engine) @testable import PortableRaster

/// The shortcuts of the scan converter's row loop: the two-piece exactness test (`RowPiece.isSimplePair`), which
/// may only accept rows the full check accepts, and `ceilingInteger`, which must round up exactly as
/// `Int(value.rounded(.up))`.
@Suite("Row pair check and integer ceiling")
struct RowPairCheckTests {
    static func piece(_ xTop: Float, _ xBottom: Float, _ top: Float, _ bottom: Float, _ sign: Float) -> RowPiece {
        RowPiece(geometry: SIMD4(xTop, xBottom, top, bottom), sign: sign)
    }

    static func fullCheck(_ a: RowPiece, _ b: RowPiece, evenOdd: Bool) -> Bool {
        RowExactnessCheckTests.isSimple([a, b], evenOdd: evenOdd)
    }

    @Test("a piece from height 0 to 1 spans the row and has all 64 height bits; 0 … 0.99 does not span it")
    func spanningPieces() {
        #expect(Self.piece(3, 4, 0, 1, 1).spansRow)
        #expect(Self.piece(3, 4, 0, 1, 1).heights == .max)
        #expect(!Self.piece(3, 4, 0, 0.99, 1).spansRow)
        #expect(!Self.piece(3, 4, 0.01, 1, -1).spansRow)
    }

    @Test("a rectangle's row (down at x 10.2 … 10.6, up at 50 … 50.3, whole height) passes the pair test")
    func rectangleRowPasses() {
        let left = Self.piece(10.2, 10.6, 0, 1, 1)
        let right = Self.piece(50, 50.3, 0, 1, -1)
        #expect(RowPiece.isSimplePair(left, right))
        #expect(RowPiece.isSimplePair(right, left))
        // A corner row: both pieces start at the vertex (x 30, height 0.4) and touch there.
        #expect(RowPiece.isSimplePair(Self.piece(30, 29.5, 0.4, 1, 1), Self.piece(30, 30.7, 0.4, 1, -1)))
    }

    @Test("the pair test leaves doubled, crossing and interleaved pairs to the full check (x 10 … 11 twice fails)")
    func suspiciousPairsAreNotAccepted() {
        // The same edge twice in one direction: winding 0 next to 2.
        #expect(!RowPiece.isSimplePair(Self.piece(10, 11, 0, 1, 1), Self.piece(10, 11, 0, 1, 1)))
        // Opposite directions that cross (at x 11, half-way down).
        #expect(!RowPiece.isSimplePair(Self.piece(10, 12, 0, 1, 1), Self.piece(12, 10, 0, 1, -1)))
        // The right piece spans heights the left one does not (a line meeting only the right piece).
        #expect(!RowPiece.isSimplePair(Self.piece(10, 10, 0.5, 1, 1), Self.piece(20, 20, 0, 1, -1)))
        // Same direction at disjoint heights passes (0.0 … 0.5 and 0.5 … 1.0).
        #expect(RowPiece.isSimplePair(Self.piece(10, 10.5, 0, 0.5, 1), Self.piece(10.5, 11, 0.5, 1, 1)))
    }

    @Test("a sliver's row (down from x 10 to 11, up from 10.5 to 11.6) passes; the same pieces crossing do not")
    func sliverRowPasses() {
        // The x ranges overlap, but the up piece stays right of the down one: winding 0, then +1, then 0.
        #expect(RowPiece.isSimplePair(Self.piece(10, 11, 0, 1, 1), Self.piece(10.5, 11.6, 0, 1, -1)))
        #expect(RowPiece.isSimplePair(Self.piece(10.5, 11.6, 0, 1, -1), Self.piece(10, 11, 0, 1, 1)))
        #expect(Self.fullCheck(Self.piece(10, 11, 0, 1, 1), Self.piece(10.5, 11.6, 0, 1, -1), evenOdd: false))
        // Swapping the up piece's ends makes it cross the down one (x 10.5 at the top, 11.6 at the bottom).
        #expect(!RowPiece.isSimplePair(Self.piece(11, 10, 0, 1, 1), Self.piece(10.5, 11.6, 0, 1, -1)))
        #expect(!Self.fullCheck(Self.piece(11, 10, 0, 1, 1), Self.piece(10.5, 11.6, 0, 1, -1), evenOdd: false))
    }

    @Test("two opposite pieces crossing the whole row get the full check's answer (20 000 seeded pairs, both rules)")
    func spanningOppositePairsAreSettled() {
        var random = SplitMix64(seed: 17)
        func coordinate() -> Float { Float(random.next() % 25) * 0.25 }
        var simple = 0
        var notSimple = 0
        var mismatches = 0
        for index in 0..<20_000 {
            let a = Self.piece(coordinate(), coordinate(), 0, 1, 1)
            let b = Self.piece(coordinate(), coordinate(), 0, 1, -1)
            let full = Self.fullCheck(a, b, evenOdd: index % 2 == 1)
            if RowPiece.isSimplePair(a, b) != full || RowPiece.isSimplePair(b, a) != full { mismatches += 1 }
            if full { simple += 1 } else { notSimple += 1 }
        }
        #expect(mismatches == 0)
        #expect(simple > 2_000)
        #expect(notSimple > 2_000)
    }

    @Test("whenever the pair test accepts, the full check accepts too (200 000 seeded pairs, both rules)")
    func pairTestImpliesFullCheck() {
        var random = SplitMix64(seed: 99)
        // Coordinates on a coarse grid so that touching ranges, shared heights and coincident pieces are common.
        func coordinate() -> Float { Float(random.next() % 25) * 0.25 }
        func height() -> Float { Float(random.next() % 9) * 0.125 }
        func randomPiece() -> RowPiece {
            var top = height()
            var bottom = height()
            if top > bottom { swap(&top, &bottom) }
            if random.next() % 2 == 0 {
                top = 0
                bottom = 1
            }
            return Self.piece(coordinate(), coordinate(), top, bottom, random.next() % 2 == 0 ? 1 : -1)
        }
        var accepted = 0
        var rejectedButSimple = 0
        var wrong = 0
        for index in 0..<200_000 {
            let a = randomPiece()
            let b = randomPiece()
            let evenOdd = index % 2 == 1
            let full = Self.fullCheck(a, b, evenOdd: evenOdd)
            if RowPiece.isSimplePair(a, b) {
                accepted += 1
                if !full { wrong += 1 }
            } else if full {
                rejectedButSimple += 1
            }
        }
        #expect(wrong == 0)
        // Both outcomes occur often, so the comparison means something.
        #expect(accepted > 20_000)
        #expect(rejectedButSimple > 1_000)
    }

    @Test("ceilingInteger equals Int(rounded(.up)): 2.0 → 2, 2.25 → 3, −2.75 → −2, 0.4999 → 1, every nearby Float")
    func ceilingMatchesRoundedUp() {
        #expect(ceilingInteger(2) == 2)
        #expect(ceilingInteger(2.25) == 3)
        #expect(ceilingInteger(-2.75) == -2)
        #expect(ceilingInteger(0.4999) == 1)
        #expect(ceilingInteger(-0.0) == 0)
        var mismatches = 0
        var checked = 0
        for base in [Float(0), 1, 2, 63, 64, 1023, 4096, 8_388_607, 8_388_608, 16_777_216, 1e9] {
            for start in [base, -base] {
                var value = start
                for _ in 0..<200 {
                    value = value.nextDown
                }
                for _ in 0..<400 {
                    if ceilingInteger(value) != Int(value.rounded(.up)) { mismatches += 1 }
                    checked += 1
                    value = value.nextUp
                }
            }
        }
        #expect(checked == 8_800)
        #expect(mismatches == 0)
    }

    @Test("floorInteger and ceilingCell equal Int(rounded(.down)) and Int(rounded(.up)): 2.25 → 2 and 3, 7 → 7 and 7")
    func cellRoundingMatchesRounded() {
        #expect(floorInteger(2.25) == 2)
        #expect(ceilingCell(2.25) == 3)
        #expect(floorInteger(7) == 7)
        #expect(ceilingCell(7) == 7)
        #expect(floorInteger(0.5) == 0)
        #expect(ceilingCell(0.5) == 1)
        var checked = 0
        var mismatches = 0
        func check(_ value: Float) {
            checked += 1
            if floorInteger(value) != Int(value.rounded(.down)) { mismatches += 1 }
            if ceilingCell(value) != Int(value.rounded(.up)) { mismatches += 1 }
        }
        // Every Float near integers and halves (where rounding to nearest changes direction) up to 2²².
        for base in [Float(0), 0.5, 1, 1.5, 2, 63.5, 64, 64.5, 1023, 32_766.5, 32_767, 2_097_152.5, 4_194_303] {
            var value = base
            for _ in 0..<100 where value > 0 { value = value.nextDown }
            for _ in 0..<200 where value <= 4_194_304 {
                check(value)
                value = value.nextUp
            }
        }
        var random = SplitMix64(seed: 5)
        for _ in 0..<100_000 { check(Float(random.unit() * 33_000)) }
        #expect(checked > 102_000)
        #expect(mismatches == 0)
    }
}
