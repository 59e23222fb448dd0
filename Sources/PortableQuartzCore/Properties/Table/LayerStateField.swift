import Foundation

/// Where in a ``LayerState`` one property is kept: a field of the state itself or of one of its out-of-line groups
/// (our helper for the property table, `LayerProperty.visit(_:)`). Each operation touches that one field only.
///
/// The table names fields by key path literals. Every use is inlined into a specialised visitor, where the
/// compiler turns the key path into a direct access; a key path stored and applied later would cost a run-time
/// walk of the path on every access.
protocol LayerStateField {
    associatedtype Value: LayerFieldValue
    /// The field's value in `state`.
    func value(in state: UnsafePointer<LayerState>) -> Value
    /// Sets the field. A group this state shares with another state is copied first (see ``CopyOnWrite``).
    func set(_ value: Value, in state: inout LayerState)
    /// Sets the field to its value in `other`; a group both states share is left alone (it already holds the
    /// value).
    func copy(into state: inout LayerState, from other: UnsafePointer<LayerState>)
}

/// A field kept inline in ``LayerState`` (the properties animations change most).
struct InlineField<Value: LayerFieldValue>: LayerStateField {
    let keyPath: WritableKeyPath<LayerState, Value>

    @inline(__always)
    func value(in state: UnsafePointer<LayerState>) -> Value {
        state.pointee[keyPath: keyPath]
    }

    @inline(__always)
    func set(_ value: Value, in state: inout LayerState) {
        state[keyPath: keyPath] = value
    }

    @inline(__always)
    func copy(into state: inout LayerState, from other: UnsafePointer<LayerState>) {
        state[keyPath: keyPath] = other.pointee[keyPath: keyPath]
    }
}

/// A field of one of ``LayerState``'s copy-on-write groups (``LayerDetails`` and the subclass groups).
struct GroupField<Group: Equatable & Sendable, Value: LayerFieldValue>: LayerStateField {
    let group: WritableKeyPath<LayerState, CopyOnWrite<Group>>
    let field: WritableKeyPath<Group, Value>

    @inline(__always)
    func value(in state: UnsafePointer<LayerState>) -> Value {
        state.pointee[keyPath: group].value[keyPath: field]
    }

    @inline(__always)
    func set(_ value: Value, in state: inout LayerState) {
        state[keyPath: group].value[keyPath: field] = value
    }

    @inline(__always)
    func copy(into state: inout LayerState, from other: UnsafePointer<LayerState>) {
        state[keyPath: group].copy(field, from: other.pointee[keyPath: group])
    }
}
