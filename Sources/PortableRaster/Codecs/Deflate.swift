/// Compression to deflate data (RFC 1951), bare or in the zlib wrapper (RFC 1950) that PNG uses.
///
/// The compressor finds repeated strings with hash chains over a 32 KiB window (LZ77) and codes each block
/// with whichever of a dynamic Huffman code (optimal, length-limited by package-merge), the fixed code or
/// stored bytes is smallest. The output depends only on the input and the level: the same bytes always
/// compress to the same bytes, on every machine.
@_spi(Engine) public enum Deflate {
    /// Compresses `data` into a zlib stream: header, deflate blocks, big-endian Adler-32 of `data`.
    ///
    /// The header announces a 32 KiB window and the level class (fastest, default or best), as zlib does.
    /// Empty input gives a valid 8-byte stream.
    @_spi(Engine) public static func compressZlib(
        _ data: UnsafeRawBufferPointer, level: DeflateLevel = .default
    ) -> [UInt8] {
        var sink = DeflateSink(capacity: data.count / 4 + 64)
        let header: UInt8 =
            switch level.headerLevel {
            case 0: 0x01
            case 1: 0x5E
            case 2: 0x9C
            default: 0xDA
            }
        sink.writeAlignedBytes([0x78, header])
        DeflateCompressor.compress(data, level: level, into: &sink)
        let adler = Adler32.checksum(data)
        sink.writeAlignedBytes([
            UInt8(truncatingIfNeeded: adler >> 24), UInt8(truncatingIfNeeded: adler >> 16),
            UInt8(truncatingIfNeeded: adler >> 8), UInt8(truncatingIfNeeded: adler),
        ])
        return sink.array()
    }

    /// Compresses `data` into a zlib stream (see the `UnsafeRawBufferPointer` overload).
    @_spi(Engine) public static func compressZlib(_ data: [UInt8], level: DeflateLevel = .default) -> [UInt8] {
        data.withUnsafeBytes { compressZlib($0, level: level) }
    }

    /// Compresses `data` into bare deflate blocks, the last one marked final and padded to a whole byte.
    @_spi(Engine) public static func compressRaw(_ data: [UInt8], level: DeflateLevel = .default) -> [UInt8] {
        data.withUnsafeBytes { raw in
            var sink = DeflateSink(capacity: raw.count / 4 + 64)
            DeflateCompressor.compress(raw, level: level, into: &sink)
            return sink.array()
        }
    }
}
