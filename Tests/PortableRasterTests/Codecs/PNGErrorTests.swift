@_spi(Engine) import PortableRaster
import Testing

@Suite("PNG errors")
struct PNGErrorTests {
    /// A valid 2×1 RGB file: rows with filter byte 0. A new array for each use: the thread sanitizer reported
    /// parallel tests compressing one shared array as access races.
    static var validRows: [UInt8] { [0, 10, 20, 30, 40, 50, 60] }
    static var valid: [UInt8] { PNGTestFile.make(width: 2, height: 1, depth: 8, colorType: 2, rows: validRows) }
    static let ihdrEnd = 8 + 25

    @Test("the valid base file decodes")
    func baseFileDecodes() throws {
        let image = try PNG.decode(Self.valid)
        #expect(image.pixelList == [RGBA8(r: 10, g: 20, b: 30, a: 255), RGBA8(r: 40, g: 50, b: 60, a: 255)])
    }

    @Test("a missing signature and every truncation give typed errors")
    func signatureAndTruncation() {
        #expect(throws: PNGError.notPNG) { try PNG.decode(Array("GIF89a".utf8)) }
        #expect(throws: PNGError.notPNG) { try PNG.decode([]) }
        let file = Self.valid
        for length in 8..<file.count {
            #expect(throws: PNGError.truncated) { try PNG.decode(Array(file[0..<length])) }
        }
    }

    @Test("a corrupted byte is caught by the chunk CRC")
    func crcMismatch() {
        var file = Self.valid
        file[Self.ihdrEnd + 10] ^= 0x40  // inside the IDAT data
        #expect {
            try PNG.decode(file)
        } throws: { error in
            guard case PNGError.checksumMismatch(chunk: "IDAT", _, _) = error else { return false }
            return true
        }
    }

    @Test(
        "impossible or gigantic header values are rejected before any pixel memory is reserved",
        arguments: [
            (UInt32(0), UInt32(5), PNGError.invalidDimensions(width: 0, height: 5)),
            (0x8000_0000, 1, PNGError.invalidDimensions(width: 0x8000_0000, height: 1)),
            (0x7FFF_FFFF, 0x7FFF_FFFF, PNGError.imageTooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)),
            (16_384, 16_385, PNGError.imageTooLarge(width: 16_384, height: 16_385)),
            (
                16_384, 16_384,
                PNGError.imageDataTooShort(
                    compressedBytes: Deflate.compressZlib(validRows).count, expectedBytes: 16_384 * 49_153)
            ),
        ])
    func hugeHeaders(width: UInt32, height: UInt32, expected: PNGError) {
        let file =
            PNGTestFile.signature + PNGTestFile.header(width: width, height: height, depth: 8, colorType: 2)
            + PNGTestFile.chunk("IDAT", Deflate.compressZlib(Self.validRows)) + PNGTestFile.chunk("IEND", [])
        #expect(throws: expected) { try PNG.decode(file) }
    }

    @Test("invalid header fields are named")
    func headerFields() {
        func file(depth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
            PNGTestFile.signature
                + PNGTestFile.header(width: 2, height: 1, depth: depth, colorType: colorType, interlace: interlace)
        }
        #expect(throws: PNGError.invalidColorTypeAndBitDepth(colorType: 2, bitDepth: 4)) {
            try PNG.readHeader(file(depth: 4, colorType: 2))
        }
        #expect(throws: PNGError.invalidColorTypeAndBitDepth(colorType: 5, bitDepth: 8)) {
            try PNG.readHeader(file(depth: 8, colorType: 5))
        }
        #expect(throws: PNGError.invalidHeader("interlace method 2 is not 0 or 1")) {
            try PNG.readHeader(file(depth: 8, colorType: 2, interlace: 2))
        }
        let notFirst = PNGTestFile.signature + PNGTestFile.chunk("tEXt", [65])
        #expect(throws: PNGError.missingHeader(found: "tEXt")) { try PNG.decode(notFirst) }
    }

    /// The valid file with `chunks` inserted before IDAT, or after it when `afterData`.
    static func withChunks(_ chunks: [[UInt8]], afterData: [[UInt8]] = [], colorType: UInt8 = 2) -> [UInt8] {
        PNGTestFile.signature + PNGTestFile.header(width: 2, height: 1, depth: 8, colorType: colorType)
            + chunks.joined() + PNGTestFile.chunk("IDAT", Deflate.compressZlib(validRows)) + afterData.joined()
            + PNGTestFile.chunk("IEND", [])
    }

    @Test("unknown ancillary chunks are skipped; unknown critical chunks are errors")
    func unknownChunks() throws {
        let ancillary = Self.withChunks([
            PNGTestFile.chunk("zzZz", [1, 2, 3]), PNGTestFile.chunk("gAMA", [0, 1, 0, 0]),
        ])
        #expect(try PNG.decode(ancillary) == PNG.decode(Self.valid))
        #expect(throws: PNGError.unknownCriticalChunk("ABCD")) {
            try PNG.decode(Self.withChunks([PNGTestFile.chunk("ABCD", [])]))
        }
        #expect(throws: PNGError.invalidChunkType("AB1D")) {
            try PNG.decode(Self.withChunks([PNGTestFile.chunk("AB1D", [])]))
        }
    }

    @Test("misplaced, duplicated and malformed PLTE, tRNS and IDAT chunks are errors")
    func chunkOrder() {
        let palette = PNGTestFile.chunk("PLTE", [1, 2, 3, 4, 5, 6])
        let idat = PNGTestFile.chunk("IDAT", Deflate.compressZlib(Self.validRows))
        #expect(throws: PNGError.misplacedChunk("PLTE comes after IDAT")) {
            try PNG.decode(Self.withChunks([], afterData: [palette]))
        }
        #expect(throws: PNGError.misplacedChunk("IDAT chunks are not consecutive")) {
            try PNG.decode(Self.withChunks([], afterData: [PNGTestFile.chunk("tEXt", [65]), idat]))
        }
        #expect(throws: PNGError.misplacedChunk("a second IHDR chunk follows the first")) {
            try PNG.decode(
                Self.withChunks([PNGTestFile.header(width: 2, height: 1, depth: 8, colorType: 2)]))
        }
        #expect(throws: PNGError.invalidPalette("gray images must not have a palette")) {
            try PNG.decode(Self.withChunks([palette], colorType: 0))
        }
        #expect(throws: PNGError.invalidPalette("its length 4 is not 3 × (1 ... 256) bytes")) {
            try PNG.decode(Self.withChunks([PNGTestFile.chunk("PLTE", [1, 2, 3, 4])]))
        }
        #expect(throws: PNGError.invalidPalette("palette images need a PLTE chunk before IDAT")) {
            try PNG.decode(Self.withChunks([], colorType: 3))
        }
        #expect(throws: PNGError.invalidTransparency("it has 2 bytes; this colour type needs 6")) {
            try PNG.decode(Self.withChunks([PNGTestFile.chunk("tRNS", [0, 1])]))
        }
        #expect(throws: PNGError.invalidTransparency("images with an alpha channel must not have one")) {
            try PNG.decode(Self.withChunks([PNGTestFile.chunk("tRNS", [0, 1])], colorType: 6))
        }
        #expect(throws: PNGError.missingImageData) {
            try PNG.decode(
                PNGTestFile.signature + PNGTestFile.header(width: 2, height: 1, depth: 8, colorType: 2)
                    + PNGTestFile.chunk("IEND", []))
        }
    }

    @Test("wrong amounts of image data, bad filter types and bad palette indices are errors")
    func imageData() {
        let tooMuch = PNGTestFile.make(width: 2, height: 1, depth: 8, colorType: 2, rows: Self.validRows + [0])
        #expect(throws: PNGError.compressedData(.outputLimitExceeded(limit: 7))) { try PNG.decode(tooMuch) }
        let tooLittle = PNGTestFile.make(
            width: 2, height: 1, depth: 8, colorType: 2, rows: Array(Self.validRows.prefix(5)))
        #expect(throws: PNGError.imageDataSizeMismatch(expected: 7, actual: 5)) { try PNG.decode(tooLittle) }
        var badFilter = Self.validRows
        badFilter[0] = 5
        #expect(throws: PNGError.invalidFilterType(row: 0, type: 5)) {
            try PNG.decode(PNGTestFile.make(width: 2, height: 1, depth: 8, colorType: 2, rows: badFilter))
        }
        let paletteFile = PNGTestFile.make(
            width: 2, height: 1, depth: 8, colorType: 3, rows: [0, 1, 2],
            extraChunks: [PNGTestFile.chunk("PLTE", [1, 2, 3, 4, 5, 6])])
        #expect(throws: PNGError.paletteIndexOutOfRange(index: 2, paletteCount: 2)) { try PNG.decode(paletteFile) }
        let corruptStream =
            PNGTestFile.signature + PNGTestFile.header(width: 2, height: 1, depth: 8, colorType: 2)
            + PNGTestFile.chunk("IDAT", [0x78, 0x9C, 0xFF, 0xFF]) + PNGTestFile.chunk("IEND", [])
        #expect(throws: PNGError.self) { try PNG.decode(corruptStream) }
    }

    @Test("error descriptions say what is wrong")
    func descriptions() {
        #expect(PNGError.notPNG.description.contains("signature"))
        #expect(PNGError.checksumMismatch(chunk: "IDAT", stored: 1, computed: 2).description.contains("0x00000001"))
        #expect(PNGError.compressedData(.outputLimitExceeded(limit: 7)).description.contains("header implies"))
        #expect(PNGError.imageTooLarge(width: 1, height: 2).description.contains("32767"))
        #expect(InflateError.distanceTooFarBack(distance: 5, available: 2).description.contains("5"))
    }
}
