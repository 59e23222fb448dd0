/// A value kept out of line in a shared, reference-counted box and copied only when a shared box is written.
/// Internal helper of `LayerState`: it keeps rarely used property groups from growing every layer's inline size.
///
/// Reading never allocates. Writing allocates a new box only when the box is shared (for example the first write
/// to a group of a freshly created `LayerState`, whose boxes are the shared defaults); later writes through the
/// same unshared value reuse the box.
struct CopyOnWrite<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The box. `@unchecked Sendable` is sound because the box's `value` is written only through `CopyOnWrite`'s
    /// setter, and only after `isKnownUniquelyReferenced` proved that no other `CopyOnWrite` (on this or any other
    /// thread) can see the box; a shared box is never mutated, only replaced.
    ///
    /// `value` skips Swift's run-time exclusivity check (`@exclusivity(unchecked)`), which the renderer otherwise
    /// pays on every read of a group, several times per layer per frame. No two accesses to it can overlap: it is
    /// modified only inside `CopyOnWrite.value`'s `_modify`, on a box no other value holds, while the compiler's
    /// static check keeps the `CopyOnWrite` itself (and the `LayerState` holding it) from being read meanwhile.
    final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    init(_ value: Value) {
        box = Box(value)
    }

    var value: Value {
        get { box.value }
        set {
            if isKnownUniquelyReferenced(&box) {
                box.value = newValue
            } else {
                box = Box(newValue)
            }
        }
        _modify {
            if !isKnownUniquelyReferenced(&box) {
                box = Box(box.value)
            }
            yield &box.value
        }
    }

    /// Whether `self` and `other` hold the same box (then their values are equal without comparing them).
    @inline(__always)
    func sharesBox(with other: CopyOnWrite) -> Bool {
        box === other.box
    }

    static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }
}
