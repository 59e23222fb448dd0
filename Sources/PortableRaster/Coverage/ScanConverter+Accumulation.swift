/// Turns an accumulated area-weighted winding number into a coverage byte, and says which integer windings
/// the rule fills.
///
/// Levels are `coverage × 255` rounded to nearest, ties to even (0.5 gives 127.5, which becomes 128). The
/// rounding adds 2²³: at that magnitude a `Float` has no fraction bits, so the hardware addition rounds to an
/// integer that sits in the low mantissa bits. This needs neither range checks nor SSE4.1 rounding
/// instructions, and the scalar and vector forms agree exactly.
protocol WindingRule {
    static func coverage(_ winding: Float) -> UInt8
    /// The same for four cells at once (identical results lane by lane).
    static func coverage(_ winding: SIMD4<Float>) -> SIMD4<UInt8>
    /// 1 where a point of integer winding number `winding` is inside, 0 where it is outside.
    static func filled(_ winding: Int) -> Int
}

/// 2²³ as a `Float`, and its bit pattern.
let roundingBias: Float = 8_388_608
let roundingBiasBits: UInt32 = 0x4B00_0000

/// `value` (in `0 ... 255`) rounded to nearest, ties to even.
@inline(__always)
func roundedByte(_ value: Float) -> UInt8 {
    UInt8(truncatingIfNeeded: (value + roundingBias).bitPattern &- roundingBiasBits)
}

@inline(__always)
func roundedBytes(_ value: SIMD4<Float>) -> SIMD4<UInt8> {
    let bits = unsafeBitCast(value + roundingBias, to: SIMD4<UInt32>.self) &- roundingBiasBits
    return SIMD4<UInt8>(truncatingIfNeeded: bits)
}

@inline(__always)
func magnitude(_ value: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(unsafeBitCast(value, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
}

/// `min(|value|, 1)` lane by lane, exactly, with integer operations only: for non-negative floats below 2²³
/// the bit patterns order like the values, so `1 − bits` is negative exactly where the value exceeds 1 (the
/// generic `pointwiseMin` is not always inlined in the resolve loop).
@inline(__always)
func magnitudeUpToOne(_ value: SIMD4<Float>) -> SIMD4<Float> {
    let bits = unsafeBitCast(value, to: SIMD4<Int32>.self) & 0x7FFF_FFFF
    let one: Int32 = 0x3F80_0000
    let over = (one &- bits) &>> 31  // all ones where |value| > 1 (and for NaN, which cannot occur here)
    return unsafeBitCast((bits & ~over) | (one & over), to: SIMD4<Float>.self)
}

/// `min(|w|, 1)`.
enum NonZeroWinding: WindingRule {
    @inline(__always)
    static func coverage(_ winding: Float) -> UInt8 {
        roundedByte(Swift.min(abs(winding), 1) * 255)
    }

    @inline(__always)
    static func coverage(_ winding: SIMD4<Float>) -> SIMD4<UInt8> {
        roundedBytes(magnitudeUpToOne(winding) * 255)
    }

    @inline(__always)
    static func filled(_ winding: Int) -> Int { winding != 0 ? 1 : 0 }
}

/// `|w|` folded into a triangle wave of period 2 (0 → 0, 1 → 1, 2 → 0): the distance from `|w|` to the
/// nearest even number, `| |w| − 2·round(|w|/2) |`, with the same bias trick for the rounding (valid while
/// `|w| < 2²³`, far beyond any real winding).
enum EvenOddWinding: WindingRule {
    @inline(__always)
    static func coverage(_ winding: Float) -> UInt8 {
        let value = abs(winding)
        let pairs = (value * 0.5 + roundingBias) - roundingBias
        return roundedByte(Swift.min(abs(value - 2 * pairs), 1) * 255)
    }

    @inline(__always)
    static func coverage(_ winding: SIMD4<Float>) -> SIMD4<UInt8> {
        let value = magnitude(winding)
        let pairs = (value * 0.5 + roundingBias) - roundingBias
        return roundedBytes(magnitudeUpToOne(value - 2 * pairs) * 255)
    }

    @inline(__always)
    static func filled(_ winding: Int) -> Int { winding & 1 }
}

extension ScanConverter {
    /// Resolves the edges added since ``begin(clip:)`` into `mask` with `rule`.
    ///
    /// `mask` is overwritten; its bounds are the smallest rectangle inside the clip that holds every pixel
    /// the shape can cover (the full remaining clip width when part of the shape was cut off at the right).
    /// The converter is ready for the next ``begin(clip:)`` afterwards.
    @_spi(Engine) public mutating func finish(rule: FillRule, into mask: inout CoverageMask) {
        defer { pieces.removeAll(keepingCapacity: true) }
        guard !pieces.isEmpty, !clip.isEmpty else {
            mask.removeAll()
            return
        }
        let left = Swift.max(0, Int(minX.rounded(.down)))
        let right = reachesRight ? clip.width : Swift.min(clip.width, Int(maxX.rounded(.down)) + 1)
        let top = Swift.max(0, Int(minY.rounded(.down)))
        let bottom = Swift.min(clip.height, Int(maxY.rounded(.up)))
        guard left < right, top < bottom else {
            mask.removeAll()
            return
        }
        let maskWidth = right - left
        mask.reset(bounds: PixelRect(x: clip.x + left, y: clip.y + top, width: maskWidth, height: bottom - top))

        let shift = bandShift
        let bandHeight = 1 << shift
        let firstBand = top >> shift
        let lastBand = (bottom - 1) >> shift
        // Room for the cell right of the last column plus one more, rounded up to whole blocks of cells.
        let stride = (maskWidth + 2 + Self.blockSize - 1) & ~(Self.blockSize - 1)
        let scratch = rowScratch(cells: stride * bandHeight, rows: bandHeight)

        // Group the pieces by band with a counting sort (skipped when they all share one band).
        let bandCount = lastBand - firstBand + 1
        if bandCount > 1 {
            sortPiecesByBand(firstBand: firstBand, bandCount: bandCount)
        }
        let ordered = bandCount > 1 ? sortedPieces : pieces
        let context = BandContext(
            maskWidth: maskWidth, maskHeight: bottom - top, stride: stride, quadsPerRow: stride >> Self.quadShift,
            bandHeight: bandHeight, xOffset: Float(left), maskTopInClip: top)
        let helperRows: RowScratch? =
            usesHelperThread && bandCount >= 2 && bottom - top >= HelperThread.rowsWorthDividing
                && HelperThread.isAvailableHere
            ? helperScratch(cells: stride * bandHeight, rows: bandHeight) : nil
        ordered.withUnsafeBufferPointer { allPieces in
            bandCounts.withUnsafeBufferPointer { starts in
                mask.withRows { coverage, spans in
                    func resolve(_ bands: Range<Int>, _ scratch: RowScratch, _ overlaps: inout OverlapScratch) {
                        for bandIndex in bands {
                            let start = bandCount > 1 ? starts[bandIndex] : 0
                            let end = bandCount > 1 ? starts[bandIndex + 1] : allPieces.count
                            guard end > start else { continue }
                            let band = UnsafeBufferPointer(rebasing: allPieces[start..<end])
                            let bandTop = (firstBand + bandIndex) << shift
                            switch rule {
                            case .nonZero:
                                Self.resolveBand(
                                    band, bandTop: bandTop, context, scratch, coverage, spans, &overlaps,
                                    NonZeroWinding.self)
                            case .evenOdd:
                                Self.resolveBand(
                                    band, bandTop: bandTop, context, scratch, coverage, spans, &overlaps,
                                    EvenOddWinding.self)
                            }
                        }
                    }
                    guard let helperRows else {
                        resolve(0..<bandCount, scratch, &overlapScratch)
                        return
                    }
                    // A shape at least `HelperThread.rowsWorthDividing` rows tall over two bands or more: the bands split
                    // where about half of the pieces lie on each side, those after the split resolved on the helper
                    // with scratch of their own. Bands are independent (each row's coverage comes from its own pieces,
                    // added in the same order), so the mask is the same to the bit.
                    var split = 1
                    while split < bandCount - 1 && starts[split] * 2 < starts[bandCount] { split += 1 }
                    var helperOverlaps = OverlapScratch()
                    swap(&helperOverlaps, &helperOverlapScratch)
                    HelperThread.shared.run(
                        { resolve(split..<bandCount, helperRows, &helperOverlaps) },
                        alongside: {
                            resolve(0..<split, scratch, &overlapScratch)
                        })
                    swap(&helperOverlaps, &helperOverlapScratch)
                }
            }
        }
    }

    /// The converter's band scratch with room for `cells` cells in `rows` rows, taken fresh when it is too small or
    /// shared with a copy of this converter (see ``BandScratch``).
    mutating func rowScratch(cells: Int, rows: Int) -> RowScratch {
        Self.scratch(&bandScratch, cells: cells, rows: rows)
    }

    /// The same for the bands a large shape resolves on ``HelperThread``.
    mutating func helperScratch(cells: Int, rows: Int) -> RowScratch {
        Self.scratch(&helperBandScratch, cells: cells, rows: rows)
    }

    private static func scratch(_ slot: inout BandScratch?, cells: Int, rows: Int) -> RowScratch {
        if !isKnownUniquelyReferenced(&slot) || !slot.unsafelyUnwrapped.holds(cells: cells, rows: rows) {
            slot = BandScratch(
                cells: Swift.max(cells, slot?.cellCapacity ?? 0), rows: Swift.max(rows, slot?.rowCapacity ?? 0))
        }
        return slot.unsafelyUnwrapped.rows
    }

    /// Accumulation cells are grouped in blocks of 16 per row. The running sum over the cells of a block that lies
    /// wholly inside the row is taken four lanes at a time (``resolveQuad(_:_:_:_:)``); the cells of the last,
    /// partial block one by one. Rows are `stride` cells, a whole number of blocks.
    static let blockShift = 4
    static let blockSize = 1 << blockShift

    /// Which cells were written is kept per quad (four cells, one lane group of a block): a quad no edge touched
    /// holds only zeros, so it has the coverage of the running sum, and a run of such quads is resolved with one
    /// fill. (Summing a zero quad four lanes at a time would give the running sum in every lane, so skipping it
    /// changes no coverage.)
    static let quadShift = 2
    static let quadSize = 1 << quadShift

    /// How many edge pieces of each row are kept for the row's exactness check and exact evaluation
    /// (``RowPiece``, ``OverlapScratch``). Rows crossed by more pieces keep the area-averaged coverage
    /// even where it may be inexact: their exact evaluation, typically deep inside wide strokes whose outline
    /// overlaps itself many times, would cost far more than the rest of the drawing.
    static let storedPiecesPerRow = 32

    /// Sizes that stay fixed while resolving one shape.
    struct BandContext {
        var maskWidth: Int
        var maskHeight: Int
        var stride: Int
        /// Touched flags per row: one per quad of cells.
        var quadsPerRow: Int
        var bandHeight: Int
        var xOffset: Float
        var maskTopInClip: Int
    }

    /// Per-band scratch: accumulation cells (`stride` per row), the first and last touched cell of each row,
    /// one touched flag per quad of cells (`quadsPerRow` per row), and each row's number of edge pieces with
    /// the first ``storedPiecesPerRow`` of them. Cells and flags are left cleared after a band; each band resets
    /// the counts first. The pointers lead into one ``BandScratch``, whose comment draws the layout; the band's
    /// rows fit in it (``rowScratch(cells:rows:)`` makes sure before a shape is resolved).
    struct RowScratch {
        var pieces: UnsafeMutablePointer<RowPiece>
        var cells: UnsafeMutablePointer<Float>
        /// Room for one row's ``storedPiecesPerRow`` order keys (``RowPiece/orderKey(left:index:)``).
        var keys: UnsafeMutablePointer<UInt64>
        var firsts: UnsafeMutablePointer<Int32>
        var lasts: UnsafeMutablePointer<Int32>
        var pieceCounts: UnsafeMutablePointer<Int32>
        var touched: UnsafeMutablePointer<UInt8>

        /// Records that cells `first ... last` (`first <= last`) of `row` were written.
        @inline(__always)
        func mark(row: Int, first: Int, last: Int, quadsPerRow: Int) {
            firsts[row] = Swift.min(firsts[row], Int32(truncatingIfNeeded: first))
            lasts[row] = Swift.max(lasts[row], Int32(truncatingIfNeeded: last))
            let flags = touched + row * quadsPerRow
            // The two end quads directly (most pieces touch one or two), a loop only for those between.
            var quad = first >> ScanConverter.quadShift
            let lastQuad = last >> ScanConverter.quadShift
            flags[quad] = 1
            flags[lastQuad] = 1
            quad += 1
            while quad < lastQuad {
                flags[quad] = 1
                quad += 1
            }
        }

        /// Counts an edge piece of `row` and keeps it while there is room: x at its top and bottom (mask
        /// columns), its top and bottom (band rows), and its direction.
        @inline(__always)
        func record(row: Int, xTop: Float, xBottom: Float, top: Float, bottom: Float, sign: Float) {
            let count = Int(pieceCounts[row])
            pieceCounts[row] = Int32(truncatingIfNeeded: count &+ 1)
            guard count < ScanConverter.storedPiecesPerRow else { return }
            let base = Float(row)
            pieces[row &* ScanConverter.storedPiecesPerRow &+ count] = RowPiece(
                geometry: SIMD4(xTop, xBottom, top - base, bottom - base), sign: sign)
        }
    }

    /// Counting sort of ``pieces`` into ``sortedPieces`` by band; afterwards band `firstBand + i` occupies
    /// `bandCounts[i] ..< bandCounts[i + 1]`.
    mutating func sortPiecesByBand(firstBand: Int, bandCount: Int) {
        if bandCounts.count < bandCount + 1 {
            bandCounts.append(contentsOf: repeatElement(0, count: bandCount + 1 - bandCounts.count))
        }
        if sortedPieces.count < pieces.count {
            sortedPieces.append(
                contentsOf: repeatElement(
                    EdgePiece(x0: 0, y0: 0, x1: 0, y1: 0, band: 0), count: pieces.count - sortedPieces.count))
        }
        pieces.withUnsafeBufferPointer { source in
            bandCounts.withUnsafeMutableBufferPointer { counts in
                sortedPieces.withUnsafeMutableBufferPointer { target in
                    for index in 0...bandCount { counts[index] = 0 }
                    for piece in source { counts[Int(piece.band) - firstBand + 1] += 1 }
                    for index in 0..<bandCount { counts[index + 1] += counts[index] }
                    // counts[i] is now the first slot of band i; advance it while scattering, then shift back.
                    for piece in source {
                        let slot = Int(piece.band) - firstBand
                        target[counts[slot]] = piece
                        counts[slot] += 1
                    }
                    var index = bandCount
                    while index > 0 {
                        counts[index] = counts[index - 1]
                        index -= 1
                    }
                    counts[0] = 0
                }
            }
        }
    }

    /// Accumulates one band's pieces and resolves its rows into the mask.
    ///
    /// A row whose winding may not be that of a simple shape (see ``RowPiece/isSimpleRow(_:count:keys:_:)``) is
    /// evaluated exactly by `overlaps` (see `OverlapScratch.swift`), which re-accumulates it with each
    /// edge weighted by the change of the rule across it when area averaging would be wrong.
    @inline(__always)
    static func resolveBand<Rule: WindingRule>(
        _ band: UnsafeBufferPointer<EdgePiece>, bandTop: Int, _ context: BandContext, _ scratch: RowScratch,
        _ coverage: UnsafeMutableBufferPointer<UInt8>, _ spans: UnsafeMutableBufferPointer<CoverageMask.RowSpan>,
        _ overlaps: inout OverlapScratch, _ rule: Rule.Type
    ) {
        let bandHeight = context.bandHeight
        for row in 0..<bandHeight {
            scratch.firsts[row] = Int32.max
            scratch.lasts[row] = -1
            scratch.pieceCounts[row] = 0
        }
        for piece in band {
            accumulate(piece, context, scratch)
        }
        // Pieces lie in the mask's rows, so only the band's rows inside the mask can have been touched: a band of
        // 64 rows crossed by a shape a few rows tall resolves just those.
        let firstRow = Swift.max(0, context.maskTopInClip - bandTop)
        let rows = firstRow..<Swift.min(bandHeight, context.maskTopInClip + context.maskHeight - bandTop)
        assert(
            (0..<bandHeight).allSatisfy { rows.contains($0) || scratch.lasts[$0] < 0 },
            "edge pieces lie in the mask's rows")
        for row in rows where scratch.lasts[row] >= 0 {
            let count = Int(scratch.pieceCounts[row])
            if count <= storedPiecesPerRow {
                let stored = scratch.pieces + row * storedPiecesPerRow
                // Rows of two pieces (each row of a convex outline, away from its corners) are mostly settled by
                // the pair test, rows of four (a stroked ring's) by the quad test, and rows where curves have joints
                // by the chain test; the full check gives the same answer, more slowly.
                let simple: Bool
                switch count {
                case 2:
                    simple =
                        RowPiece.isSimplePair(stored[0], stored[1])
                        || RowPiece.isSimpleRow(stored, count: count, keys: scratch.keys, Rule.self)
                case 4:
                    simple =
                        RowPiece.isSimpleCrossingQuad(stored) || RowChain.isSimpleChainedRow(stored, count: count)
                        || RowPiece.isSimpleRow(stored, count: count, keys: scratch.keys, Rule.self)
                default:
                    simple =
                        RowChain.isSimpleChainedRow(stored, count: count)
                        || RowPiece.isSimpleRow(stored, count: count, keys: scratch.keys, Rule.self)
                }
                if !simple && overlaps.evaluate(row: row, stored: stored, count: count, context, scratch, Rule.self) {
                    resolveRow(row, bandTop: bandTop, context, scratch, coverage, spans, NonZeroWinding.self)
                    continue
                }
            }
            resolveRow(row, bandTop: bandTop, context, scratch, coverage, spans, Rule.self)
        }
    }

    /// Resolves one accumulated row of the band into the mask (coverage bytes and span) with `rule`, and clears
    /// its cells and touched flags.
    ///
    /// Quads no edge touched hold zeros and take the coverage of the running sum (one fill per run of them).
    /// Touched quads of blocks wholly inside the row are summed four lanes at a time, the cells of the last,
    /// partial block one by one: the same additions in the same order as summing every block of 16 touched
    /// cells, so the coverage is the same to the bit.
    @inline(__always)
    static func resolveRow<Rule: WindingRule>(
        _ row: Int, bandTop: Int, _ context: BandContext, _ scratch: RowScratch,
        _ coverage: UnsafeMutableBufferPointer<UInt8>, _ spans: UnsafeMutableBufferPointer<CoverageMask.RowSpan>,
        _ rule: Rule.Type
    ) {
        let maskWidth = context.maskWidth
        let maskRow = bandTop + row - context.maskTopInClip
        let cells = scratch.cells + row * context.stride
        let flags = scratch.touched + row * context.quadsPerRow
        let first = Int(scratch.firsts[row])
        let last = Int(scratch.lasts[row])
        var quad = first >> quadShift
        let lastQuad = last >> quadShift
        guard maskRow >= 0 && maskRow < context.maskHeight else {
            // Cannot happen (pieces lie inside the mask's rows); kept so that a rounding surprise costs a
            // row of coverage rather than memory safety. The scratch is still cleared.
            (cells + first).update(repeating: 0, count: last - first + 1)
            (flags + quad).update(repeating: 0, count: lastQuad - quad + 1)
            return
        }
        let output = coverage.baseAddress! + maskRow * maskWidth
        // Cells before this one lie in whole blocks inside the row.
        let vectorEnd = maskWidth & ~(blockSize - 1)
        // Walk the quads from the first touched cell to the last; untouched quads keep the running sum.
        var sum: Float = 0
        // The longest run of untouched cells resolved to full coverage, recorded as the row's solid run (fully
        // covered cells of the touched quads beside it are left out: finding them costs more than they save).
        var solidStart = 0
        var solidEnd = 0
        while quad <= lastQuad {
            let quadStart = quad << quadShift
            if flags[quad] == 0 {
                // A run of untouched quads, ended by a touched one (the last quad is touched): all their cells
                // are zero, so coverage stays constant. Eight flags at a time while they fit before the last.
                var runEnd = quad + 1
                while runEnd + 8 <= lastQuad {
                    let word = UnsafeRawPointer(flags + runEnd).loadUnaligned(as: UInt64.self).littleEndian
                    if word != 0 {
                        runEnd += word.trailingZeroBitCount >> 3
                        break
                    }
                    runEnd += 8
                }
                while flags[runEnd] == 0 { runEnd += 1 }
                let from = Swift.max(quadStart, first)
                let to = Swift.min(runEnd << quadShift, maskWidth)
                if from < to {
                    let value = Rule.coverage(sum)
                    fillRun(output, from: from, to: to, rowWidth: maskWidth, value)
                    if value == 255 && to - from > solidEnd - solidStart {
                        solidStart = from
                        solidEnd = to
                    }
                }
                quad = runEnd
                continue
            }
            flags[quad] = 0
            if quadStart < vectorEnd {
                // Cells before `first` are zero and the bytes written for them lie outside the span.
                resolveQuad(cells + quadStart, output + quadStart, &sum, Rule.self)
                quad += 1
                continue
            }
            let to = Swift.min(quadStart + quadSize, last + 1)
            let written = Swift.min(to, maskWidth)
            var index = Swift.max(quadStart, first)
            while index < written {
                sum += cells[index]
                cells[index] = 0
                output[index] = Rule.coverage(sum)
                index += 1
            }
            while index < to {
                sum += cells[index]
                cells[index] = 0
                index += 1
            }
            quad += 1
        }
        var end = Swift.min(last + 1, maskWidth)
        if end < maskWidth {
            let tail = Rule.coverage(sum)
            if tail != 0 {
                (output + end).update(repeating: tail, count: maskWidth - end)
                if tail == 255 && maskWidth - end > solidEnd - solidStart {
                    solidStart = end
                    solidEnd = maskWidth
                }
                end = maskWidth
            }
        }
        spans[maskRow] =
            first < end
            ? CoverageMask.RowSpan(
                start: Int32(first), end: Int32(end), solidStart: Int32(solidStart), solidEnd: Int32(solidEnd))
            : .empty
    }

    /// Sets bytes `from ..< to` of the row of `rowWidth` coverage bytes at `output` to `value`, for a run of
    /// untouched quads in ``resolveRow(_:bandTop:_:_:_:_:_:)``.
    ///
    /// A run of up to 32 bytes takes two 16-byte stores (no call to `memset`) when the row has room for them; they
    /// may write past `to`, which is harmless there: the resolve loop writes every byte of the row's span after
    /// the run afterwards, and bytes after the span are never read.
    @inline(__always)
    static func fillRun(_ output: UnsafeMutablePointer<UInt8>, from: Int, to: Int, rowWidth: Int, _ value: UInt8) {
        assert(0 <= from && from < to && to <= rowWidth, "a run lies inside its row")
        if to - from <= 32 && from + 32 <= rowWidth {
            let bytes = SIMD16<UInt8>(repeating: value)
            let start = UnsafeMutableRawPointer(output + from)
            start.storeBytes(of: bytes, as: SIMD16<UInt8>.self)
            start.storeBytes(of: bytes, toByteOffset: 16, as: SIMD16<UInt8>.self)
        } else {
            (output + from).update(repeating: value, count: to - from)
        }
    }

    /// Resolves one quad of cells: running sums over the four lanes (each lane adds the lanes before it by two
    /// shifted additions, then the sum carried in), cells cleared, coverage bytes stored.
    @inline(__always)
    static func resolveQuad<Rule: WindingRule>(
        _ cells: UnsafeMutablePointer<Float>, _ output: UnsafeMutablePointer<UInt8>, _ sum: inout Float,
        _ rule: Rule.Type
    ) {
        let raw = UnsafeMutableRawPointer(cells)
        var v = raw.loadUnaligned(as: SIMD4<Float>.self)
        raw.storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
        v += SIMD4<Float>(0, v[0], v[1], v[2])
        v += SIMD4<Float>(0, 0, v[0], v[1])
        v += SIMD4<Float>(repeating: sum)
        sum = v[3]
        UnsafeMutableRawPointer(output).storeBytes(of: Rule.coverage(v), as: SIMD4<UInt8>.self)
    }

    /// Adds one edge piece's exact-area contribution to the accumulation cells of its rows, and records it in
    /// each row's list of pieces.
    @inline(__always)
    static func accumulate(_ piece: EdgePiece, _ context: BandContext, _ scratch: RowScratch) {
        var x0 = piece.x0 - context.xOffset
        var y0 = piece.y0
        var x1 = piece.x1 - context.xOffset
        var y1 = piece.y1
        var sign: Float = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            sign = -1
        }
        guard y1 > y0 else { return }
        let width = Float(context.maskWidth)
        let stride = context.stride
        let quadsPerRow = context.quadsPerRow
        var row = Int(y0)
        let lastRow = Swift.min(ceilingInteger(y1) - 1, context.bandHeight - 1)
        if x0 == x1 {
            // Vertical: the same two cells in every row.
            let x = Swift.min(Swift.max(x0, 0), width)
            let column = Int(x)
            let fraction = x - Float(column)
            var top = y0
            while row <= lastRow {
                let bottom = Swift.min(Float(row + 1), y1)
                let height = (bottom - top) * sign
                let cells = scratch.cells + row * stride + column
                cells[0] += height * (1 - fraction)
                cells[1] += height * fraction
                scratch.mark(row: row, first: column, last: column + 1, quadsPerRow: quadsPerRow)
                scratch.record(row: row, xTop: x0, xBottom: x0, top: top, bottom: bottom, sign: sign)
                top = bottom
                row += 1
            }
            return
        }
        let slope = (x1 - x0) / (y1 - y0)
        var top = y0
        var xTop = x0
        while row <= lastRow {
            let bottom = Swift.min(Float(row + 1), y1)
            let xBottom = row == lastRow ? x1 : x0 + (bottom - y0) * slope
            let (first, last) = addRowPiece(
                scratch.cells + row * stride, xTop, xBottom, (bottom - top) * sign, width)
            scratch.mark(row: row, first: first, last: last, quadsPerRow: quadsPerRow)
            scratch.record(row: row, xTop: xTop, xBottom: xBottom, top: top, bottom: bottom, sign: sign)
            top = bottom
            xTop = xBottom
            row += 1
        }
    }

    /// Adds a straight piece that stays within one row: it spans `xa ... xb` (either order) and descends
    /// by `height` (signed). `cells` is the row's first accumulation cell. Returns the first and last cell
    /// written.
    @inline(__always)
    static func addRowPiece(
        _ cells: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ height: Float, _ width: Float
    ) -> (Int, Int) {
        let left = Swift.min(Swift.max(Swift.min(xa, xb), 0), width)
        let right = Swift.min(Swift.max(Swift.max(xa, xb), 0), width)
        let firstCell = floorInteger(left)
        let lastCell = ceilingCell(right) - 1
        if lastCell <= firstCell {
            // Inside one cell: the area right of the piece is height × (1 − mean offset within the cell).
            let fraction = (left + right) * 0.5 - Float(firstCell)
            cells[firstCell] += height * (1 - fraction)
            cells[firstCell + 1] += height * fraction
            return (firstCell, firstCell + 1)
        }
        // Across cells: `perUnit` is the height gained per unit of x. The first cell holds a triangle of
        // width w0, the middle cells a full-width strip each (half to themselves, half carried to the next),
        // the last cell a piece of width w1.
        let perUnit = height / (right - left)
        let firstWidth = Float(firstCell + 1) - left
        let firstHeight = perUnit * firstWidth
        cells[firstCell] += firstHeight * firstWidth * 0.5
        var carry = firstHeight * (1 - firstWidth * 0.5)
        let half = perUnit * 0.5
        var cell = firstCell + 1
        while cell < lastCell {
            cells[cell] += carry + half
            carry = half
            cell += 1
        }
        let lastWidth = right - Float(lastCell)
        let lastHeight = perUnit * lastWidth
        cells[lastCell] += carry + lastHeight * (1 - lastWidth * 0.5)
        cells[lastCell + 1] += lastHeight * lastWidth * 0.5
        return (firstCell, lastCell + 1)
    }
}

/// `Int(value.rounded(.down))` for `value` in `0 ... 2²²` (cell positions, which lie in
/// `0 ... PixelBuffer.maximumSide`, and heights within a row), without branches or the range checks of `Int(_:)`:
/// adding 2²³ (``roundingBias``) rounds such a value to the nearest integer, held in the low bits of the sum, and
/// a nearest integer above the value is then lowered by one. (Whether a position rounds up or down is as good as
/// random, so a branch there would often be mispredicted.)
@inline(__always)
func floorInteger(_ value: Float) -> Int {
    assert(value >= 0 && value <= 4_194_304, "the value lies in 0 ... 2²²")
    let sum = value + roundingBias
    return Int(sum.bitPattern &- roundingBiasBits) &- (sum - roundingBias > value ? 1 : 0)
}

/// `Int(value.rounded(.up))` for `value` in `0 ... 2²²`, computed like ``floorInteger(_:)``.
@inline(__always)
func ceilingCell(_ value: Float) -> Int {
    assert(value >= 0 && value <= 4_194_304, "the value lies in 0 ... 2²²")
    let sum = value + roundingBias
    return Int(sum.bitPattern &- roundingBiasBits) &+ (sum - roundingBias < value ? 1 : 0)
}

/// `Int(value.rounded(.up))` for a finite `value` in `Int`'s range, without a call to `ceilf` (x86-64 before
/// SSE4.1 has no rounding instruction): truncation rounds toward zero, which is already up for negative values and
/// is one short for positive values with a fraction.
@inline(__always)
func ceilingInteger(_ value: Float) -> Int {
    let truncated = Int(value)
    return Float(truncated) < value ? truncated + 1 : truncated
}
