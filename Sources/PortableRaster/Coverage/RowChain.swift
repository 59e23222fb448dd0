/// Consecutive edge pieces of a row that join end to end in one vertical direction: one contour crossing the row
/// through several flattened segments, as a curve does wherever a segment ends inside the row.
///
/// Every horizontal line meets such a chain at most once, so for the row's exactness check a chain that crosses the
/// whole row counts as one piece doing so. ``isSimpleChainedRow(_:count:)`` uses that to settle the rows of curved
/// outlines whose pieces the pair and quad tests of ``RowPiece`` cannot take (a stroked circle's rows hold four chains,
/// most with a joint somewhere; a stroked spiral's, two for each turn) without the full check's sort and per-pixel
/// pass.
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
        SIMD4(-piece.left, piece.right, -piece.geometry.z, piece.geometry.w)
    }

    /// The most chains a row may hold for the test.
    static let capacity = 8

    /// A test for rows the quick tests of ``RowPiece`` leave open, tried before the full check
    /// (``RowPiece/isSimpleRow(_:count:keys:_:)``): `true` only for rows the full check accepts too.
    ///
    /// The pieces, in the order they were recorded, are grouped into chains of consecutive joined pieces. The row
    /// passes when it holds at most ``capacity`` chains, each crossing the whole row, that ordered by leftmost x lie
    /// strictly apart (each chain's x range ends before the next one's begins) with alternating directions: every
    /// line meets them in that order, so the winding is 0 or the first direction everywhere. The full check then
    /// orders the pieces chain by chain and meets each chain's pieces at disjoint heights, so it accepts too.
    /// (Touching chains are left to it: a piece of the left chain starting at the very point the right one begins
    /// could be ordered after it.)
    static func isSimpleChainedRow(_ pieces: UnsafePointer<RowPiece>, count: Int) -> Bool {
        guard count > 0 else { return true }
        return withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: capacity) { ranges in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { keys in
                isSimpleChainedRow(pieces, count: count, ranges: ranges.baseAddress!, keys: keys.baseAddress!)
            }
        }
    }

    /// ``isSimpleChainedRow(_:count:)`` with room for ``capacity`` chains: each one's x range, and its order key
    /// (``RowPiece/orderKey(left:index:)``, the index being the chain's) with its direction in the index's top bit.
    @inline(__always)
    private static func isSimpleChainedRow(
        _ pieces: UnsafePointer<RowPiece>, count: Int, ranges: UnsafeMutablePointer<SIMD2<Float>>,
        keys: UnsafeMutablePointer<UInt64>
    ) -> Bool {
        // The chain being extended stays in registers; it is stored when the next one begins, and the test gives up
        // at the first chain that does not cross the whole row (its extent's top is not 0 or its bottom not 1).
        var chainCount = 0
        var previous = pieces[0]
        var extent = extent(of: previous)
        @inline(__always)
        func store() -> Bool {
            guard extent.z == 0 && extent.w == 1 && chainCount < capacity else { return false }
            ranges[chainCount] = SIMD2(-extent.x, extent.y)
            let downward: UInt64 = previous.sign > 0 ? 1 << 31 : 0
            keys[chainCount] = RowPiece.orderKey(left: -extent.x, index: chainCount) | downward
            chainCount += 1
            return true
        }
        for index in 1..<count {
            let piece = pieces[index]
            if joins(piece, previous) {
                extent = pointwiseMax(extent, Self.extent(of: piece))
            } else {
                guard store() else { return false }
                extent = Self.extent(of: piece)
            }
            previous = piece
        }
        guard store() else { return false }
        // Insertion sort of the keys (a handful of chains), then the order, separation and directions checked.
        for index in 1..<chainCount {
            let key = keys[index]
            var slot = index
            while slot > 0 && keys[slot - 1] > key {
                keys[slot] = keys[slot - 1]
                slot -= 1
            }
            keys[slot] = key
        }
        var key = keys[0]
        for index in 1..<chainCount {
            let next = keys[index]
            let range = ranges[Int(truncatingIfNeeded: key & 0x7FFF_FFFF)]
            let nextRange = ranges[Int(truncatingIfNeeded: next & 0x7FFF_FFFF)]
            guard range.y < nextRange.x && (key ^ next) & (1 << 31) != 0 else { return false }
            key = next
        }
        return true
    }
}
