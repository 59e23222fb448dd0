import Foundation

/// Several animations run together in one shared time space (Apple API).
///
/// Each member runs with its own timing, taking the group's local time as its parent time: a member's `beginTime`
/// counts from the group's start, members are not stretched to the group's `duration`, and whatever of a member
/// falls outside the group's active period is cut off (a 10-s member of a 5-s group shows its first 5 s). The
/// group's own repeat, autoreverse and `timingFunction` apply to the time its members see, so one timing function
/// on the group paces all of them. After the group ends, the group's `fillMode` decides whether its members keep
/// showing their state at the group's end.
///
/// The members' `delegate` and `isRemovedOnCompletion` are ignored; the group's are used. A member with no
/// duration of its own (0 or less) runs for the group's duration, as in Apple's own example of a group, where a
/// scale member without a duration grows while the group's 1 s fade runs. Members that are groups nest.
/// `CATransition` members contribute nothing.
open class CAAnimationGroup: CAAnimation {
    /// The member animations, evaluated in array order. Default `nil`.
    open var animations: [CAAnimation]? {
        willSet { checkMutable("animations") }
    }

    override func makeBlankCopy() -> CAAnimation {
        CAAnimationGroup()
    }

    /// Copies the group and each member, so no member object is shared between the original and the copy.
    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { member in
            // copy(with:) of this family always returns a CAAnimation.
            (member.copy(with: nil) as? CAAnimation) ?? member
        }
    }

    /// Freezes the group and every member.
    override func freeze() {
        super.freeze()
        for member in animations ?? [] { member.freeze() }
    }

    override func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "animations": AnimationPropertyValue(value: animations)
        default: super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "animations":
            if value == nil {
                animations = nil
            } else if let members = value as? [CAAnimation] {
                animations = members
            }
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
