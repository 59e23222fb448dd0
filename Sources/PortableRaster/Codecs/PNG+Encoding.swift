extension PNG {
    /// Encodes a premultiplied image as an 8-bit-per-channel PNG file and returns its bytes.
    ///
    /// Colours are un-premultiplied with `round(c · 255 / a)` (alpha 0 gives `(0, 0, 0, 0)`). Decoding the
    /// result with `decode(_:)` gives back exactly the same premultiplied pixels
    /// for every valid pixel (colour ≤ alpha): the un-premultiplied value is within ½ of `c · 255 / a`, so
    /// multiplying it by `a / 255` lands within `a / 510 < ½` of `c` and rounds back to `c`. Pixels with
    /// alpha 0 are written as `(0, 0, 0, 0)`; a colour channel above a non-zero alpha (invalid premultiplied
    /// data) is written as 255.
    ///
    /// The colour type is RGBA, or RGB when every pixel is opaque and ``PNGEncodingOptions/dropsOpaqueAlpha``
    /// is set, or gray / gray + alpha when ``PNGEncodingOptions/allowsGray`` is set and every pixel is gray.
    /// No ancillary chunks are written, and the same image and options always give the same bytes.
    @_spi(Engine) public static func encode(
        _ image: PixelBuffer, options: PNGEncodingOptions = PNGEncodingOptions()
    ) -> [UInt8] {
        image.withUnsafeBytes { raw in
            let pixels = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let width = image.width
            let height = image.height
            let stride = image.bytesPerRow

            var opaque = true
            var gray = options.allowsGray
            for y in 0..<height where opaque || gray {
                let row = pixels + y * stride
                var rowAlpha: UInt8 = 255
                var rowGray = true
                for x in 0..<width {
                    let p = row + x &* 4
                    rowAlpha &= p[3]
                    rowGray = rowGray && p[0] == p[1] && p[1] == p[2]
                }
                opaque = opaque && rowAlpha == 255
                gray = gray && rowGray
            }
            let keepsAlpha = !(opaque && options.dropsOpaqueAlpha)
            let colorType: PNGColorType =
                gray ? (keepsAlpha ? .grayAlpha : .gray) : (keepsAlpha ? .rgba : .rgb)
            let header = PNGHeader(width: width, height: height, bitDepth: 8, colorType: colorType, isInterlaced: false)
            let channels = header.channels
            let rowBytes = width * channels

            let filteredCount = height * (rowBytes + 1)
            let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount)
            defer { filtered.deallocate() }
            // Two straight-alpha rows with 16 zero bytes before each, so the left neighbours of the first
            // pixel read as 0 as the filters require.
            let padding = 16
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (rowBytes + padding))
            scratch.initialize(repeating: 0, count: 2 * (rowBytes + padding))
            defer { scratch.deallocate() }
            var current = scratch + padding
            var previous = scratch + 2 * padding + rowBytes

            unpremultiplyTable.withUnsafeBufferPointer { table in
                for y in 0..<height {
                    straightRow(
                        pixels + y * stride, width: width, colorType: colorType, table: table.baseAddress!,
                        into: current)
                    filterRow(
                        current, previous: previous, count: rowBytes, stride: channels, strategy: options.filter,
                        into: filtered + y * (rowBytes + 1))
                    swap(&current, &previous)
                }
            }

            let compressed = Deflate.compressZlib(
                UnsafeRawBufferPointer(start: filtered, count: filteredCount), level: options.compression)
            var file: [UInt8] = []
            file.reserveCapacity(compressed.count + compressed.count / idatChunkSize * 12 + 64)
            file.append(contentsOf: signature)
            let ihdr: [UInt8] =
                bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height))
                + [8, colorType.rawValue, 0, 0, 0]
            appendChunk(PNGChunkType.header, ihdr[...], to: &file)
            var start = 0
            repeat {
                let end = min(compressed.count, start + idatChunkSize)
                appendChunk(PNGChunkType.imageData, compressed[start..<end], to: &file)
                start = end
            } while start < compressed.count
            appendChunk(PNGChunkType.end, [][...], to: &file)
            return file
        }
    }

    /// Largest `IDAT` chunk written; big enough that chunk overhead is negligible.
    static let idatChunkSize = 1 << 18

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    private static func appendChunk(_ type: UInt32, _ data: ArraySlice<UInt8>, to file: inout [UInt8]) {
        file.append(contentsOf: bigEndianBytes(UInt32(data.count)))
        let typeBytes = bigEndianBytes(type)
        file.append(contentsOf: typeBytes)
        file.append(contentsOf: data)
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        file.append(contentsOf: bigEndianBytes(crc.value))
    }

    /// Writes one row of premultiplied RGBA pixels as straight samples of `colorType` (8 bits each).
    private static func straightRow(
        _ row: UnsafePointer<UInt8>, width: Int, colorType: PNGColorType, table: UnsafePointer<UInt8>,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        switch colorType {
        case .rgba:
            for x in 0..<width {
                let word = UnsafeRawPointer(row + x &* 4).loadUnaligned(as: UInt32.self)
                let alpha = Int(row[x &* 4 &+ 3])
                if alpha == 255 || alpha == 0 {
                    // Opaque pixels are already straight; transparent ones are (0, 0, 0, 0) when valid.
                    UnsafeMutableRawPointer(out + x &* 4).storeBytes(
                        of: alpha == 0 ? 0 : word, as: UInt32.self)
                } else {
                    let base = alpha &<< 8
                    out[x &* 4] = table[base | Int(row[x &* 4])]
                    out[x &* 4 &+ 1] = table[base | Int(row[x &* 4 &+ 1])]
                    out[x &* 4 &+ 2] = table[base | Int(row[x &* 4 &+ 2])]
                    out[x &* 4 &+ 3] = UInt8(truncatingIfNeeded: alpha)
                }
            }
        case .rgb:
            for x in 0..<width {
                out[x &* 3] = row[x &* 4]
                out[x &* 3 &+ 1] = row[x &* 4 &+ 1]
                out[x &* 3 &+ 2] = row[x &* 4 &+ 2]
            }
        case .grayAlpha:
            for x in 0..<width {
                let alpha = Int(row[x &* 4 &+ 3])
                out[x &* 2] = table[alpha &<< 8 | Int(row[x &* 4])]
                out[x &* 2 &+ 1] = UInt8(truncatingIfNeeded: alpha)
            }
        case .gray, .palette:
            for x in 0..<width { out[x] = row[x &* 4] }
        }
    }

    /// Filters one row into `out` (filter-type byte, then `count` bytes), choosing the filter by `strategy`.
    /// `current[-stride]` and `previous[-stride]` must be readable zeros.
    static func filterRow(
        _ current: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int,
        strategy: PNGFilterStrategy, into out: UnsafeMutablePointer<UInt8>
    ) {
        let type: PNGFilterType
        switch strategy {
        case .fixed(let fixed):
            type = fixed
        case .adaptive:
            type = cheapestFilter(current, previous: previous, count: count, stride: stride)
        }
        out[0] = type.rawValue
        let target = out + 1
        switch type {
        case .none:
            target.update(from: current, count: count)
        case .sub:
            for i in 0..<count { target[i] = current[i] &- current[i &- stride] }
        case .up:
            for i in 0..<count { target[i] = current[i] &- previous[i] }
        case .average:
            for i in 0..<count {
                target[i] = current[i] &- average(current[i &- stride], previous[i])
            }
        case .paeth:
            for i in 0..<count {
                target[i] = current[i] &- paethPredictor(current[i &- stride], previous[i], previous[i &- stride])
            }
        }
    }

    /// ⌊(a + b) / 2⌋ without leaving 8 bits.
    @inline(__always)
    private static func average(_ a: UInt8, _ b: UInt8) -> UInt8 {
        (a & b) &+ ((a ^ b) &>> 1)
    }

    /// |v| for `v` read as a signed byte (128 for −128).
    @inline(__always)
    private static func signedMagnitude(_ v: UInt8) -> UInt8 {
        min(v, 0 &- v)
    }

    /// The filter whose output for this row has the least sum of signed-byte magnitudes.
    ///
    /// Written as a plain byte loop that the compiler vectorizes (about 1 ms for a 640 × 480 RGBA frame):
    /// bytes are handled in runs of 256, whose sums fit 16-bit accumulators (each magnitude is at most 128).
    /// Hand-written `SIMD16` code was tried and was slower, because the standard library's generic vector
    /// selections and minimums do not compile to vector instructions.
    private static func cheapestFilter(
        _ current: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int
    ) -> PNGFilterType {
        var sums: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0)
        var start = 0
        while start < count {
            let end = min(count, start &+ 256)
            var none: UInt16 = 0
            var sub: UInt16 = 0
            var up: UInt16 = 0
            var average: UInt16 = 0
            var paeth: UInt16 = 0
            for i in start..<end {
                let x = current[i]
                let a = current[i &- stride]
                let b = previous[i]
                let c = previous[i &- stride]
                none &+= UInt16(signedMagnitude(x))
                sub &+= UInt16(signedMagnitude(x &- a))
                up &+= UInt16(signedMagnitude(x &- b))
                average &+= UInt16(signedMagnitude(x &- Self.average(a, b)))
                paeth &+= UInt16(signedMagnitude(x &- paethPredictor(a, b, c)))
            }
            sums.0 &+= UInt32(none)
            sums.1 &+= UInt32(sub)
            sums.2 &+= UInt32(up)
            sums.3 &+= UInt32(average)
            sums.4 &+= UInt32(paeth)
            start = end
        }
        var best = PNGFilterType.none
        var bestSum = sums.0
        for (type, sum) in [(PNGFilterType.sub, sums.1), (.up, sums.2), (.average, sums.3), (.paeth, sums.4)]
        where sum < bestSum {
            best = type
            bestSum = sum
        }
        return best
    }
}

/// `round(c · 255 / a)` for every alpha `a` (high byte of the index) and premultiplied colour `c` (low
/// byte), computed as `⌊(255c + ⌊a/2⌋) / a⌋`: nearest, with exact halves (possible for even `a`) rounded
/// up. Either way the result is within ½ of `255c / a`, which is all the exact round trip needs (see
/// ``PNG/encode(_:options:)``). Alpha 0 gives 0; `c > a` (invalid premultiplied data) gives 255.
let unpremultiplyTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 65_536)
    for alpha in 1..<256 {
        for color in 0..<256 {
            table[alpha << 8 | color] = UInt8(min(255, (color * 255 + alpha / 2) / alpha))
        }
    }
    return table
}()
