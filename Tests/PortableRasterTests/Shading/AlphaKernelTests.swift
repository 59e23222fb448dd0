import Testing

@_spi(Engine) @testable import PortableRaster

/// The alpha-only AVX2 kernel (`prk_bilinear_alpha_over_avx2`, used by `AffineImageShader.shadeOver` when
/// `alphaOnly`, for `PixelBuffer.drawAlpha`) against the full kernel whose alpha it computes.
@Suite("AVX2 bilinear alpha kernel", .enabled(if: VectorKernels.avx2, "needs an x86-64 processor with AVX2"))
struct AlphaKernelTests {
    typealias Generator = ImageSourceOverTests.Generator
    typealias Level = BilinearQuadEdgeTests.Level

    /// Every fourth byte of `bytes` from byte 3: the alphas of RGBA pixels.
    static func alphas(_ bytes: [UInt8]) -> [UInt8] { stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] } }

    @Test("alphas equal the full kernel's over 3 000 seeded rotated and scaled rows; the bytes after a run stay")
    func alphaMatchesFullKernel() {
        var random = Generator(state: 0xA1FA_5EED)
        var mismatches = 0
        for case_ in 0..<3_000 {
            let width = 2 + random.below(60)
            let height = 2 + random.below(60)
            let image = Level(width: width, height: height, seed: UInt64(case_))
            let inverse = VectorKernelTests.randomInverse(&random, width: width, height: height, scaleRange: 3)
            let full = AffineImageShader(inverse: inverse, level: image.level, mode: .bilinear, clamp: true)
            var alphaOnly = full
            alphaOnly.alphaOnly = true
            let row = VectorKernelTests.Row(&random)
            let expected = row.composite(full)
            let actual = row.composite(alphaOnly)
            let end = row.coverage.count * 4
            if Self.alphas(actual) != Self.alphas(expected) || actual[end...] != row.destination[end...] {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test(
        "drawAlpha gives the alpha of draw on 200 seeded images and placements; a 4 × 4 image of alpha 200 scaled 3× onto clear gives 200 inside"
    )
    func drawAlphaMatchesDraw() throws {
        // Worked case: every texel's alpha is 200, so every bilinear sample inside the image is 200 too, and over a
        // transparent pixel at full coverage the alpha is 200 + round(0 · 55 / 255) = 200.
        var flat = try PixelBuffer(width: 4, height: 4)
        flat.fill(RGBA8(r: 200, g: 100, b: 0, a: 200))
        var workspace = PaintWorkspace()
        var worked = try PixelBuffer(width: 16, height: 16)
        worked.drawAlpha(flat, transform: .scale(x: 3, y: 3), workspace: &workspace)
        #expect(worked[x: 6, y: 6].a == 200)

        var random = Generator(state: 0x0D_A1FA)
        var mismatches = 0
        for _ in 0..<200 {
            let width = 2 + random.below(40)
            let height = 2 + random.below(40)
            var image = try PixelBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let alpha = UInt8(random.below(256))
                    image[x: x, y: y] = RGBA8(r: alpha, g: UInt8(random.below(Int(alpha) + 1)), b: 0, a: alpha)
                }
            }
            let rotation = Affine2D.rotation(radians: random.below(2) == 0 ? 0 : random.unit() * 2 * Double.pi)
            let scale = 0.5 + 4 * random.unit()
            let transform = Affine2D(
                a: rotation.a * scale, b: rotation.b * scale, c: rotation.c * scale, d: rotation.d * scale,
                tx: random.unit() * 60 - 10, ty: random.unit() * 60 - 10)
            var drawn = try PixelBuffer(width: 96, height: 96)
            drawn.draw(image, transform: transform, workspace: &workspace)
            var alphaDrawn = try PixelBuffer(width: 96, height: 96)
            alphaDrawn.drawAlpha(image, transform: transform, workspace: &workspace)
            for y in 0..<96 {
                for x in 0..<96 where drawn[x: x, y: y].a != alphaDrawn[x: x, y: y].a { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
