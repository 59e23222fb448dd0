import Foundation

/// A Swift type that a ``LayerState`` field keeps a property in, and how it converts to and from
/// ``AnimatableValue`` (our helper for the property table, `LayerProperty.visit(_:)`).
///
/// The type decides the property's kind and its number traits, so the table states them once: a `Float` field is
/// a number that key-value coding boxes as a `Float`, an `Int` field one that it boxes as an `Int`, and an optional
/// field accepts `nil` (``AnimatableValue/null``).
///
/// Converting in: a value of another kind gives `nil`, and the field keeps its value. Numbers are narrowed to the
/// field's type: `Float` rounds to the nearest `Float`; integers truncate toward zero and clamp to their range, NaN
/// giving 0 (INFERRED, like `NSNumber.intValue`).
protocol LayerFieldValue {
    /// The kind of value the field holds (for an optional, the kind of its non-`nil` values).
    static var kind: AnimatableValue.Kind { get }
    /// What the type adds to its property's traits: `.nullable`, `.float`, `.integer` or `.unsigned`; none by
    /// default.
    static var traits: LayerPropertyFacts.Traits { get }
    /// The field's value as a value of ``kind`` (`null` for a `nil` optional).
    var animatableValue: AnimatableValue { get }
    /// The field's value for `value`, `nil` when `value` is not of ``kind`` (or `null` for a type that is not
    /// optional). A path comes back as the same object.
    static func converted(from value: AnimatableValue) -> Self?
}

extension LayerFieldValue {
    static var traits: LayerPropertyFacts.Traits { [] }
}

extension CGFloat: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    static func converted(from value: AnimatableValue) -> Self? { value.numberPayload.map { Self($0) } }
}

extension Double: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    var animatableValue: AnimatableValue { .number(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.numberPayload }
}

extension Float: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .float }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    static func converted(from value: AnimatableValue) -> Self? { value.numberPayload.map { Self($0) } }
}

extension Int: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .integer }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    static func converted(from value: AnimatableValue) -> Self? { value.numberPayload.map(LayerState.integer) }
}

/// A mask of bits (`maskedCorners`).
extension UInt: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .unsigned }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    static func converted(from value: AnimatableValue) -> Self? { value.numberPayload.map { LayerState.unsigned($0) } }
}

/// A 32-bit mask or seed (`edgeAntialiasingMask`, `seed`).
extension UInt32: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .unsigned }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    static func converted(from value: AnimatableValue) -> Self? {
        value.numberPayload.map { Self(LayerState.unsigned($0, max: UInt(UInt32.max))) }
    }
}

extension Bool: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .bool }
    var animatableValue: AnimatableValue { .bool(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.boolPayload }
}

extension CGPoint: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .point }
    var animatableValue: AnimatableValue { .point(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.pointPayload }
}

extension CGSize: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .size }
    var animatableValue: AnimatableValue { .size(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.sizePayload }
}

extension CGRect: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .rect }
    var animatableValue: AnimatableValue { .rect(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.rectPayload }
}

extension CATransform3D: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .transform }
    var animatableValue: AnimatableValue { .transform(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.transformPayload }
}

/// One of Apple's string-backed names, kept as set (see ``NamedChoice``).
extension NamedChoice: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .string }
    var animatableValue: AnimatableValue { .string(name) }
    static func converted(from value: AnimatableValue) -> Self? { value.stringPayload.map { Self(name: $0) } }
}

/// The non-`nil` values of the optional fields below.
extension ColorComponents: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .color }
    var animatableValue: AnimatableValue { .color(self) }
    static func converted(from value: AnimatableValue) -> Self? {
        guard case .color(let color) = value else { return nil }
        return color
    }
}

extension String: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .string }
    var animatableValue: AnimatableValue { .string(self) }
    static func converted(from value: AnimatableValue) -> Self? { value.stringPayload }
}

extension CGPath: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .path }
    var animatableValue: AnimatableValue { .path(self) }
    static func converted(from value: AnimatableValue) -> Self? {
        guard case .path(let path) = value else { return nil }
        return path as? Self
    }
}

/// `contents`: an image or a cross-fade between two.
extension LayerContents: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .image }
    var animatableValue: AnimatableValue { AnimatableValue(contents: self) }
    static func converted(from value: AnimatableValue) -> Self? {
        guard case .some(.some(let contents)) = value.contentsPayload else { return nil }
        return contents
    }
}

/// `nil` is ``AnimatableValue/null``.
extension Optional: LayerFieldValue where Wrapped: LayerFieldValue {
    static var kind: AnimatableValue.Kind { Wrapped.kind }
    static var traits: LayerPropertyFacts.Traits { Wrapped.traits.union(.nullable) }
    var animatableValue: AnimatableValue { self?.animatableValue ?? .null }
    static func converted(from value: AnimatableValue) -> Self? {
        if value.isNull { return .some(.none) }
        return Wrapped.converted(from: value).map(Self.some)
    }
}

/// The arrays: `lineDashPattern` and `locations` (numbers), a gradient's `colors`.
extension Array: LayerFieldValue where Element: LayerFieldArrayElement {
    static var kind: AnimatableValue.Kind { Element.arrayKind }
    var animatableValue: AnimatableValue { Element.arrayValue(self) }
    static func converted(from value: AnimatableValue) -> Self? {
        guard let elements = Element.elements(of: value) else { return nil }
        return elements
    }
}

/// An element of an array a field keeps: a number or a colour.
protocol LayerFieldArrayElement {
    /// The kind of an array of these.
    static var arrayKind: AnimatableValue.Kind { get }
    /// `elements` as a value of ``arrayKind``.
    static func arrayValue(_ elements: [Self]) -> AnimatableValue
    /// The elements of `value`, `nil` when it is not of ``arrayKind``.
    static func elements(of value: AnimatableValue) -> [Self]?
}

extension Double: LayerFieldArrayElement {
    static var arrayKind: AnimatableValue.Kind { .numbers }
    static func arrayValue(_ elements: [Double]) -> AnimatableValue { .numbers(elements) }
    static func elements(of value: AnimatableValue) -> [Double]? {
        guard case .numbers(let numbers) = value else { return nil }
        return numbers
    }
}

extension ColorComponents: LayerFieldArrayElement {
    static var arrayKind: AnimatableValue.Kind { .colors }
    static func arrayValue(_ elements: [ColorComponents]) -> AnimatableValue { .colors(elements) }
    static func elements(of value: AnimatableValue) -> [ColorComponents]? {
        guard case .colors(let colors) = value else { return nil }
        return colors
    }
}
