import Foundation

/// An animation of one property between two values (Apple API).
///
/// Of `fromValue`, `toValue` and `byValue` set at most two; what is missing comes from the layer's committed
/// *model* value `M` of the key path at each moment (Apple's documentation says "presentation value", but the
/// observed behaviour is the model value):
///
/// | set | animates |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → M |
/// | to | M → to |
/// | by | M → M + by |
/// | none | the value on screen when the animation was added → M |
///
/// With all three set, `byValue` is ignored. "+" and "−" work per component (points, sizes, rectangles, colours);
/// transforms are concatenated (with the inverse for "−").
///
/// Values are `Any`, as on Apple platforms, and are converted to the property's type once, when the animation is
/// attached: `CGFloat`, `Double`, `Float`, `Int`, `NSNumber`, `CGPoint`, `CGSize`, `CGRect`, `CGColor`,
/// `CATransform3D`, `CGAffineTransform`, their `NSValue` wrappers, and arrays of numbers for structured types
/// (`[0, 100]` for a point). A value that cannot be converted to the property's type (a point for `opacity`) counts
/// as not set.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from. Default `nil`.
    open var fromValue: Any? {
        willSet { checkMutable("fromValue") }
    }

    /// The value the animation ends at. Default `nil`.
    open var toValue: Any? {
        willSet { checkMutable("toValue") }
    }

    /// The change the animation makes, added to the start or subtracted from the end. Default `nil`.
    open var byValue: Any? {
        willSet { checkMutable("byValue") }
    }

    override func makeBlankCopy() -> CAAnimation {
        CABasicAnimation()
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    override func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "fromValue": AnimationPropertyValue(value: fromValue)
        case "toValue": AnimationPropertyValue(value: toValue)
        case "byValue": AnimationPropertyValue(value: byValue)
        default: super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
