/// A timing curve as the evaluator applies it: either exactly linear or a solved Bézier (our helper).
///
/// `nil` timing functions become `.linear`, the exact identity. A `CAMediaTimingFunction` — even `.linear`, which
/// Core Animation runs through its solver with a 1e-5 tolerance — becomes `.bezier` with its `UnitBezier`, so
/// results match Apple's to the last digit the solver decides.
enum Pacing: Hashable, Sendable {
    /// Progress equals the time fraction.
    case linear
    /// Progress is the curve's value at the time fraction.
    case bezier(UnitBezier)

    /// The pacing of an optional timing function.
    init(_ function: CAMediaTimingFunction?) {
        if let function {
            self = .bezier(function.unitBezier)
        } else {
            self = .linear
        }
    }

    /// The progress at time fraction `x`. Linear passes `x` through unchanged; a Bézier clamps it to 0…1 and
    /// answers 0 for NaN (see `UnitBezier.value(at:epsilon:)`).
    @inline(__always)
    func progress(_ x: Double) -> Double {
        switch self {
        case .linear: x
        case .bezier(let curve): curve.value(at: x)
        }
    }
}
