import Foundation

/// A layer that draws its sublayers several times, each copy transformed, tinted and delayed a step further than
/// the one before (Apple API).
///
/// Copy *k* (0 is the original, up to `instanceCount − 1`) is drawn with `instanceTransform` applied *k* times,
/// its colour multiplied by `instanceColor` with *k* times each offset added to the components (so copy 0 is
/// tinted by `instanceColor` itself), and its animations shifted *k* × `instanceDelay` seconds later. The copies are
/// drawn only: they are no layers of their own, and hit testing finds only the originals.
///
/// Defaults: 1 instance (just the original), no delay, identity transform, opaque white colour (no tint), all
/// offsets 0, `preservesDepth` false (the copies are flattened into the layer's plane like any sublayers).
///
/// **Animation.** Every replicator property except `preservesDepth` animates implicitly on a committed layer.
open class CAReplicatorLayer: CALayer {
    /// A blank replicator layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CAReplicatorLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CAReplicatorLayer? {
        super.presentation() as? CAReplicatorLayer
    }

    /// The default of `key` (Apple API): `instanceCount` 1, `instanceTransform` identity, `instanceColor` opaque
    /// white; the other replicator properties nil; other keys as `CALayer` answers them.
    open override class func defaultValue(forKey key: String) -> Any? {
        if let answer = LayerClassDefaults.answer(forKey: key, family: .replicatorLayer) { return answer }
        return super.defaultValue(forKey: key)
    }

    /// How many copies of the sublayers are drawn, the originals included; 0 or less draws none. Default 1.
    /// Animatable (an animated count is truncated toward zero).
    open var instanceCount: Int {
        get { modelValue(\.replicator.instanceCount) }
        set { setModelValue(newValue, for: .instanceCount, at: \.replicator.instanceCount) }
    }

    /// Whether the copies keep their depth (sorted and intersected in 3-D) instead of being flattened into the
    /// layer's plane. Default false. Not animatable.
    open var preservesDepth: Bool {
        get { modelValue(\.details.preservesDepth) }
        set { setModelValue(newValue, for: .preservesDepth, at: \.details.preservesDepth) }
    }

    /// How many seconds later each copy's animations run than the previous copy's. Default 0. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { modelValue(\.replicator.instanceDelay) }
        set { setModelValue(newValue, for: .instanceDelay, at: \.replicator.instanceDelay) }
    }

    /// The transform from one copy to the next, applied once more for each copy. Default identity (all copies on
    /// top of each other). Animatable.
    open var instanceTransform: CATransform3D {
        get { modelValue(\.replicator.instanceTransform) }
        set { setModelValue(newValue, for: .instanceTransform, at: \.replicator.instanceTransform) }
    }

    /// The colour the first copy is multiplied by; nil counts as opaque white. Default opaque white. Animatable.
    open var instanceColor: CGColor? {
        get { modelValue(\.replicator.instanceColor)?.cgColor }
        set {
            setModelValue(newValue.map { ColorComponents($0) }, for: .instanceColor, at: \.replicator.instanceColor)
        }
    }

    /// Added to the red component of the tint for each further copy. Default 0. Animatable.
    open var instanceRedOffset: Float {
        get { modelValue(\.replicator.instanceRedOffset) }
        set { setModelValue(newValue, for: .instanceRedOffset, at: \.replicator.instanceRedOffset) }
    }

    /// Added to the green component of the tint for each further copy. Default 0. Animatable.
    open var instanceGreenOffset: Float {
        get { modelValue(\.replicator.instanceGreenOffset) }
        set { setModelValue(newValue, for: .instanceGreenOffset, at: \.replicator.instanceGreenOffset) }
    }

    /// Added to the blue component of the tint for each further copy. Default 0. Animatable.
    open var instanceBlueOffset: Float {
        get { modelValue(\.replicator.instanceBlueOffset) }
        set { setModelValue(newValue, for: .instanceBlueOffset, at: \.replicator.instanceBlueOffset) }
    }

    /// Added to the alpha component of the tint for each further copy (−0.1 fades each copy a little more).
    /// Default 0. Animatable.
    open var instanceAlphaOffset: Float {
        get { modelValue(\.replicator.instanceAlphaOffset) }
        set { setModelValue(newValue, for: .instanceAlphaOffset, at: \.replicator.instanceAlphaOffset) }
    }
}
