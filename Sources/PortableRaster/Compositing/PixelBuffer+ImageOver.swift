extension PixelBuffer {
    /// Paints an image through `mask` with the source-over operator at opacity `alpha`, sampling and compositing
    /// in one pass per run of pixels (see ``SourceOverRowShader``).
    ///
    /// The pixels are exactly those of ``paint(_:shader:alpha:blendMode:)`` with ``BlendMode/normal``: rows are
    /// cut into the same runs of ``paintChunk`` pixels, each run starts its sample positions afresh from its
    /// first pixel, and every run the shader declines goes through the general shade-then-blend steps. `alpha`
    /// is clamped to `0 ... 1`; NaN paints nothing.
    mutating func paintOver<Shader: SourceOverRowShader>(_ mask: CoverageMask, shader: inout Shader, alpha: Float) {
        let opacity = alpha > 0 ? Swift.min(alpha, 1) : 0  // NaN fails `> 0`
        let weightScale = UInt8((opacity * 255).rounded())
        guard weightScale != 0 else { return }
        let rowBytes = bytesPerRow
        forEachPaintRun(of: mask) { x, y, count, destination, coverage, colors, weights in
            let fused = shader.shadeOver(
                x: x, y: y, count: count, coverage: coverage, destination: destination,
                destinationBytesPerRow: rowBytes, opacity: UInt32(weightScale))
            if !fused {
                weights.update(from: coverage, count: count)
                RowBlender.scaleWeights(weights, count: count, by: weightScale)
                shader.shade(x: x, y: y, count: count, colors: colors, weights: weights)
                RowBlender.sourceOver(colors, weights: weights, into: destination, count: count)
            }
        }
    }
}
