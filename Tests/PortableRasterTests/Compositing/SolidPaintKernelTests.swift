import Testing

@_spi(Engine) @testable import PortableRaster

/// The AVX2 kernel of the solid fill (`prk_solid_over_avx2`, used by `SolidPaint.compositeRow` where
/// `VectorKernels.avx2` holds), against the Swift loop it replaces.
@Suite("AVX2 solid source-over kernel", .enabled(if: VectorKernels.avx2, "needs an x86-64 processor with AVX2"))
struct SolidPaintKernelTests {
    /// Composites `coverage.count` pixels of `pixels` (which holds four more words, which must not change) with
    /// the kernel or with the Swift loop.
    static func composite(_ paint: SolidPaint, _ pixels: [UInt32], _ coverage: [UInt8], kernel: Bool) -> [UInt32] {
        var words = pixels
        var weights = coverage
        words.withUnsafeMutableBytes { bytes in
            weights.withUnsafeMutableBufferPointer { weights in
                paint.compositeRow(
                    bytes.baseAddress!, weights.baseAddress!, count: weights.count, vectorKernel: kernel)
            }
        }
        return words
    }

    @Test("orange (247, 125, 94) at coverage 64 over black gives (62, 31, 24, 64) on all 19 pixels, either way")
    func workedNumber() {
        // Premultiplied channels 0.97, 0.49, 0.37 of 9squares_AlBoardman's orange, opaque: C = 63 074, 31 862,
        // 24 059; at coverage 64: round(C·64/255²) = 62, 31, 24 (exactly 62.08, 31.36, 23.68), alpha 64.
        let paint = SolidPaint(PremultipliedColor(premultipliedRed: 0.97, green: 0.49, blue: 0.37, alpha: 1))
        let black = [UInt32](repeating: 0xFF00_0000, count: 19) + [1, 2, 3, 4]
        let coverage = [UInt8](repeating: 64, count: 19)
        let kernel = Self.composite(paint, black, coverage, kernel: true)
        // Black is opaque: alpha 64 + round(255·191/255) = 255.
        #expect(kernel[0..<19].allSatisfy { $0 == 0xFF18_1F3E })
        #expect(Array(kernel[19...]) == [1, 2, 3, 4])
        #expect(kernel == Self.composite(paint, black, coverage, kernel: false))
    }

    @Test("kernel and Swift loop agree on 3 000 seeded rows of 0 … 100 pixels: 8-bit and finer colours, any coverage")
    func kernelMatchesSwiftLoop() {
        var random = SplitMix64(seed: 808)
        func byte() -> UInt8 { UInt8(truncatingIfNeeded: random.next()) }
        var mismatches = 0
        for index in 0..<3_000 {
            let paint = SolidPaintTailTests.seededPaint(index, &random)
            let count = Int(random.next() % 101)
            // Runs of no coverage, full coverage and anything, as a ring's rows have.
            var coverage: [UInt8] = []
            while coverage.count < count {
                let run = Int(random.next() % 40)
                let kind = random.next() % 3
                for _ in 0..<run { coverage.append(kind == 0 ? 0 : kind == 1 ? 255 : byte()) }
            }
            coverage.removeLast(coverage.count - count)
            let pixels = (0..<count + 4).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            if Self.composite(paint, pixels, coverage, kernel: true)
                != Self.composite(paint, pixels, coverage, kernel: false)
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
