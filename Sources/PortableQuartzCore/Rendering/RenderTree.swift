/// The render tree of one frame (our helper): nodes in depth-first order; only the first `count` are current.
/// Storage is reused from frame to frame.
struct RenderTree {
    var nodes: [RenderNode] = []
    var count = 0
    /// The transitions playing in this frame (referenced by `RenderNode.transitionIndex`).
    var transitions: [RenderTransition] = []

    /// The indices of the sublayer nodes of `index`, back to front (before zPosition sorting).
    func children(of index: Int) -> RenderChildren {
        RenderChildren(tree: self, position: nodes[index].childrenStart, end: nodes[index].subtreeEnd)
    }
}
