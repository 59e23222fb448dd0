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
    /// 0…1 make `X` non-monotonic, and the solver then returns whichever solution it reaches, as CA does. (Where
    /// Newton's method passes close to a stationary point of such a curve, the last bits of the arithmetic can
    /// decide which that is; in about 1 of 5000 random inputs the result then differs from a plain evaluation of
    /// CA's steps by more than 1e-12.)
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
    // parallel, which shortens the chain of dependent operations; the results differ from Horner's only in the last
    // bit or two.

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
    /// `epsilon` is the tolerance on `x`; keep the default to match Apple. Tolerances below about 1e-13 are finer
    /// than the rounding of `X(t) − x` in double precision; the Newton residuals here are carried analytically
    /// (see `solveParameter(forX:epsilon:)`), so such a tolerance ends on an iterate accurate to rounding rather
    /// than running on into the bisection.
    @inlinable
    public func value(at x: Double, epsilon: Double = UnitBezier.defaultEpsilon) -> Double {
        // At x ≤ 0 the solver would stop at once with t = 0 and Y(0) = 0, so answer that directly (NaN too).
        guard x > 0 else { return 0 }
        let x = Swift.min(x, 1)
        guard isFinite else { return x }
        let t = solveParameter(forX: x, epsilon: epsilon)
        // Four of the five named curves (and many custom ones) have c1y = 0: cy·t then adds an exact zero, so
        // leaving it out gives the same value one operation sooner.
        let square = t * t
        return cy == 0 ? square * (ay * t + by) : cy * t + square * (ay * t + by)
    }

    /// The parameter `t` whose x coordinate is within `epsilon` of `x` (or the best bisection estimate).
    ///
    /// Core Animation's Newton iteration from `t = x`: at each iterate it stops when the residual `X(t) − x` is
    /// below `epsilon`, gives up (for bisection) when the slope `X'(t)` is below 1e-6, and otherwise steps to
    /// `t − q` with `q = (X(t) − x) / X'(t)`. The iterates, and so the iterate it stops at, are Core Animation's.
    ///
    /// What differs is how the residual and slope of the next iterate are obtained. For a cubic the Taylor
    /// expansions about `t` are exact, and the residual's linear term cancels by construction of `q`:
    ///
    ///     X(t − q) − x = q²·(h − a·q)              with h = X''(t) / 2 = 3a·t + b
    ///     X'(t − q)    = X'(t) − 2h·q + 3a·q²
    ///
    /// Both need only `q` (available as soon as the division finishes) and values known before it, so each step's
    /// chain of dependent operations is a division plus three multiply/adds instead of a division, a subtraction
    /// and a full evaluation of the cubic at the new `t`: about a fifth shorter, and that chain is most of what a
    /// solve costs. The carried residual is also free of the cancellation in `X(t) − x`: the two forms agree to
    /// about 1e-16, so the stopping decisions coincide except in the vanishingly rare case of a residual within
    /// that distance of `epsilon`, and the results agree to within a few units in the last place.
    @inlinable @inline(__always)
    func solveParameter(forX x: Double, epsilon: Double) -> Double {
        var t = x
        let square = x * x
        var error = (cx * x - x) + square * (ax * x + bx)
        var slope = (cx + slopeB * x) + slopeA * square
        for _ in 0..<8 {
            if Swift.abs(error) < epsilon { return t }
            if Swift.abs(slope) < 1e-6 { break }
            let step = error / slope
            let halfCurvature = slopeA * t + bx
            let stepSquared = step * step
            error = stepSquared * (halfCurvature - ax * step)
            slope = (slope - (halfCurvature + halfCurvature) * step) + slopeA * stepSquared
            t -= step
        }
        return bisectedParameter(forX: x, epsilon: epsilon)
    }

    /// Core Animation's fallback when Newton's method stalls or has not converged after 8 steps: bisection on 0…1
    /// from `t = x` (x is already inside it) with the same stopping test, for at most 1024 halvings. Kept out of
    /// line: named curves reach it only for inputs within about 1e-4 of 0 or 1.
    @usableFromInline
    func bisectedParameter(forX x: Double, epsilon: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<1024 {
            let error = self.x(atParameter: t) - x
            if Swift.abs(error) < epsilon { break }
            if error >= 0 { high = t } else { low = t }
            // Once the midpoint stops changing every further step would repeat the same state, so stopping early
            // gives exactly the result of running all 1024 steps.
            let next = low + (high - low) / 2
            if next == t { break }
            t = next
        }
        return t
    }
}
