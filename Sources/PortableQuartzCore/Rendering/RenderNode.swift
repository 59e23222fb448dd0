import Foundation

/// One layer of a render tree (our helper): its presentation values at the frame's time and its place in the tree.
///
/// Nodes are stored depth first. A node's mask subtree (if any) comes right after it, then its sublayers' subtrees
/// back to front; `childrenStart..<subtreeEnd` covers the sublayers, and each child's own `subtreeEnd` leads to
/// the next child. Nothing here refers to a layer object: the compositor works from these values alone.
struct RenderNode {
    /// The presentation values (model values with animations applied at `localTime`).
    var state: LayerState
    /// Names what `state` was written from (the layer's presentation stamp), so the next frame that reuses this slot
    /// for the same layer only re-evaluates its animated properties; 0 when the slot must be written in full (see
    /// `CALayer.updatePresentation(_:stamp:layerTime:)`).
    var presentationStamp: UInt64
    /// What kind of content the layer draws.
    var kind: RenderLayerKind
    /// Identifies the layer across frames (for caches of painted content); never dereferenced.
    var identity: ObjectIdentifier
    /// The layer's local time, seconds.
    var localTime: Double
    /// Index of the first sublayer node.
    var childrenStart: Int
    /// Index just past this node's subtree.
    var subtreeEnd: Int
    /// Index of the mask layer's node, or −1.
    var maskIndex: Int
    /// For a replicator instance (k ≥ 1) of a sublayer: `instanceTransform`ᵏ about the replicator's anchor, applied
    /// between the sublayer's placement and the replicator's `sublayerTransform`; identity otherwise.
    var instanceTransform: CATransform3D
    /// For a replicator instance: the colour every pixel of the instance is multiplied by (red, green, blue,
    /// alpha, each 0…1); (1, 1, 1, 1) otherwise.
    var instanceColor: SIMD4<Float>
    /// Whether an odd number of the layers from this one up to the root flip their geometry (`isGeometryFlipped`):
    /// its contents image (and a text or gradient layer's drawing) is then drawn flipped within its bounds, so it
    /// stays upright on screen.
    var flipsContents: Bool
    /// For an emitter layer: its cells' values, top level (nested cells inside); empty otherwise.
    var emitterCells: [EmitterCellState]
    /// Index into `RenderTree.transitions` of the transition playing on this layer, or −1.
    var transitionIndex: Int

    /// A node for slot reuse; every field is overwritten when the slot is filled.
    static func placeholder(identity: ObjectIdentifier) -> RenderNode {
        RenderNode(
            state: .defaults, presentationStamp: 0, kind: .plain, identity: identity, localTime: 0,
            childrenStart: 0, subtreeEnd: 0, maskIndex: -1, instanceTransform: CATransform3DIdentity,
            instanceColor: SIMD4(repeating: 1), flipsContents: false, emitterCells: [], transitionIndex: -1)
    }

    /// Whether the node carries a replicator instance transform or colour.
    var isReplicatorInstance: Bool {
        instanceColor != SIMD4(repeating: 1) || !CATransform3DIsIdentity(instanceTransform)
    }
}
