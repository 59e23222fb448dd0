extension LayerCompositor {
    /// Sorts `items[start...]` by depth, ascending, keeping equal depths in their order, which is tree order: the
    /// entries are appended with ascending node indices. Insertion sort for the usual few siblings; above
    /// ``insertionSortLimit`` an in-place heap sort on (depth, index), O(n log n) for thousands of sorted siblings.
    /// Neither allocates. A NaN depth sorts as 0 (such a layer's map is not finite, so it is skipped when drawn).
    static func stableSort(_ items: inout [(index: Int, depth: Double)], from start: Int) {
        let count = items.count - start
        guard count > 1 else { return }
        for i in start..<items.count where items[i].depth.isNaN { items[i].depth = 0 }
        if count <= insertionSortLimit {
            for i in (start + 1)..<items.count {
                let item = items[i]
                var j = i
                while j > start, items[j - 1].depth > item.depth {
                    items[j] = items[j - 1]
                    j -= 1
                }
                items[j] = item
            }
            return
        }
        items.withUnsafeMutableBufferPointer { buffer in
            heapSort(UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Most siblings sorted by insertion.
    static let insertionSortLimit = 16

    /// Heap sort of `items` by (depth, index), ascending.
    private static func heapSort(_ items: UnsafeMutableBufferPointer<(index: Int, depth: Double)>) {
        @inline(__always) func precedes(_ a: (index: Int, depth: Double), _ b: (index: Int, depth: Double)) -> Bool {
            a.depth < b.depth || (a.depth == b.depth && a.index < b.index)
        }
        func siftDown(_ root: Int, _ end: Int) {
            var parent = root
            while true {
                var child = 2 * parent + 1
                guard child < end else { return }
                if child + 1 < end, precedes(items[child], items[child + 1]) { child += 1 }
                guard precedes(items[parent], items[child]) else { return }
                items.swapAt(parent, child)
                parent = child
            }
        }
        let count = items.count
        for root in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(root, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            items.swapAt(0, end)
            siftDown(0, end)
        }
    }
}
