import Foundation

/// An animated change between the old and the new picture of a layer (Apple API).
///
/// Adding a transition to a layer (it is always stored under the key `"transition"`) makes the layer's changes in
/// the same transaction appear through the chosen effect instead of at once: a cross-fade, or the new picture
/// moving in, pushing or revealing from the side `subtype` names. The model changes immediately; only the picture
/// is animated.
///
/// The effect's progress runs from `startProgress` to `endProgress` over the animation's active period, paced by
/// `timingFunction`: at progress `p` of the cycle the effect is at `startProgress + (endProgress −
/// startProgress)·p`. `CompiledAnimation.transitionProgress(atParentTime:)` gives that number at any time; drawing
/// the two pictures is the renderer's job.
open class CATransition: CAAnimation {
    /// The effect. Default `.fade`.
    open var type: CATransitionType = .fade {
        willSet { checkMutable("type") }
    }

    /// The side the new picture comes from, for the moving effects. Default `nil`.
    open var subtype: CATransitionSubtype? {
        willSet { checkMutable("subtype") }
    }

    /// Where in the effect the animation starts, 0…1. Default 0.
    open var startProgress: Float = 0 {
        willSet { checkMutable("startProgress") }
    }

    /// Where in the effect the animation ends, 0…1 and not below `startProgress`. Default 1.
    open var endProgress: Float = 1 {
        willSet { checkMutable("endProgress") }
    }

    /// A filter object that replaces `type` and `subtype` (macOS only on Apple platforms). Stored and copied but
    /// not used for drawing here. Default `nil`.
    open var filter: Any? {
        willSet { checkMutable("filter") }
    }

    /// Apple's default table plus the transition's own: `"endProgress"` 1 (a `Float`), as a peer's tests
    /// cross-checked on macOS found (issue 17 §2.6); `startProgress` is 0 and answers nil.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "endProgress" ? NSNumber(value: Float(1)) : super.defaultValue(forKey: key)
    }

    override func makeBlankCopy() -> CAAnimation {
        CATransition()
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }

    override func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "type": AnimationPropertyValue(value: type.rawValue)
        case "subtype": AnimationPropertyValue(value: subtype?.rawValue)
        case "startProgress": AnimationPropertyValue(value: NSNumber(value: startProgress))
        case "endProgress": AnimationPropertyValue(value: NSNumber(value: endProgress))
        case "filter": AnimationPropertyValue(value: filter)
        default: super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "type": if let name = KeyValueCoercion.string(value) { type = CATransitionType(rawValue: name) }
        case "subtype":
            if value == nil {
                subtype = nil
            } else if let name = KeyValueCoercion.string(value) {
                subtype = CATransitionSubtype(rawValue: name)
            }
        case "startProgress": if let number = KeyValueCoercion.double(value) { startProgress = Float(number) }
        case "endProgress": if let number = KeyValueCoercion.double(value) { endProgress = Float(number) }
        case "filter": filter = value
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
