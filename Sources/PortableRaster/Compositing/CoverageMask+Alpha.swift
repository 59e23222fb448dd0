extension CoverageMask {
    /// Replaces the mask with the alpha channel of `image` inside `rect` (cut to the image), moved by `dx`, `dy`
    /// pixels: coverage at `(x + dx, y + dy)` is the alpha of pixel `(x, y)`. Reuses storage, so loading masks of
    /// similar size allocates nothing after the first time. Used for mask layers (their rendered alpha) and for
    /// shadows cast by a layer's own alpha.
    @_spi(Engine) public mutating func loadAlpha(of image: PixelBuffer, in rect: PixelRect, dx: Int = 0, dy: Int = 0) {
        let area = rect.intersection(image.bounds)
        guard !area.isEmpty else {
            removeAll()
            return
        }
        reset(bounds: PixelRect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height))
        let width = area.width
        image.withUnsafeBytes { raw in
            coverage.withUnsafeMutableBufferPointer { bytes in
                for row in 0..<area.height {
                    let source =
                        raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                        + (area.y + row) * image.bytesPerRow + area.x * 4 + 3
                    let target = bytes.baseAddress! + row * width
                    var first = -1
                    var last = -1
                    for column in 0..<width {
                        let alpha = source[column &* 4]
                        target[column] = alpha
                        if alpha != 0 {
                            if first < 0 { first = column }
                            last = column
                        }
                    }
                    if first >= 0 { spans[row] = RowSpan(start: Int32(first), end: Int32(last + 1)) }
                }
            }
        }
    }
}
