import Testing

@_spi(Engine) @testable import PortableRaster

/// `CoverageMask.loadAlpha(of:in:dx:dy:)`: each pixel's alpha, rows cut to their nonzero bytes; with AVX2 the bytes
/// are gathered 32 pixels a step in C.
@Suite("Coverage masks from alpha")
struct CoverageMaskAlphaTests {
    @Test("alphas 0, 0, 9, 0, 200, 0 in a row give the span 2 ..< 5 and coverage 9, 0, 200 there, moved by (3, 1)")
    func workedRow() throws {
        var image = try PixelBuffer(width: 6, height: 2)
        for (x, alpha) in [0, 0, 9, 0, 200, 0].enumerated() {
            image[x: x, y: 1] = RGBA8(r: 0, g: 0, b: 0, a: UInt8(alpha))
        }
        var mask = CoverageMask()
        mask.loadAlpha(of: image, in: image.bounds, dx: 3, dy: 1)
        #expect(mask.span(row: 1).isEmpty)
        #expect(mask.span(row: 2) == 5..<8)
        #expect((5..<8).map { mask.coverage(x: $0, y: 2) } == [9, 0, 200])
    }

    @Test(
        "the AVX2 gather equals the byte loop on 2 000 seeded rows of 0 … 150 pixels, and spans fit the nonzero bytes")
    func vectorMatchesLoop() {
        var random = SplitMix64(seed: 0xA1FA)
        var mismatches = 0
        for _ in 0..<2_000 {
            let count = Int(random.next() % 151)
            // Runs of zeros and nonzero alphas, as a mask image's rows have.
            var pixels: [UInt8] = []
            while pixels.count < count * 4 {
                let zero = random.next() % 2 == 0
                for _ in 0..<(1 + random.next() % 40) {
                    pixels += [UInt8](repeating: UInt8(truncatingIfNeeded: random.next()), count: 3)
                    pixels.append(zero ? 0 : UInt8(1 + random.next() % 255))
                }
            }
            pixels.removeLast(pixels.count - count * 4)
            let expected = stride(from: 3, to: pixels.count, by: 4).map { pixels[$0] }
            for kernel in VectorKernels.avx2 ? [false, true] : [false] {
                var alphas = [UInt8](repeating: 7, count: count)
                pixels.withUnsafeBufferPointer { source in
                    alphas.withUnsafeMutableBufferPointer { target in
                        guard count > 0 else { return }
                        CoverageMask.copyAlpha(
                            source.baseAddress!, to: target.baseAddress!, count: count, vectorKernel: kernel)
                    }
                }
                let extent =
                    count == 0
                    ? nil : alphas.withUnsafeBufferPointer { CoverageMask.nonzeroExtent($0.baseAddress!, count: count) }
                let first = expected.firstIndex { $0 != 0 }
                let last = expected.lastIndex { $0 != 0 }
                let reference = first.map { $0..<(last! + 1) }
                if alphas != expected || extent != reference { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
