import Foundation

// Circular arcs. Like Apple, we approximate an arc with cubic Béziers of at most 90° each: the sweep is cut into
// whole quarter turns followed by the remainder (a 225° arc gives 90°, 90°, 45°). A piece of angle θ gets control
// arms of length r · 4/3 · tan(θ/4) along the tangents, which is exact at both ends and the midpoint.
//
// Direction: angles are measured from +x towards +y (radians). `clockwise: false` makes the angle increase, which is
// counter-clockwise in Core Graphics' default y-up space. In a flipped, y-down space (UIKit views, CALayer in
// iOS) the same path looks mirrored: `clockwise: true` turns counter-clockwise on screen. Example: with y down,
// an arc from 0 to π/2 with `clockwise: false` goes from the right of the centre to *below* it, which the eye
// reads as clockwise.
//
// Hostile angles: a sweep never exceeds one turn and the start angle is reduced modulo 2π before the pieces are
// placed, so an arc is at most four pieces whatever the angles (7.6e180 included) and its points stay accurate.

extension CGMutablePath {
    /// A circular arc around `center` from `startAngle` to `endAngle` (radians), turning the way `clockwise` says
    /// in y-up space (see the file comment for y-down).
    ///
    /// If the path has a current point, a line to the arc's first point comes first (left out when the current
    /// point is exactly that point); on an empty path the arc starts with a move. The arc runs from the point at
    /// `startAngle` to the point at `endAngle` the chosen way round (see `arcSweep(from:to:clockwise:)`): at
    /// most one full turn, a whole circle when the two angles are a nonzero whole number of turns apart in either
    /// direction (0 → 2π draws the circle with `clockwise` true or false), nothing but the first point when they
    /// are equal. A negative radius is used as given (the arc is reflected through the centre). Non-finite angles
    /// or radius add only the line or move to the (possibly non-finite) start point.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// The signed angle an arc from `start` to `end` turns through (positive towards +y), the rule of
    /// `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`, which is Apple's as far as its documents
    /// and real code show it.
    ///
    /// With `d = end − start` measured the chosen way (`d` for `clockwise == false`, `−d` otherwise):
    /// - `d ≥ 2π`: one whole turn (0 → 6π counter-clockwise is the circle once);
    /// - `0 < d < 2π`: `d` itself (0 → π/2 counter-clockwise is a quarter);
    /// - `d < 0`, the "wrong" way: round to the same end point, `2π − (|d| mod 2π)` (0 → π/2 clockwise is the
    ///   three-quarter arc through −y, 0 → −5π/2 counter-clockwise is 3π/2), and a whole turn when `|d|` is a
    ///   whole number of turns: `UIBezierPath(arcCenter:radius:startAngle: 0, endAngle: 2π, clockwise: false)`,
    ///   which is `CGPath`'s 0 → 2π clockwise, draws the full circle — NVActivityIndicatorView's `.circle` and
    ///   `.ring` shapes are exactly this call and show full circles on iOS;
    /// - `d = 0`: no turn at all.
    ///
    /// "A whole number of turns" and "2π" allow for rounding: angles that differ from them by less than four
    /// units in the last place of the larger angle (−π/2 → 3π/2 computed in floating point) count as exact.
    /// The result is at most 2π in size; a NaN or infinite difference is returned as it is.
    static func arcSweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let fullTurn = 2 * CGFloat.pi
        let difference = end - start
        guard difference.isFinite, difference != 0 else { return difference }
        let tolerance = 4 * Swift.max(Swift.abs(start), Swift.abs(end), fullTurn) * CGFloat.ulpOfOne
        let direction: CGFloat = clockwise ? -1 : 1
        let along = difference * direction
        if along >= fullTurn - tolerance { return direction * fullTurn }
        if along > 0 { return direction * along }
        let remainder = (-along).truncatingRemainder(dividingBy: fullTurn)
        if remainder <= tolerance || remainder >= fullTurn - tolerance { return direction * fullTurn }
        return direction * (fullTurn - remainder)
    }

    /// A circular arc around `center` starting at `startAngle` and turning by `delta` radians: positive turns
    /// towards +y (counter-clockwise with y up, clockwise on a y-down screen), negative the other way.
    ///
    /// Joins the current point with a line like `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`.
    /// Deviation: a `delta` beyond one full turn is clamped to ±2π — the extra turns would retrace the same circle.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let fullTurn = 2 * CGFloat.pi
        let sweep = delta.isFinite ? Swift.max(-fullTurn, Swift.min(fullTurn, delta)) : delta
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// A rounded corner in the manner of PostScript's `arct`: the circle of `radius` tangent to both the line from
    /// the current point P0 to `tangent1End` P1 and the line from P1 to `tangent2End` P2.
    ///
    /// Adds a line from P0 to the first tangent point (on P0–P1), then the shorter arc to the second tangent point
    /// (on P1–P2); the path ends there, not at P2. Tangent points lie at distance `radius / tan(φ/2)` from P1, where
    /// φ is the angle at P1 between the two lines. Degenerate cases add a line to P1 instead: P0, P1 and P2
    /// collinear, P0 = P1 or P1 = P2, and a radius that is zero, negative or not finite. On an empty path (no
    /// current point) nothing is added, as on Apple platforms.
    ///
    /// The points are given in the space before `transform`; the current point is mapped back into that space
    /// through the inverse transform. If `transform` is not invertible, a line to P1 is added.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard !isEmpty else { return }
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard determinant != 0, determinant.isFinite else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        let p0 = pathTransformed(currentPoint, transform.inverted())
        let p1 = tangent1End
        let p2 = tangent2End
        let d1x = p0.x - p1.x
        let d1y = p0.y - p1.y
        let d2x = p2.x - p1.x
        let d2y = p2.y - p1.y
        let length1 = (d1x * d1x + d1y * d1y).squareRoot()
        let length2 = (d2x * d2x + d2y * d2y).squareRoot()
        guard radius > 0, radius.isFinite, length1 > 0, length2 > 0, length1.isFinite, length2.isFinite else {
            addLine(to: p1, transform: transform)
            return
        }
        // Unit vectors from P1 towards P0 and towards P2; φ is the angle between them.
        let u1x = d1x / length1
        let u1y = d1y / length1
        let u2x = d2x / length2
        let u2y = d2y / length2
        let sinPhi = u1x * u2y - u1y * u2x
        let cosPhi = u1x * u2x + u1y * u2y
        guard Swift.abs(sinPhi) > 1e-12 else {
            addLine(to: p1, transform: transform)
            return
        }
        let phi = atan2(Swift.abs(sinPhi), cosPhi)
        let tangentDistance = radius / tan(phi / 2)
        let start = CGPoint(x: p1.x + u1x * tangentDistance, y: p1.y + u1y * tangentDistance)
        // The centre lies on the bisector of the two unit vectors, at radius / sin(φ/2) from P1.
        let bisectorX = u1x + u2x
        let bisectorY = u1y + u2y
        let bisectorLength = (bisectorX * bisectorX + bisectorY * bisectorY).squareRoot()
        let centerDistance = radius / sin(phi / 2)
        let center = CGPoint(
            x: p1.x + bisectorX / bisectorLength * centerDistance,
            y: p1.y + bisectorY / bisectorLength * centerDistance)
        // Travelling P0 → P1 → P2 turns left (towards +y of the travel direction) when the cross product of the
        // two travel directions is positive; the arc then increases its angle.
        let turnsLeft = (-u1x) * u2y - (-u1y) * u2x > 0
        let sweep = (CGFloat.pi - phi) * (turnsLeft ? 1 : -1)
        let startAngle = atan2(start.y - center.y, start.x - center.x)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Joins (line or move) to the arc's first point, then adds the cubic pieces of `sweep` radians.
    func appendArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat, transform: CGAffineTransform
    ) {
        func pointOnCircle(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        // Beyond a few turns, adding a quarter turn to the angle would be lost to rounding: reduce it to
        // [−π, π] first (exactly; the point it names moves by rounding only).
        let fullTurn = 2 * CGFloat.pi
        let startAngle = Swift.abs(startAngle) > 4 * fullTurn ? startAngle.remainder(dividingBy: fullTurn) : startAngle
        let first = pathTransformed(pointOnCircle(startAngle), transform)
        if isEmpty {
            appendMove(first)
        } else {
            _ = beginSegment()
            if currentPoint != first { appendLine(first) }
        }
        guard sweep.isFinite, sweep != 0, radius.isFinite, startAngle.isFinite, center.x.isFinite, center.y.isFinite
        else { return }

        let quarter = CGFloat.pi / 2
        // No arc turns more than once (callers reduce their sweeps; this keeps the piece count at most four).
        let magnitude = Swift.min(Swift.abs(sweep), fullTurn)
        let direction: CGFloat = sweep < 0 ? -1 : 1
        // Whole quarter turns, then the remainder; a remainder below 1e-9 rad is folded into the last quarter.
        var wholeQuarters = Int((magnitude / quarter).rounded(.down))
        var remainder = magnitude - CGFloat(wholeQuarters) * quarter
        if remainder <= 1e-9, wholeQuarters > 0 {
            remainder = 0
        } else if remainder > quarter {
            wholeQuarters += 1
            remainder -= quarter
        }
        let pieceCount = wholeQuarters + (remainder > 0 ? 1 : 0)
        var angle = startAngle
        for piece in 0..<pieceCount {
            let isLast = piece == pieceCount - 1
            let pieceSweep = piece < wholeQuarters ? direction * quarter : direction * remainder
            let endAngle = isLast ? startAngle + direction * magnitude : angle + pieceSweep
            let arm = radius * 4 / 3 * tan((endAngle - angle) / 4)
            let cosStart = cos(angle)
            let sinStart = sin(angle)
            let cosEnd = cos(endAngle)
            let sinEnd = sin(endAngle)
            let control1 = CGPoint(
                x: center.x + radius * cosStart - arm * sinStart, y: center.y + radius * sinStart + arm * cosStart)
            let control2 = CGPoint(
                x: center.x + radius * cosEnd + arm * sinEnd, y: center.y + radius * sinEnd - arm * cosEnd)
            let end = CGPoint(x: center.x + radius * cosEnd, y: center.y + radius * sinEnd)
            appendCubic(
                pathTransformed(control1, transform), pathTransformed(control2, transform),
                pathTransformed(end, transform))
            angle = endAngle
        }
    }
}
