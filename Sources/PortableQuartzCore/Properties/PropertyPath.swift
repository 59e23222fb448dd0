import Foundation

/// A parsed key path into a layer: a registered property and optionally one component of it
/// (`"position"`, `"position.x"`, `"bounds.size.width"`, `"transform.rotation.z"`). Our addition.
///
/// Parse Apple's key-path string once, where it enters (an animation's `keyPath`, a KVC call), with
/// ``init(keyPath:)``; reading and writing through the result (``value(in:)``, ``set(_:in:)``) never looks at a
/// string again.
public struct PropertyPath: Hashable, Sendable {
    /// The layer property the path starts with.
    public let property: LayerProperty
    /// The part of the property the path names, `nil` for the whole property.
    public let component: PropertyComponent?

    /// The path to the whole of `property`.
    public init(_ property: LayerProperty) {
        self.property = property
        self.component = nil
    }

    /// The path to `component` of `property`, or `nil` when the property's kind has no such component (for
    /// example `.x` of `opacity`).
    public init?(_ property: LayerProperty, _ component: PropertyComponent?) {
        if let component, !component.applies(to: property.kind) { return nil }
        self.property = property
        self.component = component
    }

    /// Parses an Apple key path: a registered property key (``LayerProperty/init(key:)``), optionally followed by a
    /// dot and a component that the property's kind has (``PropertyComponent``). Case-sensitive, no spaces.
    ///
    /// Returns `nil` for anything else, for example `""`, `"position.q"`, `"transform.rotation.w"`,
    /// `"bounds..size"`, `"position."`, `"isHidden"` (the key is `"hidden"`), `"frame"` or a key of an arbitrary
    /// value stored with `setValue(_:forKey:)`; callers decide what that means for them.
    public init?(keyPath: String) {
        // The dot is looked for among the UTF-8 code units, a fraction of the cost of a search by characters
        // (grapheme breaking). Both searches accept the same strings: every key and suffix is ASCII, so a valid
        // path has a plain "." between two ASCII letters, and a "." joined to a combining mark leaves a suffix no
        // component accepts.
        let units = keyPath.utf8
        guard let dot = Self.firstDot(in: keyPath) else {
            guard let property = LayerProperty(key: keyPath) else { return nil }
            self.init(property)
            return
        }
        guard let property = LayerProperty(key: String(keyPath[..<dot])) else { return nil }
        let suffix = String(keyPath[units.index(after: dot)...])
        guard let component = PropertyComponent(keyPathSuffix: suffix, for: property.kind) else { return nil }
        self.init(property, component)
    }

    /// The index of the first "." in `keyPath`, found among its UTF-8 code units: in one pass over its bytes when
    /// they are stored contiguously (any native string), a tenth of the cost of the generic search.
    static func firstDot(in keyPath: String) -> String.Index? {
        let units = keyPath.utf8
        let offset = units.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: ".")) }
        guard let offset else { return units.firstIndex(of: UInt8(ascii: ".")) }
        return offset.map { units.index(units.startIndex, offsetBy: $0) }
    }

    /// The key path in canonical form (`"transform.rotation.z"` for a path parsed from `"transform.rotation"`).
    public var keyPath: String {
        guard let component else { return property.key }
        return property.key + "." + component.keyPathSuffix
    }

    /// The kind of value at the end of the path: the component's kind, or the property's.
    public var kind: AnimatableValue.Kind {
        component?.kind ?? property.kind
    }

    /// Whether the property is one Apple marks animatable (a component of an animatable property is animatable).
    public var isAnimatable: Bool {
        property.isAnimatable
    }

    /// The value at the end of the path in `state`: the property's value, or the component of it (transform
    /// components read through the decomposition, see ``PropertyComponent``). Reading a component never allocates;
    /// reading a whole transform property creates a transform value, which allocates its box.
    public func value(in state: LayerState) -> AnimatableValue {
        guard let component else { return state[property] }
        if let transform = state.transformField(property) {
            return component.value(ofTransform: transform)
        }
        return component.value(of: state[property])
    }

    /// Replaces the value at the end of the path in `state`. For a component, the property is read, the component
    /// replaced (transforms: decomposed, one part replaced, recomposed) and the property written back. A value of
    /// the wrong kind leaves `state` unchanged (see ``LayerState/subscript(_:)``).
    public func set(_ value: AnimatableValue, in state: inout LayerState) {
        guard let component else {
            state[property] = value
            return
        }
        if let transform = state.transformField(property) {
            // Straight on the matrix field: a transform component never creates a (boxed) transform value.
            if let replaced = component.replacing(inTransform: transform, with: value) {
                state.setTransformField(property, replaced)
            }
            return
        }
        state[property] = component.replacing(in: state[property], with: value)
    }
}

extension PropertyPath: CustomStringConvertible {
    /// The canonical key path.
    public var description: String { keyPath }
}
