import Foundation

extension CALayer {
    /// The layer this one is a sublayer (or the mask) of; nil for a root. For a presentation copy, the superlayer's
    /// presentation copy.
    public var superlayer: CALayer? {
        if let model = presentationSource {
            return model.superlayer?.presentation()
        }
        return LayerTreeLock.withLock { superlayerStorage }
    }

    /// The sublayers, back to front (Apple API). Setting replaces them all: the old ones leave, the new ones are
    /// removed from wherever they were. Nil when there are none. For a presentation copy, their presentation
    /// copies.
    public var sublayers: [CALayer]? {
        get {
            if let model = presentationSource {
                return model.sublayers?.compactMap { $0.presentation() }
            }
            return LayerTreeLock.withLock { sublayerStorage }
        }
        set {
            LayerTreeLock.withLock {
                for sublayer in sublayerStorage ?? [] { sublayer.removeFromSuperlayer() }
                for sublayer in newValue ?? [] { insertSublayer(sublayer, at: UInt32.max) }
            }
        }
    }

    /// The layer whose alpha masks this one's content (Apple API); it has no superlayer of its own. Default nil.
    public var mask: CALayer? {
        get {
            if let model = presentationSource {
                return model.mask?.presentation()
            }
            return LayerTreeLock.withLock { maskStorage }
        }
        set {
            LayerTreeLock.withLock {
                guard newValue !== maskStorage else { return }
                noteChange()
                if let old = maskStorage, old.superlayerStorage === self {
                    old.superlayerStorage = nil
                }
                if let newValue {
                    newValue.removeFromSuperlayer()
                    newValue.noteChange()
                    newValue.superlayerStorage = self
                }
                maskStorage = newValue
            }
        }
    }

    /// Appends `layer` to the sublayers (frontmost), removing it from its old superlayer first (Apple API).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32.max)
    }

    /// Inserts `layer` at `idx` of the sublayers; an index past the end appends (SPEC §11b).
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
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
            flags.insert(.needsLayout)  // as Apple's: a new sublayer asks its superlayer for layout
            if !wasInTree { layer.runAction(forEvent: kCAOnOrderIn) }
        }
    }

    /// Inserts `layer` just below `sibling` (behind it); with a nil or foreign sibling, at the back (Apple API).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        LayerTreeLock.withLock {
            guard let sibling, let position = indexOfSublayer(sibling, excluding: layer) else {
                insertSublayer(layer, at: 0)
                return
            }
            insertSublayer(layer, at: UInt32(position))
        }
    }

    /// Inserts `layer` just above `sibling` (in front of it); with a nil or foreign sibling, at the front (Apple
    /// API).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        LayerTreeLock.withLock {
            guard let sibling, let position = indexOfSublayer(sibling, excluding: layer) else {
                insertSublayer(layer, at: UInt32.max)
                return
            }
            insertSublayer(layer, at: UInt32(position + 1))
        }
    }

    /// Puts `newLayer` where `oldLayer` is and removes `oldLayer` (Apple API). Nothing happens when `oldLayer` is
    /// not a sublayer of this layer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        LayerTreeLock.withLock {
            guard oldLayer !== newLayer, let position = indexOfSublayer(oldLayer, excluding: newLayer) else { return }
            oldLayer.removeFromSuperlayer()
            insertSublayer(newLayer, at: UInt32(position))
        }
    }

    /// Takes the layer out of its superlayer's sublayers (or its mask slot) (Apple API). Its animations, and those
    /// of its sublayers, are removed as a layer leaving the tree loses them on Apple platforms; their delegates hear
    /// `animationDidStop(_:finished: false)`.
    public func removeFromSuperlayer() {
        LayerTreeLock.withLock { detachFromSuperlayer(runOrderOut: true) }
    }

    // MARK: Helpers

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
    private func indexOfSublayer(_ sublayer: CALayer, excluding moving: CALayer) -> Int? {
        guard var list = sublayerStorage else { return nil }
        list.removeAll { $0 === moving }
        return list.firstIndex { $0 === sublayer }
    }

    private func detachFromSuperlayer(runOrderOut: Bool) {
        guard let parent = superlayerStorage else { return }
        if runOrderOut { runAction(forEvent: kCAOnOrderOut) }
        parent.noteChange()
        noteChange()
        if parent.maskStorage === self {
            parent.maskStorage = nil
        } else if let position = parent.sublayerStorage?.firstIndex(where: { $0 === self }) {
            parent.sublayerStorage?.remove(at: position)
            if parent.sublayerStorage?.isEmpty == true { parent.sublayerStorage = nil }
            parent.flags.insert(.needsLayout)
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
