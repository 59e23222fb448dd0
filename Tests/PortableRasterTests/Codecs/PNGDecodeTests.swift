@_spi(Engine) import PortableRaster
import Testing

/// What the decoder must produce for the fixtures, computed from the generator's sample formula with the
/// documented conversions (written independently of the decoder, with plain integer rounding).
enum ExpectedPixels {
    /// `round(n / d)` for positive integers, where ties cannot occur in the uses below.
    static func rounded(_ n: Int, _ d: Int) -> Int { (2 * n + d) / (2 * d) }

    static func pixel(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> RGBA8 {
        RGBA8(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(a))
    }

    /// Straight samples (at the file's bit depth) to the decoder's premultiplied 8-bit pixel.
    static func convert(_ samples: [Int], alpha: Int?, depth: Int) -> RGBA8 {
        let maximum = (1 << depth) - 1
        let color = samples.count == 1 ? [samples[0], samples[0], samples[0]] : samples
        guard let alpha else {
            let scaled = color.map { rounded($0 * 255, maximum) }
            return pixel(scaled[0], scaled[1], scaled[2], 255)
        }
        // Premultiply from the file's precision in one rounding: c · a / maximum², scaled to 255.
        let values = color.map { rounded($0 * alpha * 255, maximum * maximum) }
        return pixel(values[0], values[1], values[2], rounded(alpha * 255, maximum))
    }

    static func palette(_ index: Int) -> (Int, Int, Int) {
        ((index * 53 + 11) % 256, (index * 101 + 7) % 256, (index * 197 + 3) % 256)
    }

    /// The expected image of a pypng fixture of the given kind (see CodecFixtures).
    static func image(kind: PNGColorType, depth: Int, width: Int, height: Int, transparency: Bool) -> [RGBA8] {
        let maximum = (1 << depth) - 1
        func s(_ x: Int, _ y: Int, _ c: Int) -> Int {
            CodecFixtures.sample(x: x, y: y, channel: c, maximum: maximum)
        }
        var pixels: [RGBA8] = []
        for y in 0..<height {
            for x in 0..<width {
                switch kind {
                case .gray:
                    pixels.append(
                        transparency && s(x, y, 0) == s(1, 1, 0)
                            ? .transparent : convert([s(x, y, 0)], alpha: nil, depth: depth))
                case .rgb:
                    let rgb = [s(x, y, 0), s(x, y, 1), s(x, y, 2)]
                    let key = [s(1, 1, 0), s(1, 1, 1), s(1, 1, 2)]
                    pixels.append(transparency && rgb == key ? .transparent : convert(rgb, alpha: nil, depth: depth))
                case .grayAlpha:
                    pixels.append(convert([s(x, y, 0)], alpha: s(x, y, 3), depth: depth))
                case .rgba:
                    pixels.append(convert([s(x, y, 0), s(x, y, 1), s(x, y, 2)], alpha: s(x, y, 3), depth: depth))
                case .palette:
                    let count = [1: 2, 2: 4, 4: 11, 8: 29][depth]!
                    let index = s(x, y, 0) % count
                    let (r, g, b) = palette(index)
                    let alpha = transparency && index < count - 1 ? (index * 89 + 40) % 256 : 255
                    pixels.append(convert([r, g, b], alpha: alpha, depth: 8))
                }
            }
        }
        return pixels
    }
}

extension PixelBuffer {
    /// All pixels, row by row.
    var pixelList: [RGBA8] {
        (0..<height).flatMap { y in (0..<width).map { x in self[x: x, y: y] } }
    }
}

@Suite("PNG decoding")
struct PNGDecodeTests {
    struct Fixture: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let kind: PNGColorType
        let depth: Int
        let interlaced: Bool
        var testDescription: String { name }
    }

    static let fixtures: [Fixture] = {
        let table: [(String, [UInt8], PNGColorType, Int, Bool)] = [
            ("gray1", CodecFixtures.gray1, .gray, 1, false),
            ("gray1Interlaced", CodecFixtures.gray1Interlaced, .gray, 1, true),
            ("gray2", CodecFixtures.gray2, .gray, 2, false),
            ("gray2Interlaced", CodecFixtures.gray2Interlaced, .gray, 2, true),
            ("gray4", CodecFixtures.gray4, .gray, 4, false),
            ("gray4Interlaced", CodecFixtures.gray4Interlaced, .gray, 4, true),
            ("gray8", CodecFixtures.gray8, .gray, 8, false),
            ("gray8Interlaced", CodecFixtures.gray8Interlaced, .gray, 8, true),
            ("gray16", CodecFixtures.gray16, .gray, 16, false),
            ("gray16Interlaced", CodecFixtures.gray16Interlaced, .gray, 16, true),
            ("rgb8", CodecFixtures.rgb8, .rgb, 8, false),
            ("rgb8Interlaced", CodecFixtures.rgb8Interlaced, .rgb, 8, true),
            ("rgb16", CodecFixtures.rgb16, .rgb, 16, false),
            ("rgb16Interlaced", CodecFixtures.rgb16Interlaced, .rgb, 16, true),
            ("palette1", CodecFixtures.palette1, .palette, 1, false),
            ("palette1Interlaced", CodecFixtures.palette1Interlaced, .palette, 1, true),
            ("palette2", CodecFixtures.palette2, .palette, 2, false),
            ("palette2Interlaced", CodecFixtures.palette2Interlaced, .palette, 2, true),
            ("palette4", CodecFixtures.palette4, .palette, 4, false),
            ("palette4Interlaced", CodecFixtures.palette4Interlaced, .palette, 4, true),
            ("palette8", CodecFixtures.palette8, .palette, 8, false),
            ("palette8Interlaced", CodecFixtures.palette8Interlaced, .palette, 8, true),
            ("grayAlpha8", CodecFixtures.grayAlpha8, .grayAlpha, 8, false),
            ("grayAlpha8Interlaced", CodecFixtures.grayAlpha8Interlaced, .grayAlpha, 8, true),
            ("grayAlpha16", CodecFixtures.grayAlpha16, .grayAlpha, 16, false),
            ("grayAlpha16Interlaced", CodecFixtures.grayAlpha16Interlaced, .grayAlpha, 16, true),
            ("rgba8", CodecFixtures.rgba8, .rgba, 8, false),
            ("rgba8Interlaced", CodecFixtures.rgba8Interlaced, .rgba, 8, true),
            ("rgba16", CodecFixtures.rgba16, .rgba, 16, false),
            ("rgba16Interlaced", CodecFixtures.rgba16Interlaced, .rgba, 16, true),
        ]
        return table.map { Fixture(name: $0.0, bytes: $0.1, kind: $0.2, depth: $0.3, interlaced: $0.4) }
    }()

    @Test("every colour type and bit depth, plain and Adam7, decodes to the expected pixels", arguments: fixtures)
    func fixture(_ fixture: Fixture) throws {
        let header = try PNG.readHeader(fixture.bytes)
        #expect(header.width == 9 && header.height == 7)
        #expect(header.colorType == fixture.kind && header.bitDepth == fixture.depth)
        #expect(header.isInterlaced == fixture.interlaced)
        let image = try PNG.decode(fixture.bytes)
        let hasKey = fixture.kind == .gray || fixture.kind == .rgb || fixture.kind == .palette
        let expected = ExpectedPixels.image(
            kind: fixture.kind, depth: fixture.depth, width: 9, height: 7, transparency: hasKey)
        #expect(image.pixelList == expected)
    }

    @Test("the colour-key fixtures contain transparent pixels, the others opaque ones")
    func colourKeysApply() throws {
        let keyed = try PNG.decode(CodecFixtures.rgb8)
        #expect(keyed[x: 1, y: 1] == .transparent)
        let opaque = try PNG.decode(CodecFixtures.rgb8Opaque)
        #expect(opaque.pixelList.allSatisfy { $0.isOpaque })
        #expect(opaque[x: 1, y: 1] != .transparent)
    }

    @Test("Adam7 images with empty passes decode")
    func emptyPasses() throws {
        let single = try PNG.decode(CodecFixtures.rgba8Interlaced1x1)
        #expect(
            single.pixelList == ExpectedPixels.image(kind: .rgba, depth: 8, width: 1, height: 1, transparency: false))
        let small = try PNG.decode(CodecFixtures.gray8Interlaced3x2)
        #expect(
            small.pixelList == ExpectedPixels.image(kind: .gray, depth: 8, width: 3, height: 2, transparency: false))
    }

    @Test(
        "rows filtered with None, Sub, Up, Average and Paeth decode (8-bit, 16-bit and 4-bit samples)",
        arguments: [
            (CodecFixtures.filtersRGBA8, PNGColorType.rgba, 8),
            (CodecFixtures.filtersRGB16, PNGColorType.rgb, 16),
            (CodecFixtures.filtersGray4, PNGColorType.gray, 4),
        ])
    func filters(bytes: [UInt8], kind: PNGColorType, depth: Int) throws {
        let image = try PNG.decode(bytes)
        let expected = ExpectedPixels.image(kind: kind, depth: depth, width: 9, height: 10, transparency: false)
        #expect(image.pixelList == expected)
    }

    @Test("16-bit samples round to nearest multiples of 257: 128 → 0, 129 → 1, 65 406 → 254, 65 407 → 255")
    func sixteenBitRounding() throws {
        let samples: [UInt16] = [0, 128, 129, 385, 386, 65_406, 65_407, 65_535]
        var raw: [UInt8] = [0]
        for sample in samples { raw += [UInt8(sample >> 8), UInt8(sample & 0xFF)] }
        let file = PNGTestFile.make(width: 8, height: 1, depth: 16, colorType: 0, rows: raw)
        let image = try PNG.decode(file)
        #expect(image.pixelList.map(\.r) == [0, 0, 1, 1, 2, 254, 255, 255])
    }
}

/// Builds PNG files chunk by chunk for tests, with correct CRCs unless told otherwise.
enum PNGTestFile {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(CRC32.checksum(typeBytes + data))
    }

    static func header(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, interlace])
    }

    /// A file with the given unfiltered-or-filtered row bytes (each row starting with its filter byte).
    static func make(
        width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, rows: [UInt8], extraChunks: [[UInt8]] = []
    ) -> [UInt8] {
        signature + header(width: width, height: height, depth: depth, colorType: colorType)
            + extraChunks.joined() + chunk("IDAT", Deflate.compressZlib(rows)) + chunk("IEND", [])
    }
}
