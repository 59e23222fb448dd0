#if !_endian(little)
    #error("the pixel compositing code reads RGBA bytes as little-endian 32-bit words")
#endif

/// Source-over of four premultiplied pixels (a ``BilinearQuad/Sample``) with weights
/// `round(coverage · opacity / 255)`: the arithmetic of ``RowBlender/over(_:_:both:)``, `s' = round(s·m/255)` on
/// all four channels, then `s' + round(d·(255 − s'.alpha)/255)`.
struct SourceOverQuad {
    /// Global alpha, 0 … 255.
    let opacity: UInt32
    /// `opacity` in every 16-bit lane.
    let opacityLanes: SIMD8<UInt16>

    init(opacity: UInt32) {
        self.opacity = opacity
        opacityLanes = SIMD8(repeating: UInt16(truncatingIfNeeded: opacity))
    }

    /// Composites the four pixels onto the four pixel words at `pixels`; `coverage` holds their coverage
    /// bytes, first pixel lowest.
    @inline(__always)
    func blend(_ sample: BilinearQuad.Sample, coverage: UInt32, into pixels: UnsafeMutableRawPointer) {
        var first = sample.first
        var second = sample.second
        if coverage != .max || opacity != 255 {
            // Scale the samples by their weights.
            if coverage == .max {
                first = multiplyRounded255(first, opacityLanes)
                second = multiplyRounded255(second, opacityLanes)
            } else {
                // Each coverage byte in the four lanes of its pixel.
                let b = unsafeBitCast(SIMD4<UInt32>(repeating: coverage), to: SIMD16<UInt8>.self)
                var weights01 =
                    unsafeBitCast(
                        SIMD16<UInt8>(
                            b[0], b[0], b[0], b[0], b[0], b[0], b[0], b[0], b[1], b[1], b[1], b[1], b[1], b[1], b[1],
                            b[1]),
                        to: SIMD8<UInt16>.self) & 0x00FF
                var weights23 =
                    unsafeBitCast(
                        SIMD16<UInt8>(
                            b[2], b[2], b[2], b[2], b[2], b[2], b[2], b[2], b[3], b[3], b[3], b[3], b[3], b[3], b[3],
                            b[3]),
                        to: SIMD8<UInt16>.self) & 0x00FF
                if opacity != 255 {
                    weights01 = multiplyRounded255(weights01, opacityLanes)
                    weights23 = multiplyRounded255(weights23, opacityLanes)
                }
                first = multiplyRounded255(first, weights01)
                second = multiplyRounded255(second, weights23)
            }
        } else if first[3] & first[7] & second[3] & second[7] == 255 {
            // Opaque at full weight: the samples replace the destination.
            pixels.storeBytes(of: Self.narrow(first, second), as: SIMD16<UInt8>.self)
            return
        }
        // Each pixel's alpha in its four lanes, then `d·(255 − alpha)/255` added to the sample.
        // (Alpha ≤ 255, so `255 − alpha` is `alpha ^ 255`: one xor with a constant, no register copy.)
        let remaining01 = SIMD8(first[3], first[3], first[3], first[3], first[7], first[7], first[7], first[7]) ^ 255
        let remaining23 =
            SIMD8(second[3], second[3], second[3], second[3], second[7], second[7], second[7], second[7]) ^ 255
        let old01 = BilinearQuad.widen(pixels.loadUnaligned(as: UInt64.self))
        let old23 = BilinearQuad.widen(pixels.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        pixels.storeBytes(
            of: Self.narrow(
                first &+ multiplyRounded255(old01, remaining01), second &+ multiplyRounded255(old23, remaining23)),
            as: SIMD16<UInt8>.self)
    }

    /// The coverage bytes of the last `count` (0 … 3) pixels of a run as a quad's coverage word; the missing
    /// pixels get no coverage.
    @inline(__always)
    static func partialCoverage(_ coverage: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var weights: UInt32 = 0
        for pixel in 0..<count { weights |= UInt32(coverage[pixel]) &<< (pixel &<< 3) }
        return weights
    }

    /// Composites the first `count` (1 … 3) pixels of `sample` onto the pixel words at `pixels`, with `coverage`
    /// from ``partialCoverage(_:count:)``; the pixels after them are neither read nor written.
    @inline(__always)
    func blend(
        _ sample: BilinearQuad.Sample, coverage: UInt32, count: Int, into pixels: UnsafeMutableRawPointer
    ) {
        var copy = SIMD4<UInt32>()
        for pixel in 0..<count { copy[pixel] = pixels.loadUnaligned(fromByteOffset: pixel &<< 2, as: UInt32.self) }
        withUnsafeMutableBytes(of: &copy) { bytes in blend(sample, coverage: coverage, into: bytes.baseAddress!) }
        for pixel in 0..<count { pixels.storeBytes(of: copy[pixel], toByteOffset: pixel &<< 2, as: UInt32.self) }
    }

    /// Sixteen bytes from lanes holding values ≤ 255.
    @inline(__always)
    static func narrow(_ first: SIMD8<UInt16>, _ second: SIMD8<UInt16>) -> SIMD16<UInt8> {
        let x = unsafeBitCast(first, to: SIMD16<UInt8>.self)
        let y = unsafeBitCast(second, to: SIMD16<UInt8>.self)
        return SIMD16<UInt8>(
            x[0], x[2], x[4], x[6], x[8], x[10], x[12], x[14], y[0], y[2], y[4], y[6], y[8], y[10], y[12], y[14])
    }
}
