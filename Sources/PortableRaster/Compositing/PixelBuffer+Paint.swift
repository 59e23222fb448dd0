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
        let weightScale = UInt8((opacity * 255).rounded())
        let isNormal = blendMode == .normal
        let blender = RowBlender(mode: blendMode, alpha: opacity)
        forEachPaintRun(of: mask) { x, y, count, destination, coverage, colors, weights in
            weights.update(from: coverage, count: count)
            if isNormal { RowBlender.scaleWeights(weights, count: count, by: weightScale) }
            shader.shade(x: x, y: y, count: count, colors: colors, weights: weights)
            blender.blend(colors, weights: weights, into: destination, count: count)
        }
    }

    /// Calls `body` for every run of at most ``paintChunk`` pixels of this buffer that `mask` may cover, row by row
    /// along each row's span: with the run's first column and its row, its length, its first pixel, its first
    /// coverage byte, and two scratch rows on the stack, ``paintChunk`` colours and weights, for the run's use.
    @inline(__always)
    mutating func forEachPaintRun(
        of mask: CoverageMask,
        _ body: (
            _ x: Int, _ y: Int, _ count: Int, _ destination: UnsafeMutableRawPointer,
            _ coverage: UnsafePointer<UInt8>, _ colors: UnsafeMutablePointer<UInt32>,
            _ weights: UnsafeMutablePointer<UInt8>
        ) -> Void
    ) {
        let area = mask.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        let maskBounds = mask.bounds
        let stride = bytesPerRow
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
                                    body(x, y, count, row + x * 4, maskRow + x, colorRow, weightRow)
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
    @_spi(Engine) public mutating func fill(
        _ mask: CoverageMask, color: PremultipliedColor, alpha: Float = 1, blendMode: BlendMode
    ) {
        if blendMode == .normal {
            fill(mask, color: color, alpha: alpha)
            return
        }
        var shader = SolidShader(color: color.rgba8.packed)
        paint(mask, shader: &shader, alpha: alpha, blendMode: blendMode)
    }
}
