import CRasterKernels

/// Evaluates a ``Gradient`` along device rows.
///
/// Each row maps its first pixel centre into gradient space once and then steps by the inverse transform's
/// x column, so the per-pixel work is a few multiply-adds (axial), one square root (radial) or one arctangent
/// (conic), plus a table lookup.
struct GradientShader: RowShader {
    enum Geometry {
        case axial(AxialGeometry)
        case radial(RadialGeometry)
        case conic(center: RasterPoint, angle: Double)
    }

    let geometry: Geometry
    /// Device to gradient space.
    let inverse: Affine2D
    /// The ramp's `resolution + 1` entries.
    let table: UnsafePointer<UInt32>
    let extendsBefore: Bool
    let extendsAfter: Bool

    /// Prepares the shader, or returns `nil` when the gradient paints nothing anywhere (degenerate geometry,
    /// a transform that cannot be inverted, or non-finite input).
    init?(_ gradient: Gradient, table: UnsafePointer<UInt32>) {
        guard let inverse = gradient.transform.inverted() else { return nil }
        switch gradient.shape {
        case .axial(let start, let end):
            guard let axis = AxialGeometry(start: start, end: end) else { return nil }
            geometry = .axial(axis)
        case .radial(let c0, let r0, let c1, let r1):
            guard let circles = RadialGeometry(startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1)
            else { return nil }
            geometry = .radial(circles)
        case .conic(let center, let angle):
            guard center.isFinite, angle.isFinite else { return nil }
            geometry = .conic(center: center, angle: angle)
        }
        self.inverse = inverse
        self.table = table
        extendsBefore = gradient.extendsBeforeStart
        extendsAfter = gradient.extendsAfterEnd
    }

    func shade(
        x: Int, y: Int, count: Int, colors: UnsafeMutablePointer<UInt32>, weights: UnsafeMutablePointer<UInt8>
    ) {
        let origin = inverse.apply(to: RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let step = RasterPoint(x: inverse.a, y: inverse.b)
        switch geometry {
        case .axial(let axis):
            let t0 = axis.parameter(origin)
            let dt = step.x * axis.scaledAxis.x + step.y * axis.scaledAxis.y
            shadeAxial(t0: t0, dt: dt, count: count, colors: colors, weights: weights)
        case .radial(let circles):
            shadeRadial(circles, origin: origin, step: step, count: count, colors: colors, weights: weights)
        case .conic(let center, let angle):
            let last = Double(GradientRamp.resolution)
            for index in 0..<count {
                let p = origin + step * Double(index)
                let t = ConicGeometry.parameter(x: p.x - center.x, y: p.y - center.y, angle: angle)
                colors[index] = table[Int(t * last + 0.5)]
            }
        }
    }

    @inline(__always)
    private func shadeAxial(
        t0: Double, dt: Double, count: Int, colors: UnsafeMutablePointer<UInt32>,
        weights: UnsafeMutablePointer<UInt8>
    ) {
        let resolution = Double(GradientRamp.resolution)
        let first = table[0]
        let last = table[GradientRamp.resolution]
        for index in 0..<count {
            let t = t0 + Double(index) * dt
            if t >= 0 && t <= 1 {
                colors[index] = table[Int(t * resolution + 0.5)]
            } else if t < 0 {
                colors[index] = first
                if !extendsBefore { weights[index] = 0 }
            } else {
                colors[index] = last
                if !extendsAfter || t.isNaN { weights[index] = 0 }
            }
        }
    }

    /// Solves the radial quadratic per pixel. Along the row `b` moves linearly and `c` is recomputed from the
    /// gradient-space point; the two roots are `(b ± √(b² − a·c)) / a`, the larger first.
    private func shadeRadial(
        _ circles: RadialGeometry, origin: RasterPoint, step: RasterPoint, count: Int,
        colors: UnsafeMutablePointer<UInt32>, weights: UnsafeMutablePointer<UInt8>
    ) {
        let minimum = extendsBefore ? -Double.infinity : 0
        let maximum = extendsAfter ? Double.infinity : 1
        let resolution = Double(GradientRamp.resolution)
        let a = circles.a
        let r0 = circles.r0
        let dr = circles.dr
        let r0Squared = r0 * r0
        var px = origin.x - circles.c0.x
        var py = origin.y - circles.c0.y
        var b = px * circles.dc.x + py * circles.dc.y + r0 * dr
        let db = step.x * circles.dc.x + step.y * circles.dc.y
        if a == 0 {
            for index in 0..<count {
                let c = px * px + py * py - r0Squared
                colors[index] = lookup(
                    RadialGeometry.solve(a: 0, b: b, c: c, r0: r0, dr: dr, minimum: minimum, maximum: maximum),
                    index, weights, resolution)
                px += step.x
                py += step.y
                b += db
            }
            return
        }
        var point = (px, py)
        let inverseA = 1 / a
        // With a > 0 the root with +√ is the larger one; with a < 0 the one with −√ is.
        let sign: Double = a > 0 ? 1 : -1
        let first = table[0]
        let last = table[GradientRamp.resolution]
        // In batches, two passes: the square roots first (four at a time with AVX2), then the choice of root and the
        // lookup. Both passes step `b` by the same additions, and the first steps `px`, `py` as one loop would, so
        // every pixel gets the values of a single loop.
        let batch = Self.radialBatch
        withUnsafeTemporaryAllocation(of: Double.self, capacity: batch) { scratch in
            let roots = scratch.baseAddress!
            var done = 0
            while done < count {
                let size = Swift.min(batch, count - done)
                Self.radialRoots(
                    point: &point, b: b, step: step, db: db, a: a, r0Squared: r0Squared, count: size, into: roots,
                    vectorKernel: VectorKernels.avx2)
                for index in 0..<size {
                    let pixel = done + index
                    let magnitude = roots[index]
                    let centre = b
                    b += db
                    guard !magnitude.isNaN else {
                        colors[pixel] = 0
                        weights[pixel] = 0
                        continue
                    }
                    let root = magnitude * sign
                    var t = (centre + root) * inverseA
                    if !(t >= minimum && t <= maximum && r0 + t * dr >= 0) {
                        t = (centre - root) * inverseA
                        guard t >= minimum && t <= maximum && r0 + t * dr >= 0 else {
                            colors[pixel] = 0
                            weights[pixel] = 0
                            continue
                        }
                    }
                    if t <= 0 {
                        colors[pixel] = first
                    } else if t >= 1 {
                        colors[pixel] = last
                    } else {
                        colors[pixel] = table[Int(t * resolution + 0.5)]
                    }
                }
                done += size
            }
        }
    }

    /// Writes to `roots` the square roots of the discriminant `b² − a·c` of `count` pixels along a row (NaN where it
    /// is negative), `c = x² + y² − r0²` at the gradient-space point relative to the start centre; pixel `k` has
    /// `point` stepped `k` times by `step` and `b` stepped `k` times by `db`, one addition at a time. Leaves `point`
    /// stepped `count` times. With `vectorKernel` (only where ``VectorKernels/avx2`` holds) four roots a step in C,
    /// with the same operations.
    @inline(__always)
    static func radialRoots(
        point: inout (Double, Double), b: Double, step: RasterPoint, db: Double, a: Double, r0Squared: Double,
        count: Int, into roots: UnsafeMutablePointer<Double>, vectorKernel: Bool
    ) {
        #if arch(x86_64)
            if vectorKernel {
                withUnsafeMutablePointer(to: &point) { pair in
                    pair.withMemoryRebound(to: Double.self, capacity: 2) { xy in
                        prk_radial_roots_avx2(xy, b, step.x, step.y, db, a, r0Squared, count, roots)
                    }
                }
                return
            }
        #endif
        var (px, py) = point
        var b = b
        for index in 0..<count {
            let c = px * px + py * py - r0Squared
            roots[index] = (b * b - a * c).squareRoot()
            px += step.x
            py += step.y
            b += db
        }
        point = (px, py)
    }

    /// Pixels per batch of square roots in ``shadeRadial(_:origin:step:count:colors:weights:)``: 1 KiB of roots on
    /// the stack.
    static let radialBatch = 128

    /// The table entry for `t` clamped to `0 ... 1`, or transparent with weight 0 when nothing is painted.
    @inline(__always)
    private func lookup(
        _ t: Double?, _ index: Int, _ weights: UnsafeMutablePointer<UInt8>, _ resolution: Double
    )
        -> UInt32
    {
        guard let t else {
            weights[index] = 0
            return 0
        }
        return table[Int(Swift.min(Swift.max(t, 0), 1) * resolution + 0.5)]
    }
}
