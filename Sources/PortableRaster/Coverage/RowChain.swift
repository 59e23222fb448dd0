/// Consecutive edge pieces of a row that join end to end in one vertical direction: one contour crossing the row
/// through several flattened segments, as a curve does wherever a segment ends inside the row.
///
/// Every horizontal line meets such a chain at most once, so for the row's exactness check a chain that crosses the
/// whole row counts as one piece doing so. ``isSimpleChainedRow(_:count:)`` uses that to settle the rows of curved
/// outlines whose pieces the two- and four-piece tests of ``RowPiece`` cannot take (a stroked circle's rows hold
/// four chains, most with a joint somewhere) without the full check's sort and per-pixel pass.
enum RowChain {
    /// Whether `piece` continues the contour of `previous`, the piece recorded just before it: the same direction,
    /// and it starts exactly where `previous` ends (going down, `previous`'s bottom is its top; going up, its bottom
    /// is `previous`'s top). The accumulation cuts both at the joint with the same arithmetic, so a contour's
    /// consecutive segments meet exactly.
    @inline(__always)
    static func joins(_ piece: RowPiece, _ previous: RowPiece) -> Bool {
        let a = piece.geometry
        let b = previous.geometry
        guard piece.sign == previous.sign else { return false }
        return piece.sign > 0 ? a.x == b.y && a.z == b.w : a.y == b.x && a.w == b.z
    }

    /// A piece's extent as `(−left, right, −top, bottom)`, negated where the smallest is kept, so that one lane-wise
    /// maximum grows a chain.
    @inline(__always)
    static func extent(of piece: RowPiece) -> SIMD4<Float> {
        let geometry = piece.geometry
        return SIMD4(-Swift.min(geometry.x, geometry.y), Swift.max(geometry.x, geometry.y), -geometry.z, geometry.w)
    }

    /// A test for rows the quick tests of ``RowPiece`` leave open, tried before the full check
    /// (``RowPiece/isSimpleRow(_:count:keys:_:)``): `true` only for rows the full check accepts too.
    ///
    /// The pieces, in the order they were recorded, are grouped into chains of consecutive joined pieces. The row
    /// passes when there are two or four chains, each crossing the whole row, that ordered by leftmost x lie strictly
    /// apart (each chain's x range ends before the next one's begins) with alternating directions: every line meets
    /// them in that order, so the winding is 0 or the first direction everywhere. The full check then orders the
    /// pieces chain by chain and meets each chain's pieces at disjoint heights, so it accepts too. (Touching chains
    /// are left to it: a piece of the left chain starting at the very point the right one begins could be ordered
    /// after it.)
    static func isSimpleChainedRow(_ pieces: UnsafePointer<RowPiece>, count: Int) -> Bool {
        withUnsafeTemporaryAllocation(of: RowPiece.self, capacity: 4) { chains in
            let chains = chains.baseAddress!
            guard count > 0 else { return true }
            // The chain being extended stays in registers; it is stored, as a piece from its leftmost to its
            // rightmost x and from its top to its bottom, when the next one begins.
            var chainCount = 0
            var previous = pieces[0]
            var extent = extent(of: previous)
            @inline(__always)
            func store() {
                (chains + chainCount).initialize(
                    to: RowPiece(geometry: extent * SIMD4(-1, 1, -1, 1), sign: previous.sign))
                chainCount += 1
            }
            for index in 1..<count {
                let piece = pieces[index]
                if joins(piece, previous) {
                    extent = pointwiseMax(extent, Self.extent(of: piece))
                } else {
                    guard chainCount < 3 else { return false }
                    store()
                    extent = Self.extent(of: piece)
                }
                previous = piece
            }
            store()
            switch chainCount {
            case 2:
                let a = chains[0]
                let b = chains[1]
                return a.spansRow && b.spansRow && a.sign != b.sign && (a.right < b.left || b.right < a.left)
            case 4:
                return RowPiece.isSimpleCrossingQuad(chains, touching: false)
            default:
                return false
            }
        }
    }
}
