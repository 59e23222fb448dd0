@_spi(Engine) import PortableRaster

/// The memory layouts a bitmap context accepts for its caller-visible pixels, and the conversions between them
/// and the renderer's premultiplied RGBA.
///
/// All are 8 bits per component, 32 bits per pixel:
/// - ``rgba``: bytes R, G, B, A, premultiplied (`premultipliedLast`, default or big-endian byte order);
/// - ``bgra``: bytes B, G, R, A, premultiplied (`premultipliedFirst` + `byteOrder32Little`, the usual BGRA);
/// - ``rgbx``: bytes R, G, B, unused (`noneSkipLast`, default or big-endian byte order);
/// - ``bgrx``: bytes B, G, R, unused (`noneSkipFirst` + `byteOrder32Little`).
///
/// In the two opaque layouts the fourth byte is written as 255 and never read: pixels read from memory are
/// opaque, and a pixel the renderer made translucent is stored as its premultiplied colour (as if composited
/// over black).
enum BitmapLayout: Hashable, Sendable {
    case rgba
    case bgra
    case rgbx
    case bgrx

    /// The layout for Apple's format description, or `nil` when it is not supported.
    init?(bitsPerComponent: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, space.model == .rgb else { return nil }
        let known = CGBitmapInfo.alphaInfoMask.rawValue | CGBitmapInfo.byteOrderMask.rawValue
        guard bitmapInfo.rawValue & ~known == 0,
            let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
        else { return nil }
        let order = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
        let bigOrDefault = order == 0 || order == CGBitmapInfo.byteOrder32Big.rawValue
        let little = order == CGBitmapInfo.byteOrder32Little.rawValue
        switch alpha {
        case .premultipliedLast where bigOrDefault: self = .rgba
        case .premultipliedFirst where little: self = .bgra
        case .noneSkipLast where bigOrDefault: self = .rgbx
        case .noneSkipFirst where little: self = .bgrx
        default: return nil
        }
    }

    /// Whether the layout has no alpha (the fourth byte is padding).
    var isOpaque: Bool { self == .rgbx || self == .bgrx }

    /// Whether red and blue are swapped relative to RGBA.
    var swapsRedBlue: Bool { self == .bgra || self == .bgrx }

    /// The alpha info Apple reports for this layout.
    var alphaInfo: CGImageAlphaInfo {
        switch self {
        case .rgba: return .premultipliedLast
        case .bgra: return .premultipliedFirst
        case .rgbx: return .noneSkipLast
        case .bgrx: return .noneSkipFirst
        }
    }

    /// The bitmap info Apple reports for this layout.
    var bitmapInfo: CGBitmapInfo {
        let order: CGBitmapInfo = swapsRedBlue ? .byteOrder32Little : []
        return CGBitmapInfo(rawValue: alphaInfo.rawValue).union(order)
    }

    /// Copies the pixels of `rect` from caller memory (`memory`, rows `stride` bytes apart) into `buffer`.
    func read(_ rect: PixelRect, from memory: UnsafeRawPointer, stride: Int, into buffer: inout PixelBuffer) {
        let area = rect.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        let targetStride = buffer.bytesPerRow
        buffer.withUnsafeMutableBytes { raw in
            copy(
                area, from: memory.assumingMemoryBound(to: UInt8.self), stride: stride,
                to: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: targetStride)
        }
    }

    /// Copies the pixels of `rect` from `buffer` into caller memory in this layout.
    func write(_ rect: PixelRect, from buffer: PixelBuffer, to memory: UnsafeMutableRawPointer, stride: Int) {
        let area = rect.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        let sourceStride = buffer.bytesPerRow
        buffer.withUnsafeBytes { raw in
            copy(
                area, from: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: sourceStride,
                to: memory.assumingMemoryBound(to: UInt8.self), stride: stride)
        }
    }

    /// Copies `area` between the two layouts, which differ only in channel order (red and blue swap both ways) and
    /// in whether alpha is ignored (forced to 255), so the same conversion serves reading and writing.
    private func copy(
        _ area: PixelRect, from source: UnsafePointer<UInt8>, stride sourceStride: Int,
        to target: UnsafeMutablePointer<UInt8>, stride targetStride: Int
    ) {
        let swap = swapsRedBlue
        let opaque = isOpaque
        for y in area.y..<area.maxY {
            let from = source + y * sourceStride + area.x * 4
            let to = target + y * targetStride + area.x * 4
            if !swap && !opaque {
                to.update(from: from, count: area.width * 4)
                continue
            }
            for x in 0..<area.width {
                let p = from + x * 4
                let q = to + x * 4
                q[0] = swap ? p[2] : p[0]
                q[1] = p[1]
                q[2] = swap ? p[0] : p[2]
                q[3] = opaque ? 255 : p[3]
            }
        }
    }
}
