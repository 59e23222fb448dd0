/// One chunk: its type and where its data lies in the file.
struct PNGChunk {
    let type: UInt32
    let range: Range<Int>
    let data: UnsafeRawBufferPointer

    /// The four type letters.
    var name: String { pngChunkName(type) }
    /// Critical chunks have an upper-case first letter (bit 5 of the first byte clear).
    var isCritical: Bool { type & 0x2000_0000 == 0 }
}

/// The four letters of a chunk type, with `?` for bytes that are not printable ASCII.
func pngChunkName(_ type: UInt32) -> String {
    let bytes = [type >> 24, type >> 16, type >> 8, type].map { UInt8(truncatingIfNeeded: $0) }
    return String(decoding: bytes.map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
}
