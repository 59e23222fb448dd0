/// The ends of a basic or spring animation of a number, point, size, rectangle or colour, in the compact form that
/// both the track and the presentation program's vector step hold (our helper), so both evaluate one compiled value
/// with one function.
///
/// The cases of `Endpoints<VectorValue>` as a one-byte tag, with the stored values' components in `first` and
/// `second` (zero where a case stores fewer) and their one kind: 80 bytes of plain data, where the generic enum
/// takes 97 (a stride of 112: each of its `VectorValue`s pads its kind to 16 bytes, and the case needs a byte of its
/// own after them). The model value `M` is supplied per frame, as for `Endpoints`.
struct VectorEndpoints: Sendable {
    /// Which ends the animation runs between (`a` is `first`, `b` is `second`).
    enum Ends: UInt8, Sendable {
        /// a → b.
        case fixed
        /// a → M.
        case fromToModel
        /// M → a.
        case modelToValue
        /// M → M + a.
        case modelBy
        /// a (the value on screen when the animation was added) → M.
        case capturedToModel
        /// M → M.
        case modelOnly
    }

    let ends: Ends
    /// The kind of the stored values (`.number`, unused, for `.modelOnly`).
    let kind: VectorValue.Kind
    let first: SIMD4<Double>
    let second: SIMD4<Double>

    /// The compact form of `endpoints`.
    init(_ endpoints: Endpoints<VectorValue>) {
        let stored: (Ends, VectorValue?, VectorValue?) =
            switch endpoints {
            case .fixed(let from, let to): (.fixed, from, to)
            case .fromToModel(let value): (.fromToModel, value, nil)
            case .modelToValue(let value): (.modelToValue, value, nil)
            case .modelBy(let value): (.modelBy, value, nil)
            case .capturedToModel(let value): (.capturedToModel, value, nil)
            case .modelOnly: (.modelOnly, nil, nil)
            }
        ends = stored.0
        kind = stored.1?.kind ?? .number
        first = stored.1?.components ?? .zero
        second = stored.2?.components ?? .zero
    }

    /// Ends that show the model value (a placeholder for steps that hold no ends).
    static let modelOnly = VectorEndpoints(.modelOnly)

    /// The value at `progress` (after the timing function) of a cycle that `repeats` whole cycles precede, for a
    /// cumulative animation (0 otherwise): from + (to − from) × progress + to × repeats, with `Endpoints`'
    /// arithmetic. `model` is called only when an end is open; `nil` when it returns `nil` or a value of another
    /// kind than the stored ones (a `nil` colour), which the general rules then handle.
    @inline(__always)
    func value(progress: Double, repeats: Double, model: () -> VectorValue?) -> VectorValue? {
        let a = VectorValue(kind: kind, components: first)
        let from: VectorValue
        let to: VectorValue
        if ends == .fixed {
            (from, to) = (a, VectorValue(kind: kind, components: second))
        } else {
            guard let m = model(), ends == .modelOnly || m.kind == kind else { return nil }
            switch ends {
            case .fixed, .fromToModel, .capturedToModel: (from, to) = (a, m)
            case .modelToValue: (from, to) = (m, a)
            case .modelBy: (from, to) = (m, m.adding(a))
            case .modelOnly: (from, to) = (m, m)
            }
        }
        let vector = VectorValue.interpolate(from: from, to: to, progress: progress)
        return repeats != 0 ? vector.adding(to.scaled(by: repeats)) : vector
    }

    /// The same ends as general values, for the rare evaluation whose model value is of another kind.
    var general: Endpoints<AnimatableValue> {
        let a = VectorValue(kind: kind, components: first).animatableValue
        return switch ends {
        case .fixed: .fixed(from: a, to: VectorValue(kind: kind, components: second).animatableValue)
        case .fromToModel: .fromToModel(a)
        case .modelToValue: .modelToValue(a)
        case .modelBy: .modelBy(a)
        case .capturedToModel: .capturedToModel(a)
        case .modelOnly: .modelOnly
        }
    }
}
