import CRasterKernels

extension CoverageMask {
    /// Replaces the mask with the alpha channel of `image` inside `rect` (cut to the image), moved by `dx`, `dy`
    /// pixels: coverage at `(x + dx, y + dy)` is the alpha of pixel `(x, y)`. Reuses storage, so loading masks of
    /// similar size allocates nothing after the first time. Used for mask layers (their rendered alpha), for
    /// shadows cast by a layer's own alpha and for `clip(to:mask:)`.
    ///
    /// Each row's span is cut to its first and last nonzero byte. With AVX2 the bytes are gathered 32 pixels a
    /// step (`prk_alpha_bytes_avx2`).
    @_spi(Engine) public mutating func loadAlpha(of image: PixelBuffer, in rect: PixelRect, dx: Int = 0, dy: Int = 0) {
        let area = rect.intersection(image.bounds)
        guard !area.isEmpty else {
            removeAll()
            return
        }
        reset(bounds: PixelRect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height))
        let width = area.width
        let vectorKernel = VectorKernels.avx2
        image.withUnsafeBytes { raw in
            withRows { bytes, rows in
                for row in 0..<area.height {
                    let source =
                        raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                        + (area.y + row) * image.bytesPerRow + area.x * 4
                    let target = bytes.baseAddress! + row * width
                    Self.copyAlpha(source, to: target, count: width, vectorKernel: vectorKernel)
                    if let extent = Self.nonzeroExtent(target, count: width) {
                        rows[row] = RowSpan(start: Int32(extent.lowerBound), end: Int32(extent.upperBound))
                    }
                }
            }
        }
    }

    /// Byte 3 of each of the `count` RGBA pixels at `pixels`, to `alpha`.
    @inline(__always)
    static func copyAlpha(
        _ pixels: UnsafePointer<UInt8>, to alpha: UnsafeMutablePointer<UInt8>, count: Int, vectorKernel: Bool
    ) {
        #if arch(x86_64)
            if vectorKernel {
                prk_alpha_bytes_avx2(pixels, alpha, count)
                return
            }
        #endif
        for column in 0..<count { alpha[column] = pixels[column &* 4 &+ 3] }
    }

    /// The columns from the first to the last nonzero byte of the `count` bytes at `bytes`, or nil when all are 0;
    /// eight bytes a step from either end.
    @inline(__always)
    static func nonzeroExtent(_ bytes: UnsafePointer<UInt8>, count: Int) -> Range<Int>? {
        let raw = UnsafeRawPointer(bytes)
        var first = 0
        while first + 8 <= count && raw.loadUnaligned(fromByteOffset: first, as: UInt64.self) == 0 { first += 8 }
        while first < count && bytes[first] == 0 { first += 1 }
        guard first < count else { return nil }
        var end = count
        while end - 8 >= first && raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) == 0 { end -= 8 }
        while bytes[end - 1] == 0 { end -= 1 }
        return first..<end
    }
}
