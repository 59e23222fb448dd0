/// The start and end of a basic or spring animation, resolved against the model value at each evaluation
/// (SPEC §3.2; our helper).
///
/// Which of `fromValue`, `toValue` and `byValue` were usable is decided once, when the animation is compiled; the
/// model value `M` (the layer's committed value of the key path) is supplied per frame because it may change while
/// the animation runs.
enum Endpoints<Value: AnimationArithmetic>: Sendable {
    /// from → to (also from → from + by and to − by → to, computed once).
    case fixed(from: Value, to: Value)
    /// from → M.
    case fromToModel(Value)
    /// M → to.
    case modelToValue(Value)
    /// M → M + by.
    case modelBy(Value)
    /// The value on screen when the animation was added → M (none of the three set).
    case capturedToModel(Value)
    /// M → M: none of the three set and nothing captured, so the model value shows.
    case modelOnly

    /// Chooses the case from the usable values (`nil` = not set or not convertible). With all three set, `by` is
    /// ignored (SPEC §3.2's reading of Apple's "undefined").
    init(from: Value?, to: Value?, by: Value?, captured: Value?) {
        switch (from, to, by) {
        case (let from?, let to?, _): self = .fixed(from: from, to: to)
        case (let from?, nil, let by?): self = .fixed(from: from, to: from.adding(by))
        case (nil, let to?, let by?): self = .fixed(from: to.subtracting(by), to: to)
        case (let from?, nil, nil): self = .fromToModel(from)
        case (nil, let to?, nil): self = .modelToValue(to)
        case (nil, nil, let by?): self = .modelBy(by)
        case (nil, nil, nil): self = captured.map { .capturedToModel($0) } ?? .modelOnly
        }
    }

    /// The start and end for model value `model`.
    @inline(__always)
    func ends(model: Value) -> (from: Value, to: Value) {
        switch self {
        case .fixed(let from, let to): (from, to)
        case .fromToModel(let from): (from, model)
        case .modelToValue(let to): (model, to)
        case .modelBy(let by): (model, model.adding(by))
        case .capturedToModel(let captured): (captured, model)
        case .modelOnly: (model, model)
        }
    }
}
