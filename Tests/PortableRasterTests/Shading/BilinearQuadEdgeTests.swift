import Testing

@_spi(Engine) @testable import PortableRaster

/// The four-pixel edge sampler of the one-pass image paint loops (`BilinearQuad.sampleEdge`), against the
/// per-pixel `SampleLevel.bilinear(_:_:clamp:)` it must match bit for bit.
@Suite("Bilinear quad edge sampling")
struct BilinearQuadEdgeTests {
    /// The seeded generator of the one-pass paint tests (SplitMix64).
    typealias Generator = ImageSourceOverTests.Generator

    /// A level of random texels inside a larger allocation whose margin (4 texels on every side, and 3 more
    /// texels of row padding) holds other random bytes: a tap read outside the level shows as a wrong value.
    final class Level {
        static let margin = 4
        let memory: UnsafeMutableRawPointer
        let level: SampleLevel

        init(width: Int, height: Int, seed: UInt64) {
            var random = Generator(state: seed)
            let stride = (width + 2 * Self.margin + 3) * 4
            let rows = height + 2 * Self.margin
            memory = .allocate(byteCount: stride * rows, alignment: 16)
            for offset in 0..<(stride * rows) {
                memory.storeBytes(of: UInt8(truncatingIfNeeded: random.next()), toByteOffset: offset, as: UInt8.self)
            }
            level = SampleLevel(
                base: UnsafeRawPointer(memory + Self.margin * stride + Self.margin * 4), bytesPerRow: stride,
                width: width, height: height, scale: 1)
        }

        deinit { memory.deallocate() }
    }

    /// Pixel `index` (0 … 3) of a quad sample as a pixel word (red in the low byte).
    static func pixel(_ sample: BilinearQuad.Sample, _ index: Int) -> UInt32 {
        let vector = index < 2 ? sample.first : sample.second
        let lane = (index & 1) * 4
        var word: UInt32 = 0
        for channel in 0..<4 { word |= UInt32(vector[lane + channel]) << (8 * channel) }
        return word
    }

    static func lanes(_ a: Int64, _ b: Int64) -> SIMD2<UInt64> {
        SIMD2(UInt64(bitPattern: a), UInt64(bitPattern: b))
    }

    /// A fixed-point position along an axis of `size` texels: near the edges (integer part −3 … size + 2, any
    /// fraction), exactly on an edge tap (−1, 0, size − 2, size − 1, size; fraction 0 or any), or far outside
    /// (anywhere within ±2³⁰ texels, the limit of ``SampleLevel`` positions).
    static func position(size: Int, using random: inout Generator) -> Int64 {
        let fraction = Int64(random.next() & 0xFFFF_FFFF)
        switch random.below(3) {
        case 0:
            return Int64(random.below(size + 6) - 3) << 32 | fraction
        case 1:
            let edges = [-1, 0, size - 2, size - 1, size]
            return Int64(edges[random.below(edges.count)]) << 32 | (random.below(2) == 0 ? 0 : fraction)
        default:
            return Int64(bitPattern: random.next() % (1 << 63)) - (1 << 62)
        }
    }

    /// A level of 2 × 2 grey texels 0, 200 (top) and 100, 255 (bottom), opaque.
    static func twoByTwo() -> Level {
        let image = Level(width: 2, height: 2, seed: 1)
        let stride = image.level.bytesPerRow
        let base = UnsafeMutableRawPointer(mutating: image.level.base)
        for (offset, grey) in [(0, 0), (4, 200), (stride, 100), (stride + 4, 255)] {
            let word = UInt32(grey) * 0x0001_0101 | 0xFF00_0000
            base.storeBytes(of: word, toByteOffset: offset, as: UInt32.self)
        }
        return image
    }

    @Test(
        "left of a 2 × 2 level at ¼ of the way down: 25 clamped (the left column), 13 with alpha 128 transparent")
    func leftOfTwoByTwo() {
        let image = Self.twoByTwo()
        // u = −½ texel (left tap −1, weight 128), v = ¼ (top tap 0, weight 64). Left column:
        // (0·192 + 100·64 + 128) >> 8 = 25. Clamped, both columns are texel column 0, so 25 exactly;
        // transparent, the left column is 0 and the result (0·128 + 25·128 + 128) >> 8 = 13, alpha
        // (0·128 + 255·128 + 128) >> 8 = 128.
        let u = -(Int64(1) << 31)
        let v = Int64(1) << 30
        let clamped = BilinearQuad.sampleEdge(
            u01: Self.lanes(u, u), u23: Self.lanes(u, u), v01: Self.lanes(v, v), v23: Self.lanes(v, v),
            level: image.level, clamp: true)
        let transparent = BilinearQuad.sampleEdge(
            u01: Self.lanes(u, u), u23: Self.lanes(u, u), v01: Self.lanes(v, v), v23: Self.lanes(v, v),
            level: image.level, clamp: false)
        for index in 0..<4 {
            #expect(Self.pixel(clamped, index) == 0xFF19_1919)
            #expect(Self.pixel(transparent, index) == 0x800D_0D0D)
        }
    }

    @Test("far right and below a 2 × 2 level (u = v = 10⁶ texels) clamps to the bottom-right texel 255")
    func farCornerOfTwoByTwo() {
        let image = Self.twoByTwo()
        let far = Int64(1_000_000) << 32 | 0x8000_0000
        let inside = Int64(1) << 31
        // Pixel 0 at the far corner, 1 far right at v = ½ (right column: (200 + 255 + 1) / 2 → 228),
        // 2 far below at u = ½ (bottom row: (100·128 + 255·128 + 128) >> 8 = 178), 3 inside at (½, ½).
        let sample = BilinearQuad.sampleEdge(
            u01: Self.lanes(far, far), u23: Self.lanes(inside, inside), v01: Self.lanes(far, inside),
            v23: Self.lanes(far, inside), level: image.level, clamp: true)
        #expect(Self.pixel(sample, 0) == 0xFFFF_FFFF)
        #expect(Self.pixel(sample, 1) == 0xFFE4_E4E4)
        #expect(Self.pixel(sample, 2) == 0xFFB2_B2B2)
        #expect(Self.pixel(sample, 3) == image.level.bilinear(inside, inside, clamp: true))
    }

    @Test(
        "4 000 seeded quads around, on and far outside every edge and corner equal the per-pixel bilinear sample (2 × 2, 3 × 7, 200 × 200; clamped and transparent)",
        arguments: [(2, 2), (3, 7), (200, 200), (7, 3), (1, 5), (4, 1)], [true, false])
    func matchesPerPixelBilinear(size: (Int, Int), clamp: Bool) {
        let (width, height) = size
        let image = Level(width: width, height: height, seed: UInt64(width * 1000 + height) * 2 + (clamp ? 1 : 0))
        let level = image.level
        var random = Generator(state: 0x5EED_0000 &+ UInt64(width * 31 + height))
        var mismatches = 0
        for _ in 0..<4000 {
            var u: [Int64] = []
            var v: [Int64] = []
            for _ in 0..<4 {
                u.append(Self.position(size: level.width, using: &random))
                v.append(Self.position(size: level.height, using: &random))
            }
            let lanes = BilinearQuad.sampleEdge(
                u01: Self.lanes(u[0], u[1]), u23: Self.lanes(u[2], u[3]), v01: Self.lanes(v[0], v[1]),
                v23: Self.lanes(v[2], v[3]), level: level, clamp: clamp)
            let positions = BilinearQuad.sampleEdge(
                BilinearQuad.Positions(u: (u[0], u[1], u[2], u[3]), v: (v[0], v[1], v[2], v[3])), level, clamp: clamp)
            for index in 0..<4 {
                let expected = level.bilinear(u[index], v[index], clamp: clamp)
                if Self.pixel(lanes, index) != expected || Self.pixel(positions, index) != expected {
                    mismatches += 1
                    if mismatches <= 5 {
                        Issue.record("u \(u[index]), v \(v[index]): \(Self.pixel(lanes, index)) ≠ \(expected)")
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
