/// The working rows of ``ScanConverter``'s accumulation, in one allocation kept from shape to shape (our helper).
/// A shape takes them once, as a ``ScanConverter/RowScratch`` of plain pointers.
///
/// Layout for room of `c` cells and `r` rows; the allocation is 16-byte aligned and each column starts where the one
/// before ends (the pieces first, for their 16-byte vectors):
///
///     offset 0   pieces       RowPiece × 32r   each row's first `storedPiecesPerRow` edge pieces
///                cells        Float    × c     accumulation cells, `stride` per row (all zero between bands)
///                keys         UInt64   × 32    one row's order keys
///                firsts       Int32    × r     each row's first touched cell,
///                lasts        Int32    × r     its last touched cell,
///                pieceCounts  Int32    × r     and its number of edge pieces
///                touched      UInt8    × c/4   one flag per quad of cells (all zero between bands)
///
/// The rows are working space: growing them drops their contents (new room is zeroed, which is what the cells and
/// flags must hold between bands). Copies of a ``ScanConverter`` share one instance until one of them resolves a
/// shape, which then takes a fresh instance (``ScanConverter/rowScratch(cells:rows:)``), so an instance is only ever
/// written by one owner.
final class BandScratch: @unchecked Sendable {
    // Unchecked: written only by the one ScanConverter that holds the only reference (checked before each shape).
    /// Cells and rows the scratch has room for.
    let cellCapacity: Int
    let rowCapacity: Int
    private let storage: UnsafeMutableRawPointer
    /// The pointers into ``storage``.
    let rows: ScanConverter.RowScratch

    /// Zeroed room for `cells` accumulation cells (a multiple of ``ScanConverter/quadSize``) in `rows` rows.
    init(cells: Int, rows: Int) {
        assert(cells % ScanConverter.quadSize == 0 && rows > 0, "cells come in whole quads, and there is a row")
        cellCapacity = cells
        rowCapacity = rows
        let bytes = Self.byteCount(cells: cells, rows: rows)
        storage = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        var cursor = storage
        func column<Element>(_: Element.Type, _ count: Int) -> UnsafeMutablePointer<Element> {
            let start = cursor.bindMemory(to: Element.self, capacity: count)
            cursor += count * MemoryLayout<Element>.stride
            return start
        }
        let stored = ScanConverter.storedPiecesPerRow
        self.rows = ScanConverter.RowScratch(
            pieces: column(RowPiece.self, rows * stored), cells: column(Float.self, cells),
            keys: column(UInt64.self, stored), firsts: column(Int32.self, rows), lasts: column(Int32.self, rows),
            pieceCounts: column(Int32.self, rows), touched: column(UInt8.self, cells >> ScanConverter.quadShift))
        assert(cursor == storage + bytes, "the columns fill their allocation exactly")
    }

    deinit { storage.deallocate() }

    /// Whether there is room for `cells` cells in `rows` rows.
    func holds(cells: Int, rows: Int) -> Bool { cells <= cellCapacity && rows <= rowCapacity }

    /// Bytes the columns take for `cells` cells in `rows` rows.
    static func byteCount(cells: Int, rows: Int) -> Int {
        let stored = ScanConverter.storedPiecesPerRow
        return rows * stored * MemoryLayout<RowPiece>.stride + cells * MemoryLayout<Float>.stride
            + stored * MemoryLayout<UInt64>.stride + 3 * rows * MemoryLayout<Int32>.stride
            + (cells >> ScanConverter.quadShift) * MemoryLayout<UInt8>.stride
    }
}
