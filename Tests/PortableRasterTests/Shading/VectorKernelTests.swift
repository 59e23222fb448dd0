import Testing

@_spi(Engine) @testable import PortableRaster

/// The AVX2 kernel of the one-pass image paint loop (`prk_bilinear_over_avx2`, used by
/// `AffineImageShader.shadeOver` when `usesVectorKernel`), against the Swift loop it replaces.
@Suite("AVX2 bilinear source-over kernel", .enabled(if: VectorKernels.avx2, "needs an x86-64 processor with AVX2"))
struct VectorKernelTests {
    typealias Generator = ImageSourceOverTests.Generator
    typealias Level = BilinearQuadEdgeTests.Level

    /// Runs `shadeOver` on a copy of `destination` (16 spare bytes after the run, which must not change).
    static func composite(
        _ shader: AffineImageShader, x: Int, y: Int, coverage: [UInt8], destination: [UInt8], opacity: UInt32
    ) -> [UInt8] {
        var pixels = destination
        let fused = coverage.withUnsafeBufferPointer { weights in
            pixels.withUnsafeMutableBytes { bytes in
                shader.shadeOver(
                    x: x, y: y, count: weights.count, coverage: weights.baseAddress!, destination: bytes.baseAddress!,
                    destinationBytesPerRow: bytes.count, opacity: opacity)
            }
        }
        #expect(fused)
        return pixels
    }

    /// A seeded row to shade: where it starts, its coverage (a quarter each 0 and 255), the bytes under it (16 spare
    /// after its pixels) and the opacity (255 one time in three).
    struct Row {
        var x: Int
        var y: Int
        var coverage: [UInt8]
        var destination: [UInt8]
        var opacity: UInt32

        init(_ random: inout Generator) {
            let count = 1 + random.below(120)
            x = random.below(20) - 10
            y = random.below(20) - 10
            coverage = (0..<count).map { _ -> UInt8 in
                switch random.below(4) {
                case 0: 0
                case 1: 255
                default: UInt8(random.below(256))
                }
            }
            destination = (0..<count * 4 + 16).map { _ in UInt8(random.below(256)) }
            opacity = random.below(3) == 0 ? 255 : UInt32(random.below(256))
        }

        /// `shader` shaded over this row (see `composite`).
        func composite(_ shader: AffineImageShader) -> [UInt8] {
            VectorKernelTests.composite(
                shader, x: x, y: y, coverage: coverage, destination: destination, opacity: opacity)
        }
    }

    /// A seeded device-to-image map for a `width` × `height` image: a turn by any angle, a scale in
    /// `0.2 ..< 0.2 + scaleRange`, and an offset within the image.
    static func randomInverse(_ random: inout Generator, width: Int, height: Int, scaleRange: Double) -> Affine2D {
        let rotation = Affine2D.rotation(radians: random.unit() * 2 * Double.pi)
        let scale = 0.2 + scaleRange * random.unit()
        return Affine2D(
            a: rotation.a * scale, b: rotation.b * scale, c: rotation.c * scale, d: rotation.d * scale,
            tx: Double(width) * random.unit(), ty: Double(height) * random.unit())
    }

    @Test("grey 100 at opacity 128 over opaque grey 50 gives 75 and alpha 255 on all 24 pixels")
    func workedGreyOverGrey() {
        let image = Level(width: 40, height: 8, seed: 3)
        let base = UnsafeMutableRawPointer(mutating: image.level.base)
        for row in -1...9 {
            for column in -1...41 {
                base.storeBytes(
                    of: 0xFF64_6464 as UInt32, toByteOffset: row * image.level.bytesPerRow + column * 4, as: UInt32.self
                )
            }
        }
        let shader = AffineImageShader(
            inverse: .translation(x: 3.25, y: 1.5), level: image.level, mode: .bilinear, clamp: true)
        #expect(shader.usesVectorKernel)
        // s' = round(100·128/255) = 50, alpha' = 128; 50 + round(50·127/255) = 75; 128 + round(255·127/255) = 255.
        let destination = [UInt8](repeating: 50, count: 24 * 4 + 16).enumerated().map { $0 % 4 == 3 ? 255 : $1 }
        let result = Self.composite(
            shader, x: 0, y: 2, coverage: [UInt8](repeating: 255, count: 24), destination: destination, opacity: 128)
        for pixel in 0..<24 {
            #expect(Array(result[pixel * 4..<pixel * 4 + 4]) == [75, 75, 75, 255], "pixel \(pixel)")
        }
        #expect(Array(result[96...]) == Array(destination[96...]))
    }

    @Test("matches the Swift loop byte for byte over 3,000 seeded rotated, scaled and margined draws")
    func matchesSwiftLoop() {
        var random = Generator(state: 0x5EED_AB5C)
        var kernelPixels = 0
        for case_ in 0..<3_000 {
            let width = 2 + random.below(60)
            let height = 2 + random.below(60)
            let image = Level(width: width, height: height, seed: UInt64(case_))
            var level = image.level
            // Margins of up to 4 texels: every tap stays in the random bytes around the level.
            let margin = Level.margin + 1
            level.margins = TexelMargins(
                left: random.below(margin), top: random.below(margin), right: random.below(margin),
                bottom: random.below(margin))
            let inverse = Self.randomInverse(&random, width: width, height: height, scaleRange: 1.5)
            var vector = AffineImageShader(inverse: inverse, level: level, mode: .bilinear, clamp: true)
            vector.usesVectorKernel = true
            var scalar = vector
            scalar.usesVectorKernel = false
            let row = Row(&random)
            #expect(row.composite(vector) == row.composite(scalar), "case \(case_)")
            let origin = inverse.apply(to: RasterPoint(x: Double(row.x) + 0.5, y: Double(row.y) + 0.5))
            let inside = vector.bilinearInside(
                u: level.bilinearPosition(origin.x), v: level.bilinearPosition(origin.y), count: row.coverage.count)
            kernelPixels += Swift.max(0, inside.count - 8)
        }
        // The kernel takes part: about 10 pixels per draw on average go through it.
        #expect(kernelPixels > 20_000)
    }
}

/// What `AffineImageShader` works out for the row loops' kernel choice and prefetching, on any processor.
@Suite("Vector kernel set-up")
struct VectorKernelSetUpTests {
    /// A level that is never read: only its shape matters here.
    static func level(height: Int, bytesPerRow: Int) -> SampleLevel {
        SampleLevel(
            base: UnsafeRawPointer(bitPattern: 0x1000)!, bytesPerRow: bytesPerRow, width: bytesPerRow / 4,
            height: height, scale: 1)
    }

    @Test("tap offsets fit 32 bits up to 2³¹ − 1 bytes: 4,000-byte rows allow 536,868 rows (plus 2), not 536,869")
    func int32TapOffsets() {
        // (536,868 + 2) · 4,000 = 2,147,480,000 ≤ 2,147,483,647; one row more is 2,147,484,000.
        #expect(Self.level(height: 536_868, bytesPerRow: 4_000).hasInt32TapOffsets)
        #expect(!Self.level(height: 536_869, bytesPerRow: 4_000).hasInt32TapOffsets)
        var bordered = Self.level(height: 536_866, bytesPerRow: 4_000)
        bordered.margins = TexelMargins(left: 2, top: 2, right: 2, bottom: 2)
        #expect(!bordered.hasInt32TapOffsets)
    }

    @Test("the image prefetch distance two rows down: half a texel and two texels per row give 1 · 4 + 4 · 400 bytes")
    func levelAhead() {
        let level = Self.level(height: 100, bytesPerRow: 400)
        let inverse = Affine2D(a: 1, b: 0, c: 0.5, d: 2, tx: 0, ty: 0)
        #expect(AffineImageShader(inverse: inverse, level: level, mode: .bilinear, clamp: true).levelAhead == 1_604)
        var broken = inverse
        broken.c = .nan
        #expect(AffineImageShader(inverse: broken, level: level, mode: .bilinear, clamp: true).levelAhead == 0)
        broken.c = 1e9
        #expect(AffineImageShader(inverse: broken, level: level, mode: .bilinear, clamp: true).levelAhead == 0)
    }
}
