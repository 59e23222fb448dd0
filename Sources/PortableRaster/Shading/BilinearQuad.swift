#if !_endian(little)
    #error("the pixel compositing code reads RGBA bytes as little-endian 32-bit words")
#endif

/// Bilinear samples of four pixels at once, for the one-pass image paint loops (see
/// `AffineImageShader+SourceOver.swift` and `ProjectiveImageShader+SourceOver.swift`).
///
/// Positions are the fixed-point bilinear positions of ``SampleLevel``. Each pixel's two upper taps are one
/// 64-bit load, widened to eight 16-bit lanes (the left texel's channels, then the right one's), and likewise
/// its lower taps; one vertical blend of the two vectors gives both columns, and the horizontal blend then
/// pairs the left and right halves of two pixels. The arithmetic is the one of
/// ``SampleLevel/bilinear(_:_:clamp:)``: both vertical blends rounded to 8 bits, then the horizontal one, each
/// `(a·(256 − f) + b·f + 128) >> 8` with `f` the top byte of the position's fraction, so the results are those
/// of the per-pixel code bit for bit.
///
/// The code avoids the standard library's generic vector conversions (`init(truncatingIfNeeded:)` between
/// vector types) and sticks to lane-wise operators, bit casts and element shuffles: when a module is optimized
/// in several threads, those generic conversions can stay calls, which would cost more than the work itself.
enum BilinearQuad {
    /// Four samples, two pixels per vector: `first` holds pixels 0 and 1, `second` pixels 2 and 3, each pixel as
    /// four 16-bit lanes (red, green, blue, alpha; values 0 … 255).
    typealias Sample = (first: SIMD8<UInt16>, second: SIMD8<UInt16>)

    /// The bilinear positions of four pixels.
    struct Positions {
        var u: (Int64, Int64, Int64, Int64)
        var v: (Int64, Int64, Int64, Int64)

        /// The low 32 bits (the fractions) of the four horizontal positions.
        var fractionsU: SIMD4<UInt32> { Self.low(u) }
        /// The low 32 bits of the four vertical positions.
        var fractionsV: SIMD4<UInt32> { Self.low(v) }

        @inline(__always)
        static func low(_ p: (Int64, Int64, Int64, Int64)) -> SIMD4<UInt32> {
            SIMD4(
                UInt32(truncatingIfNeeded: p.0), UInt32(truncatingIfNeeded: p.1), UInt32(truncatingIfNeeded: p.2),
                UInt32(truncatingIfNeeded: p.3))
        }
    }

    /// Whether every tap of the four positions lies inside `level`: `0 ≤ ⌊u⌋ ≤ width − 2` and
    /// `0 ≤ ⌊v⌋ ≤ height − 2` (never for a level narrower or shorter than two texels).
    @inline(__always)
    static func inside(_ p: Positions, _ level: SampleLevel) -> Bool {
        guard level.width >= 2 && level.height >= 2 else { return false }
        let lastColumn = UInt64(bitPattern: Int64(level.width &- 2))
        let lastRow = UInt64(bitPattern: Int64(level.height &- 2))
        @inline(__always) func ok(_ u: Int64, _ v: Int64) -> Bool {
            // Unsigned comparison: a negative index is far above any last column.
            UInt64(bitPattern: u &>> 32) <= lastColumn && UInt64(bitPattern: v &>> 32) <= lastRow
        }
        return ok(p.u.0, p.v.0) && ok(p.u.1, p.v.1) && ok(p.u.2, p.v.2) && ok(p.u.3, p.v.3)
    }

    /// The address of the top-left tap of a position inside `level`.
    @inline(__always)
    static func tap(_ base: UnsafeRawPointer, _ stride: Int, _ u: Int64, _ v: Int64) -> UnsafeRawPointer {
        base + (Int(truncatingIfNeeded: v &>> 32) &* stride &+ Int(truncatingIfNeeded: u &>> 32) &<< 2)
    }

    /// The four samples; every tap must lie inside the level (``inside(_:_:)``).
    @inline(__always)
    static func sample(_ p: Positions, _ level: SampleLevel) -> Sample {
        let base = level.base
        let stride = level.bytesPerRow
        let p0 = tap(base, stride, p.u.0, p.v.0)
        let p1 = tap(base, stride, p.u.1, p.v.1)
        let p2 = tap(base, stride, p.u.2, p.v.2)
        let p3 = tap(base, stride, p.u.3, p.v.3)
        return interpolate(
            upper: (
                p0.loadUnaligned(as: UInt64.self), p1.loadUnaligned(as: UInt64.self),
                p2.loadUnaligned(as: UInt64.self), p3.loadUnaligned(as: UInt64.self)
            ),
            lower: (
                p0.loadUnaligned(fromByteOffset: stride, as: UInt64.self),
                p1.loadUnaligned(fromByteOffset: stride, as: UInt64.self),
                p2.loadUnaligned(fromByteOffset: stride, as: UInt64.self),
                p3.loadUnaligned(fromByteOffset: stride, as: UInt64.self)
            ),
            weightX: weights(p.fractionsU), weightY: weights(p.fractionsV))
    }

    /// The four samples near or beyond the level's edges: ``sampleClamped(_:_:)`` when `clamp` and the level
    /// has at least 2 × 2 texels, else ``sampleNearEdges(_:_:clamp:)``.
    @inline(never)
    static func sampleEdge(_ p: Positions, _ level: SampleLevel, clamp: Bool) -> Sample {
        clamp && level.width >= 2 && level.height >= 2
            ? sampleClamped(p, level) : sampleNearEdges(p, level, clamp: clamp)
    }

    /// The four samples with taps taken one by one through ``SampleLevel/texel(_:_:clamp:)`` (clamped into the
    /// level, or transparent outside it).
    @inline(__always)
    static func sampleNearEdges(_ p: Positions, _ level: SampleLevel, clamp: Bool) -> Sample {
        @inline(__always) func taps(_ u: Int64, _ v: Int64) -> (upper: UInt64, lower: UInt64) {
            let x = Int(truncatingIfNeeded: u &>> 32)
            let y = Int(truncatingIfNeeded: v &>> 32)
            @inline(__always) func pair(_ row: Int) -> UInt64 {
                UInt64(level.texel(x, row, clamp: clamp)) | UInt64(level.texel(x &+ 1, row, clamp: clamp)) &<< 32
            }
            return (pair(y), pair(y &+ 1))
        }
        let t0 = taps(p.u.0, p.v.0)
        let t1 = taps(p.u.1, p.v.1)
        let t2 = taps(p.u.2, p.v.2)
        let t3 = taps(p.u.3, p.v.3)
        return interpolate(
            upper: (t0.upper, t1.upper, t2.upper, t3.upper), lower: (t0.lower, t1.lower, t2.lower, t3.lower),
            weightX: weights(p.fractionsU), weightY: weights(p.fractionsV))
    }

    /// The four samples with edges clamped, for a level at least two texels wide and tall: each position's
    /// left tap is clamped into columns `0 ... width − 2` and its weight set to 0 left of the level and to 256
    /// right of it (the blend then returns the edge texel exactly, as clamped taps do), and likewise for rows;
    /// the taps are then one 64-bit load per row as inside.
    @inline(__always)
    static func sampleClamped(_ p: Positions, _ level: SampleLevel) -> Sample {
        let lastColumn = level.width &- 2
        let lastRow = level.height &- 2
        let base = level.base
        let stride = level.bytesPerRow
        @inline(__always) func taps(_ u: Int64, _ v: Int64) -> (upper: UInt64, lower: UInt64, x: UInt32, y: UInt32) {
            let x = Int(truncatingIfNeeded: u &>> 32)
            let y = Int(truncatingIfNeeded: v &>> 32)
            let column = Swift.min(Swift.max(x, 0), lastColumn)
            let row = Swift.min(Swift.max(y, 0), lastRow)
            let tap = base + (row &* stride &+ column &<< 2)
            return (
                tap.loadUnaligned(as: UInt64.self), tap.loadUnaligned(fromByteOffset: stride, as: UInt64.self),
                clampedWeight(u, x, lastColumn), clampedWeight(v, y, lastRow)
            )
        }
        let t0 = taps(p.u.0, p.v.0)
        let t1 = taps(p.u.1, p.v.1)
        let t2 = taps(p.u.2, p.v.2)
        let t3 = taps(p.u.3, p.v.3)
        let weightX = SIMD4<UInt32>(t0.x, t1.x, t2.x, t3.x)
        let weightY = SIMD4<UInt32>(t0.y, t1.y, t2.y, t3.y)
        return interpolate(
            upper: (t0.upper, t1.upper, t2.upper, t3.upper), lower: (t0.lower, t1.lower, t2.lower, t3.lower),
            weightX: unsafeBitCast(weightX | weightX &<< 16, to: SIMD8<UInt16>.self),
            weightY: unsafeBitCast(weightY | weightY &<< 16, to: SIMD8<UInt16>.self))
    }

    /// The weight of the second tap for a position whose first tap is `index`, with the first tap clamped to
    /// `0 ... last`: 0 before the start, 256 past the end, else the top byte of the fraction.
    @inline(__always)
    static func clampedWeight(_ position: Int64, _ index: Int, _ last: Int) -> UInt32 {
        if index < 0 { return 0 }
        if index > last { return 256 }
        return UInt32(truncatingIfNeeded: position) &>> 24
    }

    /// The top byte of each 32-bit fraction, in both 16-bit lanes of its slot.
    @inline(__always)
    static func weights(_ fractions: SIMD4<UInt32>) -> SIMD8<UInt16> {
        let halves = unsafeBitCast(fractions, to: SIMD8<UInt16>.self)
        return SIMD8(halves[1], halves[1], halves[3], halves[3], halves[5], halves[5], halves[7], halves[7]) &>> 8
    }

    /// Bilinear blends of four pixels from their taps (`upper.k` = left and right upper taps of pixel `k` as
    /// one 64-bit word, `lower.k` the lower ones) and weights (pixel `k`'s, 0 … 256, in both 16-bit lanes of
    /// slot `k`).
    @inline(__always)
    static func interpolate(
        upper: (UInt64, UInt64, UInt64, UInt64), lower: (UInt64, UInt64, UInt64, UInt64), weightX: SIMD8<UInt16>,
        weightY: SIMD8<UInt16>
    ) -> Sample {
        // Vertical: one vector per pixel, its weight spread over all eight lanes.
        let slotsY = unsafeBitCast(weightY, to: SIMD4<UInt32>.self)
        @inline(__always) func column(_ pixel: Int, _ upper: UInt64, _ lower: UInt64) -> SIMD8<UInt16> {
            lerp(widen(upper), widen(lower), unsafeBitCast(SIMD4(repeating: slotsY[pixel]), to: SIMD8<UInt16>.self))
        }
        let v0 = unsafeBitCast(column(0, upper.0, lower.0), to: SIMD2<UInt64>.self)
        let v1 = unsafeBitCast(column(1, upper.1, lower.1), to: SIMD2<UInt64>.self)
        let v2 = unsafeBitCast(column(2, upper.2, lower.2), to: SIMD2<UInt64>.self)
        let v3 = unsafeBitCast(column(3, upper.3, lower.3), to: SIMD2<UInt64>.self)
        // Horizontal: the left halves of two pixels against their right halves.
        let slotsX = unsafeBitCast(weightX, to: SIMD4<UInt32>.self)
        let f01 = unsafeBitCast(SIMD4(slotsX[0], slotsX[0], slotsX[1], slotsX[1]), to: SIMD8<UInt16>.self)
        let f23 = unsafeBitCast(SIMD4(slotsX[2], slotsX[2], slotsX[3], slotsX[3]), to: SIMD8<UInt16>.self)
        let left01 = unsafeBitCast(SIMD2(v0[0], v1[0]), to: SIMD8<UInt16>.self)
        let right01 = unsafeBitCast(SIMD2(v0[1], v1[1]), to: SIMD8<UInt16>.self)
        let left23 = unsafeBitCast(SIMD2(v2[0], v3[0]), to: SIMD8<UInt16>.self)
        let right23 = unsafeBitCast(SIMD2(v2[1], v3[1]), to: SIMD8<UInt16>.self)
        return (lerp(left01, right01, f01), lerp(left23, right23, f23))
    }

    /// The eight bytes of `word` in eight 16-bit lanes.
    @inline(__always)
    static func widen(_ word: UInt64) -> SIMD8<UInt16> {
        // Each byte twice, then the upper copy masked off: the compiler makes this one unpack with zero.
        let b = unsafeBitCast(SIMD2<UInt64>(word, word), to: SIMD16<UInt8>.self)
        let doubled = SIMD16<UInt8>(
            b[0], b[0], b[1], b[1], b[2], b[2], b[3], b[3], b[4], b[4], b[5], b[5], b[6], b[6], b[7], b[7])
        return unsafeBitCast(doubled, to: SIMD8<UInt16>.self) & 0x00FF
    }

    /// `(a·(256 − f) + b·f + 128) >> 8` per 16-bit lane, for 8-bit `a` and `b` and `f` in `0 ... 256`,
    /// computed as `(a·256 + (b − a)·f + 128) >> 8` in wrapping 16-bit arithmetic: the true sum lies in
    /// `128 ... 65 408`, so wrapping intermediates still give it exactly, and only `f` needs to be spread.
    @inline(__always)
    static func lerp(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ f: SIMD8<UInt16>) -> SIMD8<UInt16> {
        ((a &<< 8 | 128) &+ (b &- a) &* f) &>> 8
    }
}
