import Foundation

extension LayerState {
    /// The value of `property` as an ``AnimatableValue``: numbers of every width as ``AnimatableValue/number(_:)``
    /// (a `Float` property reads back its `Float` value widened, so 0.3 reads 0.30000001192…, as on Apple), `nil`
    /// as ``AnimatableValue/null``, contents as an image, a cross-fade or `null`.
    ///
    /// Setting stores the value in the property's own type: `Float` properties round to the nearest `Float`;
    /// integer properties (`instanceCount`, `seed`, the corner and edge masks) truncate toward zero and clamp to
    /// their range, NaN giving 0 (INFERRED, like `NSNumber.intValue`). A value of another kind than
    /// ``LayerProperty/kind``, or ``AnimatableValue/null`` for a property that is not ``LayerProperty/isNullable``,
    /// is ignored (the property keeps its value): the registry converts values before they get here, so this only
    /// guards against misuse and never traps.
    ///
    /// Reading a transform property creates a transform value, which allocates its out-of-line box (see
    /// ``AnimatableValue``); read ``transform`` and the other typed fields directly where that matters.
    public subscript(property: LayerProperty) -> AnimatableValue {
        get {
            withUnsafePointer(to: self) { property.visit(FieldReader(state: $0)) }
        }
        set {
            withUnsafeMutablePointer(to: &self) { property.visit(FieldWriter(state: $0, value: newValue)) }
        }
    }

    /// The matrix of a 3-D transform property (`transform`, `sublayerTransform`, `instanceTransform`), read without
    /// creating a value; `nil` for every other property.
    func transformField(_ property: LayerProperty) -> CATransform3D? {
        switch property {
        case .transform: transform
        case .sublayerTransform: sublayerTransform
        case .instanceTransform: replicatorStorage.value.instanceTransform
        default: nil
        }
    }

    /// Writes the matrix of a 3-D transform property; other properties are left alone.
    mutating func setTransformField(_ property: LayerProperty, _ matrix: CATransform3D) {
        switch property {
        case .transform: transform = matrix
        case .sublayerTransform: sublayerTransform = matrix
        case .instanceTransform: replicatorStorage.value.instanceTransform = matrix
        default: break
        }
    }

    /// `value` truncated toward zero and clamped into `Int`'s range; NaN gives 0.
    static func integer(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        if value >= 0x1p63 { return Int.max }
        if value <= -0x1p63 { return Int.min }
        return Int(value)
    }

    /// `value` truncated toward zero and clamped into 0…`max`; NaN gives 0.
    static func unsigned(_ value: Double, max: UInt = UInt.max) -> UInt {
        guard !value.isNaN, value > 0 else { return 0 }
        if value >= Double(max) { return max }
        return Swift.min(UInt(value), max)
    }
}

/// Reads a row's field as a value (the subscript's getter).
private struct FieldReader: LayerPropertyVisitor {
    let state: UnsafePointer<LayerState>

    @inline(__always)
    func visit<Field: LayerStateField>(
        _ key: String, _ family: LayerProperty.Family, _ traits: LayerPropertyFacts.Traits, _ field: Field
    ) -> AnimatableValue {
        field.value(in: state).animatableValue
    }
}

/// Writes a value to a row's field when it converts (the subscript's setter).
private struct FieldWriter: LayerPropertyVisitor {
    let state: UnsafeMutablePointer<LayerState>
    let value: AnimatableValue

    @inline(__always)
    func visit<Field: LayerStateField>(
        _ key: String, _ family: LayerProperty.Family, _ traits: LayerPropertyFacts.Traits, _ field: Field
    ) {
        if let converted = Field.Value.converted(from: value) { field.set(converted, in: &state.pointee) }
    }
}

extension AnimatableValue {
    /// `contents` as a value: an image, a cross-fade, or `null` for no contents.
    init(contents: LayerContents?) {
        switch contents {
        case .none: self = .null
        case .image(let image)?: self = .image(image)
        case .crossFade(let from, let to, let fraction)?: self = .crossFade(from: from, to: to, fraction: fraction)
        }
    }

    // Payload accessors for the setter: `nil` when the value has another kind. The `…?Payload` forms answer
    // `.some(nil)` for `null`.
    var rectPayload: CGRect? {
        if case .rect(let v) = self { return v }
        return nil
    }
    var pointPayload: CGPoint? {
        if case .point(let v) = self { return v }
        return nil
    }
    var sizePayload: CGSize? {
        if case .size(let v) = self { return v }
        return nil
    }
    var numberPayload: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
    var transformPayload: CATransform3D? {
        if case .transform(let v) = self { return v }
        return nil
    }
    var boolPayload: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }
    var stringPayload: String? {
        if case .string(let v) = self { return v }
        return nil
    }
    var colorPayload: ColorComponents?? {
        switch self {
        case .color(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var optionalStringPayload: String?? {
        switch self {
        case .string(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var pathPayload: CGPath?? {
        switch self {
        case .path(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var numbersPayload: [Double]?? {
        switch self {
        case .numbers(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var colorsPayload: [ColorComponents]?? {
        switch self {
        case .colors(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var contentsPayload: LayerContents?? {
        switch self {
        case .image(let image): .some(.image(image))
        case .crossFade(let from, let to, let fraction): .some(.crossFade(from: from, to: to, fraction: fraction))
        case .null: .some(nil)
        default: nil
        }
    }
}
