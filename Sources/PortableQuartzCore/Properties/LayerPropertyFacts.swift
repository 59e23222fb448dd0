/// Everything the registry knows about one layer property, in one row of `LayerProperty.facts` (our helper): its
/// Apple key, the kind of value it holds, the class that declares it, and its traits. The table
/// (`LayerProperty.visit(_:)`) gives them.
struct LayerPropertyFacts {
    /// Marks of a property beyond its key, kind and family.
    struct Traits: OptionSet {
        let rawValue: UInt8
        /// Apple's headers mark it "Animatable".
        static let animatable = Traits(rawValue: 1)
        /// It accepts `nil` (stored as `AnimatableValue.null`).
        static let nullable = Traits(rawValue: 2)
        /// A number Apple declares as `Float`: key-value coding boxes it as a `Float` `NSNumber`.
        static let float = Traits(rawValue: 4)
        /// A number Apple declares as `Int`.
        static let integer = Traits(rawValue: 8)
        /// A number Apple declares as an unsigned integer (masks, `seed`).
        static let unsigned = Traits(rawValue: 16)
    }

    /// Apple's key-value coding key.
    let key: String
    let kind: AnimatableValue.Kind
    let family: LayerProperty.Family
    let traits: Traits

    init(_ key: String, _ kind: AnimatableValue.Kind, _ family: LayerProperty.Family, _ traits: Traits = []) {
        self.key = key
        self.kind = kind
        self.family = family
        self.traits = traits
    }
}

extension LayerProperty {
    /// The property's row of the table (``visit(_:)``) as facts: key, kind, declaring class and traits.
    var facts: LayerPropertyFacts {
        visit(FactsReader())
    }
}

/// Reads a row's facts: the kind and the number and `nil` traits come from the field's type.
private struct FactsReader: LayerPropertyVisitor {
    @inline(__always)
    func visit<Field: LayerStateField>(
        _ key: String, _ family: LayerProperty.Family, _ traits: LayerPropertyFacts.Traits, _ field: Field
    ) -> LayerPropertyFacts {
        LayerPropertyFacts(key, Field.Value.kind, family, traits.union(Field.Value.traits))
    }
}
