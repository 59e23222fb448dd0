import Foundation

/// Snapshots a layer tree at one media time into a `RenderTree` (our helper): the only step of rendering that
/// reads layers. Runs the pending layout and display of the tree first, as Core Animation does before it draws.
///
/// Per layer it records the presentation values (SPEC Appendix A), its kind, its mask subtree and its sublayers.
/// A replicator's sublayers are visited once per instance, instance k at the replicator's local time minus
/// k × `instanceDelay`, carrying `instanceTransform`ᵏ and the instance colour (SPEC: `CAReplicatorLayer`).
///
/// A hidden or fully transparent layer is recorded without its mask and sublayers: the compositor draws nothing
/// of such a subtree, so nothing below it is read or evaluated. (Lottie hides every layer outside its in and out
/// frames: at progress 0.1, 0.3 … 0.9 fireworks records 24 to 398 of its 1,218 layers.) Node `k` of
/// one frame need not be the layer of node `k` of the frame before; a node's values are reused only when its
/// stamp is the layer's (stamps are unique), so a node that changed layer is evaluated afresh. One picture can
/// differ from Apple's: a transition that begins on a layer below a layer hidden in the frame before has no old
/// picture (the old subtree was not recorded), so only the new one is drawn through it.
///
/// Storage is reused: after the first frame of a tree of unchanged shape, building allocates nothing except for
/// emitter cells.
final class RenderTreeBuilder {
    private(set) var tree = RenderTree()
    /// The tree of the frame before, kept to tell what changed (its storage is reused for the next frame).
    private(set) var previous = RenderTree()
    /// The old pictures of the transitions playing, by transition object, taken from the frame before each began.
    private var oldPictures: [ObjectIdentifier: RenderTree?] = [:]
    /// The work lists of a build, kept for their storage.
    private var work = WorkList()
    private var pending: [CALayer] = []

    /// Empties the tree (a renderer without a layer).
    func clear() {
        swap(&tree, &previous)
        tree.count = 0
    }

    /// Forgets the trees built so far and the values they hold, keeping their storage: the next build is a first
    /// frame (no changes to compare with, no old transition pictures).
    func forgetFrames() {
        tree.nodes.removeAll(keepingCapacity: true)
        tree.count = 0
        tree.transitions.removeAll(keepingCapacity: true)
        previous.nodes.removeAll(keepingCapacity: true)
        previous.count = 0
        previous.transitions.removeAll(keepingCapacity: true)
        oldPictures = [:]
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
        prepare(root)
        swap(&tree, &previous)
        var tree = self.tree
        self.tree = RenderTree()
        tree.count = 0
        tree.transitions.removeAll(keepingCapacity: true)
        var work = self.work
        self.work = WorkList()
        work.reset()
        LayerTreeLock.withLock {
            let parentTime = root.superlayerStorage?.localTime(atMediaTime: mediaTime) ?? mediaTime
            work.steps.append(.visit(Visit(layer: .passUnretained(root), parentTime: parentTime)))
            Self.walk(&work, modelValues: modelValues, into: &tree)
        }
        self.work = work
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

    /// Lays out and displays what is marked, top down (layout can resize layers and mark them for display):
    /// `displayIfNeeded()` runs on `root` and on every layer below it (masks included) on a branch that leads to a
    /// layer marked for display (`LayerFlags.descendantNeedsDisplay`), parents first, without recursion.
    private func prepare(_ root: CALayer) {
        root.layoutIfNeeded()
        var pending = self.pending
        self.pending = []
        pending.append(root)
        while let layer = pending.popLast() {
            layer.displayIfNeeded()
            LayerTreeLock.withLock {
                guard layer.flags.contains(.descendantNeedsDisplay) else { return }
                layer.flags.remove(.descendantNeedsDisplay)
                if let sublayers = layer.sublayerStorage { pending.append(contentsOf: sublayers.reversed()) }
                if let mask = layer.maskStorage { pending.append(mask) }
            }
        }
        self.pending = pending
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

    /// A layer to record: where it sits among its superlayer's times, instances and flips.
    ///
    /// Layers are held unretained here and in `Step`: a build runs with the tree's lock held, so each layer it
    /// reaches stays owned (by the caller for the root, by its superlayer's sublayers or mask otherwise) until the
    /// build ends. Counting references would cost an atomic update of each layer's side table (layers in a tree
    /// have one, as their sublayers point back weakly) several times per layer and frame.
    struct Visit {
        var layer: Unmanaged<CALayer>
        var parentTime: Double
        /// For a replicator's copy: its entry in the work list's `instances`; −1 for none (identity, white).
        var instance = -1
        /// Whether an odd number of the layer's ancestors flip their geometry.
        var ancestorsFlip = false
    }

    /// One step of the build's work list, last first (a stack, so the tree comes out depth first whatever its
    /// depth). Steps stay small (no transforms): the replicator values they need sit in the `WorkList`.
    enum Step {
        /// Record a layer's node.
        case visit(Visit)
        /// The sublayers of node `node` start here (its mask's subtree is complete).
        case sublayers(node: Int)
        /// Visit the copies of replicator node `node` (layer `layer`) from position `next` on, positions running
        /// over instances × sublayers; at position 0 its sublayers start here. `slot` is the replicator's entry
        /// in the work list's `accumulated`.
        case replicas(node: Int, layer: Unmanaged<CALayer>, next: Int, slot: Int)
        /// The node's subtree is complete.
        case close(node: Int)
    }

    /// The work list of a build and the replicator values its steps refer to, kept between builds for storage.
    struct WorkList {
        var steps: [Step] = []
        /// The instance transform (as a projection into the replicator's plane) and colour of each copy visited.
        var instances: [(transform: CATransform3D, color: SIMD4<Float>)] = []
        /// Each replicator's instance transform raised to the power of the instance being walked.
        var accumulated: [CATransform3D] = []

        mutating func reset() {
            steps.removeAll(keepingCapacity: true)
            instances.removeAll(keepingCapacity: true)
            accumulated.removeAll(keepingCapacity: true)
        }
    }

    /// Runs the work list until it is empty, appending nodes to `tree` in depth-first order: a node, its mask's
    /// subtree, then its sublayers' subtrees. Called with the lock held.
    private static func walk(_ work: inout WorkList, modelValues: Bool, into tree: inout RenderTree) {
        while let step = work.steps.popLast() {
            switch step {
            case .visit(let visit):
                visit.layer._withUnsafeGuaranteedRef { layer in
                    record(layer, visit, modelValues: modelValues, work: &work, into: &tree)
                }
            case .sublayers(let node):
                tree.nodes[node].childrenStart = tree.count
            case .replicas(let node, let layer, let next, let slot):
                if next == 0 { tree.nodes[node].childrenStart = tree.count }
                guard let sublayers = layer._withUnsafeGuaranteedRef(\.sublayerStorage), !sublayers.isEmpty else {
                    continue
                }
                // Apple draws instance 0 (the sublayers themselves) first, then each further instance above the
                // previous one, all sublayers per instance.
                let values = tree.nodes[node].state.replicator
                let instance = next / sublayers.count
                guard instance < min(max(1, values.instanceCount), maximumNodesForCopies) else { continue }
                if instance > 0 && next % sublayers.count == 0 {
                    // A further copy starts only while the tree is below the cap.
                    if tree.count >= maximumNodesForCopies { continue }
                    work.accumulated[slot] = CATransform3DConcat(work.accumulated[slot], values.instanceTransform)
                }
                work.instances.append(
                    (
                        LayerGeometry.projection(
                            sublayerTransform: work.accumulated[slot], bounds: tree.nodes[node].state.bounds,
                            anchorPoint: tree.nodes[node].state.anchorPoint,
                            anchorPointZ: tree.nodes[node].state.anchorPointZ),
                        instanceColor(values, instance)
                    ))
                work.steps.append(.replicas(node: node, layer: layer, next: next + 1, slot: slot))
                work.steps.append(
                    .visit(
                        Visit(
                            layer: .passUnretained(sublayers[next % sublayers.count]),
                            parentTime: tree.nodes[node].localTime - Double(instance) * values.instanceDelay,
                            instance: work.instances.count - 1, ancestorsFlip: tree.nodes[node].flipsContents)))
            case .close(let node):
                tree.nodes[node].subtreeEnd = tree.count
            }
        }
    }

    /// Writes the node of `layer` (the layer of `visit`) and schedules its mask, its sublayers and its end.
    private static func record(
        _ layer: CALayer, _ visit: Visit, modelValues: Bool, work: inout WorkList, into tree: inout RenderTree
    ) {
        let index = tree.count
        tree.count += 1
        if index == tree.nodes.count { tree.nodes.append(.placeholder(identity: ObjectIdentifier(layer))) }
        let time = layer.timingStorage.layerTime(fromParentTime: visit.parentTime)
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
        if visit.instance >= 0 {
            tree.nodes[index].instanceTransform = work.instances[visit.instance].transform
            tree.nodes[index].instanceColor = work.instances[visit.instance].color
        } else {
            tree.nodes[index].instanceTransform = CATransform3DIdentity
            tree.nodes[index].instanceColor = SIMD4(repeating: 1)
        }
        // Flipped geometry (this layer's or an ancestor's) turns the contents upside down; an odd count is undone.
        let flips = visit.ancestorsFlip != tree.nodes[index].state.details.isGeometryFlipped
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
                        kind: track.kind, direction: track.direction, progress: progress, old: nil,
                        key: key, layer: ObjectIdentifier(layer)))
            }
        }
        tree.nodes[index].maskIndex = -1
        // The compositor's test for drawing a layer and its subtree: nothing below a layer that fails it is drawn,
        // so nothing below it is recorded.
        guard modelValues || !tree.nodes[index].state.isHidden && tree.nodes[index].state.opacity > 0 else {
            tree.nodes[index].childrenStart = tree.count
            tree.nodes[index].subtreeEnd = tree.count
            return
        }
        // Last pushed runs first: the mask's subtree, then the sublayers in order, then the end of this subtree.
        work.steps.append(.close(node: index))
        let mask = layer.maskStorage
        if kind == .replicator {
            work.accumulated.append(CATransform3DIdentity)
            work.steps.append(
                .replicas(node: index, layer: .passUnretained(layer), next: 0, slot: work.accumulated.count - 1))
        } else if let sublayers = layer.sublayerStorage, !sublayers.isEmpty {
            for position in sublayers.indices.reversed() {
                work.steps.append(
                    .visit(
                        Visit(
                            layer: .passUnretained(sublayers[position]), parentTime: time, ancestorsFlip: flips)))
            }
            work.steps.append(.sublayers(node: index))
        } else if mask != nil {
            work.steps.append(.sublayers(node: index))
        } else {
            tree.nodes[index].childrenStart = tree.count
        }
        if let mask {
            tree.nodes[index].maskIndex = tree.count
            work.steps.append(.visit(Visit(layer: .passUnretained(mask), parentTime: time, ancestorsFlip: flips)))
        }
    }

    /// The render-tree size beyond which replicators draw no further copies: 65,536 nodes. A copy (instance 1 and
    /// up) starts only while the frame's tree is smaller; the layers themselves are always drawn. An untrusted
    /// `instanceCount` (10¹² in a 369-byte scene file) therefore costs at most about that many nodes (some
    /// 130 MB) and bounded time, however replicators are nested.
    static let maximumNodesForCopies = 1 << 16

    /// The colour of replicator instance `instance`: the instance colour plus the offsets times the instance
    /// number, each channel clamped to 0…1 (a NaN offset leaves its channel at 1).
    private static func instanceColor(_ values: ReplicatorLayerState, _ instance: Int) -> SIMD4<Float> {
        let base = values.instanceColor ?? .opaqueWhite
        let offsets = SIMD4<Double>(
            Double(values.instanceRedOffset), Double(values.instanceGreenOffset), Double(values.instanceBlueOffset),
            Double(values.instanceAlphaOffset))
        let color = SIMD4<Double>(base.red, base.green, base.blue, base.alpha) + offsets * Double(instance)
        let finite = color.replacing(with: 1, where: color .!= color)
        return SIMD4<Float>(finite.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)))
    }

    private static func kind(of layer: CALayer) -> RenderLayerKind {
        if type(of: layer) == CALayer.self { return .plain }
        switch layer {
        case is CAShapeLayer: return .shape
        case let text as CATextLayer: return text.flags.contains(.textInContents) ? .plain : .text
        case is CAGradientLayer: return .gradient
        case is CAReplicatorLayer: return .replicator
        case is CATransformLayer: return .transformLayer
        case is CAEmitterLayer: return .emitter
        default: return .plain
        }
    }
}
