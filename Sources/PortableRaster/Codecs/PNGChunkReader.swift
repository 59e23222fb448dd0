/// Walks the chunks of a PNG file, checking lengths, type letters and CRCs.
struct PNGChunkReader {
    let data: UnsafeRawBufferPointer
    private var position = 8

    init(data: UnsafeRawBufferPointer) {
        self.data = data
    }

    private func bigEndian32(_ offset: Int) -> UInt32 {
        UInt32(data[offset]) << 24 | UInt32(data[offset + 1]) << 16 | UInt32(data[offset + 2]) << 8
            | UInt32(data[offset + 3])
    }

    /// The next chunk; throws at the end of the data (a file must end with `IEND`).
    mutating func next() throws(PNGError) -> PNGChunk {
        guard data.count - position >= 8 else { throw .truncated }
        let length = bigEndian32(position)
        let type = bigEndian32(position + 4)
        guard length <= 0x7FFF_FFFF else { throw .chunkTooLong(type: pngChunkName(type), length: length) }
        for shift in [24, 16, 8, 0] {
            let letter = UInt8(truncatingIfNeeded: type >> UInt32(shift))
            guard (65...90).contains(letter) || (97...122).contains(letter) else {
                throw .invalidChunkType(pngChunkName(type))
            }
        }
        let start = position + 8
        guard data.count - start >= Int(length) + 4 else { throw .truncated }
        let end = start + Int(length)
        let stored = bigEndian32(end)
        var crc = CRC32()
        crc.update(UnsafeRawBufferPointer(rebasing: data[(position + 4)..<end]))
        guard crc.value == stored else {
            throw .checksumMismatch(chunk: pngChunkName(type), stored: stored, computed: crc.value)
        }
        position = end + 4
        return PNGChunk(type: type, range: start..<end, data: UnsafeRawBufferPointer(rebasing: data[start..<end]))
    }

    /// Checks the signature and reads and validates the `IHDR` chunk, which must come first.
    mutating func readHeader() throws(PNGError) -> PNGHeader {
        guard data.count >= 8, data.prefix(8).elementsEqual(PNG.signature) else { throw .notPNG }
        let chunk = try next()
        guard chunk.type == PNGChunkType.header else { throw .missingHeader(found: chunk.name) }
        guard chunk.data.count == 13 else {
            throw .invalidHeader("it is \(chunk.data.count) bytes long instead of 13")
        }
        let bytes = chunk.data
        let width = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        let height = UInt32(bytes[4]) << 24 | UInt32(bytes[5]) << 16 | UInt32(bytes[6]) << 8 | UInt32(bytes[7])
        guard width >= 1, height >= 1, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .invalidDimensions(width: width, height: height)
        }
        let bitDepth = bytes[8]
        guard let colorType = PNGColorType(rawValue: bytes[9]), colorType.allows(bitDepth: Int(bitDepth)) else {
            throw .invalidColorTypeAndBitDepth(colorType: bytes[9], bitDepth: bitDepth)
        }
        guard bytes[10] == 0 else { throw .invalidHeader("compression method \(bytes[10]) is not 0 (deflate)") }
        guard bytes[11] == 0 else { throw .invalidHeader("filter method \(bytes[11]) is not 0") }
        guard bytes[12] <= 1 else { throw .invalidHeader("interlace method \(bytes[12]) is not 0 or 1") }
        let w = Int(width)
        let h = Int(height)
        guard w <= PixelBuffer.maximumSide, h <= PixelBuffer.maximumSide,
            ((w * 4 + 15) & ~15) * h <= PixelBuffer.maximumByteCount
        else { throw .imageTooLarge(width: w, height: h) }
        return PNGHeader(
            width: w, height: h, bitDepth: Int(bitDepth), colorType: colorType, isInterlaced: bytes[12] == 1)
    }
}
