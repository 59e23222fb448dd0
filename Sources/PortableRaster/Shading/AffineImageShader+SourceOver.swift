import CRasterKernels

#if !_endian(little)
    #error("the pixel compositing code reads RGBA bytes as little-endian 32-bit words")
#endif

extension AffineImageShader: SourceOverRowShader {
    /// Bilinear samples of device pixels `x ..< x + count` of row `y`, composited source-over straight onto
    /// `destination` (see ``SourceOverRowShader``).
    ///
    /// Four pixels at a time (``BilinearQuadStepper``, ``SourceOverQuad``): the quads whose taps all lie inside
    /// the level, found from the positions' linear motion (``steppedRange(start:step:low:high:count:)``), take
    /// 64-bit tap loads without bounds checks; the few quads at either end of the run and the last one to
    /// three pixels take the edge-aware gather. With ``usesVectorKernel`` the inside quads go eight pixels at a
    /// time through the AVX2 kernel (``VectorKernels``), which also prefetches the image and destination bytes
    /// ``prefetchRows`` rows ahead, and the Swift loop takes at most the last inside quad. With ``alphaOnly`` that
    /// kernel computes the alpha alone (the colour bytes of its pixels are left as they were). Positions start afresh
    /// from `x` in every call and step exactly as in ``shade(x:y:count:colors:weights:)``, so the pixels are the
    /// same bit for bit.
    ///
    /// Only for ``Mode/bilinear``. Returns false, touching nothing, when the row reaches image-space
    /// coordinates beyond the fixed-point range.
    ///
    /// Kept out of line: inlined into the row loop, the optimizer runs out of inlining budget and leaves parts
    /// of the inner loop as calls.
    @inline(never)
    func shadeOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>, destination: UnsafeMutableRawPointer,
        destinationBytesPerRow: Int, opacity: UInt32
    ) -> Bool {
        let (origin, fits) = runOrigin(x: x, y: y, count: count)
        guard fits else { return false }
        let level = self.level
        let u = level.bilinearPosition(origin.x)
        let v = level.bilinearPosition(origin.y)
        let inside = bilinearInside(u: u, v: v, count: count)
        // Quads starting in `first ..< last` have every tap inside; those before and after take the edge-aware
        // gather.
        let first = Swift.min((inside.lowerBound &+ 3) & ~3, count & ~3)
        let last = Swift.max(first, (inside.upperBound - first) & ~3 &+ first)
        var quads = BilinearQuadStepper(level: level, u: u, v: v, du: du, dv: dv)
        let blender = SourceOverQuad(opacity: opacity)
        var index = 0
        while index < first {
            let weights = UnsafeRawPointer(coverage + index).loadUnaligned(as: UInt32.self)
            if weights != 0 {
                blender.blend(quads.sampleEdge(clamp: clamp), coverage: weights, into: destination + index &<< 2)
            }
            quads.advance()
            index &+= 4
        }
        let destinationAhead = destinationBytesPerRow &* Self.prefetchRows
        #if arch(x86_64)
            if usesVectorKernel && last &- index >= 8 {
                // Eight pixels a step in C with AVX2; the Swift loop below finishes the last quad, if any.
                let pixels = (last &- index) & ~7
                let kernel = alphaOnly ? prk_bilinear_alpha_over_avx2 : prk_bilinear_over_avx2
                kernel(
                    level.base.assumingMemoryBound(to: UInt8.self), Int32(truncatingIfNeeded: level.bytesPerRow),
                    quads.u, quads.v, du, dv, coverage + index,
                    (destination + index &<< 2).assumingMemoryBound(to: UInt8.self), pixels, opacity,
                    levelAhead, destinationAhead)
                quads.advance(pixels: pixels)
                index &+= pixels
            }
        #endif
        while index < last {
            // No test for zero coverage here: inside the image such quads are rare, and the blend leaves the
            // destination exactly as it was (`d·255/255 = d`).
            let weights = UnsafeRawPointer(coverage + index).loadUnaligned(as: UInt32.self)
            let pixels = destination + index &<< 2
            prefetch(quads, destination: pixels, destinationAhead: destinationAhead)
            blender.blend(quads.sample(), coverage: weights, into: pixels)
            quads.advance()
            index &+= 4
        }
        while index &+ 4 <= count {
            let weights = UnsafeRawPointer(coverage + index).loadUnaligned(as: UInt32.self)
            if weights != 0 {
                blender.blend(quads.sampleEdge(clamp: clamp), coverage: weights, into: destination + index &<< 2)
            }
            quads.advance()
            index &+= 4
        }
        let remaining = count &- index
        if remaining > 0 {
            // The last one to three pixels: a quad whose missing pixels have no coverage.
            let weights = SourceOverQuad.partialCoverage(coverage + index, count: remaining)
            if weights != 0 {
                blender.blend(
                    quads.sampleEdge(clamp: clamp), coverage: weights, count: remaining,
                    into: destination + index &<< 2)
            }
        }
        return true
    }

    /// Prefetches the image and destination bytes ``prefetchRows`` rows below a quad: the upper and lower taps of
    /// its first pixel (`levelAhead` away) and its destination bytes (`destinationAhead` away), as the AVX2
    /// kernel does.
    @inline(__always)
    private func prefetch(
        _ quads: BilinearQuadStepper, destination: UnsafeMutableRawPointer, destinationAhead: Int
    ) {
        @inline(__always) func ahead(_ pointer: UnsafeRawPointer, _ distance: Int) -> UnsafeRawPointer? {
            UnsafeRawPointer(bitPattern: Int(bitPattern: pointer) &+ distance)
        }
        let tap = BilinearQuad.tap(level.base, level.bytesPerRow, quads.u, quads.v)
        prk_prefetch(ahead(tap, levelAhead))
        prk_prefetch(ahead(tap, levelAhead &+ level.bytesPerRow))
        prk_prefetch(ahead(destination, destinationAhead))
    }
}
