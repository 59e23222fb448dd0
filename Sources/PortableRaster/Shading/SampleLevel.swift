/// One level of an image, ready for sampling: texel `(0, 0)` of the region being drawn, its row stride and
/// size, and how image-space coordinates scale to this level.
///
/// ## Fixed-point sample positions
/// Positions are 64-bit integers with 32 fractional bits, in texels of this level. For bilinear sampling the
/// position is taken relative to texel centres (`u − ½`) and rounded to the nearest 1/256 by adding 2²³
/// before truncation, so the integer part `U >> 32` is the left tap and bits 24 … 31 are the weight of the
/// right tap (0 … 255). For nearest sampling the position is `u` itself minus one unit in the last place, so
/// that a position exactly on a texel border falls to the smaller index.
struct SampleLevel {
    let base: UnsafeRawPointer
    let bytesPerRow: Int
    let width: Int
    let height: Int
    /// Level texels per image-space unit: `1 / 2ᵏ` for level `k`.
    let scale: Double
    /// How many texels beyond each edge repeat the edge texel (a border made by
    /// ``PixelBuffer/clampBordered(by:)``), so that clamped taps may read them directly; zero without a border.
    var margins = TexelMargins()

    static let one: Int64 = 1 << 32
    /// Fixed-point positions are kept within ±2³⁰ texels so that stepping never overflows.
    static let positionLimit = 1_073_741_824.0

    /// The fixed-point bilinear position for image-space coordinate `u` (already relative to the region).
    @inline(__always)
    func bilinearPosition(_ u: Double) -> Int64 {
        Self.fixedPoint(u * scale - 0.5) &+ (1 << 23)
    }

    /// The fixed-point nearest position for image-space coordinate `u`.
    @inline(__always)
    func nearestPosition(_ u: Double) -> Int64 {
        Self.fixedPoint(u * scale) &- 1
    }

    /// `value · 2³²` in fixed point, with `value` clamped to ±``positionLimit`` (NaN gives the lower limit).
    /// Rounds toward zero: for negative positions that is one unit of 2⁻³² above the floor, which no weight
    /// or tap can show, and exact positions (whole or half texels) convert exactly either way.
    @inline(__always)
    static func fixedPoint(_ value: Double) -> Int64 {
        let limited = value > -positionLimit ? (value < positionLimit ? value : positionLimit) : -positionLimit
        return Int64(limited * 4_294_967_296)
    }

    /// The pixel word of texel `(x, y)`: clamped into the level, or transparent outside it.
    @inline(__always)
    func texel(_ x: Int, _ y: Int, clamp: Bool) -> UInt32 {
        var column = x
        var row = y
        if clamp {
            column = Swift.min(Swift.max(column, 0), width - 1)
            row = Swift.min(Swift.max(row, 0), height - 1)
        } else if column < 0 || column >= width || row < 0 || row >= height {
            return 0
        }
        return base.loadUnaligned(fromByteOffset: row &* bytesPerRow &+ column &<< 2, as: UInt32.self)
    }

    /// The texel containing a nearest-sampling position.
    @inline(__always)
    func nearest(_ u: Int64, _ v: Int64, clamp: Bool) -> UInt32 {
        let x = Int(truncatingIfNeeded: u &>> 32)
        let y = Int(truncatingIfNeeded: v &>> 32)
        if x >= 0 && x < width && y >= 0 && y < height {
            return base.loadUnaligned(fromByteOffset: y &* bytesPerRow &+ x &<< 2, as: UInt32.self)
        }
        return texel(x, y, clamp: clamp)
    }

    /// The bilinear blend at a bilinear position: the two vertical blends first, then the horizontal one,
    /// each `(a·(256 − f) + b·f + 128) >> 8` per channel (see ``lerp(_:_:_:)``). The SIMD row loop computes
    /// the same numbers.
    @inline(__always)
    func bilinear(_ u: Int64, _ v: Int64, clamp: Bool) -> UInt32 {
        let x = Int(truncatingIfNeeded: u &>> 32)
        let y = Int(truncatingIfNeeded: v &>> 32)
        let fx = UInt32(truncatingIfNeeded: u) &>> 24
        let fy = UInt32(truncatingIfNeeded: v) &>> 24
        let topLeft: UInt32
        let topRight: UInt32
        let bottomLeft: UInt32
        let bottomRight: UInt32
        if x >= 0 && x < width - 1 && y >= 0 && y < height - 1 {
            let texel = base + (y &* bytesPerRow &+ x &<< 2)
            topLeft = texel.loadUnaligned(as: UInt32.self)
            topRight = texel.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
            bottomLeft = texel.loadUnaligned(fromByteOffset: bytesPerRow, as: UInt32.self)
            bottomRight = texel.loadUnaligned(fromByteOffset: bytesPerRow &+ 4, as: UInt32.self)
        } else {
            topLeft = texel(x, y, clamp: clamp)
            topRight = texel(x &+ 1, y, clamp: clamp)
            bottomLeft = texel(x, y &+ 1, clamp: clamp)
            bottomRight = texel(x &+ 1, y &+ 1, clamp: clamp)
        }
        return Self.lerp(Self.lerp(topLeft, bottomLeft, fy), Self.lerp(topRight, bottomRight, fy), fx)
    }

    /// `(a·(256 − f) + b·f + 128) >> 8` on each channel of two pixel words, for `f` in `0 ... 256`.
    ///
    /// Red and blue sit in the two 16-bit halves of `word & 0x00FF00FF`, green and alpha in those of
    /// `(word >> 8) & 0x00FF00FF`; each half's sum is at most `255·256 + 128`, so the halves never carry into
    /// each other and one 32-bit multiply-add handles two channels.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        let g = 256 &- f
        let redBlue = ((a & mask) &* g &+ (b & mask) &* f &+ 0x0080_0080) &>> 8
        let greenAlpha = (((a &>> 8) & mask) &* g &+ ((b &>> 8) & mask) &* f &+ 0x0080_0080) &>> 8
        return (redBlue & mask) | (greenAlpha & mask) &<< 8
    }
}

/// The indices `i` in `0 ..< count` for which `low ≤ start + i·step ≤ high`: a range, because the position
/// moves linearly.
///
/// The ends are estimated in `Double` and then corrected with exact integer tests, so every index returned
/// satisfies the condition (the ends are checked, and the condition holds between them by linearity), and
/// no integer division is needed. `count` must be small enough that `start + count·step` does not overflow.
@inline(__always)
func steppedRange(start: Int64, step: Int64, low: Int64, high: Int64, count: Int) -> Range<Int> {
    steppedRange(start: start, step: step, reciprocal: 1 / Double(step), low: low, high: high, count: count)
}

/// ``steppedRange(start:step:low:high:count:)`` with `reciprocal`, `1 / Double(step)`, computed once by a caller
/// that uses the same step for many runs. Only the estimate of the ends depends on it: for any finite value,
/// every index returned satisfies the condition.
@inline(__always)
func steppedRange(
    start: Int64, step: Int64, reciprocal: Double, low: Int64, high: Int64, count: Int
) -> Range<Int> {
    @inline(__always) func inside(_ index: Int) -> Bool {
        let position = start &+ Int64(index) &* step
        return position >= low && position <= high
    }
    guard low <= high, count > 0 else { return 0..<0 }
    if step == 0 {
        return inside(0) ? 0..<count : 0..<0
    }
    // The estimates only need to be close, the tests below make the ends exact.
    let first = (Double(low) - Double(start)) * reciprocal
    let second = (Double(high) - Double(start)) * reciprocal
    // Clamped to −1 … count + 1 first, so that whole-number rounding is a truncation and a correction (no
    // library call, no overflow).
    let limit = Double(count + 1)
    let earliest = Swift.min(Swift.max(Swift.min(first, second), -1), limit)
    let latest = Swift.min(Swift.max(Swift.max(first, second), -1), limit)
    var lower = Int(earliest)
    if Double(lower) < earliest { lower += 1 }
    var upper = Int(latest)
    if Double(upper) > latest { upper -= 1 }
    upper += 1
    lower = Swift.max(lower, 0)
    upper = Swift.min(upper, count)
    while lower < upper && !inside(lower) { lower += 1 }
    while upper > lower && !inside(upper - 1) { upper -= 1 }
    return lower < upper ? lower..<upper : 0..<0
}

/// Texels beyond each edge of a ``SampleLevel`` that hold the nearest edge texel's value.
struct TexelMargins {
    var left = 0
    var top = 0
    var right = 0
    var bottom = 0
}
