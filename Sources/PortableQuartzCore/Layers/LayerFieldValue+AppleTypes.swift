import Foundation

// The Swift types of the layer classes' public properties that `LayerState` stores in another form, as
// `LayerFieldValue`s, so key-value coding converts through a layer's accessors with the same rules as the
// subscript (see `LayerPropertyAccess`).

/// A colour property's value (`CGColor?`); stored as sRGB components.
extension CGColor: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .color }
    var animatableValue: AnimatableValue { .color(ColorComponents(self)) }
    static func converted(from value: AnimatableValue) -> Self? {
        guard case .color(let color) = value else { return nil }
        return color.cgColor as? Self
    }
}

/// One of Apple's option-set masks (`CACornerMask`, `CAEdgeAntialiasingMask`): a number, its raw bits.
protocol LayerMaskValue: OptionSet, LayerFieldValue where RawValue: LayerFieldValue {}

extension LayerMaskValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .unsigned }
    var animatableValue: AnimatableValue { rawValue.animatableValue }
    static func converted(from value: AnimatableValue) -> Self? {
        RawValue.converted(from: value).map(Self.init(rawValue:))
    }
}

extension CACornerMask: LayerMaskValue {}
extension CAEdgeAntialiasingMask: LayerMaskValue {}

/// One of Apple's string-backed name types (`CALayerContentsGravity`, `CAShapeLayerLineCap`…), kept as set.
protocol LayerNameValue: RawRepresentable<String>, LayerFieldValue {}

extension LayerNameValue {
    static var kind: AnimatableValue.Kind { .string }
    var animatableValue: AnimatableValue { .string(rawValue) }
    static func converted(from value: AnimatableValue) -> Self? {
        value.stringPayload.flatMap(Self.init(rawValue:))
    }
}

extension CALayerContentsGravity: LayerNameValue {}
extension CALayerContentsFormat: LayerNameValue {}
extension CALayerContentsFilter: LayerNameValue {}
extension CALayerCornerCurve: LayerNameValue {}
extension CAShapeLayerFillRule: LayerNameValue {}
extension CAShapeLayerLineCap: LayerNameValue {}
extension CAShapeLayerLineJoin: LayerNameValue {}
extension CAGradientLayerType: LayerNameValue {}
extension CATextLayerTruncationMode: LayerNameValue {}
extension CATextLayerAlignmentMode: LayerNameValue {}
extension CAEmitterLayerEmitterShape: LayerNameValue {}
extension CAEmitterLayerEmitterMode: LayerNameValue {}
extension CAEmitterLayerRenderMode: LayerNameValue {}
