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
    /// The weighted edge parts of the last row evaluated.
    var spans: [WeightedSpan] = []
    /// Working space for the sweep, kept between rows; made by the first row that needs it, so that an empty
    /// scratch (and the converter holding it) allocates nothing (a stroke makes two such converters as
    /// placeholders).
    private var columns: OverlapColumns?

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
        guard !edges.isEmpty, !weighSpans(Rule.self) else { return false }
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

    /// Cuts the row held in ``edges`` into ``spans`` weighted by the change of `Rule` across each edge part.
    /// Returns whether the row was a simple shape after all (every weight its edge's direction times one sign).
    mutating func weighSpans<Rule: WindingRule>(_: Rule.Type) -> Bool {
        // A copy of this scratch may share the columns; they are working space, so take fresh ones.
        if !isKnownUniquelyReferenced(&columns) { columns = OverlapColumns() }
        let columns = columns.unsafelyUnwrapped
        spans.removeAll(keepingCapacity: true)
        return edges.withUnsafeBufferPointer { edges in
            let sweep = columns.sweep(edges)
            return sweep.sweep(strips: sweep.collectHeights(), Rule.self, into: &spans)
        }
    }

    /// What breaks the sweep's invariants after the last row evaluated (see
    /// ``OverlapSweep/invariantViolations(spans:)``); empty when all hold. For tests.
    func invariantViolations() -> [String] {
        edges.withUnsafeBufferPointer { (columns ?? OverlapColumns()).sweep($0).invariantViolations(spans: spans) }
    }

    /// Two x positions closer than this count as equal: a few units in the last place of a `Float` at that x.
    @inline(__always)
    static func tolerance(_ x: Float) -> Float { 1.0 / 4096 + abs(x) * (1.0 / 1_048_576) }

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
