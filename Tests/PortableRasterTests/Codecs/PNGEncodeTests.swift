import Testing

@_spi(Engine) @testable import PortableRaster

@Suite("PNG encoding")
struct PNGEncodeTests {
    /// A random valid premultiplied image; a quarter of the pixels opaque, some transparent.
    static func randomImage(width: Int, height: Int, seed: UInt64, opaque: Bool = false) throws -> PixelBuffer {
        var image = try PixelBuffer(width: width, height: height)
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for y in 0..<height {
            for x in 0..<width {
                let choice = next() % 8
                let alpha = opaque || choice < 2 ? 255 : choice == 2 ? 0 : next() % 256
                image[x: x, y: y] = RGBA8(
                    r: UInt8(next() % (alpha + 1)), g: UInt8(next() % (alpha + 1)), b: UInt8(next() % (alpha + 1)),
                    a: UInt8(alpha))
            }
        }
        return image
    }

    static func colorType(of file: [UInt8]) -> UInt8 { file[8 + 8 + 9] }

    @Test(
        "random images round-trip exactly with every filter choice",
        arguments: [
            PNGFilterStrategy.adaptive, .fixed(.none), .fixed(.sub), .fixed(.up), .fixed(.average), .fixed(.paeth),
        ])
    func randomRoundTrip(filter: PNGFilterStrategy) throws {
        for (seed, size) in [(UInt64(1), (31, 17)), (2, (1, 1)), (3, (64, 3))] {
            let image = try Self.randomImage(width: size.0, height: size.1, seed: seed)
            let file = PNG.encode(image, options: PNGEncodingOptions(filter: filter))
            #expect(try PNG.decode(file) == image)
        }
    }

    @Test("every valid premultiplied (colour, alpha) pair survives the round trip exactly")
    func exhaustivePremultipliedRoundTrip() throws {
        var image = try PixelBuffer(width: 256, height: 256)
        for alpha in 0..<256 {
            for color in 0..<256 {
                let c = UInt8(min(color, alpha))
                image[x: color, y: alpha] = RGBA8(r: c, g: UInt8(alpha - Int(c)), b: c / 2, a: UInt8(alpha))
            }
        }
        let decoded = try PNG.decode(PNG.encode(image))
        #expect(decoded == image)
    }

    @Test("un-premultiplying rounds to within ½ of c · 255 / a for every pair")
    func unpremultiplyRounding() {
        for alpha in 1..<256 {
            for color in 0...alpha {
                let value = Int(unpremultiplyTable[alpha << 8 | color])
                let exact = Double(color * 255) / Double(alpha)
                #expect(abs(Double(value) - exact) <= 0.5, "c \(color), a \(alpha)")
            }
        }
    }

    @Test("the colour type follows the content and the options")
    func colorTypeChoice() throws {
        let opaque = try Self.randomImage(width: 8, height: 8, seed: 5, opaque: true)
        let translucent = try Self.randomImage(width: 8, height: 8, seed: 6)
        var gray = try PixelBuffer(width: 4, height: 4)
        gray.fill(RGBA8(r: 90, g: 90, b: 90, a: 255))
        var grayAlpha = gray
        grayAlpha[x: 1, y: 1] = RGBA8(r: 10, g: 10, b: 10, a: 20)

        #expect(Self.colorType(of: PNG.encode(opaque)) == 2)
        #expect(Self.colorType(of: PNG.encode(opaque, options: PNGEncodingOptions(dropsOpaqueAlpha: false))) == 6)
        #expect(Self.colorType(of: PNG.encode(translucent)) == 6)
        #expect(Self.colorType(of: PNG.encode(gray)) == 2)
        #expect(Self.colorType(of: PNG.encode(gray, options: PNGEncodingOptions(allowsGray: true))) == 0)
        #expect(Self.colorType(of: PNG.encode(grayAlpha, options: PNGEncodingOptions(allowsGray: true))) == 4)
        for image in [opaque, translucent, gray, grayAlpha] {
            for allowsGray in [false, true] {
                let file = PNG.encode(image, options: PNGEncodingOptions(compression: .best, allowsGray: allowsGray))
                #expect(try PNG.decode(file) == image)
            }
        }
    }

    @Test("the file is signature, IHDR, IDAT and IEND, and identical on every run")
    func structureAndDeterminism() throws {
        let image = try Self.randomImage(width: 20, height: 9, seed: 9)
        let file = PNG.encode(image)
        #expect(file == PNG.encode(image))
        #expect(Array(file.prefix(8)) == PNGTestFile.signature)
        #expect(Array(file[12..<16]) == Array("IHDR".utf8))
        #expect(Array(file[16..<29]) == [0, 0, 0, 20, 0, 0, 0, 9, 8, 6, 0, 0, 0])
        #expect(Array(file[37..<41]) == Array("IDAT".utf8))
        #expect(Array(file.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        let header = try PNG.readHeader(file)
        #expect(try header == PNG.readHeader(file))
        #expect(header.colorType == .rgba && !header.isInterlaced)
    }

    @Test("padded rows of adopted storage are ignored")
    func paddedRows() throws {
        var bytes = [UInt8](repeating: 0xEE, count: 3 * 20)
        for y in 0..<3 {
            for x in 0..<3 { bytes.replaceSubrange((y * 20 + x * 4)..<(y * 20 + x * 4 + 4), with: [1, 2, 3, 255]) }
        }
        let image = try PixelBuffer(width: 3, height: 3, bytesPerRow: 20, bytes: bytes)
        #expect(try PNG.decode(PNG.encode(image)) == image)
    }

    @Test("the adaptive filter picks the filter with the least sum of signed magnitudes")
    func adaptiveChoice() throws {
        // A horizontal ramp: Sub leaves all ones after the first pixel, so it wins on every row; with the
        // row above equal, Up leaves zeros from the second row on.
        var ramp = try PixelBuffer(width: 40, height: 3)
        for y in 0..<3 { for x in 0..<40 { ramp[x: x, y: y] = RGBA8(r: UInt8(x * 3), g: 0, b: 0, a: 255) } }
        let file = PNG.encode(ramp, options: PNGEncodingOptions(compression: .stored))
        // Stored deflate: zlib header 2 bytes, block header 1 byte, LEN/NLEN 4 bytes, then the rows.
        let rows = Array(file[(41 + 7)...])
        let rowBytes = 40 * 3 + 1
        #expect(rows[0] == PNGFilterType.sub.rawValue)
        #expect(rows[rowBytes] == PNGFilterType.up.rawValue)
        #expect(rows[2 * rowBytes] == PNGFilterType.up.rawValue)
    }
}
