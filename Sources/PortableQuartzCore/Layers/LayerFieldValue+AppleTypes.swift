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

extension CACornerMask: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .unsigned }
    var animatableValue: AnimatableValue { rawValue.animatableValue }
    static func converted(from value: AnimatableValue) -> Self? {
        UInt.converted(from: value).map(Self.init(rawValue:))
    }
}

extension CAEdgeAntialiasingMask: LayerFieldValue {
    static var kind: AnimatableValue.Kind { .number }
    static var traits: LayerPropertyFacts.Traits { .unsigned }
    var animatableValue: AnimatableValue { rawValue.animatableValue }
    static func converted(from value: AnimatableValue) -> Self? {
        UInt32.converted(from: value).map(Self.init(rawValue:))
    }
}

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
