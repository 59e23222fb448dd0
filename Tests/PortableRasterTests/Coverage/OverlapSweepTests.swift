import Testing

@_spi(Engine) @testable import PortableRaster

/// The exact sweep of a row whose edges cross (`OverlapSweep`, driven by `OverlapScratch.weighSpans`): the
/// weighted edge parts it produces, and the invariants the sweep keeps (no span left pending, every span inside its
/// row and of an edge of the row).
@Suite("Overlap sweep")
struct OverlapSweepTests {
    /// Two downward edges crossing at mid-height: A from x 0 to 1, B from x 1 to 0, both over the whole row.
    private static let crossing = [
        RowEdge(xTop: 0, xBottom: 1, yTop: 0, yBottom: 1, sign: 1, row: 0),
        RowEdge(xTop: 1, xBottom: 0, yTop: 0, yBottom: 1, sign: 1, row: 0),
    ]

    @Test("an X of two downward edges under nonzero: A bounds the fill down to the crossing at 0.5, then B does")
    func crossingEdgesNonZero() {
        var scratch = OverlapScratch()
        scratch.edges = Self.crossing
        // Left of the leftmost edge the winding is 0 and right of it 1 (filled); crossing the second edge takes it
        // to 2, still filled: weight 0. The strip splits at the crossing, where the edges swap places.
        let simple = scratch.weighSpans(NonZeroWinding.self)
        #expect(!simple, "a zero weight: not a simple shape")
        let weighted = scratch.spans.filter { $0.change != 0 }.map {
            [Double($0.index), Double($0.top), Double($0.bottom)]
        }
        #expect(weighted.sorted { $0[0] < $1[0] } == [[0, 0, 0.5], [1, 0.5, 1]])
        #expect(scratch.spans.count == 4, "each edge: one weighted and one zero-weighted part")
        #expect(scratch.invariantViolations().isEmpty)
    }

    @Test("the same X under even-odd: the second edge weighs −1 above and below the crossing")
    func crossingEdgesEvenOdd() {
        var scratch = OverlapScratch()
        scratch.edges = Self.crossing
        let simple = scratch.weighSpans(EvenOddWinding.self)
        #expect(!simple)
        let changes = scratch.spans.map { [Double($0.index), Double($0.top), Double($0.bottom), Double($0.change)] }
        // Winding 0 → 1 → 2: filled 0 → 1 → 0, so +1 across the left edge and −1 across the right one.
        #expect(
            changes.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
                == [[0, 0, 0.5, 1], [0, 0.5, 1, -1], [1, 0, 0.5, -1], [1, 0.5, 1, 1]])
        #expect(scratch.invariantViolations().isEmpty)
    }

    @Test("a copy of a scratch sweeps on its own columns: both give the same 4 spans, and the original is unchanged")
    func copiesDoNotShareWork() {
        var first = OverlapScratch()
        first.edges = Self.crossing
        _ = first.weighSpans(NonZeroWinding.self)
        var second = first
        second.edges = [RowEdge(xTop: 0.25, xBottom: 0.25, yTop: 0, yBottom: 1, sign: -1, row: 0)]
        let simple = second.weighSpans(NonZeroWinding.self)
        #expect(simple, "one edge alone is a simple shape")
        #expect(second.spans.count == 1)
        #expect(first.spans.count == 4)
        #expect(first.invariantViolations().isEmpty && second.invariantViolations().isEmpty)
    }
}
