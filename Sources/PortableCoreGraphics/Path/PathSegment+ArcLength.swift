// Arc length of one segment, ∫ |B′(t)| dt, by adaptive 8-point Gauss–Legendre quadrature (not by flattening).
// Lines are exact. A smooth cubic converges after one or two halvings to about 1e-12 relative; near a cusp, where
// |B′| has a kink, the interval containing the kink keeps halving (up to `maximumDepth` levels). Two bounds keep
// hostile numbers cheap: no tolerance is finer than the smallest normal double (below it the sums are subnormal,
// carry fewer significant bits than the tolerance asks for, and would halve to the full depth everywhere: 2²⁴
// intervals), and one quadrature halves at most `arcLengthMaximumSplits` intervals.

extension PathSegment {
    /// Relative accuracy requested from the quadrature.
    static let arcLengthRelativeTolerance: CGFloat = 1e-12
    /// Deepest interval halving the quadrature performs (an interval of 2⁻²⁴ of the parameter range).
    static let arcLengthMaximumDepth = 24
    /// Most interval halvings one quadrature performs: a cusp needs about two per level (about 50), so this is
    /// reached only by sums that cannot meet their tolerance; the intervals left over keep their 8-point values.
    static let arcLengthMaximumSplits = 1024

    /// Arc length between parameters `from` and `to` (0 ≤ from ≤ to ≤ 1 expected; reversed bounds give a negative
    /// value). Zero for a `.point`; NaN or infinity propagate when the segment is not finite.
    func arcLength(from: CGFloat = 0, to: CGFloat = 1) -> CGFloat {
        switch kind {
        case .point:
            return 0
        case .line:
            return PathSegment.distance(p0, p1) * (to - from)
        case .quad, .cubic:
            if from == to { return 0 }
            let whole = gaussLegendreSpeedIntegral(from: from, to: to)
            // Scale the tolerance by the control polygon so that short pieces of long curves are not over-refined.
            let scale = Swift.max(Swift.abs(whole), controlPolygonLength * Swift.abs(to - from))
            return arcLengthQuadrature(
                from: from, to: to, whole: whole, tolerance: scale * PathSegment.arcLengthRelativeTolerance
            ).length
        }
    }

    /// The adaptive quadrature behind `arcLength(from:to:)`, starting from `whole` (the 8-point value over the
    /// range) and refining until each interval's halves agree with it to within its share of `tolerance`
    /// (floored at the smallest normal double). Returns the length and the number of intervals halved, at most
    /// `maximumSplits`.
    func arcLengthQuadrature(
        from: CGFloat, to: CGFloat, whole: CGFloat, tolerance: CGFloat,
        maximumSplits: Int = PathSegment.arcLengthMaximumSplits
    ) -> (length: CGFloat, splits: Int) {
        var splitsLeft = maximumSplits
        let length = adaptiveSpeedIntegral(
            from: from, to: to, whole: whole, tolerance: tolerance, depth: 0, splitsLeft: &splitsLeft)
        return (length, maximumSplits - splitsLeft)
    }

    /// |B′(t)|: the speed in points per unit of parameter.
    func speed(at t: CGFloat) -> CGFloat {
        PathSegment.length(derivative(at: t))
    }

    private func adaptiveSpeedIntegral(
        from: CGFloat, to: CGFloat, whole: CGFloat, tolerance: CGFloat, depth: Int, splitsLeft: inout Int
    ) -> CGFloat {
        guard splitsLeft > 0 else { return whole }
        splitsLeft -= 1
        let middle = (from + to) / 2
        let left = gaussLegendreSpeedIntegral(from: from, to: middle)
        let right = gaussLegendreSpeedIntegral(from: middle, to: to)
        let refined = left + right
        if depth >= PathSegment.arcLengthMaximumDepth
            || Swift.abs(refined - whole) <= Swift.max(tolerance, CGFloat.leastNormalMagnitude) || !refined.isFinite
        {
            return refined
        }
        let half = tolerance / 2
        return adaptiveSpeedIntegral(
            from: from, to: middle, whole: left, tolerance: half, depth: depth + 1, splitsLeft: &splitsLeft)
            + adaptiveSpeedIntegral(
                from: middle, to: to, whole: right, tolerance: half, depth: depth + 1, splitsLeft: &splitsLeft)
    }

    /// 8-point Gauss–Legendre rule for ∫ |B′(t)| dt over [from, to]; exact for polynomials of degree 15.
    private func gaussLegendreSpeedIntegral(from: CGFloat, to: CGFloat) -> CGFloat {
        let half = (to - from) / 2
        let middle = (from + to) / 2
        // Nodes ±xᵢ on [−1, 1] and their weights.
        let x1: CGFloat = 0.183_434_642_495_649_78
        let x2: CGFloat = 0.525_532_409_916_328_99
        let x3: CGFloat = 0.796_666_477_413_626_73
        let x4: CGFloat = 0.960_289_856_497_536_18
        let w1: CGFloat = 0.362_683_783_378_361_66
        let w2: CGFloat = 0.313_706_645_877_886_88
        let w3: CGFloat = 0.222_381_034_453_374_43
        let w4: CGFloat = 0.101_228_536_290_377_06
        var sum = w1 * (speed(at: middle - half * x1) + speed(at: middle + half * x1))
        sum += w2 * (speed(at: middle - half * x2) + speed(at: middle + half * x2))
        sum += w3 * (speed(at: middle - half * x3) + speed(at: middle + half * x3))
        sum += w4 * (speed(at: middle - half * x4) + speed(at: middle + half * x4))
        return sum * half
    }

    /// The parameter t at which the arc length from 0 reaches `target` (0 ≤ target ≤ `totalLength`, the segment's
    /// full length). Newton's method on s(t) − target, safeguarded by bisection, accurate to about 1e-12 of the
    /// segment's length. Lines are solved exactly.
    func parameter(atArcLength target: CGFloat, totalLength: CGFloat) -> CGFloat {
        guard totalLength > 0 else { return 0 }
        if target <= 0 { return 0 }
        if target >= totalLength { return 1 }
        if kind == .line || kind == .point { return target / totalLength }
        var low: CGFloat = 0
        var high: CGFloat = 1
        var t = target / totalLength
        var lengthAtT = arcLength(from: 0, to: t)
        let tolerance = totalLength * 1e-12
        for _ in 0..<60 {
            let error = lengthAtT - target
            if Swift.abs(error) <= tolerance { break }
            if error > 0 { high = t } else { low = t }
            let currentSpeed = speed(at: t)
            var next = currentSpeed > 0 ? t - error / currentSpeed : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t { break }
            lengthAtT += next > t ? arcLength(from: t, to: next) : -arcLength(from: next, to: t)
            t = next
        }
        return t
    }
}
