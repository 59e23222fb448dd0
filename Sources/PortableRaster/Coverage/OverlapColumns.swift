/// The working columns of ``OverlapScratch``'s exact row evaluation, in one allocation kept from row to row (our
/// helper). A row takes them once, as an ``OverlapSweep`` of plain pointers.
///
/// Layout for a capacity of `n` edges; every element is 4-byte aligned and each column starts where the one
/// before ends:
///
///     offset 0   heights        Float   × (2n + 1)   the distinct heights where edges start or end
///                byTop          EdgeKey × n          edges by the height they start at
///                order          EdgeKey × n          the edges crossing the current strip, left to right
///                xTop, xBottom  Float   × n each     each edge's x at the strip's top and bottom
///                pendingTop     Float   × n          the weighted span each edge is extending: its top,
///                pendingBottom  Float   × n          its bottom,
///                pendingChange  Int32   × n          and its weight (`Int32.min`: none)
///
/// The columns are working space: growing them drops their contents. Copies of an ``OverlapScratch`` share one
/// instance until one of them evaluates a row, which then takes a fresh instance (see
/// ``OverlapScratch/evaluateEdges(row:_:_:_:)``), so an instance is only ever written by one owner.
final class OverlapColumns: @unchecked Sendable {
    // Unchecked: written only by the one OverlapScratch that holds the only reference (checked before each row).
    /// Edges the columns have room for.
    private(set) var capacity = 0
    private var storage: UnsafeMutableRawPointer?

    init() {}

    deinit { storage?.deallocate() }

    /// Bytes the columns take for `edges` edges.
    static func byteCount(edges: Int) -> Int {
        (2 * edges + 1) * MemoryLayout<Float>.stride + 2 * edges * MemoryLayout<EdgeKey>.stride
            + 4 * edges * MemoryLayout<Float>.stride + edges * MemoryLayout<Int32>.stride
    }

    /// Pointers into the columns for a row of `edges`, growing the columns first (to at least twice their
    /// capacity) when the row has more edges than they hold.
    func sweep(_ edges: UnsafeBufferPointer<RowEdge>) -> OverlapSweep {
        if edges.count > capacity { grow(to: Swift.max(edges.count, 2 * capacity)) }
        var cursor = storage!
        func column<Element>(_: Element.Type, _ count: Int) -> UnsafeMutablePointer<Element> {
            let start = cursor.assumingMemoryBound(to: Element.self)
            cursor += count * MemoryLayout<Element>.stride
            return start
        }
        let n = capacity
        let sweep = OverlapSweep(
            edges: edges, heights: column(Float.self, 2 * n + 1), byTop: column(EdgeKey.self, n),
            order: column(EdgeKey.self, n), xTop: column(Float.self, n), xBottom: column(Float.self, n),
            pendingTop: column(Float.self, n), pendingBottom: column(Float.self, n),
            pendingChange: column(Int32.self, n))
        assert(cursor == storage! + Self.byteCount(edges: n), "the columns fill their allocation exactly")
        return sweep
    }

    /// Replaces the storage with zeroed room for `edges` edges, each column bound to its element type.
    private func grow(to edges: Int) {
        storage?.deallocate()
        let bytes = Self.byteCount(edges: edges)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        var cursor = raw
        func bind<Element>(_: Element.Type, _ count: Int) {
            cursor.bindMemory(to: Element.self, capacity: count)
            cursor += count * MemoryLayout<Element>.stride
        }
        bind(Float.self, 2 * edges + 1)
        bind(EdgeKey.self, 2 * edges)
        bind(Float.self, 4 * edges)
        bind(Int32.self, edges)
        storage = raw
        capacity = edges
    }
}
