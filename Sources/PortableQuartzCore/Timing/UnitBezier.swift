/// A cubic Bézier timing curve from (0, 0) to (1, 1), solved the way Core Animation solves it (SPEC §2.3; our
/// addition, not Apple API).
///
/// The curve is `B(t) = (X(t), Y(t))` for `t` in 0…1 with control points `c1` and `c2`. Evaluating it at an
/// input `x` means finding the `t` with `X(t) = x` and returning `Y(t)`. The polynomial coefficients are computed
/// once in the initializer; `value(at:)` then costs a few multiply-adds per Newton step and never allocates.
///
/// The solver reproduces Core Animation's, including its tolerance: up to 8 Newton steps from `t = x` that stop
/// once `|X(t) − x| < epsilon` (1e-5), abandoned when the slope falls below 1e-6, then bisection on 0…1 with the
/// same stopping test for at most 1024 halvings. Because of that tolerance even the linear curve is not an exact
/// identity (0.1 gives 0.100009, 0.67 gives 0.669997), as on Apple platforms.
public struct UnitBezier: Hashable, Sendable {
    @usableFromInline let ax: Double
    @usableFromInline let bx: Double
    @usableFromInline let cx: Double
    @usableFromInline let ay: Double
    @usableFromInline let by: Double
    @usableFromInline let cy: Double
    /// 3·ax and 2·bx, the coefficients of dX/dt.
    @usableFromInline let slopeA: Double
    @usableFromInline let slopeB: Double
    /// Whether every coefficient is finite; if not, the curve is treated as the identity.
    @usableFromInline let isFinite: Bool

    /// Core Animation's solver tolerance on `x`.
    public static let defaultEpsilon = 1e-5

    /// The curve with control points (c1x, c1y) and (c2x, c2y). Any values are accepted; x coordinates outside
    /// 0…1 make `X` non-monotonic, and the solver then returns whichever solution it reaches, as CA does.
    @inlinable
    public init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
        slopeA = 3 * ax
        slopeB = 2 * bx
        isFinite =
            ax.isFinite && bx.isFinite && cx.isFinite && ay.isFinite && by.isFinite && cy.isFinite
    }

    // The polynomials are split as c·t + t²·(a·t + b) rather than nested Horner-style: the two halves evaluate in
    // parallel, which shortens each Newton step's dependency chain; the results differ from Horner's only in the
    // last bit or two.

    /// The curve's x coordinate at parameter `t`.
    @inlinable
    public func x(atParameter t: Double) -> Double {
        let square = t * t
        return cx * t + square * (ax * t + bx)
    }

    /// The curve's y coordinate at parameter `t`.
    @inlinable
    public func y(atParameter t: Double) -> Double {
        let square = t * t
        return cy * t + square * (ay * t + by)
    }

    /// The derivative dX/dt at parameter `t`.
    @inlinable
    public func xDerivative(atParameter t: Double) -> Double {
        cx + slopeB * t + slopeA * (t * t)
    }

    /// The curve's output (progress) at input `x`, both nominally in 0…1.
    ///
    /// * `x` outside 0…1 is clamped to the nearer end first, so the curve is never extrapolated (Core Animation
    ///   only ever feeds it values in 0…1).
    /// * NaN gives 0.
    /// * A curve built from non-finite control points returns the clamped `x`: it degrades to linear instead of
    ///   producing NaN or arbitrary values.
    ///
    /// `epsilon` is the tolerance on `x`; keep the default to match Apple.
    @inlinable
    public func value(at x: Double, epsilon: Double = UnitBezier.defaultEpsilon) -> Double {
        // At x ≤ 0 the solver would stop at once with t = 0 and Y(0) = 0, so answer that directly (NaN too).
        guard x > 0 else { return 0 }
        let x = Swift.min(x, 1)
        guard isFinite else { return x }
        return y(atParameter: solveParameter(forX: x, epsilon: epsilon))
    }

    /// The parameter `t` whose x coordinate is within `epsilon` of `x` (or the best bisection estimate).
    @inlinable @inline(__always)
    func solveParameter(forX x: Double, epsilon: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = self.x(atParameter: t) - x
            if Swift.abs(error) < epsilon { return t }
            let slope = xDerivative(atParameter: t)
            if Swift.abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        // Bisection on 0…1 (x is already inside it). Once the midpoint stops changing every further step would
        // repeat the same state, so stopping early gives exactly the result of running all 1024 steps.
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<1024 {
            let error = self.x(atParameter: t) - x
            if Swift.abs(error) < epsilon { break }
            if error >= 0 { high = t } else { low = t }
            let next = low + (high - low) / 2
            if next == t { break }
            t = next
        }
        return t
    }
}
