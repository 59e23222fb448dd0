import Foundation

// The layer tree (Apple API). The members a subclass may override (`sublayers`, `mask`, `addSublayer(_:)`, the
// `insertSublayer` family, `replaceSublayer(_:with:)`, `removeFromSuperlayer()`) are declared in CALayer.swift;
// their implementations live here.

extension CALayer {
    /// The layer this one is a sublayer (or the mask) of; nil for a root. For a presentation copy, the superlayer's
    /// presentation copy.
    public var superlayer: CALayer? {
        if let model = presentationSource {
            return model.superlayer?.presentation()
        }
        return LayerTreeLock.withLock { superlayerStorage }
    }

    // MARK: Helpers

    /// What `sublayers` reads: the stored sublayers, or for a presentation copy their presentation copies.
    final func currentSublayers() -> [CALayer]? {
        if let model = presentationSource {
            return model.sublayers?.compactMap { $0.presentation() }
        }
        return LayerTreeLock.withLock { sublayerStorage }
    }

    /// What `mask` reads: the stored mask, or for a presentation copy its presentation copy.
    final func currentMask() -> CALayer? {
        if let model = presentationSource {
            return model.mask?.presentation()
        }
        return LayerTreeLock.withLock { maskStorage }
    }

    /// What setting `mask` does: the old mask lets go, the new one leaves its superlayer (through
    /// `removeFromSuperlayer()`) and is held as the mask.
    final func installMask(_ newValue: CALayer?) {
        guard LayerTreeLock.withLock({ newValue !== maskStorage }) else { return }
        newValue?.removeFromSuperlayer()
        LayerTreeLock.withLock {
            noteChange()
            if let old = maskStorage, old.superlayerStorage === self {
                old.superlayerStorage = nil
            }
            if let newValue {
                newValue.detachFromSuperlayer(runOrderOut: false)
                newValue.noteChange()
                newValue.superlayerStorage = self
                newValue.markAncestorsOfPendingWork()
            }
            maskStorage = newValue
        }
    }

    /// What `insertSublayer(_:at:)` does: the layer leaves its old place (without the `onOrderOut` action when it
    /// only moves) and is inserted at `idx`, clamped to the end.
    final func attachSublayer(_ layer: CALayer, at idx: UInt32) {
        LayerTreeLock.withLock {
            precondition(layer !== self, "CALayer: a layer cannot be its own sublayer")
            // Only a layer with sublayers or a mask can be an ancestor: the walk up is skipped for the others,
            // so building a chain layer by layer costs time in proportion to its length, not its square.
            precondition(
                (layer.sublayerStorage == nil && layer.maskStorage == nil) || !isDescendant(of: layer),
                "CALayer: adding a layer below itself would make a cycle")
            let wasInTree = layer.superlayerStorage != nil
            if layer.superlayerStorage === self, let position = sublayerStorage?.firstIndex(where: { $0 === layer }) {
                sublayerStorage?.remove(at: position)
            } else {
                layer.detachFromSuperlayer(runOrderOut: false)
            }
            noteChange()
            layer.noteChange()
            // Insert in place: copying the array out and back would make building a tree quadratic.
            if sublayerStorage == nil { sublayerStorage = [] }
            sublayerStorage!.insert(layer, at: Swift.min(Int(idx), sublayerStorage!.count))
            layer.superlayerStorage = self
            layer.markAncestorsOfPendingWork()
            markNeedsLayout()  // as Apple's: a new sublayer asks its superlayer for layout
            if !wasInTree { layer.runAction(forEvent: kCAOnOrderIn) }
        }
    }

    /// Whether `ancestor` is this layer's superlayer, or its superlayer's, and so on. Called with the lock held.
    final func isDescendant(of ancestor: CALayer) -> Bool {
        var current = superlayerStorage
        while let layer = current {
            if layer === ancestor { return true }
            current = layer.superlayerStorage
        }
        return false
    }

    /// The index of `sublayer` among the sublayers as they will be once `moving` is taken out. Called with the
    /// lock held.
    final func indexOfSublayer(_ sublayer: CALayer, excluding moving: CALayer) -> Int? {
        guard var list = sublayerStorage else { return nil }
        list.removeAll { $0 === moving }
        return list.firstIndex { $0 === sublayer }
    }

    /// Takes the layer out of its superlayer's sublayers or mask slot; `runOrderOut` (a removal, not a move) also
    /// runs the `onOrderOut` action and removes the subtree's animations. Called with the lock held.
    final func detachFromSuperlayer(runOrderOut: Bool) {
        guard let parent = superlayerStorage else { return }
        if runOrderOut { runAction(forEvent: kCAOnOrderOut) }
        parent.noteChange()
        noteChange()
        if parent.maskStorage === self {
            parent.maskStorage = nil
        } else if let position = parent.sublayerStorage?.firstIndex(where: { $0 === self }) {
            parent.sublayerStorage?.remove(at: position)
            if parent.sublayerStorage?.isEmpty == true { parent.sublayerStorage = nil }
            parent.markNeedsLayout()
        }
        superlayerStorage = nil
        if runOrderOut { removeAnimationsOfSubtree() }
    }

    /// Removes the animations of this layer, its sublayers' trees and its mask's tree (explicit stack: no
    /// call-stack depth for deep trees).
    private func removeAnimationsOfSubtree() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.animationStorage.map({ !$0.entries.isEmpty }) == true {
                layer.removeAllAnimations()
            }
            if let mask = layer.maskStorage { pending.append(mask) }
            pending.append(contentsOf: (layer.sublayerStorage ?? []).reversed())
        }
    }
}
