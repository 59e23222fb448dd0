/// Chunk type codes as big-endian words.
enum PNGChunkType {
    static let header: UInt32 = 0x4948_4452  // IHDR
    static let palette: UInt32 = 0x504C_5445  // PLTE
    static let imageData: UInt32 = 0x4944_4154  // IDAT
    static let end: UInt32 = 0x4945_4E44  // IEND
    static let transparency: UInt32 = 0x7452_4E53  // tRNS
}
