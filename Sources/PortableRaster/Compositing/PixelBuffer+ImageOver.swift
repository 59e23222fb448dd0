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
        guard opacity > 0 else { return }
        let area = mask.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        let maskBounds = mask.bounds
        let stride = bytesPerRow
        let weightScale = UInt8((opacity * 255).rounded())
        guard weightScale != 0 else { return }
        let chunk = Self.paintChunk
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunk) { colors in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { weights in
                let colorRow = colors.baseAddress!
                let weightRow = weights.baseAddress!
                storage.withUnsafeMutableBytes { pixels in
                    mask.coverage.withUnsafeBufferPointer { coverage in
                        mask.spans.withUnsafeBufferPointer { spans in
                            for y in area.y..<area.maxY {
                                let span = spans[y - maskBounds.y]
                                let start = Swift.max(maskBounds.x + Int(span.start), area.x)
                                let end = Swift.min(maskBounds.x + Int(span.end), area.maxX)
                                guard start < end else { continue }
                                let row = pixels.baseAddress! + y * stride
                                let maskRow =
                                    coverage.baseAddress! + (y - maskBounds.y) * maskBounds.width - maskBounds.x
                                var x = start
                                while x < end {
                                    let count = Swift.min(chunk, end - x)
                                    let fused = shader.shadeOver(
                                        x: x, y: y, count: count, coverage: maskRow + x, destination: row + x * 4,
                                        opacity: UInt32(weightScale))
                                    if !fused {
                                        weightRow.update(from: maskRow + x, count: count)
                                        RowBlender.scaleWeights(weightRow, count: count, by: weightScale)
                                        shader.shade(x: x, y: y, count: count, colors: colorRow, weights: weightRow)
                                        RowBlender.sourceOver(
                                            colorRow, weights: weightRow, into: row + x * 4, count: count)
                                    }
                                    x += count
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
