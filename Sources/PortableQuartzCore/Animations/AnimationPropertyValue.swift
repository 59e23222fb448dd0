import Foundation

/// A property's value wrapped so that a `nil` property can be told apart from "not a property".
struct AnimationPropertyValue {
    /// The property's current value (`nil` when the optional property is unset). Names are `NSString`s, as Apple's
    /// key-value coding returns them, so they cast to their name types (`as? CAMediaTimingFillMode`) and to
    /// `String`.
    var value: Any?

    init(value: Any?) {
        self.value = if let name = value as? String { NSString(string: name) } else { value }
    }
}
