import Foundation

extension CGImage {
    /// An image decoded from 8-bit pixel data, converted into the stored premultiplied-RGBA format.
    ///
    /// Accepted inputs (anything else returns `nil`):
    /// - `bitsPerComponent` 8; `bitmapInfo` with no float, pixel-format or unknown bits;
    /// - an RGB `space` with 24 bits per pixel and alpha ``CGImageAlphaInfo/none``, or 32 bits per pixel with any
    ///   alpha placement except ``CGImageAlphaInfo/none`` and ``CGImageAlphaInfo/alphaOnly``
    ///   (RGBA, ARGB, RGBX, XRGB; with ``CGBitmapInfo/byteOrder32Little`` the pixel bytes are reversed, so
    ///   `premultipliedFirst | byteOrder32Little` is BGRA);
    /// - a gray `space` with 8 bits per pixel and no alpha, or 16 bits per pixel with alpha or a skipped byte
    ///   (``CGBitmapInfo/byteOrder16Little`` reverses the two bytes);
    /// - the big-endian byte orders leave 8-bit components in place at any pixel size; a little-endian order must
    ///   match the pixel size.
    ///
    /// Conversion:
    /// - straight alpha (``CGImageAlphaInfo/last``, ``CGImageAlphaInfo/first``) is premultiplied, each color byte
    ///   becoming `c × a / 255` rounded to nearest (`(c × a + 127) / 255` in integers; a tie cannot occur), so
    ///   (200, 100, 50, 128) becomes (100, 50, 25, 128);
    /// - premultiplied input without decode or gray conversion is copied as given, even a color byte above its alpha;
    /// - skipped bytes and missing alpha become alpha 255;
    /// - gray becomes equal red, green and blue: a gamma-2.2 gray space is converted to sRGB through linear light
    ///   (gray byte 128 becomes 129) and the image reports ``CGColorSpace/sRGB``; a linear gray space is copied into
    ///   ``CGColorSpace/linearSRGB``. RGB images keep `space` and their values;
    /// - `decode`, when given, holds a (low, high) pair per color component of `space` (alpha has none); a sample
    ///   `v` in 0…1 becomes `low + v × (high − low)`, clamped into 0…1. Premultiplied color is unpremultiplied
    ///   before decoding or gray conversion and premultiplied again after. A NaN or infinite decode entry returns
    ///   `nil`. The decode is applied once here, so the image does not report it afterwards.
    ///
    /// Size checks: width and height as in the type's documentation, `bytesPerRow` at least one row of pixels,
    /// and the provider must hold `bytesPerRow × (height − 1)` bytes plus one row of pixels.
    ///
    /// Deviation from Apple: other component sizes (1, 2, 4, 16 bits, floats) and CMYK or indexed data are not
    /// decoded.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        let colorCount = space.numberOfComponents
        guard Self.isAcceptableSize(width: width, height: height), bitsPerComponent == 8,
            let layout = SourcePixelLayout(colorComponents: colorCount, bitsPerPixel: bitsPerPixel, info: bitmapInfo)
        else { return nil }
        let rowBytes = width * layout.bytesPerPixel
        guard bytesPerRow >= rowBytes,
            let needed = Self.bytesNeeded(rows: height, stride: bytesPerRow, lastRow: rowBytes),
            provider.bytes.count >= needed
        else { return nil }

        var ranges: [(low: Double, high: Double)]?
        if let decode {
            let values = UnsafeBufferPointer(start: decode, count: 2 * colorCount).map { Double($0) }
            guard values.allSatisfy(\.isFinite) else { return nil }
            ranges = (0..<colorCount).map { (values[2 * $0], values[2 * $0 + 1]) }
        }
        let convertsGray = space.model == .monochrome && space.traits.curve != .linear
        let tables = ChannelTables(decode: ranges, convertsGammaGrayToSRGB: convertsGray, channels: colorCount)
        let storedSpace: CGColorSpace
        if space.model == .rgb {
            storedSpace = space
        } else {
            storedSpace = space.traits.curve == .linear ? .standardLinearSRGB : .standardSRGB
        }

        let stride = Self.alignedBytesPerRow(width: width)
        var pixels = Data(count: stride * height)
        pixels.withUnsafeMutableBytes { destination in
            provider.bytes.withUnsafeBytes { source in
                for row in 0..<height {
                    layout.convertRow(
                        from: source.baseAddress! + row * bytesPerRow,
                        to: destination.baseAddress! + row * stride,
                        width: width, tables: tables)
                }
            }
        }
        self.init(
            width: width, height: height, pixels: pixels, colorSpace: storedSpace,
            shouldInterpolate: shouldInterpolate, renderingIntent: intent)
    }
}

/// Per-channel byte-to-byte lookup tables applied to straight (not premultiplied) color while decoding an image
/// (our helper): the decode array's remapping and, for gamma-2.2 gray, the change to the sRGB curve.
struct ChannelTables {
    /// One 256-entry table per color channel.
    let tables: [[UInt8]]

    /// `nil` when there is nothing to remap, so the decoder can take its copy-only path.
    init?(decode: [(low: Double, high: Double)]?, convertsGammaGrayToSRGB: Bool, channels: Int) {
        guard decode != nil || convertsGammaGrayToSRGB else { return nil }
        tables = (0..<channels).map { channel in
            (0...255).map { sample in
                var value = Double(sample) / 255
                if let range = decode?[channel] {
                    value = ColorConversion.clampedToUnit(range.low + value * (range.high - range.low))
                }
                if convertsGammaGrayToSRGB {
                    value = TransferCurve.sRGB.encode(TransferCurve.gamma22.linearize(value))
                }
                return UInt8((ColorConversion.clampedToUnit(value) * 255).rounded())
            }
        }
    }
}

/// Where the components of one source pixel sit and how alpha is stored (our helper).
struct SourcePixelLayout {
    let bytesPerPixel: Int
    /// Byte offset of each color component inside a pixel (1 for gray, 3 for RGB).
    let colorOffsets: [Int]
    /// Byte offset of alpha, or `nil` when pixels are opaque (no alpha, or a skipped byte).
    let alphaOffset: Int?
    /// Whether stored color is already multiplied by alpha.
    let isPremultiplied: Bool

    /// The layout for `info`, or `nil` when the combination is not one ``CGImage`` decodes.
    init?(colorComponents: Int, bitsPerPixel: Int, info: CGBitmapInfo) {
        let raw = info.rawValue
        let known = CGBitmapInfo.alphaInfoMask.rawValue | CGBitmapInfo.byteOrderMask.rawValue
        guard raw & ~known == 0, let alpha = CGImageAlphaInfo(rawValue: raw & CGBitmapInfo.alphaInfoMask.rawValue),
            alpha != .alphaOnly
        else { return nil }
        let samples = alpha == .none ? colorComponents : colorComponents + 1
        guard bitsPerPixel == 8 * samples else { return nil }
        bytesPerPixel = samples

        let reversed: Bool
        switch raw & CGBitmapInfo.byteOrderMask.rawValue {
        case CGBitmapInfo.byteOrderDefault.rawValue, CGBitmapInfo.byteOrder16Big.rawValue,
            CGBitmapInfo.byteOrder32Big.rawValue:
            reversed = false
        case CGBitmapInfo.byteOrder16Little.rawValue where samples == 2,
            CGBitmapInfo.byteOrder32Little.rawValue where samples == 4:
            reversed = true
        default:
            return nil
        }
        let place = { (logical: Int) in reversed ? samples - 1 - logical : logical }

        let alphaFirst = [.premultipliedFirst, .first, .noneSkipFirst].contains(alpha)
        let firstColor = alphaFirst ? 1 : 0
        colorOffsets = (0..<colorComponents).map { place(firstColor + $0) }
        switch alpha {
        case .premultipliedFirst, .first:
            alphaOffset = place(0)
        case .premultipliedLast, .last:
            alphaOffset = place(colorComponents)
        default:
            alphaOffset = nil
        }
        isPremultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
    }

    /// Converts `width` pixels starting at `source` into premultiplied RGBA at `destination`.
    func convertRow(
        from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, width: Int, tables: ChannelTables?
    ) {
        let input = source.assumingMemoryBound(to: UInt8.self)
        let output = destination.assumingMemoryBound(to: UInt8.self)
        let isGray = colorOffsets.count == 1
        var color: (UInt32, UInt32, UInt32) = (0, 0, 0)
        for x in 0..<width {
            let pixel = input + x * bytesPerPixel
            let alpha = alphaOffset.map { UInt32(pixel[$0]) } ?? 255
            color.0 = UInt32(pixel[colorOffsets[0]])
            if isGray {
                color.1 = color.0
                color.2 = color.0
            } else {
                color.1 = UInt32(pixel[colorOffsets[1]])
                color.2 = UInt32(pixel[colorOffsets[2]])
            }
            if let tables {
                if isPremultiplied {
                    color = (
                        Self.unpremultiply(color.0, alpha), Self.unpremultiply(color.1, alpha),
                        Self.unpremultiply(color.2, alpha)
                    )
                }
                let table = tables.tables
                color = (
                    UInt32(table[0][Int(color.0)]), UInt32(table[isGray ? 0 : 1][Int(color.1)]),
                    UInt32(table[isGray ? 0 : 2][Int(color.2)])
                )
                color = (
                    Self.premultiply(color.0, alpha), Self.premultiply(color.1, alpha),
                    Self.premultiply(color.2, alpha)
                )
            } else if !isPremultiplied {
                color = (
                    Self.premultiply(color.0, alpha), Self.premultiply(color.1, alpha),
                    Self.premultiply(color.2, alpha)
                )
            }
            let target = output + x * 4
            target[0] = UInt8(truncatingIfNeeded: color.0)
            target[1] = UInt8(truncatingIfNeeded: color.1)
            target[2] = UInt8(truncatingIfNeeded: color.2)
            target[3] = UInt8(truncatingIfNeeded: alpha)
        }
    }

    /// `value × alpha / 255` rounded to nearest; both inputs 0…255.
    @inline(__always)
    static func premultiply(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
        (value * alpha + 127) / 255
    }

    /// `value × 255 / alpha` rounded to nearest and capped at 255; 0 when alpha is 0.
    @inline(__always)
    static func unpremultiply(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
        guard alpha > 0 else { return 0 }
        return Swift.min(255, (value * 255 + alpha / 2) / alpha)
    }
}
