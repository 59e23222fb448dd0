import Foundation
import PortableCoreGraphics
import Testing

@Suite("CGImage")
struct CGImageTests {
    /// A width × height image whose pixel (x, y) is (x, y, x + y, 255) — opaque, so premultiplication is a no-op.
    static func coordinateImage(width: Int, height: Int) -> CGImage? {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x), UInt8(y), UInt8(x + y), 255]
            }
        }
        return CGImage(premultipliedRGBA: bytes, width: width, height: height)
    }

    @Test("premultiplied bytes are stored unchanged with Apple-style accessors")
    func accessors() throws {
        let bytes: [UInt8] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        let image = try #require(CGImage(premultipliedRGBA: bytes, width: 3, height: 2))
        #expect(image.width == 3 && image.height == 2)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32)
        #expect(image.alphaInfo == .premultipliedLast)
        #expect(image.bitmapInfo.rawValue == 1)
        #expect(image.byteOrderInfo == .orderDefault)
        #expect(image.colorSpace?.name == CGColorSpace.sRGB)
        #expect(!image.isMask)
        #expect(image.shouldInterpolate)
        #expect(image.renderingIntent == .defaultIntent)
        #expect(image.premultipliedRGBABytes == bytes)
    }

    @Test(
        "rows are padded to a multiple of 16 bytes", arguments: [(1, 16), (3, 16), (4, 16), (5, 32), (8, 32), (9, 48)])
    func rowAlignment(width: Int, expectedBytesPerRow: Int) throws {
        let image = try #require(
            CGImage(premultipliedRGBA: [UInt8](repeating: 7, count: width * 8), width: width, height: 2))
        #expect(image.bytesPerRow == expectedBytesPerRow)
        let data = try #require(image.dataProvider?.data)
        #expect(data.count == expectedBytesPerRow * 2)
        image.withUnsafePremultipliedRGBABytes { raw in
            #expect(raw.count == expectedBytesPerRow * 2)
            #expect(raw[expectedBytesPerRow] == 7)
            if expectedBytesPerRow > width * 4 {
                #expect(raw[width * 4] == 0, "padding is zero")
            }
        }
    }

    @Test("a source stride larger than the row is honoured")
    func sourceStride() throws {
        let bytes: [UInt8] = [1, 2, 3, 4, 99, 99, 5, 6, 7, 8]
        let image = try #require(CGImage(premultipliedRGBA: bytes, width: 1, height: 2, bytesPerRow: 6))
        #expect(image.premultipliedRGBABytes == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test("the convenience initializer keeps an RGB color space and rejects gray")
    func convenienceSpace() throws {
        let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        let gray = try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        #expect(
            CGImage(premultipliedRGBA: [0, 0, 0, 0], width: 1, height: 1, colorSpace: linear)?.colorSpace == linear)
        #expect(CGImage(premultipliedRGBA: [0, 0, 0, 0], width: 1, height: 1, colorSpace: gray) == nil)
    }

    @Test(
        "bad sizes and short data give nil",
        arguments: [
            (0, 1, 4), (1, 0, 4), (-1, 1, 4), (2, 2, 15), (32_769, 1, 4), (1, 32_769, 4),
        ])
    func badInputs(width: Int, height: Int, count: Int) {
        #expect(CGImage(premultipliedRGBA: [UInt8](repeating: 0, count: count), width: width, height: height) == nil)
    }

    @Test("more than 2^28 pixels gives nil even with each side in range")
    func tooManyPixels() {
        // 32 768 × 8 193 = 268 468 224 > 2^28 = 268 435 456; the size check fails before any byte is read.
        #expect(CGImage(premultipliedRGBA: [], width: 32_768, height: 8_193) == nil)
    }

    @Test("a stride smaller than a row gives nil")
    func strideTooSmall() {
        #expect(
            CGImage(premultipliedRGBA: [UInt8](repeating: 0, count: 64), width: 2, height: 2, bytesPerRow: 7) == nil)
    }

    @Test("the last row needs only its own pixels, not a full stride")
    func shortLastRow() throws {
        let bytes: [UInt8] = [1, 1, 1, 1, 0, 0, 2, 2, 2, 2]
        #expect(CGImage(premultipliedRGBA: bytes, width: 1, height: 2, bytesPerRow: 6) != nil)
        #expect(CGImage(premultipliedRGBA: Array(bytes.dropLast()), width: 1, height: 2, bytesPerRow: 6) == nil)
    }

    @Test("cropping takes pixels from the top-left origin")
    func cropping() throws {
        let image = try #require(Self.coordinateImage(width: 6, height: 5))
        let crop = try #require(image.cropping(to: CGRect(x: 2, y: 1, width: 3, height: 2)))
        #expect(crop.width == 3 && crop.height == 2)
        #expect(
            crop.premultipliedRGBABytes == [
                2, 1, 3, 255, 3, 1, 4, 255, 4, 1, 5, 255, 2, 2, 4, 255, 3, 2, 5, 255, 4, 2, 6, 255,
            ])
        #expect(crop.colorSpace == image.colorSpace)
    }

    @Test("a fractional crop rect grows to whole pixels")
    func croppingIntegral() throws {
        let image = try #require(Self.coordinateImage(width: 6, height: 5))
        let crop = try #require(image.cropping(to: CGRect(x: 1.5, y: 0.25, width: 1.1, height: 0.5)))
        // x 1.5…2.6 covers columns 1 and 2; y 0.25…0.75 covers row 0.
        #expect(crop.width == 2 && crop.height == 1)
        #expect(crop.premultipliedRGBABytes == [1, 0, 1, 255, 2, 0, 2, 255])
    }

    @Test("a crop rect hanging off the image is cut to the bounds; negative sizes are standardized")
    func croppingClipped() throws {
        let image = try #require(Self.coordinateImage(width: 6, height: 5))
        let crop = try #require(image.cropping(to: CGRect(x: 7, y: 6, width: -3, height: -3)))
        // Standardized: x 4…7, y 3…6, cut to x 4…6, y 3…5.
        #expect(crop.width == 2 && crop.height == 2)
        #expect(crop.premultipliedRGBABytes == [4, 3, 7, 255, 5, 3, 8, 255, 4, 4, 8, 255, 5, 4, 9, 255])
        #expect(image.cropping(to: .infinite) === image)
    }

    @Test(
        "crops that do not overlap the image give nil",
        arguments: [
            CGRect(x: 6, y: 0, width: 2, height: 2), CGRect(x: -3, y: 0, width: 3, height: 5),
            CGRect(x: 1, y: 1, width: 0, height: 2), CGRect.null, CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2),
        ])
    func croppingEmpty(rect: CGRect) throws {
        let image = try #require(Self.coordinateImage(width: 6, height: 5))
        #expect(image.cropping(to: rect) == nil)
    }

    @Test("copy(colorSpace:) reinterprets the same bytes in another RGB space")
    func copyColorSpace() throws {
        let image = try #require(Self.coordinateImage(width: 2, height: 2))
        let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        let copy = try #require(image.copy(colorSpace: linear))
        #expect(copy.colorSpace == linear)
        #expect(copy.premultipliedRGBABytes == image.premultipliedRGBABytes)
        #expect(image.copy(colorSpace: CGColorSpaceCreateDeviceGray()) == nil)
    }
}

@Suite("CGBitmapInfo")
struct CGBitmapInfoTests {
    @Test("raw values are Apple's")
    func rawValues() {
        #expect(CGBitmapInfo.alphaInfoMask.rawValue == 0x1F)
        #expect(CGBitmapInfo.floatComponents.rawValue == 0x100)
        #expect(CGBitmapInfo.byteOrderMask.rawValue == 0x7000)
        #expect(CGBitmapInfo.byteOrderDefault.rawValue == 0)
        #expect(CGBitmapInfo.byteOrder16Little.rawValue == 0x1000)
        #expect(CGBitmapInfo.byteOrder32Little.rawValue == 0x2000)
        #expect(CGBitmapInfo.byteOrder16Big.rawValue == 0x3000)
        #expect(CGBitmapInfo.byteOrder32Big.rawValue == 0x4000)
        #expect(CGBitmapInfo.byteOrder32Host == .byteOrder32Little)  // every Linux target this package supports
        #expect(CGImageByteOrderInfo.order32Little.rawValue == CGBitmapInfo.byteOrder32Little.rawValue)
        #expect(CGImageAlphaInfo.premultipliedFirst.rawValue == 2)
        #expect(CGImageAlphaInfo.noneSkipFirst.rawValue == 6)
        #expect(CGImageAlphaInfo.alphaOnly.rawValue == 7)
    }

    @Test("alpha info combines with a byte order as on Apple platforms")
    func combining() {
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
        #expect(info.rawValue == 0x2002)
        #expect(info.rawValue & CGBitmapInfo.alphaInfoMask.rawValue == CGImageAlphaInfo.premultipliedFirst.rawValue)
    }
}
