/// Reading and writing PNG images (ISO/IEC 15948, the PNG specification) as premultiplied ``PixelBuffer``s.
///
/// Decoding accepts every standard PNG: colour types gray, gray + alpha, RGB, RGBA and palette; bit depths
/// 1, 2, 4, 8 and 16; all five row filters; Adam7 interlacing; transparency from `tRNS` (palette alphas
/// and gray/RGB colour keys). Every chunk's CRC is checked. Ancillary chunks other than `tRNS` (gamma,
/// colour profiles, text, physical size, …) are skipped without interpretation, so colours are taken as
/// stored. Unknown critical chunks, misplaced chunks and malformed data are errors (``PNGError``).
/// Bytes after `IEND` and after the end of the zlib stream inside the image data are ignored.
///
/// Encoding (``encode(_:options:)``) is in `PNG+Encoding.swift`.
@_spi(Engine) public enum PNG {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Decodes a complete PNG file to premultiplied RGBA, 8 bits per channel.
    ///
    /// Conversions, all exactly rounded to nearest:
    /// - 16-bit samples become `round(v / 257)` (257 = 65 535 / 255);
    /// - 1-, 2- and 4-bit gray is scaled to 0 ... 255 (`v · 255 / (2^depth − 1)`, exact);
    /// - straight alpha is premultiplied: `round(c · a / 255)` for 8-bit data, and for 16-bit data directly
    ///   from the 16-bit values, `round(c₁₆ · a₁₆ / (65 535 · 257))`, so there is a single rounding;
    /// - a pixel matching the `tRNS` colour key (compared at the file's bit depth, before scaling) becomes
    ///   transparent `(0, 0, 0, 0)`; all other pixels of gray and RGB images are opaque.
    ///
    /// - Throws: ``PNGError`` describing the first problem found. Before reserving memory for pixels the
    ///   decoder checks the header against ``PixelBuffer``'s size limits and the amount of compressed data
    ///   against the most deflate can expand, so a tiny hostile file cannot make it allocate gigabytes.
    @_spi(Engine) public static func decode(_ data: UnsafeRawBufferPointer) throws(PNGError) -> PixelBuffer {
        var reader = PNGChunkReader(data: data)
        let header = try reader.readHeader()

        var palette: [UInt8] = []
        var paletteAlpha: [UInt8] = []
        var colorKey: [UInt16]? = nil
        var sawPalette = false
        var sawTransparency = false
        var imageDataRanges: [Range<Int>] = []
        var imageDataEnded = false
        chunks: while true {
            let chunk = try reader.next()
            if chunk.type != PNGChunkType.imageData && !imageDataRanges.isEmpty { imageDataEnded = true }
            switch chunk.type {
            case PNGChunkType.header:
                throw .misplacedChunk("a second IHDR chunk follows the first")
            case PNGChunkType.palette:
                guard imageDataRanges.isEmpty else { throw .misplacedChunk("PLTE comes after IDAT") }
                guard !sawPalette else { throw .misplacedChunk("a second PLTE chunk follows the first") }
                guard !sawTransparency else { throw .misplacedChunk("PLTE comes after tRNS") }
                guard header.colorType != .gray && header.colorType != .grayAlpha else {
                    throw .invalidPalette("gray images must not have a palette")
                }
                let count = chunk.data.count / 3
                guard chunk.data.count % 3 == 0, count >= 1, count <= 256 else {
                    throw .invalidPalette("its length \(chunk.data.count) is not 3 × (1 ... 256) bytes")
                }
                if header.colorType == .palette && count > 1 << header.bitDepth {
                    throw .invalidPalette(
                        "it has \(count) entries but \(header.bitDepth)-bit indices reach only \(1 << header.bitDepth)")
                }
                sawPalette = true
                palette = Array(chunk.data)
            case PNGChunkType.transparency:
                guard imageDataRanges.isEmpty else { throw .misplacedChunk("tRNS comes after IDAT") }
                guard !sawTransparency else { throw .misplacedChunk("a second tRNS chunk follows the first") }
                sawTransparency = true
                switch header.colorType {
                case .gray, .rgb:
                    let expected = header.colorType == .gray ? 2 : 6
                    guard chunk.data.count == expected else {
                        throw .invalidTransparency(
                            "it has \(chunk.data.count) bytes; this colour type needs \(expected)")
                    }
                    colorKey = stride(from: 0, to: expected, by: 2).map {
                        UInt16(chunk.data[$0]) << 8 | UInt16(chunk.data[$0 + 1])
                    }
                case .palette:
                    guard sawPalette else { throw .misplacedChunk("tRNS comes before PLTE") }
                    guard chunk.data.count <= palette.count / 3 else {
                        throw .invalidTransparency(
                            "it has \(chunk.data.count) alpha values for \(palette.count / 3) palette entries")
                    }
                    paletteAlpha = Array(chunk.data)
                case .grayAlpha, .rgba:
                    throw .invalidTransparency("images with an alpha channel must not have one")
                }
            case PNGChunkType.imageData:
                guard !imageDataEnded else { throw .misplacedChunk("IDAT chunks are not consecutive") }
                guard header.colorType != .palette || sawPalette else {
                    throw .invalidPalette("palette images need a PLTE chunk before IDAT")
                }
                imageDataRanges.append(chunk.range)
            case PNGChunkType.end:
                break chunks
            default:
                if chunk.isCritical { throw .unknownCriticalChunk(chunk.name) }
            }
        }
        guard !imageDataRanges.isEmpty else { throw .missingImageData }

        let passes = header.isInterlaced ? PNGPass.adam7 : PNGPass.whole
        var expected = 0
        for pass in passes {
            let width = pass.width(header.width)
            let height = pass.height(header.height)
            if width > 0 && height > 0 { expected += height * (header.rowBytes(pixels: width) + 1) }
        }
        let compressed = imageDataRanges.reduce(0) { $0 + $1.count }
        guard expected <= compressed * 1_040 + 4_096 else {
            throw .imageDataTooShort(compressedBytes: compressed, expectedBytes: expected)
        }

        var inflated = InflateOutput(limit: expected, initialCapacity: expected)
        do throws(InflateError) {
            if imageDataRanges.count == 1 {
                _ = try Inflate.decompressZlib(
                    UnsafeRawBufferPointer(rebasing: data[imageDataRanges[0]]), into: &inflated)
            } else {
                var joined: [UInt8] = []
                joined.reserveCapacity(compressed)
                for range in imageDataRanges { joined.append(contentsOf: data[range]) }
                try joined.withUnsafeBufferPointer { (buffer) throws(InflateError) in
                    _ = try Inflate.decompressZlib(UnsafeRawBufferPointer(buffer), into: &inflated)
                }
            }
        } catch {
            throw .compressedData(error)
        }
        guard inflated.count == expected else {
            throw .imageDataSizeMismatch(expected: expected, actual: inflated.count)
        }

        let converter = PNGPixelConverter(
            header: header, palette: palette, paletteAlpha: paletteAlpha, colorKey: colorKey)
        var image: PixelBuffer
        do throws(PixelBufferError) {
            image = try PixelBuffer(width: header.width, height: header.height)
        } catch {
            throw .imageTooLarge(width: header.width, height: header.height)
        }
        let bytesPerRow = image.bytesPerRow
        let zeroRow = [UInt8](repeating: 0, count: header.rowBytes(pixels: header.width))
        let rows = inflated.base
        try image.withUnsafeMutableBytes { (pixels) throws(PNGError) in
            try zeroRow.withUnsafeBufferPointer { (zeros) throws(PNGError) in
                var offset = 0
                var rowNumber = 0
                for pass in passes {
                    let width = pass.width(header.width)
                    let height = pass.height(header.height)
                    guard width > 0 && height > 0 else { continue }
                    let rowBytes = header.rowBytes(pixels: width)
                    var previous = zeros.baseAddress!
                    for passRow in 0..<height {
                        let filter = rows[offset]
                        guard let type = PNGFilterType(rawValue: filter) else {
                            throw .invalidFilterType(row: rowNumber, type: filter)
                        }
                        let row = rows + offset + 1
                        type.reverse(row: row, previous: previous, count: rowBytes, stride: header.filterStride)
                        let y = pass.startY + passRow * pass.stepY
                        let destination =
                            pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
                            + y * bytesPerRow + pass.startX * 4
                        try converter.convert(row, pixels: width, into: destination, pixelStep: pass.stepX * 4)
                        previous = UnsafePointer(row)
                        offset += rowBytes + 1
                        rowNumber += 1
                    }
                }
            }
        }
        return image
    }

    /// Decodes a complete PNG file (see the `UnsafeRawBufferPointer` overload).
    @_spi(Engine) public static func decode(_ data: [UInt8]) throws(PNGError) -> PixelBuffer {
        let result: Result<PixelBuffer, PNGError> = data.withUnsafeBytes { raw in
            do throws(PNGError) { return .success(try decode(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Reads only the signature and the `IHDR` chunk (checking its CRC and values), for example to learn an
    /// image's size without decoding it.
    @_spi(Engine) public static func readHeader(_ data: [UInt8]) throws(PNGError) -> PNGHeader {
        let result: Result<PNGHeader, PNGError> = data.withUnsafeBytes { raw in
            do throws(PNGError) {
                var reader = PNGChunkReader(data: raw)
                return .success(try reader.readHeader())
            } catch { return .failure(error) }
        }
        return try result.get()
    }
}
