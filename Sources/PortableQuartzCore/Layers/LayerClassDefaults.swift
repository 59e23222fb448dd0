import Foundation

/// The answers of `defaultValue(forKey:)` for the properties a `CALayer` subclass declares (our helper).
///
/// Each subclass answers for its own keys and leaves every other key to `super`. Following Apple's rule for
/// `CALayer` (SPEC §11b), a key whose default is "zero" answers nil: 0, false, a zero point, size or rectangle,
/// and a nil default. Any other default comes back in Apple's boxed form (`AnimatableValue.appleValue`): numbers
/// and flags as `NSNumber`, colours as `CGColor`, names as `String`, transforms and points as the structs.
enum LayerClassDefaults {
    /// `.some(answer)` when `key` names a property declared by the layer class of `family` (answer nil for a zero
    /// default), `.none` when the key is not one of that class's own properties.
    static func answer(forKey key: String, family: LayerProperty.Family) -> Any?? {
        guard let property = LayerProperty(key: key), property.family != .layer, property.belongs(to: family) else {
            return .none
        }
        return .some(nonZeroValue(property.defaultValue))
    }

    /// `value` as Apple's boxed form, or nil when it is a zero value.
    static func nonZeroValue(_ value: AnimatableValue) -> Any? {
        switch value {
        case .null: return nil
        case .number(let number) where number == 0: return nil
        case .bool(false): return nil
        case .point(let point) where point == .zero: return nil
        case .size(let size) where size == .zero: return nil
        case .rect(let rect) where rect == .zero: return nil
        default: return value.appleValue
        }
    }
}
