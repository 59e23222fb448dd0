import Foundation

extension LayerState {
    /// The shape's path as a value, leaving no path in its place (`null` when there is none). Taken through the
    /// shape storage's write access, which first gives this state its own storage when it shares one, so a path
    /// that another state can see is counted there too and never comes out as referenced by the value alone.
    mutating func takeShapePath() -> AnimatableValue {
        var taken: CGPath?
        swap(&taken, &shapeStorage.value.path)
        return taken.map(AnimatableValue.path) ?? .null
    }

    /// Sets `property` to its value in `other`, field to field: no ``AnimatableValue`` is made (so a transform
    /// allocates nothing) and integer and `Float` fields are copied bit for bit.
    ///
    /// A property kept in an out-of-line group (``details`` and the subclass groups) is written through the
    /// group's copy-on-write box: nothing is written when both states share the box (the value is already equal);
    /// otherwise a shared box is copied once before the first write, and later writes to this state's own box
    /// allocate nothing.
    ///
    /// `other` is read through a pointer so that only the one field is loaded (a `LayerState` argument could make
    /// the caller copy the whole state first).
    mutating func copyField(_ property: LayerProperty, from other: UnsafePointer<LayerState>) {
        withUnsafeMutablePointer(to: &self) { property.visit(FieldCopier(state: $0, other: other)) }
    }
}

/// Copies a row's field from another state.
private struct FieldCopier: LayerPropertyVisitor {
    let state: UnsafeMutablePointer<LayerState>
    let other: UnsafePointer<LayerState>

    @inline(__always)
    func visit<Field: LayerStateField>(
        _ key: String, _ family: LayerProperty.Family, _ traits: LayerPropertyFacts.Traits, _ field: Field
    ) {
        field.copy(into: &state.pointee, from: other)
    }
}

extension CopyOnWrite {
    /// Sets one field of the value to its value in `other`; nothing happens when both share one box.
    @inline(__always)
    mutating func copy<Field>(_ field: WritableKeyPath<Value, Field>, from other: CopyOnWrite) {
        guard !sharesBox(with: other) else { return }
        value[keyPath: field] = other.value[keyPath: field]
    }
}
