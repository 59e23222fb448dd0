import Foundation

/// The answers of `defaultValue(forKey:)` for the registered layer properties (our helper).
///
/// Each layer class answers for its own keys and leaves every other key to `super`. Following Apple's rule for
/// `CALayer` (SPEC §11b), a key whose default is "zero" answers nil: 0, a zero point, size or rectangle, and a nil
/// default. Flags are the exception: a Boolean property answers its default as an `NSNumber` even when it is false
/// (`hidden`, `masksToBounds`, `geometryFlipped`, `opaque`… read `NSNumber(false)`, as a peer's tests cross-checked
/// on macOS found, issue 17 §2.6). Any other default comes back in Apple's boxed form
/// (`LayerProperty.appleValue(of:)`): numbers as `NSNumber` of the property's type, colours as `CGColor`, names as
/// `NSString`, transforms and points as the structs.
enum LayerClassDefaults {
    /// `.some(answer)` when `key` names a property declared by the layer class of `family` (answer nil for a zero
    /// default), `.none` when the key is not one of that class's own properties.
    static func answer(forKey key: String, family: LayerProperty.Family) -> Any?? {
        guard let property = LayerProperty(key: key), property.family != .layer, property.belongs(to: family) else {
            return .none
        }
        return .some(answer(for: property))
    }

    /// The default of `property` as `defaultValue(forKey:)` reports it: nil for a zero default, except for flags.
    static func answer(for property: LayerProperty) -> Any? {
        let value = property.defaultValue
        switch value {
        case .null: return nil
        case .number(let number) where number == 0: return nil
        case .point(let point) where point == .zero: return nil
        case .size(let size) where size == .zero: return nil
        case .rect(let rect) where rect == .zero: return nil
        default: return property.appleValue(of: value)
        }
    }
}
