import Foundation

/// How key-value coding reaches one registered property through the layer's own Swift property (our helper; the
/// property rows are in `LayerProperty+Accessors.swift`).
///
/// On Apple platforms `setValue(_:forKey:)` and `value(forKey:)` call the property's accessor methods, so a
/// subclass that overrides `backgroundColor` (to colour a sublayer instead, say) sees the values set and read by
/// key. An access reads and writes through the property of the class that declares it, which Swift dispatches to
/// the subclass's override, and converts with the `LayerFieldValue` rules, as ``LayerState``'s subscript does.
protocol LayerPropertyAccess {
    associatedtype Value: LayerFieldValue
    /// The property's value through its getter; `nil` when the layer's class does not declare the property.
    func read(_ layer: CALayer) -> Value?
    /// Sets the property through its setter; false when the layer's class does not declare it.
    func write(_ value: Value, to layer: CALayer) -> Bool
}

/// A property whose Swift type converts itself: reached through a key path of the declaring class. Used inlined,
/// where the compiler turns the key path into a call of the property's accessor.
struct KeyPathAccess<Layer: CALayer, Value: LayerFieldValue>: LayerPropertyAccess {
    let keyPath: ReferenceWritableKeyPath<Layer, Value>

    @inline(__always)
    func read(_ layer: CALayer) -> Value? {
        (layer as? Layer).map { $0[keyPath: keyPath] }
    }

    @inline(__always)
    func write(_ value: Value, to layer: CALayer) -> Bool {
        guard let layer = layer as? Layer else { return false }
        layer[keyPath: keyPath] = value
        return true
    }
}

/// A key two classes declare (`preservesDepth`): the first access whose class the layer is.
struct EitherAccess<First: LayerPropertyAccess, Second: LayerPropertyAccess>: LayerPropertyAccess
where First.Value == Second.Value {
    let first: First
    let second: Second

    @inline(__always)
    func read(_ layer: CALayer) -> First.Value? {
        first.read(layer) ?? second.read(layer)
    }

    @inline(__always)
    func write(_ value: First.Value, to layer: CALayer) -> Bool {
        first.write(value, to: layer) || second.write(value, to: layer)
    }
}

/// No access: `CATextLayer` routes `string` and `font` to its properties itself.
struct NoAccess: LayerPropertyAccess {
    func read(_ layer: CALayer) -> String?? { nil }
    func write(_ value: String?, to layer: CALayer) -> Bool { false }
}
