extension PixelBuffer {
    /// Number of pixels shaded and composited per step of the paint loop. The scratch rows for one step live
    /// on the stack (1024 bytes of colour and 256 of weights, within the size the standard library always
    /// places on the stack), so painting allocates nothing.
    static let paintChunk = 256

    /// Paints the colours of `shader` through `mask` with `blendMode`, at opacity `alpha`.
    ///
    /// For every covered run of pixels the coverage bytes are copied to a scratch row, scaled by `alpha` in
    /// ``BlendMode/normal`` (exact rounding, `alpha` first rounded to 1/255), handed to the shader together with
    /// a colour row, and composited (see ``RowBlender``). `alpha` is clamped to `0 ... 1`; NaN counts as 0.
    mutating func paint<Shader: RowShader>(
        _ mask: CoverageMask, shader: inout Shader, alpha: Float, blendMode: BlendMode
    ) {
        let opacity = alpha > 0 ? Swift.min(alpha, 1) : 0  // NaN fails `> 0`
        if opacity == 0 && blendMode.keepsDestinationUnderClearSource { return }
        let area = mask.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        let maskBounds = mask.bounds
        let stride = bytesPerRow
        let weightScale = UInt8((opacity * 255).rounded())
        let isNormal = blendMode == .normal
        let blender = RowBlender(mode: blendMode, alpha: opacity)
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
                                    weightRow.update(from: maskRow + x, count: count)
                                    if isNormal { RowBlender.scaleWeights(weightRow, count: count, by: weightScale) }
                                    shader.shade(x: x, y: y, count: count, colors: colorRow, weights: weightRow)
                                    blender.blend(colorRow, weights: weightRow, into: row + x * 4, count: count)
                                    x += count
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Paints `color` through `mask` with any blend mode, at opacity `alpha`.
    ///
    /// ``BlendMode/normal`` takes the solid source-over path (``fill(_:color:alpha:)``); the other modes
    /// composite as described on ``BlendMode``: coverage interpolates, `alpha` (clamped to `0 ... 1`, NaN
    /// counts as 0) scales the colour.
    public mutating func fill(_ mask: CoverageMask, color: PremultipliedColor, alpha: Float = 1, blendMode: BlendMode) {
        if blendMode == .normal {
            fill(mask, color: color, alpha: alpha)
            return
        }
        var shader = SolidShader(color: color.rgba8.packed)
        paint(mask, shader: &shader, alpha: alpha, blendMode: blendMode)
    }
}
