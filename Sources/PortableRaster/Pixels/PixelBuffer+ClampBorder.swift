extension PixelBuffer {
    /// A copy of this buffer with `border` extra texels on every side that repeat the nearest edge texel: texel
    /// `(x, y)` of the copy is texel `(clamp(x − border), clamp(y − border))` of this buffer.
    ///
    /// Drawing the copy with `clampBorder: border` gives exactly the pixels of drawing this buffer, but in
    /// ``ImageEdgeMode/clamp`` the one-pass bilinear loop reads the border instead of clamping each tap at the
    /// image's edges (otherwise those edge quads take about an eighth of a frame of rotated layers).
    /// `border` is clamped to `0 ... 16`; a copy that would exceed the size limits is not made (`nil`).
    @_spi(Engine) public func clampBordered(by border: Int) -> PixelBuffer? {
        let border = Swift.min(Swift.max(border, 0), 16)
        guard var copy = try? PixelBuffer(width: width + 2 * border, height: height + 2 * border) else { return nil }
        let stride = copy.bytesPerRow
        withUnsafeBytes { source in
            copy.storage.withUnsafeMutableBytes { target in
                let from = source.baseAddress!
                let to = target.baseAddress!
                for row in 0..<copy.height {
                    let sourceRow = from + Swift.min(Swift.max(row - border, 0), height - 1) * bytesPerRow
                    let targetRow = to + row * stride
                    let first = sourceRow.loadUnaligned(as: UInt32.self)
                    let last = sourceRow.loadUnaligned(fromByteOffset: (width - 1) * 4, as: UInt32.self)
                    for column in 0..<border {
                        targetRow.storeBytes(of: first, toByteOffset: column * 4, as: UInt32.self)
                        targetRow.storeBytes(of: last, toByteOffset: (border + width + column) * 4, as: UInt32.self)
                    }
                    (targetRow + border * 4).copyMemory(from: sourceRow, byteCount: width * 4)
                }
            }
        }
        return copy
    }
}
