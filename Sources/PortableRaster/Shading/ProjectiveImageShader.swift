#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Samples an image through a projective transform, with a homogeneous divide per pixel.
///
/// Along a device row the homogeneous image-space point `(X, Y, W)` moves linearly, so it is stepped by
/// addition; each pixel then divides once (`u = X / W`, `v = Y / W`), which is what makes the sampling
/// perspective-correct: equal steps on the device are unequal steps on the image. Pixels whose centre lies on
/// or behind the viewer's plane (`W ≤ 0`; only possible in the anti-aliased fringe of a clipped quad) are not
/// painted. For ``ImageFilter/trilinear`` the level of detail is computed per pixel from the derivatives of
/// `(u, v)`.
struct ProjectiveImageShader: RowShader {
    /// Device pixels to homogeneous image space relative to the drawn region's origin.
    let inverse: Projective2D
    /// The levels to sample: just level 0 unless the filter is trilinear.
    let levels: UnsafeBufferPointer<SampleLevel>
    let filter: ImageFilter
    let clamp: Bool

    func shade(
        x: Int, y: Int, count: Int, colors: UnsafeMutablePointer<UInt32>, weights: UnsafeMutablePointer<UInt8>
    ) {
        let start = inverse.homogeneous(RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        if filter == .bilinear {
            shadeBilinear(start: start, count: count, colors: colors, weights: weights)
            return
        }
        let level = levels[0]
        for index in 0..<count {
            let step = Double(index)
            let hx = start.x + inverse.m11 * step
            let hy = start.y + inverse.m12 * step
            let hw = start.w + inverse.m13 * step
            guard hw > 0 else {
                colors[index] = 0
                weights[index] = 0
                continue
            }
            let reciprocal = 1 / hw
            let u = hx * reciprocal
            let v = hy * reciprocal
            if filter == .nearest {
                colors[index] = level.nearest(level.nearestPosition(u), level.nearestPosition(v), clamp: clamp)
            } else {
                colors[index] = trilinear(u: u, v: v, x: hx, y: hy, w: hw, reciprocal: reciprocal)
            }
        }
    }

    /// Bilinear sampling two pixels at a time: when the taps of both lie inside the level they go through the
    /// vector blend of the affine row loop, otherwise each pixel takes the edge-aware path.
    private func shadeBilinear(
        start: (x: Double, y: Double, w: Double), count: Int, colors: UnsafeMutablePointer<UInt32>,
        weights: UnsafeMutablePointer<UInt8>
    ) {
        let level = levels[0]
        let lastColumn = level.width - 1
        let lastRow = level.height - 1
        let base = level.base
        let stride = level.bytesPerRow
        var index = 0
        while index < count {
            let step = Double(index)
            let w0 = start.w + inverse.m13 * step
            let w1 = w0 + inverse.m13
            if index + 1 < count, w0 > 0, w1 > 0 {
                let u0 = level.bilinearPosition((start.x + inverse.m11 * step) / w0)
                let v0 = level.bilinearPosition((start.y + inverse.m12 * step) / w0)
                let u1 = level.bilinearPosition((start.x + inverse.m11 * (step + 1)) / w1)
                let v1 = level.bilinearPosition((start.y + inverse.m12 * (step + 1)) / w1)
                let x0 = Int(truncatingIfNeeded: u0 &>> 32)
                let y0 = Int(truncatingIfNeeded: v0 &>> 32)
                let x1 = Int(truncatingIfNeeded: u1 &>> 32)
                let y1 = Int(truncatingIfNeeded: v1 &>> 32)
                if x0 >= 0 && x0 < lastColumn && y0 >= 0 && y0 < lastRow && x1 >= 0 && x1 < lastColumn && y1 >= 0
                    && y1 < lastRow
                {
                    let pair = AffineImageShader.bilinearPair(base, stride, u0, v0, u1 &- u0, v1 &- v0)
                    UnsafeMutableRawPointer(colors).storeBytes(of: pair, toByteOffset: index &<< 2, as: UInt64.self)
                } else {
                    colors[index] = level.bilinear(u0, v0, clamp: clamp)
                    colors[index + 1] = level.bilinear(u1, v1, clamp: clamp)
                }
                index += 2
                continue
            }
            if w0 > 0 {
                let u = level.bilinearPosition((start.x + inverse.m11 * step) / w0)
                let v = level.bilinearPosition((start.y + inverse.m12 * step) / w0)
                colors[index] = level.bilinear(u, v, clamp: clamp)
            } else {
                colors[index] = 0
                weights[index] = 0
            }
            index += 1
        }
    }

    /// A trilinear sample with the level of detail of this pixel: the image-space footprint of one device
    /// step in x is `((m11·W − X·m13), (m12·W − Y·m13)) / W²`, and likewise for y with the second row.
    @inline(__always)
    private func trilinear(u: Double, v: Double, x: Double, y: Double, w: Double, reciprocal: Double) -> UInt32 {
        let r2 = reciprocal * reciprocal
        let dudx = (inverse.m11 * w - x * inverse.m13) * r2
        let dvdx = (inverse.m12 * w - y * inverse.m13) * r2
        let dudy = (inverse.m21 * w - x * inverse.m23) * r2
        let dvdy = (inverse.m22 * w - y * inverse.m23) * r2
        let footprint = Swift.max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)
        let (fine, coarse, weight) = LevelChoice.choose(squaredFootprint: footprint, levelCount: levels.count)
        let first = levels[fine]
        let sample = first.bilinear(first.bilinearPosition(u), first.bilinearPosition(v), clamp: clamp)
        guard weight != 0 else { return sample }
        let second = levels[coarse]
        let rough = second.bilinear(second.bilinearPosition(u), second.bilinearPosition(v), clamp: clamp)
        return SampleLevel.lerp(sample, rough, weight)
    }
}

/// Picks the two pyramid levels and their blend for a level of detail.
enum LevelChoice {
    /// For a footprint `ρ` (image texels per device pixel, given squared): `λ = log₂ ρ`; `λ ≤ 0` selects level
    /// 0 alone; otherwise levels `⌊λ⌋` and `⌊λ⌋ + 1` with the coarse weight `round(256·(λ − ⌊λ⌋))` (a weight of
    /// 256 is returned as the coarse level alone). Past the last level the last level is used alone.
    @inline(__always)
    static func choose(squaredFootprint: Double, levelCount: Int) -> (fine: Int, coarse: Int, weight: UInt32) {
        guard squaredFootprint > 1, levelCount > 1 else { return (0, 0, 0) }  // also NaN
        let lod = 0.5 * log2(squaredFootprint)
        let last = levelCount - 1
        guard lod < Double(last) else { return (last, last, 0) }
        let floor = lod.rounded(.down)
        let fine = Int(floor)
        let weight = UInt32(((lod - floor) * 256).rounded())
        if weight == 0 { return (fine, fine, 0) }
        if weight >= 256 { return (fine + 1, fine + 1, 0) }
        return (fine, fine + 1, weight)
    }
}
