import Foundation

/// Snapshots a layer tree at one media time into a `RenderTree` (our helper): the only step of rendering that
/// reads layers. Runs the pending layout and display of the tree first, as Core Animation does before it draws.
///
/// Per layer it records the presentation values (SPEC Appendix A), its kind, its mask subtree and its sublayers.
/// A replicator's sublayers are visited once per instance, instance k at the replicator's local time minus
/// k × `instanceDelay`, carrying `instanceTransform`ᵏ and the instance colour (SPEC: `CAReplicatorLayer`). Hidden
/// layers are recorded (the compositor skips them) so the tree's shape does not depend on values.
///
/// Storage is reused: after the first frame of a tree of unchanged shape, building allocates nothing except for
/// emitter cells.
final class RenderTreeBuilder {
    private(set) var tree = RenderTree()
    /// The tree of the frame before, kept to tell what changed (its storage is reused for the next frame).
    private(set) var previous = RenderTree()
    /// The old pictures of the transitions playing, by transition object, taken from the frame before each began.
    private var oldPictures: [ObjectIdentifier: RenderTree?] = [:]

    /// Empties the tree (a renderer without a layer).
    func clear() {
        swap(&tree, &previous)
        tree.count = 0
    }

    /// Whether the current tree differs from the previous frame's in shape or in any layer's values.
    var changedSincePreviousFrame: Bool {
        guard tree.count == previous.count else { return true }
        for index in 0..<tree.count {
            if tree.nodes[index].identity != previous.nodes[index].identity
                || tree.nodes[index].state != previous.nodes[index].state
                || tree.nodes[index].instanceColor != previous.nodes[index].instanceColor
            {
                return true
            }
        }
        return false
    }

    /// Builds the tree below and including `root` at absolute media time `mediaTime` (seconds). With
    /// `modelValues` the layers' model values are taken as they are, animations ignored (what
    /// `CALayer.render(in:)` draws).
    func build(_ root: CALayer, atMediaTime mediaTime: Double, modelValues: Bool = false) {
        Self.prepare(root)
        swap(&tree, &previous)
        var tree = self.tree
        self.tree = RenderTree()
        tree.count = 0
        tree.transitions.removeAll(keepingCapacity: true)
        LayerTreeLock.withLock {
            let parentTime = root.superlayerStorage?.localTime(atMediaTime: mediaTime) ?? mediaTime
            Self.visit(
                root, parentTime: parentTime, instanceTransform: CATransform3DIdentity,
                instanceColor: SIMD4(repeating: 1), ancestorsFlip: false, modelValues: modelValues, into: &tree)
        }
        self.tree = tree
        if !modelValues { attachOldPictures() }
    }

    /// Replaces the root's values in the built tree with `state` (a presentation copy's own values, which its
    /// owner may have changed after taking it).
    func replaceRootState(_ state: LayerState) {
        guard tree.count > 0 else { return }
        tree.nodes[0].state = state
        tree.nodes[0].presentationStamp = 0
    }

    /// Gives each transition of the new tree its old picture: kept from the frame it began in, or cut now from the
    /// previous frame's tree for a transition seen for the first time. Pictures of finished transitions are dropped.
    private func attachOldPictures() {
        guard !tree.transitions.isEmpty || !oldPictures.isEmpty else { return }
        var kept: [ObjectIdentifier: RenderTree?] = [:]
        for index in tree.transitions.indices {
            let key = tree.transitions[index].key
            let picture = oldPictures[key] ?? Self.subtree(of: tree.transitions[index].layer, in: previous)
            kept[key] = picture
            tree.transitions[index].old = picture
        }
        oldPictures = kept
    }

    /// The subtree of the layer `identity` in `source`, re-indexed from 0, or nil when it is not there.
    private static func subtree(of identity: ObjectIdentifier, in source: RenderTree) -> RenderTree? {
        guard let start = (0..<source.count).first(where: { source.nodes[$0].identity == identity }) else { return nil }
        let end = source.nodes[start].subtreeEnd
        var result = RenderTree()
        result.nodes = Array(source.nodes[start..<end])
        result.count = end - start
        for index in result.nodes.indices {
            result.nodes[index].childrenStart -= start
            result.nodes[index].subtreeEnd -= start
            if result.nodes[index].maskIndex >= 0 { result.nodes[index].maskIndex -= start }
            result.nodes[index].transitionIndex = -1
        }
        return result
    }

    /// Lays out and displays what is marked, top down (layout can resize layers and mark them for display). Both
    /// walks use an explicit stack, so the depth of the tree costs no call-stack depth.
    static func prepare(_ root: CALayer) {
        root.layoutIfNeeded()
        // Each layer, then its mask's tree, then its sublayers' trees in order.
        var pending: [CALayer] = [root]
        while let layer = pending.popLast() {
            layer.displayIfNeeded()
            if let sublayers = layer.sublayers { pending.append(contentsOf: sublayers.reversed()) }
            if let mask = layer.mask { pending.append(mask) }
        }
    }

    /// Puts the values of `cells` into `states` element by element, so that a slot holding as many cells as last
    /// frame is refreshed without allocating.
    private static func copyCells(_ cells: [CAEmitterCell], into states: inout [EmitterCellState]) {
        guard states.count == cells.count else {
            states = cells.map(\.values)
            return
        }
        for index in cells.indices { states[index] = cells[index].values }
    }

    private static func visit(
        _ layer: CALayer, parentTime: Double, instanceTransform: CATransform3D, instanceColor: SIMD4<Float>,
        ancestorsFlip: Bool, modelValues: Bool, into tree: inout RenderTree
    ) {
        let index = tree.count
        tree.count += 1
        if index == tree.nodes.count { tree.nodes.append(.placeholder(identity: ObjectIdentifier(layer))) }
        let time = layer.timingStorage.layerTime(fromParentTime: parentTime)
        if modelValues {
            tree.nodes[index].state = layer.modelState
            tree.nodes[index].presentationStamp = 0
        } else {
            tree.nodes.withUnsafeMutableBufferPointer { nodes in
                layer.updatePresentation(&nodes[index].state, stamp: &nodes[index].presentationStamp, layerTime: time)
            }
        }
        let kind = Self.kind(of: layer)
        tree.nodes[index].kind = kind
        tree.nodes[index].identity = ObjectIdentifier(layer)
        tree.nodes[index].localTime = time
        tree.nodes[index].instanceTransform = instanceTransform
        tree.nodes[index].instanceColor = instanceColor
        // Flipped geometry (this layer's or an ancestor's) turns the contents upside down; an odd count is undone.
        let flips = ancestorsFlip != tree.nodes[index].state.details.isGeometryFlipped
        tree.nodes[index].flipsContents = flips
        if kind == .emitter, let emitter = layer as? CAEmitterLayer {
            Self.copyCells(emitter.cellStorage ?? [], into: &tree.nodes[index].emitterCells)
        } else if !tree.nodes[index].emitterCells.isEmpty {
            tree.nodes[index].emitterCells = []
        }
        tree.nodes[index].transitionIndex = -1
        if !modelValues {
            layer.forEachTransition(atLayerTime: time) { key, track, progress in
                tree.nodes[index].transitionIndex = tree.transitions.count
                tree.transitions.append(
                    RenderTransition(
                        type: track.type.rawValue, subtype: track.subtype?.rawValue, progress: progress, old: nil,
                        key: key, layer: ObjectIdentifier(layer)))
            }
        }
        tree.nodes[index].maskIndex = -1
        if let mask = layer.maskStorage {
            tree.nodes[index].maskIndex = tree.count
            visit(
                mask, parentTime: time, instanceTransform: CATransform3DIdentity, instanceColor: SIMD4(repeating: 1),
                ancestorsFlip: flips, modelValues: modelValues, into: &tree)
        }
        tree.nodes[index].childrenStart = tree.count
        if let sublayers = layer.sublayerStorage {
            if kind == .replicator {
                visitInstances(
                    of: sublayers, replicator: tree.nodes[index].state, time: time, ancestorsFlip: flips,
                    modelValues: modelValues, into: &tree)
            } else {
                for sublayer in sublayers {
                    visit(
                        sublayer, parentTime: time, instanceTransform: CATransform3DIdentity,
                        instanceColor: SIMD4(repeating: 1), ancestorsFlip: flips, modelValues: modelValues,
                        into: &tree)
                }
            }
        }
        tree.nodes[index].subtreeEnd = tree.count
    }

    /// The render-tree size beyond which replicators draw no further copies: 65,536 nodes. A copy (instance 1 and
    /// up) starts only while the frame's tree is smaller; the layers themselves are always drawn. An untrusted
    /// `instanceCount` (10¹² in a 369-byte scene file) therefore costs at most about that many nodes (some
    /// 130 MB) and bounded time, however replicators are nested.
    static let maximumNodesForCopies = 1 << 16

    /// Visits the sublayers of a replicator once per instance. Apple draws instance 0 (the sublayers themselves)
    /// first, then each further instance above the previous one, all sublayers per instance, up to
    /// ``maximumNodesForCopies``.
    private static func visitInstances(
        of sublayers: [CALayer], replicator: LayerState, time: Double, ancestorsFlip: Bool, modelValues: Bool,
        into tree: inout RenderTree
    ) {
        let values = replicator.replicator
        let count = min(max(1, values.instanceCount), maximumNodesForCopies)
        var accumulated = CATransform3DIdentity
        let base = values.instanceColor ?? .opaqueWhite
        let offsets = SIMD4<Double>(
            Double(values.instanceRedOffset), Double(values.instanceGreenOffset), Double(values.instanceBlueOffset),
            Double(values.instanceAlphaOffset))
        for instance in 0..<count {
            if instance > 0 {
                if tree.count >= maximumNodesForCopies { break }
                accumulated = CATransform3DConcat(accumulated, values.instanceTransform)
            }
            let placed = LayerGeometry.projection(
                sublayerTransform: accumulated, bounds: replicator.bounds, anchorPoint: replicator.anchorPoint,
                anchorPointZ: replicator.anchorPointZ)
            let color = SIMD4<Double>(base.red, base.green, base.blue, base.alpha) + offsets * Double(instance)
            let finite = color.replacing(with: 1, where: color .!= color)  // NaN offsets leave the channel alone
            let clamped = SIMD4<Float>(finite.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)))
            for sublayer in sublayers {
                visit(
                    sublayer, parentTime: time - Double(instance) * values.instanceDelay, instanceTransform: placed,
                    instanceColor: clamped, ancestorsFlip: ancestorsFlip, modelValues: modelValues, into: &tree)
            }
        }
    }

    private static func kind(of layer: CALayer) -> RenderLayerKind {
        if type(of: layer) == CALayer.self { return .plain }
        switch layer {
        case is CAShapeLayer: return .shape
        case is CATextLayer: return .text
        case is CAGradientLayer: return .gradient
        case is CAReplicatorLayer: return .replicator
        case is CATransformLayer: return .transformLayer
        case is CAEmitterLayer: return .emitter
        default: return .plain
        }
    }
}
