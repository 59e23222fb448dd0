extension ProjectiveImageShader: SourceOverRowShader {
    /// Bilinear, perspective-correct samples of device pixels `x ..< x + count` of row `y`, composited
    /// source-over straight onto `destination` (see ``SourceOverRowShader``).
    ///
    /// Four pixels at a time (``BilinearQuad``, ``SourceOverQuad``). Each pixel's position is the one
    /// ``shade(x:y:count:colors:weights:)`` computes — the row is walked in pairs, the second pixel of a pair
    /// dividing by the first one's `W` plus the step — so the pixels are the same bit for bit. Quads whose taps
    /// all lie inside the level take 64-bit tap loads; the others the edge-aware gather.
    ///
    /// Only for ``ImageFilter/bilinear``. Returns false, touching nothing, when some pixel of the run lies on or
    /// behind the viewer's plane (`W ≤ 0`, only in the fringe of a quad cut near that plane): the general path
    /// leaves such pixels unpainted.
    @inline(never)
    func shadeOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>, destination: UnsafeMutableRawPointer,
        destinationBytesPerRow: Int, opacity: UInt32
    ) -> Bool {
        guard filter == .bilinear, count > 0 else { return false }
        let start = inverse.homogeneous(RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        // Every pixel in front of the viewer, with W as the general loop computes it.
        var pair = 0
        while pair < count {
            let w = start.w + inverse.m13 * Double(pair)
            guard w > 0, pair + 1 == count || w + inverse.m13 > 0 else { return false }
            pair &+= 2
        }
        let level = levels[0]
        let blender = SourceOverQuad(opacity: opacity)
        /// The positions of pixels `index` and `index + 1`: a pair of the general loop.
        @inline(__always) func pairPositions(_ index: Int) -> (u0: Int64, v0: Int64, u1: Int64, v1: Int64) {
            let step = Double(index)
            let w0 = start.w + inverse.m13 * step
            let w1 = w0 + inverse.m13
            return (
                level.bilinearPosition((start.x + inverse.m11 * step) / w0),
                level.bilinearPosition((start.y + inverse.m12 * step) / w0),
                level.bilinearPosition((start.x + inverse.m11 * (step + 1)) / w1),
                level.bilinearPosition((start.y + inverse.m12 * (step + 1)) / w1)
            )
        }
        @inline(__always) func sample(_ p: BilinearQuad.Positions) -> BilinearQuad.Sample {
            BilinearQuad.inside(p, level)
                ? BilinearQuad.sample(p, level) : BilinearQuad.sampleEdge(p, level, clamp: clamp)
        }
        var index = 0
        while index &+ 4 <= count {
            let weights = UnsafeRawPointer(coverage + index).loadUnaligned(as: UInt32.self)
            if weights != 0 {
                let a = pairPositions(index)
                let b = pairPositions(index &+ 2)
                let p = BilinearQuad.Positions(u: (a.u0, a.u1, b.u0, b.u1), v: (a.v0, a.v1, b.v0, b.v1))
                blender.blend(sample(p), coverage: weights, into: destination + index &<< 2)
            }
            index &+= 4
        }
        let remaining = count &- index
        if remaining > 0 {
            // The last one to three pixels: a pair and, for an odd count, a single pixel (the first half of a
            // pair); the quad's missing pixels repeat the last position and get no coverage.
            let weights = SourceOverQuad.partialCoverage(coverage + index, count: remaining)
            if weights != 0 {
                let a = pairPositions(index)
                var p = BilinearQuad.Positions(u: (a.u0, a.u1, a.u1, a.u1), v: (a.v0, a.v1, a.v1, a.v1))
                if remaining == 1 {
                    p = BilinearQuad.Positions(u: (a.u0, a.u0, a.u0, a.u0), v: (a.v0, a.v0, a.v0, a.v0))
                } else if remaining == 3 {
                    let b = pairPositions(index &+ 2)
                    p = BilinearQuad.Positions(u: (a.u0, a.u1, b.u0, b.u0), v: (a.v0, a.v1, b.v0, b.v0))
                }
                blender.blend(sample(p), coverage: weights, count: remaining, into: destination + index &<< 2)
            }
        }
        return true
    }
}
