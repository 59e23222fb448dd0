/// Iterates the sublayer nodes of one node.
struct RenderChildren: Sequence, IteratorProtocol {
    let tree: RenderTree
    var position: Int
    let end: Int

    mutating func next() -> Int? {
        guard position < end else { return nil }
        defer { position = tree.nodes[position].subtreeEnd }
        return position
    }
}
