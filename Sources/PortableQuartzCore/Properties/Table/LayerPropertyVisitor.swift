import Foundation

/// Something done with one row of the property table, `LayerProperty.visit(_:)` (our helper): reading the facts,
/// or getting, setting or copying the property's field. The table calls ``visit(_:_:_:_:)`` with the row; the
/// helpers below (``layer(_:_:_:)``, ``shape(_:_:_:)`` and the others) spell a row by the group that keeps the
/// field, which also gives the declaring class.
///
/// Visitors are small structs whose `visit` is inlined, so each becomes one switch with direct field accesses.
protocol LayerPropertyVisitor {
    associatedtype Result
    /// Does the visitor's work on a row: the property's Apple key, its declaring class, the traits the field's type
    /// does not imply (only `.animatable`), and where it is kept.
    func visit<Field: LayerStateField>(
        _ key: String, _ family: LayerProperty.Family, _ traits: LayerPropertyFacts.Traits, _ field: Field
    ) -> Result
}

extension LayerPropertyVisitor {
    /// A `CALayer` property kept inline in ``LayerState``.
    @inline(__always)
    func layer<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<LayerState, Value>
    ) -> Result {
        visit(key, .layer, traits, InlineField(keyPath: field))
    }

    /// A property kept in ``LayerDetails``: `CALayer`'s own unless `family` says otherwise.
    @inline(__always)
    func details<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<LayerDetails, Value>,
        family: LayerProperty.Family = .layer
    ) -> Result {
        visit(key, family, traits, GroupField(group: \.detailStorage, field: field))
    }

    /// A `CAShapeLayer` property.
    @inline(__always)
    func shape<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<ShapeLayerState, Value>
    ) -> Result {
        visit(key, .shapeLayer, traits, GroupField(group: \.shapeStorage, field: field))
    }

    /// A `CAGradientLayer` property.
    @inline(__always)
    func gradient<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<GradientLayerState, Value>
    ) -> Result {
        visit(key, .gradientLayer, traits, GroupField(group: \.gradientStorage, field: field))
    }

    /// A `CATextLayer` property.
    @inline(__always)
    func text<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<TextLayerState, Value>
    ) -> Result {
        visit(key, .textLayer, traits, GroupField(group: \.textStorage, field: field))
    }

    /// A `CAReplicatorLayer` property.
    @inline(__always)
    func replicator<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<ReplicatorLayerState, Value>
    ) -> Result {
        visit(key, .replicatorLayer, traits, GroupField(group: \.replicatorStorage, field: field))
    }

    /// A `CAEmitterLayer` property.
    @inline(__always)
    func emitter<Value: LayerFieldValue>(
        _ key: String, _ traits: LayerPropertyFacts.Traits, _ field: WritableKeyPath<EmitterLayerState, Value>
    ) -> Result {
        visit(key, .emitterLayer, traits, GroupField(group: \.emitterStorage, field: field))
    }
}
