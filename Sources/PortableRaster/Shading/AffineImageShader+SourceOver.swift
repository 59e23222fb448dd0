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
    /// three pixels take the edge-aware gather. Positions start afresh from `x` in every call and step exactly
    /// as in ``shade(x:y:count:colors:weights:)``, so the pixels are the same bit for bit.
    ///
    /// Only for ``Mode/bilinear``. Returns false, touching nothing, when the row reaches image-space
    /// coordinates beyond the fixed-point range.
    ///
    /// Kept out of line: inlined into the row loop, the optimizer runs out of inlining budget and leaves parts
    /// of the inner loop as calls.
    @inline(never)
    func shadeOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>, destination: UnsafeMutableRawPointer,
        opacity: UInt32
    ) -> Bool {
        let origin = inverse.apply(to: RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let end = RasterPoint(x: origin.x + inverse.a * Double(count), y: origin.y + inverse.b * Double(count))
        let limit = SampleLevel.positionLimit * 0.5
        guard abs(origin.x) < limit, abs(origin.y) < limit, abs(end.x) < limit, abs(end.y) < limit else {
            return false
        }
        let level = self.level
        let u = level.bilinearPosition(origin.x)
        let v = level.bilinearPosition(origin.y)
        let du = Self.fixed(inverse.a * level.scale)
        let dv = Self.fixed(inverse.b * level.scale)
        // Both taps inside: 0 ≤ ⌊u⌋ ≤ width − 2 and 0 ≤ ⌊v⌋ ≤ height − 2.
        let inside = Self.intersect(
            steppedRange(
                start: u, step: du, low: 0, high: Int64(level.width - 1) * SampleLevel.one - 1, count: count),
            steppedRange(
                start: v, step: dv, low: 0, high: Int64(level.height - 1) * SampleLevel.one - 1, count: count))
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
        while index < last {
            let weights = UnsafeRawPointer(coverage + index).loadUnaligned(as: UInt32.self)
            if weights != 0 {
                blender.blend(quads.sample(), coverage: weights, into: destination + index &<< 2)
            }
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
}
