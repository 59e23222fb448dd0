import Foundation
import PortableCoreGraphics
import Testing

@Suite("CGImage creation from a data provider")
struct CGImageCreationTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
    static let gray = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!

    static func info(_ alpha: CGImageAlphaInfo, _ order: CGBitmapInfo = .byteOrderDefault) -> CGBitmapInfo {
        CGBitmapInfo(rawValue: alpha.rawValue).union(order)
    }

    static func make(
        _ bytes: [UInt8], width: Int = 1, height: Int = 1, bitsPerComponent: Int = 8, bitsPerPixel: Int = 32,
        bytesPerRow: Int? = nil, space: CGColorSpace = sRGB, info: CGBitmapInfo, decode: [CGFloat]? = nil
    ) -> CGImage? {
        guard let provider = CGDataProvider(data: Data(bytes)) else { return nil }
        let stride = bytesPerRow ?? width * bitsPerPixel / 8
        if let decode {
            return decode.withUnsafeBufferPointer { pointer in
                CGImage(
                    width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                    bytesPerRow: stride, space: space, bitmapInfo: info, provider: provider,
                    decode: pointer.baseAddress, shouldInterpolate: false, intent: .perceptual)
            }
        }
        return CGImage(
            width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
            bytesPerRow: stride, space: space, bitmapInfo: info, provider: provider, decode: nil,
            shouldInterpolate: false, intent: .perceptual)
    }

    @Test("straight RGBA is premultiplied: (200, 100, 50, 128) becomes (100, 50, 25, 128)")
    func premultipliesStraightAlpha() throws {
        let image = try #require(Self.make([200, 100, 50, 128], info: Self.info(.last)))
        #expect(image.premultipliedRGBABytes == [100, 50, 25, 128])
    }

    @Test("premultiplication rounds to nearest: 255 × 1 / 255 = 1, 128 × 1 / 255 ≈ 0.502 → 1, 127 × 1 / 255 → 0")
    func premultiplyRounding() throws {
        let image = try #require(Self.make([255, 128, 127, 1, 0, 255, 17, 255], width: 2, info: Self.info(.last)))
        #expect(image.premultipliedRGBABytes == [1, 1, 0, 1, 0, 255, 17, 255])
    }

    @Test("premultiplied RGBA is copied unchanged, and the image keeps the given flags")
    func premultipliedLastCopies() throws {
        let image = try #require(Self.make([100, 50, 25, 128], info: Self.info(.premultipliedLast, .byteOrder32Big)))
        #expect(image.premultipliedRGBABytes == [100, 50, 25, 128])
        #expect(!image.shouldInterpolate)
        #expect(image.renderingIntent == .perceptual)
        #expect(image.colorSpace == Self.sRGB)
    }

    @Test("premultipliedFirst with 32-bit little-endian order reads memory as BGRA")
    func bgra() throws {
        let image = try #require(
            Self.make([25, 50, 100, 128], info: Self.info(.premultipliedFirst, .byteOrder32Little)))
        #expect(image.premultipliedRGBABytes == [100, 50, 25, 128])
    }

    @Test("straight ARGB in big-endian order is reordered and premultiplied")
    func argb() throws {
        let image = try #require(Self.make([128, 200, 100, 50], info: Self.info(.first)))
        #expect(image.premultipliedRGBABytes == [100, 50, 25, 128])
    }

    @Test("premultipliedLast with little-endian order reads memory as ABGR")
    func abgr() throws {
        let image = try #require(
            Self.make([128, 25, 50, 100], info: Self.info(.premultipliedLast, .byteOrder32Little)))
        #expect(image.premultipliedRGBABytes == [100, 50, 25, 128])
    }

    @Test("RGBX and XRGB become opaque, ignoring the skipped byte")
    func skippedAlpha() throws {
        let rgbx = try #require(Self.make([10, 20, 30, 0], info: Self.info(.noneSkipLast)))
        #expect(rgbx.premultipliedRGBABytes == [10, 20, 30, 255])
        let bgrx = try #require(Self.make([30, 20, 10, 7], info: Self.info(.noneSkipFirst, .byteOrder32Little)))
        #expect(bgrx.premultipliedRGBABytes == [10, 20, 30, 255])
    }

    @Test("24-bit RGB without alpha becomes opaque RGBA")
    func rgb24() throws {
        let image = try #require(
            Self.make([10, 20, 30, 40, 50, 60], width: 2, bitsPerPixel: 24, info: Self.info(.none)))
        #expect(image.premultipliedRGBABytes == [10, 20, 30, 255, 40, 50, 60, 255])
    }

    @Test("8-bit gamma-2.2 gray converts to sRGB through linear light: 0 → 0, 128 → 129, 255 → 255")
    func grayToSRGB() throws {
        let image = try #require(
            Self.make([0, 64, 128, 255], width: 4, bitsPerPixel: 8, space: Self.gray, info: Self.info(.none)))
        // 64 → (64/255)^2.2 ≈ 0.04786 linear → sRGB 0.24211 → 61.74 → 62.
        #expect(
            image.premultipliedRGBABytes == [0, 0, 0, 255, 62, 62, 62, 255, 129, 129, 129, 255, 255, 255, 255, 255])
        #expect(image.colorSpace?.name == CGColorSpace.sRGB)
    }

    @Test("8-bit linear gray is copied into linear sRGB")
    func linearGray() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.linearGray))
        let image = try #require(Self.make([64, 200], width: 2, bitsPerPixel: 8, space: space, info: Self.info(.none)))
        #expect(image.premultipliedRGBABytes == [64, 64, 64, 255, 200, 200, 200, 255])
        #expect(image.colorSpace?.name == CGColorSpace.linearSRGB)
    }

    @Test("premultiplied gray + alpha is unpremultiplied, converted and premultiplied again")
    func grayAlpha() throws {
        // Premultiplied (64, 128) is straight 128 at alpha 128; 128 converts to 129; 129 × 128 / 255 ≈ 64.75 → 65.
        let image = try #require(
            Self.make([64, 128], bitsPerPixel: 16, space: Self.gray, info: Self.info(.premultipliedLast)))
        #expect(image.premultipliedRGBABytes == [65, 65, 65, 128])
        // With 16-bit little-endian order the two bytes swap: alpha first in memory.
        let swapped = try #require(
            Self.make(
                [128, 64], bitsPerPixel: 16, space: Self.gray, info: Self.info(.premultipliedLast, .byteOrder16Little)))
        #expect(swapped.premultipliedRGBABytes == [65, 65, 65, 128])
    }

    @Test("a decode array remaps each color component linearly")
    func decodeArray() throws {
        // Invert red, halve green into 0…0.5, leave blue.
        let image = try #require(
            Self.make([255, 255, 51, 255], info: Self.info(.last), decode: [1, 0, 0, 0.5, 0, 1]))
        #expect(image.premultipliedRGBABytes == [0, 128, 51, 255])
    }

    @Test("a non-finite decode entry gives nil")
    func decodeNaN() {
        #expect(Self.make([0, 0, 0, 255], info: Self.info(.last), decode: [0, 1, .nan, 1, 0, 1]) == nil)
    }

    @Test("the source stride is honoured and the result is repacked to 16-byte rows")
    func stride() throws {
        let bytes: [UInt8] = [1, 2, 3, 255, 9, 9, 9, 9, 4, 5, 6, 255]
        let image = try #require(Self.make(bytes, height: 2, bytesPerRow: 8, info: Self.info(.noneSkipLast)))
        #expect(image.bytesPerRow == 16)
        #expect(image.premultipliedRGBABytes == [1, 2, 3, 255, 4, 5, 6, 255])
    }

    @Test("unsupported formats give nil")
    func unsupportedFormats() {
        let pixel: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        #expect(Self.make(pixel, bitsPerComponent: 16, bitsPerPixel: 64, info: Self.info(.last)) == nil)
        #expect(Self.make(pixel, info: Self.info(.last).union(.floatComponents)) == nil)
        #expect(Self.make(pixel, info: Self.info(.alphaOnly)) == nil)
        #expect(Self.make(pixel, info: Self.info(.none)) == nil, "32 bits per pixel but only 3 components")
        #expect(Self.make(pixel, bitsPerPixel: 24, info: Self.info(.none, .byteOrder32Little)) == nil)
        #expect(Self.make(pixel, info: Self.info(.last, .byteOrder16Little)) == nil)
        #expect(Self.make(pixel, info: CGBitmapInfo(rawValue: 0x10003)) == nil, "a pixel-format bit")
        #expect(Self.make(pixel, info: CGBitmapInfo(rawValue: 8)) == nil, "an unknown alpha value")
        #expect(Self.make(pixel, bitsPerPixel: 8, space: Self.gray, info: Self.info(.last)) == nil)
    }

    @Test("bad sizes, short strides and short data give nil")
    func badSizes() {
        let four: [UInt8] = [1, 2, 3, 4]
        #expect(Self.make(four, width: 0, info: Self.info(.last)) == nil)
        #expect(Self.make(four, height: -1, info: Self.info(.last)) == nil)
        #expect(Self.make(four, width: 2, info: Self.info(.last)) == nil, "8 bytes needed")
        #expect(Self.make(four + four, width: 2, bytesPerRow: 4, info: Self.info(.last)) == nil)
        #expect(Self.make(four, height: 2, bytesPerRow: Int.max, info: Self.info(.last)) == nil, "overflowing stride")
        #expect(Self.make(four, width: 40_000, info: Self.info(.last)) == nil)
    }

    @Test("the data provider holds the bytes it was given")
    func dataProvider() throws {
        let bytes = Data([1, 2, 3])
        let provider = try #require(CGDataProvider(data: bytes))
        #expect(provider.data == bytes)
    }
}
