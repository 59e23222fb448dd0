/// Which drawing a render-tree node needs beyond what every layer draws (our helper): the layer class it was
/// snapshotted from, as a value.
enum RenderLayerKind: UInt8, Sendable {
    /// A plain layer (or a subclass outside this module that adds no drawing of its own).
    case plain
    /// Draws `LayerState.shape` (path fill and stroke).
    case shape
    /// Draws `LayerState.text`.
    case text
    /// Draws `LayerState.gradient`.
    case gradient
    /// Its sublayers appear `instanceCount` times (the builder has already expanded the instances).
    case replicator
    /// Does not flatten: its sublayers keep their 3-D positions and are depth-sorted.
    case transformLayer
    /// Draws particles of `RenderNode.emitterCells`.
    case emitter
}
