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
        assert(inside(p, level), "a bilinear tap outside its level: clamp or use sampleEdge")
        let base = level.base
        let stride = level.bytesPerRow
        return sample(
            taps: (
                tap(base, stride, p.u.0, p.v.0), tap(base, stride, p.u.1, p.v.1), tap(base, stride, p.u.2, p.v.2),
                tap(base, stride, p.u.3, p.v.3)
            ), stride: stride, weightX: weights(p.fractionsU), weightY: weights(p.fractionsV))
    }

    /// The four samples whose top-left taps are at `taps` (each read with the texel to its right and the two
    /// `stride` bytes below), weighted by `weightX` and `weightY` (see ``weights(_:)``).
    @inline(__always)
    static func sample(
        taps: (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer), stride: Int,
        weightX: SIMD8<UInt16>, weightY: SIMD8<UInt16>
    ) -> Sample {
        let (p0, p1, p2, p3) = taps
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
            weightX: weightX, weightY: weightY)
    }

    /// The four samples near or beyond the level's edges, for positions given as ``Positions``: the lanes entry
    /// ``sampleEdge(u01:u23:v01:v23:level:clamp:)`` with the positions packed two per vector.
    @inline(__always)
    static func sampleEdge(_ p: Positions, _ level: SampleLevel, clamp: Bool) -> Sample {
        @inline(__always) func lanes(_ a: Int64, _ b: Int64) -> SIMD2<UInt64> {
            SIMD2(UInt64(bitPattern: a), UInt64(bitPattern: b))
        }
        return sampleEdge(
            u01: lanes(p.u.0, p.u.1), u23: lanes(p.u.2, p.u.3), v01: lanes(p.v.0, p.v.1), v23: lanes(p.v.2, p.v.3),
            level: level, clamp: clamp)
    }

    /// The four samples near or beyond the level's edges, for positions in lanes: `u01` holds the horizontal
    /// positions of pixels 0 and 1 (bit patterns of the signed fixed-point values), `u23` those of pixels 2
    /// and 3, and `v01`, `v23` the vertical ones.
    ///
    /// ``sampleClamped(u01:u23:v01:v23:level:)`` when `clamp` and the level is 2 … 2³¹ + 1 texels wide and
    /// tall with rows under 2 GiB (every real level), else ``sampleNearEdges(_:_:clamp:)``. Kept out of line:
    /// the edge quads are few (the first and last ones of each run), and the row loop around the inside quads
    /// stays small.
    @inline(never)
    static func sampleEdge(
        u01: SIMD2<UInt64>, u23: SIMD2<UInt64>, v01: SIMD2<UInt64>, v23: SIMD2<UInt64>, level: SampleLevel,
        clamp: Bool
    ) -> Sample {
        // `width − 2`, `height − 2` and the stride all in 0 … Int32.max: one unsigned comparison.
        let sizes = (level.width &- 2) | (level.height &- 2) | level.bytesPerRow
        if clamp && UInt(bitPattern: sizes) <= UInt(Int32.max) {
            return sampleClamped(u01: u01, u23: u23, v01: v01, v23: v23, level: level)
        }
        @inline(__always) func signed(_ lanes: SIMD2<UInt64>) -> (Int64, Int64) {
            (Int64(bitPattern: lanes[0]), Int64(bitPattern: lanes[1]))
        }
        let (u0, u1) = signed(u01)
        let (u2, u3) = signed(u23)
        let (v0, v1) = signed(v01)
        let (v2, v3) = signed(v23)
        return sampleNearEdges(Positions(u: (u0, u1, u2, u3), v: (v0, v1, v2, v3)), level, clamp: clamp)
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

    /// The four samples with edges clamped, positions in lanes as for
    /// ``sampleEdge(u01:u23:v01:v23:level:clamp:)``, for a level 2 … 2³¹ + 1 texels wide and tall whose stride
    /// is at most `Int32.max` bytes.
    ///
    /// Each position's left tap is clamped into columns `0 ... width − 2` and its weight set to 0 left of the
    /// level and to 256 right of it (the blend of a texel with itself is exact, so this gives the edge texel
    /// as clamped taps do), and likewise for rows; the taps are then one 64-bit load per row as inside. The
    /// clamping, weights and tap offsets of two pixels are computed at once in vector lanes, from the
    /// positions' integer parts truncated to 32 bits: exact for positions within ±2³¹ texels (every position
    /// of ``SampleLevel`` is within ±2³⁰); beyond that the taps still lie inside the level.
    @inline(__always)
    static func sampleClamped(
        u01: SIMD2<UInt64>, u23: SIMD2<UInt64>, v01: SIMD2<UInt64>, v23: SIMD2<UInt64>, level: SampleLevel
    ) -> Sample {
        assert(
            (2...(1 << 31) + 1).contains(level.width) && (2...(1 << 31) + 1).contains(level.height)
                && level.bytesPerRow <= Int(Int32.max),
            "a clamped quad needs a level 2 … 2³¹ + 1 texels wide and tall with rows under 2 GiB")
        let lastColumn = Int32(truncatingIfNeeded: level.width &- 2)
        let lastRow = Int32(truncatingIfNeeded: level.height &- 2)
        let last = SIMD4(lastColumn, lastColumn, lastRow, lastRow)
        let stride = UInt32(truncatingIfNeeded: level.bytesPerRow)
        let strides = unsafeBitCast(SIMD4(stride, 0, stride, 0), to: SIMD2<UInt64>.self)
        let base = level.base
        @inline(__always) func pair(_ u: SIMD2<UInt64>, _ v: SIMD2<UInt64>) -> SIMD8<UInt16> {
            let taps = clampedTaps(u, v, last: last)
            // Byte offsets `row · stride + column · 4` of the two pixels' top-left taps, in 64-bit lanes (the
            // zero upper halves make each product one 32 × 32-bit multiply of numbers below 2³¹).
            let index = unsafeBitCast(taps.index, to: SIMD4<UInt32>.self)
            let columns = unsafeBitCast(SIMD4(index[0], 0, index[1], 0), to: SIMD2<UInt64>.self)
            let rows = unsafeBitCast(SIMD4(index[2], 0, index[3], 0), to: SIMD2<UInt64>.self)
            let offsets = rows &* strides &+ columns &<< 2
            let first = base + Int(truncatingIfNeeded: offsets[0])
            let second = base + Int(truncatingIfNeeded: offsets[1])
            let rowBytes = Int(truncatingIfNeeded: stride)
            let weights = unsafeBitCast(taps.weight, to: SIMD4<UInt32>.self)
            return interpolatePair(
                upper: SIMD2(first.loadUnaligned(as: UInt64.self), second.loadUnaligned(as: UInt64.self)),
                lower: SIMD2(
                    first.loadUnaligned(fromByteOffset: rowBytes, as: UInt64.self),
                    second.loadUnaligned(fromByteOffset: rowBytes, as: UInt64.self)),
                weightX: unsafeBitCast(SIMD4(weights[0], weights[0], weights[1], weights[1]), to: SIMD8<UInt16>.self),
                weightY: unsafeBitCast(SIMD4(weights[2], weights[2], weights[3], weights[3]), to: SIMD8<UInt16>.self))
        }
        return (pair(u01, v01), pair(u23, v23))
    }

    /// The clamped first taps of two bilinear positions and the weights of their second taps: lanes 0 and 1 are
    /// the columns of the positions `u` (pixels 0 and 1), lanes 2 and 3 the rows of `v`. Each first tap is
    /// clamped into `0 ... last` (the lane's `last`, at least 0); the weight is 0 before the start, 256 past the
    /// end, else the top byte of the fraction, and sits in both 16-bit halves of its lane.
    @inline(__always)
    static func clampedTaps(
        _ u: SIMD2<UInt64>, _ v: SIMD2<UInt64>, last: SIMD4<Int32>
    ) -> (
        index: SIMD4<Int32>, weight: SIMD4<Int32>
    ) {
        // The integer parts (high halves) and fractions (low halves) of the four coordinates, one lane each.
        let u32 = unsafeBitCast(u, to: SIMD4<Int32>.self)
        let v32 = unsafeBitCast(v, to: SIMD4<Int32>.self)
        let index = SIMD4<Int32>(u32[1], u32[3], v32[1], v32[3])
        let fraction = unsafeBitCast(SIMD4<Int32>(u32[0], u32[2], v32[0], v32[2]), to: SIMD4<UInt32>.self)
        // All ones in the lanes before the start.
        let before = index &>> 31
        let nonNegative = index & ~before
        // `last − nonNegative` cannot overflow, both being in 0 … Int32.max; negative (all ones) past the end.
        let toLast = last &- nonNegative
        let past = toLast &>> 31
        let weight =
            unsafeBitCast(fraction &>> 24, to: SIMD4<Int32>.self) & ~(before | past) | SIMD4(repeating: 256) & past
        return (nonNegative &+ (toLast & past), weight | weight &<< 16)
    }

    /// Bilinear blends of two pixels from their taps: `upper` holds pixel 0's left and right upper taps, then
    /// pixel 1's, `lower` the lower ones; `weightX` and `weightY` hold pixel 0's weights (0 … 256) in lanes
    /// 0 … 3 and pixel 1's in lanes 4 … 7. The result is pixel 0's channels, then pixel 1's.
    ///
    /// The taps are reordered so that one vector holds both pixels' left taps and another their right taps;
    /// the vertical blends then give the left and right columns of both pixels at once, and one horizontal
    /// blend finishes them: the arithmetic of ``interpolate(upper:lower:weightX:weightY:)``, lane for lane.
    @inline(__always)
    static func interpolatePair(
        upper: SIMD2<UInt64>, lower: SIMD2<UInt64>, weightX: SIMD8<UInt16>, weightY: SIMD8<UInt16>
    ) -> SIMD8<UInt16> {
        @inline(__always) func sides(_ taps: SIMD2<UInt64>) -> (left: SIMD8<UInt16>, right: SIMD8<UInt16>) {
            let words = unsafeBitCast(taps, to: SIMD4<UInt32>.self)
            let b = unsafeBitCast(SIMD4(words[0], words[2], words[1], words[3]), to: SIMD16<UInt8>.self)
            // Each byte twice, then the upper copy masked off: one unpack with zero each.
            let low = SIMD16<UInt8>(
                b[0], b[0], b[1], b[1], b[2], b[2], b[3], b[3], b[4], b[4], b[5], b[5], b[6], b[6], b[7], b[7])
            let high = SIMD16<UInt8>(
                b[8], b[8], b[9], b[9], b[10], b[10], b[11], b[11], b[12], b[12], b[13], b[13], b[14], b[14], b[15],
                b[15])
            return (
                unsafeBitCast(low, to: SIMD8<UInt16>.self) & 0x00FF,
                unsafeBitCast(high, to: SIMD8<UInt16>.self) & 0x00FF
            )
        }
        let top = sides(upper)
        let bottom = sides(lower)
        let left = lerp(top.left, bottom.left, weightY)
        let right = lerp(top.right, bottom.right, weightY)
        return lerp(left, right, weightX)
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
            let f = unsafeBitCast(SIMD4(repeating: slotsY[pixel]), to: SIMD8<UInt16>.self)
            return lerpByProducts(widen(upper), widen(lower), f)
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

    /// ``lerp(_:_:_:)`` as written, `(a·(256 − f) + b·f + 128) >> 8` with two products: one more multiply but
    /// no shift or unpack for `a·256`, which suits the vertical blends (x86's shuffle and shift units are the
    /// busiest in the image loops; its multipliers are not). The sum is at most `255·256 + 128`, below 2¹⁶.
    @inline(__always)
    static func lerpByProducts(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ f: SIMD8<UInt16>) -> SIMD8<UInt16> {
        (a &* (256 &- f) &+ b &* f &+ 128) &>> 8
    }

    /// `(a·(256 − f) + b·f + 128) >> 8` per 16-bit lane, for 8-bit `a` and `b` and `f` in `0 ... 256`,
    /// computed as `(a·256 + (b − a)·f + 128) >> 8` in wrapping 16-bit arithmetic: the true sum lies in
    /// `128 ... 65 408`, so wrapping intermediates still give it exactly, and only `f` needs to be spread.
    @inline(__always)
    static func lerp(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ f: SIMD8<UInt16>) -> SIMD8<UInt16> {
        ((a &<< 8 | 128) &+ (b &- a) &* f) &>> 8
    }
}
