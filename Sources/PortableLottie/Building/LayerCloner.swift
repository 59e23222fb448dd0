import PortableQuartzCore

/// Copies of layer subtrees the builder has made (our helper for repeaters, whose copies hold the same content):
/// each layer's model values, its animations (sharing their compiled forms, see `CALayer.addCopies(ofAnimationsOf:)`),
/// its sublayers and its mask. Copying a subtree this way is the same as building its items again, at a fraction
/// of the cost: no keyframes are computed, converted or compiled again.
enum LayerCloner {
    /// Copies of the subtrees `layers`, their layers taken from the layer budget; nil, taking none, when one holds a
    /// layer of a class the builder does not make for shape items (plain, shape and gradient layers are copied) or
    /// when the budget has fewer layers left. The caller then builds the items again, which fills what is left of
    /// the budget layer by layer, as it always has.
    static func copies(of layers: [CALayer], context: AnimationContext) -> [CALayer]? {
        var count = 0
        for layer in layers {
            guard let inner = layerCount(layer) else { return nil }
            count += inner
        }
        guard context.budget.take(layers: count) else { return nil }
        return layers.map(copy)
    }

    /// The number of layers in `layer`'s subtree (masks included); nil when one of them is of another class.
    private static func layerCount(_ layer: CALayer) -> Int? {
        let kind = type(of: layer)
        guard kind == CALayer.self || kind == CAShapeLayer.self || kind == CAGradientLayer.self else { return nil }
        var count = 1
        for sublayer in layer.sublayers ?? [] {
            guard let inner = layerCount(sublayer) else { return nil }
            count += inner
        }
        if let mask = layer.mask {
            guard let inner = layerCount(mask) else { return nil }
            count += inner
        }
        return count
    }

    /// A copy of a subtree ``layerCount(_:)`` accepted.
    private static func copy(_ layer: CALayer) -> CALayer {
        let copy: CALayer
        switch layer {
        case let shape as CAShapeLayer: copy = CAShapeLayer(layer: shape)
        case let gradient as CAGradientLayer: copy = CAGradientLayer(layer: gradient)
        default: copy = CALayer(layer: layer)
        }
        copy.addCopies(ofAnimationsOf: layer)
        for sublayer in layer.sublayers ?? [] { copy.addSublayer(Self.copy(sublayer)) }
        if let mask = layer.mask { copy.mask = Self.copy(mask) }
        return copy
    }
}
