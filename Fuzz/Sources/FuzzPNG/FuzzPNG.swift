import Foundation
import FuzzSupport
@_spi(Engine) import PortableRaster
import PortableUIKit

/// PNG decoding: the file as given, the same file with every chunk's CRC repaired (so mutations get past the
/// checksums into the chunk logic), and a PNG assembled from the input read as header fields plus raw scanlines
/// (so arbitrary filter bytes, bit depths, palettes and huge declared sizes reach the pixel conversion).
///
/// Checks: an image that decodes has the header's size within `PixelBuffer`'s limits, and encoding it and decoding
/// the result gives the same pixels back.
enum PNGTarget: FuzzTarget {
    static func test(_ input: [UInt8]) {
        decode(input)
        if input.starts(with: signature) {
            decode(repairingChecksums(input))
            _ = UIImage(data: Data(input))
        }
        decode(assembled(from: input))
    }

    static func decode(_ file: [UInt8]) {
        guard let image = try? PNG.decode(file) else { return }
        guard image.width >= 1, image.height >= 1, image.width <= PixelBuffer.maximumSide,
            image.height <= PixelBuffer.maximumSide, image.bytes.count <= PixelBuffer.maximumByteCount
        else { FuzzDriver.fail("decoded a \(image.width)×\(image.height) image") }
        guard image.width * image.height <= 1 << 16 else { return }
        let again = try? PNG.decode(PNG.encode(image, options: PNGEncodingOptions(compression: .fastest)))
        guard again == image else { FuzzDriver.fail("a decoded image does not survive encoding and decoding") }
    }

    // MARK: Building files

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// `file` with the CRC of each chunk replaced by the right one, as far as the chunk lengths make sense.
    static func repairingChecksums(_ file: [UInt8]) -> [UInt8] {
        var bytes = file
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            let end = offset + 8 + length
            guard length >= 0, end + 4 <= bytes.count else { break }
            let crc = CRC.checksum(bytes[(offset + 4)..<end])
            for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
            offset = end + 4
        }
        return bytes
    }

    /// A well-formed PNG file whose header fields, optional palette and transparency, and raw (filter byte plus
    /// samples) scanlines come from `input`; the scanlines are compressed properly, so the decoder sees valid zlib.
    static func assembled(from input: [UInt8]) -> [UInt8] {
        var reader = FuzzInput(input)
        let huge = reader.int(in: 0...15) == 0
        let width =
            huge ? reader.pick([0, 1, 32_767, 32_768, 65_535, 1 << 24, Int(Int32.max)]) : reader.int(in: 0...40)
        let height =
            huge ? reader.pick([0, 1, 32_767, 32_768, 65_535, 1 << 24, Int(Int32.max)]) : reader.int(in: 0...40)
        let colorType = reader.pick([0, 2, 3, 4, 6, 1, 5, 7])
        let bitDepth = reader.pick([8, 1, 2, 4, 16, 0, 3, 32])
        let interlaced = reader.int(in: 0...3)
        var header: [UInt8] = []
        header += bigEndianBytes(UInt32(truncatingIfNeeded: width))
        header += bigEndianBytes(UInt32(truncatingIfNeeded: height))
        header += [UInt8(bitDepth), UInt8(colorType), 0, 0, UInt8(interlaced == 3 ? 2 : interlaced & 1)]
        var file = signature
        file += chunk("IHDR", header)
        if reader.bool() { file += chunk("PLTE", reader.bytes(reader.int(in: 0...800))) }
        if reader.bool() { file += chunk("tRNS", reader.bytes(reader.int(in: 0...300))) }
        let raw = reader.rest()
        let compressed = Deflate.compressZlib(raw, level: .fastest)
        // The compressed stream split into two IDAT chunks at a point the input chose.
        let split = raw.isEmpty ? 0 : Int(raw[0]) % (compressed.count + 1)
        file += chunk("IDAT", Array(compressed[..<split]))
        file += chunk("IDAT", Array(compressed[split...]))
        file += chunk("IEND", [])
        return file
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndianBytes(UInt32(data.count)) + typeBytes + data
            + bigEndianBytes(CRC.checksum((typeBytes + data)[...]))
    }

    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    // MARK: Seeds

    static var seeds: [[UInt8]] {
        var gradient = try! PixelBuffer(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                gradient[x: x, y: y] = RGBA8(
                    r: UInt8(x * 36), g: UInt8(y * 50), b: UInt8((x + y) * 20), a: UInt8(255 - x * 30))
            }
        }
        var opaque = gradient
        opaque.fill(RGBA8(r: 10, g: 200, b: 30, a: 255), in: PixelRect(x: 0, y: 0, width: 7, height: 5))
        var gray = opaque
        gray.fill(RGBA8(r: 90, g: 90, b: 90, a: 255))
        var seeds = [
            PNG.encode(gradient),
            PNG.encode(gradient, options: PNGEncodingOptions(compression: .stored, filter: .fixed(.sub))),
            PNG.encode(opaque, options: PNGEncodingOptions(dropsOpaqueAlpha: true)),
            PNG.encode(gray, options: PNGEncodingOptions(dropsOpaqueAlpha: true, allowsGray: true)),
        ]
        // Formats the encoder never writes, assembled by hand: a 2-bit palette with transparency, 16-bit RGBA,
        // interlaced gray + alpha, and a 4×3 1-bit gray image.
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        seeds.append(
            handMade(
                width: 4, height: 2, depth: 2, colorType: 3, interlaced: false,
                extra: [("PLTE", palette), ("tRNS", [0, 128, 255])], rows: [[0, 0b0001_1011], [2, 0b1110_0100]]))
        seeds.append(
            handMade(
                width: 2, height: 2, depth: 16, colorType: 6, interlaced: false, extra: [],
                rows: [[1] + Array(repeating: 0x80, count: 16), [4] + Array(repeating: 0x10, count: 16)]))
        seeds.append(
            handMade(
                width: 3, height: 3, depth: 8, colorType: 4, interlaced: true, extra: [],
                rows: [
                    [0, 1, 2], [0, 3, 4], [0, 5, 6], [0, 7, 8, 9, 10], [0, 11, 12, 13, 14, 15, 16],
                    [0, 17, 18], [0, 19, 20, 21, 22, 23, 24],
                ]))
        seeds.append(
            handMade(
                width: 4, height: 3, depth: 1, colorType: 0, interlaced: false,
                extra: [("tRNS", [0, 1])], rows: [[0, 0b1010_0000], [3, 0b0101_0000], [2, 0b1111_0000]]))
        // A bomb: a header promising 30,000 × 30,000 pixels over a few bytes of data.
        seeds.append(
            handMade(
                width: 30_000, height: 30_000, depth: 8, colorType: 6, interlaced: false, extra: [],
                rows: [Array(repeating: 0, count: 4096)]))
        return seeds
    }

    static func handMade(
        width: Int, height: Int, depth: Int, colorType: Int, interlaced: Bool, extra: [(String, [UInt8])],
        rows: [[UInt8]]
    ) -> [UInt8] {
        var header = bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height))
        header += [UInt8(depth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        var file = signature + chunk("IHDR", header)
        for (type, data) in extra { file += chunk(type, data) }
        file += chunk("IDAT", Deflate.compressZlib(rows.flatMap { $0 }))
        return file + chunk("IEND", [])
    }

    static var dictionary: [[UInt8]] {
        ["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "iCCP", "tEXt", "zTXt", "acTL", "fcTL", "sRGB"].map {
            Array($0.utf8)
        } + [signature, [0x78, 0x9C], [0x78, 0x01], [0, 0, 0x7F, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF]]
    }
}

/// CRC-32 as PNG uses it (ISO 3309, reflected, polynomial 0xEDB88320).
enum CRC {
    static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzDriver.initialize(PNGTarget.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.run(PNGTarget.self, data, size)
}
