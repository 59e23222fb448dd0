import Foundation

/// An animation of one layer property, named by a key path (Apple API). Use its subclasses `CABasicAnimation`,
/// `CAKeyframeAnimation` and `CASpringAnimation`.
///
/// The key path names a property of the layer the animation is added to, or a component of one: `"opacity"`,
/// `"position.x"`, `"bounds.size.width"`, `"transform.rotation.z"`, `"transform.scale"`. A key path that names no
/// animatable property (or `nil`) makes the animation contribute nothing; it still runs its timing and tells its
/// delegate when it starts and stops.
open class CAPropertyAnimation: CAAnimation {
    /// The animated property's key path. Default `nil`.
    open var keyPath: String? {
        willSet { checkMutable("keyPath") }
    }

    /// Whether the animation's value is added to the value shown underneath it (the model value, or what earlier
    /// animations on the same property made of it) instead of replacing it. Transforms are concatenated, the
    /// animation's matrix first. Default false.
    open var isAdditive: Bool = false {
        willSet { checkMutable("additive") }
    }

    /// Whether each repeat cycle continues from where the previous one ended: cycle `k` shows its own value plus
    /// `k` times the value at the end of a cycle. Default false.
    open var isCumulative: Bool = false {
        willSet { checkMutable("cumulative") }
    }

    /// A function that turns the interpolated numbers into the transform the key path receives. Default `nil`.
    open var valueFunction: CAValueFunction? {
        willSet { checkMutable("valueFunction") }
    }

    /// An animation of the property at `path` (Apple API).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func makeBlankCopy() -> CAAnimation {
        CAPropertyAnimation()
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    override func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "keyPath": AnimationPropertyValue(value: keyPath)
        case "additive": AnimationPropertyValue(value: NSNumber(value: isAdditive))
        case "cumulative": AnimationPropertyValue(value: NSNumber(value: isCumulative))
        case "valueFunction": AnimationPropertyValue(value: valueFunction)
        default: super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "keyPath":
            if value == nil {
                keyPath = nil
            } else if let path = value as? String {
                keyPath = path
            }
        case "additive": if let flag = KeyValueCoercion.bool(value) { isAdditive = flag }
        case "cumulative": if let flag = KeyValueCoercion.bool(value) { isCumulative = flag }
        case "valueFunction":
            if value == nil {
                valueFunction = nil
            } else if let function = value as? CAValueFunction {
                valueFunction = function
            }
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
