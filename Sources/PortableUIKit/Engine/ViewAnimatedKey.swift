import Foundation
import PortableQuartzCore

/// Which layer properties view animation blocks animate, and how (our helper; SPEC §11.2).
enum ViewAnimatedKey {
    /// Whether a change of `property` inside an animation block animates: every implicitly animatable property
    /// except the ones that can only switch (`hidden`, `doubleSided`, `masksToBounds`, `contents`,
    /// `shouldRasterize`, `compositingFilter`) and the scale factors of the backing store, which UIKit sets
    /// without animation.
    static func animates(_ property: LayerProperty) -> Bool {
        switch property {
        case .isHidden, .isDoubleSided, .masksToBounds, .contents, .shouldRasterize, .compositingFilter,
            .contentsScale, .rasterizationScale, .minificationFilterBias:
            false
        default:
            property.isImplicitlyAnimatable
        }
    }

    /// The registered property for an action event, with the keys views change most looked up without hashing.
    static func property(forKey key: String) -> LayerProperty? {
        switch key {
        case "position": .position
        case "bounds": .bounds
        case "opacity": .opacity
        case "transform": .transform
        case "backgroundColor": .backgroundColor
        default: LayerProperty(key: key)
        }
    }

    /// Whether UIKit animates `property` additively: the geometry a view's `frame`, `bounds`, `center` and
    /// `transform` set (SPEC §11.2, INFERRED list). Opacity and colours are not additive (seed 002).
    static func isAdditive(_ property: LayerProperty) -> Bool {
        property == .position || property == .bounds || property == .transform
    }

    /// The model value of `property` on `layer` as a typed value (nil when it does not convert, which does not
    /// happen for the registered properties).
    static func modelValue(of property: LayerProperty, in layer: CALayer) -> AnimatableValue? {
        switch property {
        case .position: .point(layer.position)
        case .bounds: .rect(layer.bounds)
        case .transform: .transform(layer.transform)
        default: AnimatableValue(converting: layer.value(forKey: property.key), as: property.kind)
        }
    }

    /// The `fromValue` and `toValue` of the additive animation that shows `old` at its start and nothing at its
    /// end, on top of the new model value `new`: `old − new` to zero for points and rectangles, `old × new⁻¹` to
    /// the identity for transforms (the additive transform applies before the model's, SPEC §3.3). Nil when the
    /// value did not change, or when `new` is a transform without an inverse (such a change animates
    /// non-additively instead).
    static func additiveOffset(from old: AnimatableValue, to new: AnimatableValue) -> (from: Any, to: Any)? {
        guard let offset = typedAdditiveOffset(from: old, to: new),
            let from = offset.from.appleValue, let to = offset.to.appleValue
        else { return nil }
        return (from, to)
    }

    /// `additiveOffset(from:to:)` as typed values: what the animation's `fromValue` and `toValue` hold (as their
    /// `appleValue`: `CGPoint`, `CGRect`, `CATransform3D`) and what compiling them gives.
    static func typedAdditiveOffset(
        from old: AnimatableValue, to new: AnimatableValue
    ) -> (from: AnimatableValue, to: AnimatableValue)? {
        guard old != new else { return nil }
        switch (old, new) {
        case (.point(let a), .point(let b)):
            return (.point(CGPoint(x: a.x - b.x, y: a.y - b.y)), .point(.zero))
        case (.rect(let a), .rect(let b)):
            return (
                .rect(
                    CGRect(
                        x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y, width: a.width - b.width,
                        height: a.height - b.height)),
                .rect(.zero)
            )
        case (.transform(let a), .transform(let b)):
            let inverse = CATransform3DInvert(b)
            guard isNearlyIdentity(CATransform3DConcat(b, inverse)) else { return nil }
            return (.transform(CATransform3DConcat(a, inverse)), .transform(CATransform3DIdentity))
        default:
            return nil
        }
    }

    /// Whether every element of `m` is within 1e-9 of the identity's (rounding left by an inversion).
    private static func isNearlyIdentity(_ m: CATransform3D) -> Bool {
        let elements: [CGFloat] = [
            m.m11 - 1, m.m12, m.m13, m.m14, m.m21, m.m22 - 1, m.m23, m.m24,
            m.m31, m.m32, m.m33 - 1, m.m34, m.m41, m.m42, m.m43, m.m44 - 1,
        ]
        return elements.allSatisfy { abs($0) <= 1e-9 }
    }
}

/// The action a view hands its layer for a geometry change inside an animation block (our helper; UIKit's
/// private additive action, SPEC §11.2): once the new value is stored it adds an additive animation from
/// `old − new` to zero under a key of its own, so a second change of the same property while the first animates
/// adds a second animation instead of replacing the first, and the two offsets sum (smooth re-targeting).
/// Nothing is added when the value did not change.
final class AdditiveAnimationAction: CAAction {
    private let block: AnimationBlock
    private let property: LayerProperty
    private let oldValue: AnimatableValue
    /// The layer's index among the block's touched layers, so adding the animation needs no second lookup.
    private let layerIndex: Int

    init(block: AnimationBlock, property: LayerProperty, oldValue: AnimatableValue, layerIndex: Int) {
        self.block = block
        self.property = property
        self.oldValue = oldValue
        self.layerIndex = layerIndex
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer,
            let newValue = ViewAnimatedKey.modelValue(of: property, in: layer), newValue != oldValue
        else { return }
        let animation = block.makePropertyAnimation(keyPath: event, for: layer)
        // The layer compiles the animation from the typed values set here, not from `Any` and the key string —
        // when the event is the property's own key (a KVC change of a component, such as `position.x`, runs the
        // action under the component's key path, which the animation then gets).
        let path: PropertyPath? = event == property.key ? PropertyPath(property) : nil
        if let offset = ViewAnimatedKey.typedAdditiveOffset(from: oldValue, to: newValue) {
            animation.fromValue = offset.from.appleValue
            animation.toValue = offset.to.appleValue
            animation.isAdditive = true
            block.add(
                animation, to: layer, forKey: Self.freeKey(for: event, on: layer), index: layerIndex,
                typed: path.map { TypedAnimationValues(path: $0, from: offset.from, to: offset.to) })
        } else {
            animation.fromValue = oldValue
            animation.toValue = newValue
            block.add(
                animation, to: layer, forKey: event, index: layerIndex,
                typed: path.map { TypedAnimationValues(path: $0, from: oldValue, to: newValue) })
        }
    }

    /// `event` when no animation uses that key on `layer`, else `event-2`, `event-3`, … (the first free one).
    static func freeKey(for event: String, on layer: CALayer) -> String {
        guard let keys = layer.animationKeys(), keys.contains(event) else { return event }
        var suffix = 2
        while keys.contains("\(event)-\(suffix)") { suffix += 1 }
        return "\(event)-\(suffix)"
    }
}

/// Counts the animation blocks that keep a view from receiving touches (our helper): a block without
/// `allowUserInteraction` blocks the views it animates until it completes (DOC `animate(withDuration:…)`).
/// Thread safe, because blocks complete on the clock's thread.
final class ViewInteractionGate: Sendable {
    private let count = LockedValue(0)

    /// Whether no block is blocking the view now.
    var isOpen: Bool { count.withLock { $0 == 0 } }

    func block() { count.withLock { $0 += 1 } }

    func unblock() { count.withLock { $0 = Swift.max(0, $0 - 1) } }
}
