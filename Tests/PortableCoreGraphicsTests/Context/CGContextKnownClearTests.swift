import Foundation
import Testing

@testable import PortableCoreGraphics

/// `CGContext.isKnownClear`: drawing layers into a context that is still transparent paints straight onto its pixels,
/// and a new context is known to be transparent without scanning its pixels (a 512 × 512 scan was a quarter of a
/// Lottie snapshot's time). The flag must never claim a picture that has been drawn into or handed out.
@Suite("Known-clear contexts")
struct CGContextKnownClearTests {
    @Test("a new 16 × 16 RGBA context is known clear; one fill, even of a 1 × 1 square, ends that")
    func drawingEndsIt() {
        let context = makeRGBAContext()
        #expect(context.isKnownClear)
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 3, y: 3, width: 1, height: 1))
        #expect(!context.isKnownClear)
        #expect(pixel(context, x: 3, y: 12) == [255, 0, 0, 255])
    }

    @Test("a context over caller memory, an opaque layout, or one whose data pointer was taken is never known clear")
    func otherContextsAreNot() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16 * 16 * 4, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: 16 * 16 * 4)
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        let external = CGContext(
            data: memory, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 64, space: space,
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        #expect(!external.isKnownClear)
        let opaque = CGContext(
            data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0, space: space,
            bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        #expect(!opaque.isKnownClear)
        let handedOut = makeRGBAContext()
        _ = handedOut.data
        #expect(!handedOut.isKnownClear)
    }

    @Test("clearing and drawing an image end it too: clear(_:) and draw(_:in:) both publish what they paint")
    func clearAndImagesEndIt() {
        let cleared = makeRGBAContext()
        cleared.clear(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(!cleared.isKnownClear)
        let source = makeRGBAContext(width: 2, height: 2)
        source.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let drawn = makeRGBAContext()
        drawn.draw(source.makeImage()!, in: CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(!drawn.isKnownClear)
        #expect(pixel(drawn, x: 2, y: 13) == [0, 0, 255, 255])
    }

    @Test("isTransparent: new, yes; one pixel at alpha 1/255, no; that pixel cleared, yes; a byte written to data, no")
    func transparency() {
        let context = makeRGBAContext()
        #expect(context.isTransparent)
        context.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1.0 / 255))
        context.fill(CGRect(x: 15, y: 0, width: 1, height: 1))
        #expect(pixel(context, x: 15, y: 15) == [0, 0, 0, 1])
        #expect(!context.isTransparent)
        context.clear(CGRect(x: 15, y: 0, width: 1, height: 1))
        #expect(context.isTransparent)
        // Caller memory is read first: byte 3 of row 7 (the alpha of pixel (0, 7)) set to 9 outside any drawing.
        context.data!.storeBytes(of: 9, toByteOffset: 7 * context.bytesPerRow + 3, as: UInt8.self)
        #expect(!context.isTransparent)
    }
}
