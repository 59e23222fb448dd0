/// Samples an image through an affine transform, one device row at a time.
///
/// Along a row the image-space sample point moves by a constant step, so positions are stepped in 32.32
/// fixed point with no division. Each row is split into the run of pixels whose taps all lie inside the
/// image (found from the position's linear motion, see ``steppedRange(start:step:low:high:count:)``),
/// handled by a loop without bounds checks that blends two pixels per step in 16-bit vector lanes, and the
/// few pixels at either end, which go through the edge-aware per-pixel code with the same arithmetic.
struct AffineImageShader: RowShader {
    enum Mode {
        case nearest
        case bilinear
        /// Bilinear samples of two levels blended with weight `coarseWeight / 256` on the coarse one.
        case trilinear(coarse: SampleLevel, coarseWeight: UInt32)
    }

    /// Device pixels to image space relative to the drawn region's origin.
    let inverse: Affine2D
    /// The level sampled by nearest and bilinear, and the fine level of trilinear.
    let level: SampleLevel
    let mode: Mode
    let clamp: Bool
    /// The fixed-point step of the position in `level` per device pixel along a row, on each axis.
    let du: Int64
    let dv: Int64
    /// `1 / Double(du)` and `1 / Double(dv)`, for ``steppedRange(start:step:reciprocal:low:high:count:)``: every
    /// run of a draw shares them.
    let reciprocalDU: Double
    let reciprocalDV: Double
    /// Whether ``shadeOver(x:y:count:coverage:destination:destinationBytesPerRow:opacity:)`` hands the inside
    /// of each run to the AVX2 kernel (``VectorKernels``): when this processor has it and the level's tap offsets
    /// fit 32 bits. Tests turn it off to compare the kernel with the Swift loop.
    var usesVectorKernel: Bool
    /// Whether only the alpha of the pixels drawn matters (an image drawn as a mask): the AVX2 kernel then computes
    /// the alpha alone, the same as in full, and leaves the colour bytes of its pixels as they were.
    var alphaOnly = false
    /// The byte distance in `level` from a pixel's position to that of the pixel ``prefetchRows`` device rows
    /// below, rounded to whole texels: where the row loops prefetch the image (0 for steps beyond ±2¹⁶
    /// texels or not finite).
    let levelAhead: Int
    /// How many device rows ahead the row loops prefetch image and destination bytes. Two rows measured
    /// a little better than one and than four on the 100-layer scene.
    static let prefetchRows = 2

    init(inverse: Affine2D, level: SampleLevel, mode: Mode, clamp: Bool) {
        self.inverse = inverse
        self.level = level
        self.mode = mode
        self.clamp = clamp
        du = Self.fixed(inverse.a * level.scale)
        dv = Self.fixed(inverse.b * level.scale)
        reciprocalDU = 1 / Double(du)
        reciprocalDV = 1 / Double(dv)
        usesVectorKernel = VectorKernels.avx2 && level.hasInt32TapOffsets
        let aheadU = inverse.c * level.scale * Double(Self.prefetchRows)
        let aheadV = inverse.d * level.scale * Double(Self.prefetchRows)
        levelAhead =
            abs(aheadU) < 65536 && abs(aheadV) < 65536  // false for NaN
            ? Int(aheadU.rounded()) &* 4 &+ Int(aheadV.rounded()) &* level.bytesPerRow : 0
    }

    func shade(
        x: Int, y: Int, count: Int, colors: UnsafeMutablePointer<UInt32>, weights: UnsafeMutablePointer<UInt8>
    ) {
        let (origin, fits) = runOrigin(x: x, y: y, count: count)
        // Image-space coordinates far outside any image (only reachable through extreme reductions) take the
        // per-pixel path, which clamps each position on its own.
        guard fits else {
            shadeClamped(origin: origin, count: count, colors: colors)
            return
        }
        switch mode {
        case .nearest:
            shadeNearest(origin: origin, count: count, colors: colors)
        case .bilinear:
            shadeBilinear(level, origin: origin, count: count, colors: colors)
        case .trilinear(let coarse, let coarseWeight):
            shadeTrilinear(coarse: coarse, weight: coarseWeight, origin: origin, count: count, colors: colors)
        }
    }

    // MARK: Nearest

    private func shadeNearest(origin: RasterPoint, count: Int, colors: UnsafeMutablePointer<UInt32>) {
        let level = self.level
        var u = level.nearestPosition(origin.x)
        var v = level.nearestPosition(origin.y)
        let inside = Self.intersect(
            steppedRange(
                start: u, step: du, reciprocal: reciprocalDU, low: 0,
                high: Int64(level.width) * SampleLevel.one - 1, count: count),
            steppedRange(
                start: v, step: dv, reciprocal: reciprocalDV, low: 0,
                high: Int64(level.height) * SampleLevel.one - 1, count: count))
        var index = 0
        while index < inside.lowerBound {
            colors[index] = level.nearest(u, v, clamp: clamp)
            u &+= du
            v &+= dv
            index += 1
        }
        if dv == 0 && du == SampleLevel.one && !inside.isEmpty {
            // A whole-pixel horizontal walk: copy the run.
            let row = level.base + Int(truncatingIfNeeded: v >> 32) * level.bytesPerRow
            let first = (row + Int(truncatingIfNeeded: u >> 32) * 4).assumingMemoryBound(to: UInt32.self)
            (colors + index).update(from: first, count: inside.count)
            u &+= du &* Int64(inside.count)
            index = inside.upperBound
        } else {
            let base = level.base
            let stride = level.bytesPerRow
            while index < inside.upperBound {
                let offset = Int(truncatingIfNeeded: v >> 32) * stride + Int(truncatingIfNeeded: u >> 32) * 4
                colors[index] = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                u &+= du
                v &+= dv
                index += 1
            }
        }
        while index < count {
            colors[index] = level.nearest(u, v, clamp: clamp)
            u &+= du
            v &+= dv
            index += 1
        }
    }

    // MARK: Bilinear

    private func shadeBilinear(
        _ level: SampleLevel, origin: RasterPoint, count: Int, colors: UnsafeMutablePointer<UInt32>
    ) {
        var u = level.bilinearPosition(origin.x)
        var v = level.bilinearPosition(origin.y)
        let inside = bilinearInside(u: u, v: v, count: count)
        var index = 0
        while index < inside.lowerBound {
            colors[index] = level.bilinear(u, v, clamp: clamp)
            u &+= du
            v &+= dv
            index += 1
        }
        let base = level.base
        let stride = level.bytesPerRow
        let output = UnsafeMutableRawPointer(colors)
        let du2 = du &<< 1
        let dv2 = dv &<< 1
        while index &+ 2 <= inside.upperBound {
            output.storeBytes(
                of: Self.bilinearPair(base, stride, u, v, du, dv), toByteOffset: index &<< 2, as: UInt64.self)
            u &+= du2
            v &+= dv2
            index &+= 2
        }
        while index < count {
            colors[index] = level.bilinear(u, v, clamp: clamp)
            u &+= du
            v &+= dv
            index += 1
        }
    }

    /// The bilinear samples at positions `(u, v)` and `(u + du, v + dv)`, whose taps must all lie inside the
    /// level, as two pixel words in one 64-bit value (first pixel low).
    @inline(__always)
    static func bilinearPair(
        _ base: UnsafeRawPointer, _ stride: Int, _ u: Int64, _ v: Int64, _ du: Int64, _ dv: Int64
    ) -> UInt64 {
        let u1 = u &+ du
        let v1 = v &+ dv
        let first = base + (Int(truncatingIfNeeded: v &>> 32) &* stride &+ Int(truncatingIfNeeded: u &>> 32) &<< 2)
        let second = base + (Int(truncatingIfNeeded: v1 &>> 32) &* stride &+ Int(truncatingIfNeeded: u1 &>> 32) &<< 2)
        let top = SIMD4<UInt32>(
            lowHalf: first.loadUnaligned(as: SIMD2<UInt32>.self),
            highHalf: second.loadUnaligned(as: SIMD2<UInt32>.self))
        let bottom = SIMD4<UInt32>(
            lowHalf: first.loadUnaligned(fromByteOffset: stride, as: SIMD2<UInt32>.self),
            highHalf: second.loadUnaligned(fromByteOffset: stride, as: SIMD2<UInt32>.self))
        // Weights in 16-bit lanes: fy as [first ×4, second ×4]; fx as [first, first, second, second] twice.
        // The low 32 bits of a position are its fraction; its top byte is the weight.
        let fy0 = UInt16(truncatingIfNeeded: UInt32(truncatingIfNeeded: v) &>> 24)
        let fy1 = UInt16(truncatingIfNeeded: UInt32(truncatingIfNeeded: v1) &>> 24)
        let fx0 = UInt16(truncatingIfNeeded: UInt32(truncatingIfNeeded: u) &>> 24)
        let fx1 = UInt16(truncatingIfNeeded: UInt32(truncatingIfNeeded: u1) &>> 24)
        let fy = SIMD8<UInt16>(fy0, fy0, fy0, fy0, fy1, fy1, fy1, fy1)
        let fx = SIMD8<UInt16>(fx0, fx0, fx1, fx1, fx0, fx0, fx1, fx1)
        return blendPair(top: top, bottom: bottom, fx: fx, fy: fy)
    }

    /// Two bilinear blends at once, returned as two pixel words in one 64-bit value (first pixel low).
    ///
    /// `top` holds the upper taps `[first left, first right, second left, second right]` as pixel words,
    /// `bottom` the lower ones. Masking with `0x00FF00FF` puts red and blue of every tap into 16-bit lanes,
    /// shifting by 8 first does the same for green and alpha, so each vector carries one channel pair of four
    /// taps. `fy` holds each pixel's vertical weight in both lanes of its two taps; `fx` the horizontal
    /// weights laid out like the regrouped vectors (`[first rb, second rb, first ga, second ga]`). Every
    /// intermediate stays below 2¹⁶ (`255·256 + 128`), so the 16-bit lanes compute exactly what
    /// ``SampleLevel/bilinear(_:_:clamp:)`` computes.
    @inline(__always)
    static func blendPair(
        top: SIMD4<UInt32>, bottom: SIMD4<UInt32>, fx: SIMD8<UInt16>, fy: SIMD8<UInt16>
    ) -> UInt64 {
        let inverseY = 256 &- fy
        let upperRedBlue = unsafeBitCast(top & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let upperGreenAlpha = unsafeBitCast((top &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let lowerRedBlue = unsafeBitCast(bottom & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let lowerGreenAlpha = unsafeBitCast((bottom &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let redBlue = unsafeBitCast(
            (upperRedBlue &* inverseY &+ lowerRedBlue &* fy &+ 128) &>> 8, to: SIMD4<UInt32>.self)
        let greenAlpha = unsafeBitCast(
            (upperGreenAlpha &* inverseY &+ lowerGreenAlpha &* fy &+ 128) &>> 8, to: SIMD4<UInt32>.self)
        // Regroup into left and right columns: [first rb, second rb, first ga, second ga].
        let left = unsafeBitCast(
            SIMD4<UInt32>(redBlue[0], redBlue[2], greenAlpha[0], greenAlpha[2]), to: SIMD8<UInt16>.self)
        let right = unsafeBitCast(
            SIMD4<UInt32>(redBlue[1], redBlue[3], greenAlpha[1], greenAlpha[3]), to: SIMD8<UInt16>.self)
        // [first rb, second rb, first ga, second ga] as two 64-bit words: red/blue of both, green/alpha of both.
        let blended = unsafeBitCast((left &* (256 &- fx) &+ right &* fx &+ 128) &>> 8, to: SIMD2<UInt64>.self)
        let merged = blended | SIMD2<UInt64>(blended[1], blended[1]) &<< 8
        return merged[0]
    }

    // MARK: Trilinear

    private func shadeTrilinear(
        coarse: SampleLevel, weight: UInt32, origin: RasterPoint, count: Int, colors: UnsafeMutablePointer<UInt32>
    ) {
        var u = level.bilinearPosition(origin.x)
        var v = level.bilinearPosition(origin.y)
        var coarseU = coarse.bilinearPosition(origin.x)
        var coarseV = coarse.bilinearPosition(origin.y)
        let coarseDU = Self.fixed(inverse.a * coarse.scale)
        let coarseDV = Self.fixed(inverse.b * coarse.scale)
        // Pixels whose taps lie inside both levels go two at a time through the vector blend.
        let inside = Self.intersect(
            bilinearInside(u: u, v: v, count: count),
            Self.bilinearInside(
                coarse, u: coarseU, v: coarseV, du: coarseDU, dv: coarseDV,
                reciprocalDU: 1 / Double(coarseDU), reciprocalDV: 1 / Double(coarseDV), count: count))
        var index = 0
        while index < count {
            if index >= inside.lowerBound && index &+ 2 <= inside.upperBound {
                let fine = Self.bilinearPair(level.base, level.bytesPerRow, u, v, du, dv)
                let rough = Self.bilinearPair(coarse.base, coarse.bytesPerRow, coarseU, coarseV, coarseDU, coarseDV)
                UnsafeMutableRawPointer(colors).storeBytes(
                    of: Self.lerpPair(fine, rough, UInt64(weight)), toByteOffset: index &<< 2, as: UInt64.self)
                u &+= du &<< 1
                v &+= dv &<< 1
                coarseU &+= coarseDU &<< 1
                coarseV &+= coarseDV &<< 1
                index &+= 2
                continue
            }
            let fine = level.bilinear(u, v, clamp: clamp)
            let rough = coarse.bilinear(coarseU, coarseV, clamp: clamp)
            colors[index] = SampleLevel.lerp(fine, rough, weight)
            u &+= du
            v &+= dv
            coarseU &+= coarseDU
            coarseV &+= coarseDV
            index &+= 1
        }
    }

    /// ``SampleLevel/lerp(_:_:_:)`` on two pixel words packed in 64 bits: every 16-bit lane product stays below
    /// 2¹⁶, so the four lanes of each mask never carry into each other.
    @inline(__always)
    static func lerpPair(_ a: UInt64, _ b: UInt64, _ f: UInt64) -> UInt64 {
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        let g = 256 &- f
        let redBlue = ((a & mask) &* g &+ (b & mask) &* f &+ 0x0080_0080_0080_0080) &>> 8
        let greenAlpha = (((a &>> 8) & mask) &* g &+ ((b &>> 8) & mask) &* f &+ 0x0080_0080_0080_0080) &>> 8
        return (redBlue & mask) | (greenAlpha & mask) &<< 8
    }

    // MARK: Far outside

    /// Per-pixel positions in `Double`, each clamped on its own; used only when a row reaches image-space
    /// coordinates beyond the fixed-point range.
    private func shadeClamped(origin: RasterPoint, count: Int, colors: UnsafeMutablePointer<UInt32>) {
        for index in 0..<count {
            let u = origin.x + inverse.a * Double(index)
            let v = origin.y + inverse.b * Double(index)
            switch mode {
            case .nearest:
                colors[index] = level.nearest(level.nearestPosition(u), level.nearestPosition(v), clamp: clamp)
            case .bilinear:
                colors[index] = level.bilinear(level.bilinearPosition(u), level.bilinearPosition(v), clamp: clamp)
            case .trilinear(let coarse, let weight):
                let fine = level.bilinear(level.bilinearPosition(u), level.bilinearPosition(v), clamp: clamp)
                let rough = coarse.bilinear(coarse.bilinearPosition(u), coarse.bilinearPosition(v), clamp: clamp)
                colors[index] = SampleLevel.lerp(fine, rough, weight)
            }
        }
    }

    /// A step in 32.32 fixed point (within 2⁻³² of the exact step; its magnitude is far below the limit).
    @inline(__always)
    static func fixed(_ value: Double) -> Int64 {
        SampleLevel.fixedPoint(value)
    }

    /// The image-space position of the centre of pixel `(x, y)`, and whether the run of `count` pixels from it
    /// stays within half of ``SampleLevel/positionLimit`` on both axes, so its fixed-point positions cannot overflow.
    @inline(__always)
    func runOrigin(x: Int, y: Int, count: Int) -> (origin: RasterPoint, fits: Bool) {
        let origin = inverse.apply(to: RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let end = RasterPoint(x: origin.x + inverse.a * Double(count), y: origin.y + inverse.b * Double(count))
        let limit = SampleLevel.positionLimit * 0.5
        return (origin, abs(origin.x) < limit && abs(origin.y) < limit && abs(end.x) < limit && abs(end.y) < limit)
    }

    /// The indices `i` in `0 ..< count` whose bilinear position `(u + i·du, v + i·dv)` in `level` has both taps
    /// inside it or its margins: `−left ≤ ⌊u⌋ ≤ width − 2 + right` and likewise for `v` (none for a level
    /// narrower or shorter than two texels with its margins). `reciprocalDU` and `reciprocalDV` are
    /// `1 / Double(du)` and `1 / Double(dv)`.
    @inline(__always)
    static func bilinearInside(
        _ level: SampleLevel, u: Int64, v: Int64, du: Int64, dv: Int64, reciprocalDU: Double, reciprocalDV: Double,
        count: Int
    ) -> Range<Int> {
        let margins = level.margins
        return intersect(
            steppedRange(
                start: u, step: du, reciprocal: reciprocalDU, low: -Int64(margins.left) * SampleLevel.one,
                high: Int64(level.width - 1 + margins.right) * SampleLevel.one - 1, count: count),
            steppedRange(
                start: v, step: dv, reciprocal: reciprocalDV, low: -Int64(margins.top) * SampleLevel.one,
                high: Int64(level.height - 1 + margins.bottom) * SampleLevel.one - 1, count: count))
    }

    /// ``bilinearInside(_:u:v:du:dv:reciprocalDU:reciprocalDV:count:)`` in ``level`` with this shader's steps.
    @inline(__always)
    func bilinearInside(u: Int64, v: Int64, count: Int) -> Range<Int> {
        Self.bilinearInside(
            level, u: u, v: v, du: du, dv: dv, reciprocalDU: reciprocalDU, reciprocalDV: reciprocalDV, count: count)
    }

    @inline(__always)
    static func intersect(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        let lower = Swift.max(a.lowerBound, b.lowerBound)
        let upper = Swift.min(a.upperBound, b.upperBound)
        return lower < upper ? lower..<upper : 0..<0
    }
}
