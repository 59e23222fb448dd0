/// A gradient paint: a geometry that assigns a parameter `t` to every point, and a ``GradientRamp`` that
/// turns `t` into a colour.
///
/// The geometry is given in its own *gradient space* and placed on the device by ``transform``; a pixel is
/// evaluated at its centre `(x + ½, y + ½)` mapped back into gradient space.
///
/// ## Extending
/// An axial or radial gradient is defined for `0 ≤ t ≤ 1`. Where `t < 0` the gradient paints the ramp's
/// colour at 0 when ``extendsBeforeStart`` is set and nothing otherwise; likewise after the end with
/// ``extendsAfterEnd``. "Nothing" means the pixel is left alone under every blend mode, as if it were outside
/// the mask. A conic gradient covers the whole plane and ignores both flags.
@_spi(Engine) public struct Gradient: Sendable {
    /// The geometry of a gradient, in gradient space.
    @_spi(Engine) public enum Shape: Hashable, Sendable {
        /// Colour varies along the line from `start` (`t = 0`) to `end` (`t = 1`) and is constant across it:
        /// `t` is the projection of the point onto that line. Paints nothing when `start == end`.
        case axial(start: RasterPoint, end: RasterPoint)
        /// A family of circles interpolated between the start circle (`t = 0`) and the end circle (`t = 1`):
        /// centre `c(t) = c0 + t·(c1 − c0)`, radius `r(t) = r0 + t·(r1 − r0)`. A point takes the largest `t`
        /// whose circle passes through it among those with `r(t) ≥ 0` and `t` inside the painted range
        /// (`[0, 1]`, widened below 0 and above 1 by the extend flags). This is the two-circle shading of PDF
        /// and of the Apple-shaped radial gradient, including the cone cases where the start circle is not
        /// inside the end circle: then only a cone-shaped part of the plane is painted. Negative radii are
        /// treated as 0; when both circles coincide nothing is painted.
        case radial(startCenter: RasterPoint, startRadius: Double, endCenter: RasterPoint, endRadius: Double)
        /// An angular sweep around `center`: `t` is the angle from the direction `angle` (radians), measured
        /// towards the positive y axis and divided by a full turn, in `[0, 1)`. On a y-down device the sweep
        /// runs clockwise. At the centre itself, where no direction exists, `t` is the value of the positive x
        /// direction, `fract(−angle / 2π)`.
        case conic(center: RasterPoint, angle: Double)
    }

    /// Where the colours go.
    @_spi(Engine) public var shape: Shape
    /// The colours.
    @_spi(Engine) public var ramp: GradientRamp
    /// Whether the colour at `t = 0` continues before the start (the Apple-shaped "draws before start" option).
    @_spi(Engine) public var extendsBeforeStart: Bool
    /// Whether the colour at `t = 1` continues after the end (the Apple-shaped "draws after end" option).
    @_spi(Engine) public var extendsAfterEnd: Bool
    /// Maps gradient space to device pixels. A transform that cannot be inverted paints nothing.
    @_spi(Engine) public var transform: Affine2D

    /// Creates a gradient paint.
    @_spi(Engine) public init(
        _ shape: Shape, ramp: GradientRamp, extendsBeforeStart: Bool = false, extendsAfterEnd: Bool = false,
        transform: Affine2D = .identity
    ) {
        self.shape = shape
        self.ramp = ramp
        self.extendsBeforeStart = extendsBeforeStart
        self.extendsAfterEnd = extendsAfterEnd
        self.transform = transform
    }

    /// The parameter `t` at a device point, or `nil` when the gradient paints nothing there.
    ///
    /// Axial and radial values outside `0 ... 1` are returned as they are (they occur only when the
    /// corresponding extend flag is set); the colour is taken at the clamped value.
    @_spi(Engine) public func parameter(at point: RasterPoint) -> Double? {
        guard let inverse = transform.inverted() else { return nil }
        let p = inverse.apply(to: point)
        switch shape {
        case .axial(let start, let end):
            guard let axis = AxialGeometry(start: start, end: end) else { return nil }
            return extended(axis.parameter(p))
        case .radial(let c0, let r0, let c1, let r1):
            guard let circles = RadialGeometry(startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1)
            else { return nil }
            return circles.parameter(
                p, minimum: extendsBeforeStart ? -.infinity : 0,
                maximum: extendsAfterEnd ? .infinity : 1)
        case .conic(let center, let angle):
            guard center.isFinite, angle.isFinite else { return nil }
            return ConicGeometry.parameter(x: p.x - center.x, y: p.y - center.y, angle: angle)
        }
    }

    /// The premultiplied colour at a device point, or `nil` where nothing is painted.
    @_spi(Engine) public func color(at point: RasterPoint) -> RGBA8? {
        parameter(at: point).map { ramp.color(at: $0) }
    }

    /// `t` when the extend flags allow it, otherwise `nil`.
    func extended(_ t: Double) -> Double? {
        guard t.isFinite else { return nil }
        if t < 0 { return extendsBeforeStart ? t : nil }
        if t > 1 { return extendsAfterEnd ? t : nil }
        return t
    }
}

/// `t = (p − start)·(end − start) / |end − start|²`.
struct AxialGeometry {
    let start: RasterPoint
    /// `(end − start) / |end − start|²`, so that `t` is one dot product.
    let scaledAxis: RasterPoint

    init?(start: RasterPoint, end: RasterPoint) {
        let axis = end - start
        let lengthSquared = axis.x * axis.x + axis.y * axis.y
        guard start.isFinite, end.isFinite, lengthSquared > 0, lengthSquared.isFinite else { return nil }
        self.start = start
        scaledAxis = axis * (1 / lengthSquared)
    }

    @inline(__always)
    func parameter(_ p: RasterPoint) -> Double {
        (p.x - start.x) * scaledAxis.x + (p.y - start.y) * scaledAxis.y
    }
}

/// The two-circle geometry. With `pd = p − c0`, `dc = c1 − c0`, `dr = r1 − r0`, a circle of the family passes
/// through `p` when `a·t² − 2·b·t + c = 0` with `a = dc·dc − dr²`, `b = pd·dc + r0·dr`, `c = pd·pd − r0²`.
struct RadialGeometry {
    let c0: RasterPoint
    let r0: Double
    let dc: RasterPoint
    let dr: Double
    let a: Double

    init?(startCenter: RasterPoint, startRadius: Double, endCenter: RasterPoint, endRadius: Double) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite else { return nil }
        c0 = startCenter
        r0 = Swift.max(startRadius, 0)
        dc = endCenter - startCenter
        dr = Swift.max(endRadius, 0) - r0
        guard dc.x != 0 || dc.y != 0 || dr != 0 else { return nil }
        a = dc.x * dc.x + dc.y * dc.y - dr * dr
    }

    /// The largest root `t` in `minimum ... maximum` with `r(t) ≥ 0`, or `nil`.
    @inline(__always)
    func parameter(_ p: RasterPoint, minimum: Double, maximum: Double) -> Double? {
        let px = p.x - c0.x
        let py = p.y - c0.y
        let b = px * dc.x + py * dc.y + r0 * dr
        let c = px * px + py * py - r0 * r0
        return Self.solve(a: a, b: b, c: c, r0: r0, dr: dr, minimum: minimum, maximum: maximum)
    }

    @inline(__always)
    static func solve(
        a: Double, b: Double, c: Double, r0: Double, dr: Double, minimum: Double, maximum: Double
    )
        -> Double?
    {
        if a == 0 {
            // Linear case (the circles touch the cone's apex at infinity): 2·b·t = c.
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return t >= minimum && t <= maximum && r0 + t * dr >= 0 ? t : nil
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let first = (b + root) / a
        let second = (b - root) / a
        let high = Swift.max(first, second)
        let low = Swift.min(first, second)
        if high >= minimum && high <= maximum && r0 + high * dr >= 0 { return high }
        if low >= minimum && low <= maximum && r0 + low * dr >= 0 { return low }
        return nil
    }
}

/// `t = fract((atan2(y, x) − angle) / 2π)`.
enum ConicGeometry {
    @inline(__always)
    static func parameter(x: Double, y: Double, angle: Double) -> Double {
        let turns = (arctangent(y, x) - angle) * (0.5 / Double.pi)
        let fraction = turns - turns.rounded(.down)
        return fraction < 1 ? fraction : 0
    }

    /// The angle of `(x, y)` in `−π ... π` (0 for the origin), within 2·10⁻⁶ radians of the exact value, which is
    /// 1/3000 of a ramp step. Exact on the axes and diagonals' ends that matter for the tests: 0, ±π/2 and π.
    ///
    /// The first octant uses an odd polynomial `z·P(z²)` fitted to `atan z` on `0 ≤ z ≤ 1` (our own fit, by
    /// iteratively reweighted least squares); the other octants follow by symmetry.
    @inline(__always)
    static func arctangent(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x)
        let ay = abs(y)
        let large = Swift.max(ax, ay)
        guard large > 0 else { return 0 }
        let z = Swift.min(ax, ay) / large
        let w = z * z
        var p = -0.011_719_171_901_668_837
        p = p * w + 0.052_647_414_940_348_45
        p = p * w - 0.116_426_502_794_486_06
        p = p * w + 0.193_540_363_117_276_82
        p = p * w - 0.332_622_820_936_245_46
        p = p * w + 0.999_977_218_466_650_6
        var angle = z * p
        if ay > ax { angle = 0.5 * Double.pi - angle }
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }
}
