import Testing

@_spi(Engine) @testable import PortableRaster

/// The four-piece shortcut of the scan converter's row loop (`RowPiece.isSimpleCrossingQuad`): it may only accept
/// rows the full check accepts, and for four pieces that each cross the whole row it answers exactly as the full
/// check's alternation test.
@Suite("Row quad check")
struct RowQuadCheckTests {
    static func piece(_ xTop: Float, _ xBottom: Float, _ top: Float, _ bottom: Float, _ sign: Float) -> RowPiece {
        RowExactnessCheckTests.piece(xTop, xBottom, top, bottom, sign)
    }

    static func quadTest(_ pieces: [RowPiece]) -> Bool {
        var stored = pieces
        return stored.withUnsafeMutableBufferPointer { RowPiece.isSimpleCrossingQuad($0.baseAddress!) }
    }

    /// The full check's alternation test on `pieces`, ordered and with their heights as it prepares them.
    static func alternates(_ pieces: [RowPiece]) -> Bool {
        var stored = pieces.map { piece in
            var piece = piece
            piece.lines = piece.heights
            return piece
        }
        var keys = stored.indices.map { RowPiece.orderKey(left: stored[$0].left, index: $0) }
        keys.sort()
        return stored.withUnsafeMutableBufferPointer { stored in
            keys.withUnsafeMutableBufferPointer { RowPiece.alternates(stored.baseAddress!, $0) }
        }
    }

    @Test(
        "a ring's row (down at 10 … 10.5, up at 20 … 20.4, down at 40 … 40.3, up at 50 … 50.6), in any order, passes; overlapping, repeated or partial pieces do not"
    )
    func ringRowPasses() {
        let outerLeft = Self.piece(10, 10.5, 0, 1, 1)
        let innerLeft = Self.piece(20.4, 20, 0, 1, -1)
        let innerRight = Self.piece(40, 40.3, 0, 1, 1)
        let outerRight = Self.piece(50.6, 50, 0, 1, -1)
        #expect(Self.quadTest([outerLeft, innerLeft, innerRight, outerRight]))
        // The order the outline records them in: the outer contour, then the inner one.
        #expect(Self.quadTest([outerRight, outerLeft, innerLeft, innerRight]))
        #expect(Self.quadTest([innerRight, outerRight, innerLeft, outerLeft]))
        // Touching ranges pass: the inner left piece ends at x 20.4 where the next begins.
        #expect(Self.quadTest([outerLeft, innerLeft, Self.piece(20.4, 21, 0, 1, 1), outerRight]))
        // The inner pieces' x ranges overlap (20 … 20.4 and 20.2 … 40.3).
        #expect(!Self.quadTest([outerLeft, innerLeft, Self.piece(20.2, 40.3, 0, 1, 1), outerRight]))
        // Two downward pieces next to each other: winding 2 between them.
        #expect(!Self.quadTest([outerLeft, Self.piece(20, 20.4, 0, 1, 1), innerRight, outerRight]))
        // A piece that stops at height 0.5 leaves the row to the full check.
        #expect(!Self.quadTest([outerLeft, innerLeft, Self.piece(40, 40.3, 0, 0.5, 1), outerRight]))
    }

    @Test(
        "whenever the quad test accepts, the full check accepts; on four whole-row pieces it equals the alternation test (100 000 seeded rows)"
    )
    func quadTestAgreesWithFullCheck() {
        var random = SplitMix64(seed: 7)
        // Coordinates on a coarse grid so that touching and overlapping ranges and equal lefts are common.
        func coordinate() -> Float { Float(random.next() % 25) * 0.5 }
        func randomPiece() -> RowPiece {
            let spans = random.next() % 8 != 0
            let top: Float = spans ? 0 : Float(random.next() % 4) * 0.25
            return Self.piece(coordinate(), coordinate(), top, 1, random.next() % 2 == 0 ? 1 : -1)
        }
        var accepted = 0
        var wrong = 0
        var differs = 0
        for index in 0..<100_000 {
            // Sorted lefts from a random start, so that separate alternating rows are common.
            var pieces = (0..<4).map { _ in randomPiece() }
            if index % 2 == 0 {
                var x: Float = 0
                for slot in pieces.indices {
                    x += Float(random.next() % 6) * 0.5
                    let width = Float(random.next() % 3) * 0.5
                    let sign: Float = slot % 2 == 0 ? 1 : -1
                    pieces[slot] = Self.piece(x, x + width, pieces[slot].geometry.z, 1, sign)
                    x += width
                }
                for slot in stride(from: 3, to: 0, by: -1) {
                    pieces.swapAt(slot, Int(random.next() % UInt64(slot + 1)))
                }
            }
            let quad = Self.quadTest(pieces)
            if quad {
                accepted += 1
                if !RowExactnessCheckTests.isSimple(pieces, evenOdd: index % 4 < 2) { wrong += 1 }
            }
            if pieces.allSatisfy(\.spansRow) && quad != Self.alternates(pieces) { differs += 1 }
        }
        #expect(wrong == 0)
        #expect(differs == 0)
        // The shortcut answers often enough for the comparison to mean something.
        #expect(accepted > 10_000)
    }
}
