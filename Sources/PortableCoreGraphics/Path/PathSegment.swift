/// One drawable piece of a path with its start point made explicit: the unit that bounding boxes, hit testing,
/// flattening and measurement work on. Internal helper, not Apple API.
///
/// A move becomes a `.point` segment (zero length, `p0` is the new point); a close becomes a `.line` back to
/// the subpath start. Unused control slots repeat the end point so every field is always a valid point.
struct PathSegment {
    enum Kind: UInt8 {
        /// No extent: the element was a move. `p0` holds its point.
        case point
        /// `p0` → `p1`.
        case line
        /// Quadratic Bézier `p0`, control `p1`, end `p2`.
        case quad
        /// Cubic Bézier `p0`, controls `p1` and `p2`, end `p3`.
        case cubic
    }

    var kind: Kind
    var p0: CGPoint
    var p1: CGPoint
    var p2: CGPoint
    var p3: CGPoint

    init(point: CGPoint) {
        kind = .point
        p0 = point
        p1 = point
        p2 = point
        p3 = point
    }

    init(line from: CGPoint, _ to: CGPoint) {
        kind = .line
        p0 = from
        p1 = to
        p2 = to
        p3 = to
    }

    init(quad from: CGPoint, _ control: CGPoint, _ to: CGPoint) {
        kind = .quad
        p0 = from
        p1 = control
        p2 = to
        p3 = to
    }

    init(cubic from: CGPoint, _ control1: CGPoint, _ control2: CGPoint, _ to: CGPoint) {
        kind = .cubic
        p0 = from
        p1 = control1
        p2 = control2
        p3 = to
    }

    /// The point where the segment ends (equal to `p0` for `.point`).
    var end: CGPoint {
        switch kind {
        case .point: return p0
        case .line: return p1
        case .quad: return p2
        case .cubic: return p3
        }
    }

    /// Whether every coordinate the segment uses is finite (neither NaN nor infinite).
    var isFinite: Bool {
        p0.x.isFinite && p0.y.isFinite && p1.x.isFinite && p1.y.isFinite && p2.x.isFinite && p2.y.isFinite
            && p3.x.isFinite && p3.y.isFinite
    }

    /// The point at Bézier parameter `t` (0 = start, 1 = end). Lines interpolate linearly.
    func point(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        switch kind {
        case .point:
            return p0
        case .line:
            return CGPoint(x: s * p0.x + t * p1.x, y: s * p0.y + t * p1.y)
        case .quad:
            let a = s * s
            let b = 2 * s * t
            let c = t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
        case .cubic:
            let a = s * s * s
            let b = 3 * s * s * t
            let c = 3 * s * t * t
            let d = t * t * t
            return CGPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y
            )
        }
    }

    /// dB/dt at `t`, as a vector (points per unit of parameter).
    func derivative(at t: CGFloat) -> CGVector {
        let s = 1 - t
        switch kind {
        case .point:
            return CGVector(dx: 0, dy: 0)
        case .line:
            return CGVector(dx: p1.x - p0.x, dy: p1.y - p0.y)
        case .quad:
            return CGVector(
                dx: 2 * (s * (p1.x - p0.x) + t * (p2.x - p1.x)),
                dy: 2 * (s * (p1.y - p0.y) + t * (p2.y - p1.y))
            )
        case .cubic:
            let a = 3 * s * s
            let b = 6 * s * t
            let c = 3 * t * t
            return CGVector(
                dx: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                dy: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y)
            )
        }
    }

    /// The part of the segment between parameters `from` and `to` (0 ≤ from ≤ to ≤ 1), as a segment of the same
    /// kind re-parametrised over [0, 1]. Control points come from the blossom B(from, …, to); the end points are
    /// the segment's own where `from == 0` or `to == 1`, so consecutive pieces join exactly.
    func subsegment(from: CGFloat, to: CGFloat) -> PathSegment {
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        let start = from == 0 ? p0 : point(at: from)
        let finish = to == 1 ? end : point(at: to)
        switch kind {
        case .point:
            return self
        case .line:
            return PathSegment(line: start, finish)
        case .quad:
            // Blossom b(u, v): one de Casteljau level at u, the next at v.
            let control = lerp(lerp(p0, p1, from), lerp(p1, p2, from), to)
            return PathSegment(quad: start, control, finish)
        case .cubic:
            func blossom(_ u: CGFloat, _ v: CGFloat, _ w: CGFloat) -> CGPoint {
                let a = lerp(p0, p1, u)
                let b = lerp(p1, p2, u)
                let c = lerp(p2, p3, u)
                return lerp(lerp(a, b, v), lerp(b, c, v), w)
            }
            return PathSegment(cubic: start, blossom(from, from, to), blossom(from, to, to), finish)
        }
    }

    /// d²B/dt² at `t`.
    func secondDerivative(at t: CGFloat) -> CGVector {
        switch kind {
        case .point, .line:
            return CGVector(dx: 0, dy: 0)
        case .quad:
            return CGVector(dx: 2 * (p2.x - 2 * p1.x + p0.x), dy: 2 * (p2.y - 2 * p1.y + p0.y))
        case .cubic:
            let s = 1 - t
            return CGVector(
                dx: 6 * (s * (p2.x - 2 * p1.x + p0.x) + t * (p3.x - 2 * p2.x + p1.x)),
                dy: 6 * (s * (p2.y - 2 * p1.y + p0.y) + t * (p3.y - 2 * p2.y + p1.y))
            )
        }
    }

    /// d³B/dt³ (constant for a cubic, zero otherwise).
    var thirdDerivative: CGVector {
        guard kind == .cubic else { return CGVector(dx: 0, dy: 0) }
        return CGVector(
            dx: 6 * (p3.x - 3 * p2.x + 3 * p1.x - p0.x),
            dy: 6 * (p3.y - 3 * p2.y + 3 * p1.y - p0.y)
        )
    }

    /// Length of the control polygon: an upper bound of the arc length, used as a scale for tolerances.
    var controlPolygonLength: CGFloat {
        switch kind {
        case .point:
            return 0
        case .line:
            return PathSegment.distance(p0, p1)
        case .quad:
            return PathSegment.distance(p0, p1) + PathSegment.distance(p1, p2)
        case .cubic:
            return PathSegment.distance(p0, p1) + PathSegment.distance(p1, p2) + PathSegment.distance(p2, p3)
        }
    }

    /// Calls `body` with every parameter strictly inside (0, 1) where the x (`y == false`) or y derivative
    /// vanishes: the candidates for the curve's extremes along that axis. At most one for a quad, two for a cubic.
    func forEachAxisExtremum(y: Bool, _ body: (CGFloat) -> Void) {
        let a0 = y ? p0.y : p0.x
        let a1 = y ? p1.y : p1.x
        let a2 = y ? p2.y : p2.x
        let a3 = y ? p3.y : p3.x
        switch kind {
        case .point, .line:
            return
        case .quad:
            // B'(t)/2 = (a1 - a0) + t (a0 - 2 a1 + a2)
            let denominator = a0 - 2 * a1 + a2
            guard denominator != 0 else { return }
            let t = (a0 - a1) / denominator
            if t > 0, t < 1 { body(t) }
        case .cubic:
            // B'(t)/3 = a t² + b t + c
            let a = -a0 + 3 * a1 - 3 * a2 + a3
            let b = 2 * (a0 - 2 * a1 + a2)
            let c = a1 - a0
            PathSegment.forEachQuadraticRoot(a: a, b: b, c: c) { t in
                if t > 0, t < 1 { body(t) }
            }
        }
    }

    /// Real roots of `a t² + b t + c = 0`, computed without catastrophic cancellation; degenerates to the linear
    /// case when `a == 0`. A double root is reported once. Nothing is reported for non-finite coefficients.
    static func forEachQuadraticRoot(a: CGFloat, b: CGFloat, c: CGFloat, _ body: (CGFloat) -> Void) {
        guard a.isFinite, b.isFinite, c.isFinite else { return }
        if a == 0 {
            if b != 0 { body(-c / b) }
            return
        }
        let discriminant = b * b - 4 * a * c
        if discriminant < 0 { return }
        if discriminant == 0 {
            body(-b / (2 * a))
            return
        }
        let root = discriminant.squareRoot()
        let q = -0.5 * (b + (b < 0 ? -root : root))
        body(q / a)
        if q != 0 { body(c / q) }
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x
        let dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }

    static func length(_ v: CGVector) -> CGFloat {
        (v.dx * v.dx + v.dy * v.dy).squareRoot()
    }
}

/// `point` mapped by `transform` (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`). The identity returns the point
/// untouched, so infinite coordinates stay infinite instead of turning into NaN through `∞ · 0`.
@inline(__always)
func pathTransformed(_ point: CGPoint, _ transform: CGAffineTransform) -> CGPoint {
    if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1, transform.tx == 0, transform.ty == 0 {
        return point
    }
    return CGPoint(
        x: transform.a * point.x + transform.c * point.y + transform.tx,
        y: transform.b * point.x + transform.d * point.y + transform.ty
    )
}
