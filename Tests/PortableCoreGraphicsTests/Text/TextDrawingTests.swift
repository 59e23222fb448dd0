import Foundation
@_spi(Engine) import PortableRaster
import Testing

@testable import PortableCoreGraphics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

private let dejaVuInstalled = access("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", R_OK) == 0

/// A new bitmap context of `width` × `height` pixels (y up, origin bottom-left).
private func context(width: Int, height: Int) throws -> CGContext {
    try #require(
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
}

/// The context's pixels as premultiplied RGBA bytes, top row first.
private func pixels(of context: CGContext) throws -> [UInt8] {
    try #require(context.makeImage()).premultipliedRGBABytes
}

/// The pixel at column `x`, row `y` counted from the top.
private func pixel(_ bytes: [UInt8], width: Int, x: Int, y: Int) -> [UInt8] {
    Array(bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4])
}

private func alphaSum(_ bytes: [UInt8]) -> Int {
    stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + Int(bytes[$1]) }
}

@Suite("Text drawing")
struct TextDrawingTests {
    @Test("two 4 × 5 pt letter boxes at 10 pt land on whole pixels and cover exactly 40 pixels")
    func letterBoxes() throws {
        let layout = TextLayout(string: "ab", font: LayoutTestFont.font, fontSize: 10)
        let context = try context(width: 16, height: 12)
        // Letter boxes span x 0.5…4.5 and 5.5…9.5 pt, y 3…8 pt below the box top (baseline 8); the box's top-left
        // at (0.5, 12) in the y-up context puts layout (x, y) at pixel column x + 0.5, row y from the top.
        context.draw(layout, at: CGPoint(x: 0.5, y: 12))
        let bytes = try pixels(of: context)
        for y in 0..<12 {
            for x in 0..<16 {
                let inside = (y >= 3 && y < 8) && ((x >= 1 && x < 5) || (x >= 6 && x < 10))
                #expect(
                    pixel(bytes, width: 16, x: x, y: y) == (inside ? [0, 0, 0, 255] : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
    }

    @Test("the CTM scales and moves text: at 2× the same letters cover four times the area")
    func scaledTransform() throws {
        let layout = TextLayout(string: "ab", font: LayoutTestFont.font, fontSize: 10)
        let context = try context(width: 32, height: 24)
        context.translateBy(x: 1, y: 0)
        context.scaleBy(x: 2, y: 2)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        // Layout (x, y) → user (x, 12 − y) → pixel column 2x + 1, row 2y from the top.
        context.draw(layout, at: CGPoint(x: 0, y: 12))
        let bytes = try pixels(of: context)
        #expect(alphaSum(bytes) == 160 * 255)
        #expect(pixel(bytes, width: 32, x: 2, y: 6) == [255, 0, 0, 255])
    }

    @Test("a non-finite transform draws nothing")
    func nonFiniteTransform() throws {
        let layout = TextLayout(string: "ab", font: LayoutTestFont.font, fontSize: 10)
        let context = try context(width: 16, height: 12)
        context.concatenate(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        context.draw(layout, at: CGPoint(x: 0, y: 12))
        #expect(alphaSum(try pixels(of: context)) == 0)
    }
}

@Suite("Text with DejaVu Sans (installed font)", .enabled(if: dejaVuInstalled, "DejaVu Sans is not installed"))
struct DejaVuTextTests {
    @Test("CGFont finds DejaVu Sans by name: 2048 units per em, ascent 1901, descent −483")
    func fontByName() throws {
        let font = try #require(CGFont("DejaVu Sans"))
        #expect(font.unitsPerEm == 2048)
        #expect(font.ascent == 1901)
        #expect(font.descent == -483)
        #expect(font.fullName == "DejaVu Sans")
        #expect(CGFont("No Such Font Anywhere") == nil)
    }

    @Test("Hello at 12 pt is 5191 units wide: 30.416015625 pt")
    func helloWidth() throws {
        let font = try #require(CGFont("DejaVu Sans"))
        let layout = TextLayout(string: "Hello", font: font, fontSize: 12)
        #expect(layout.lines[0].width == 30.416015625)
        #expect(layout.lines[0].positions.map(\.x) == [0, 9.0234375, 16.40625, 19.740234375, 23.07421875])
        #expect(layout.metrics.ascent == 11.138671875)
    }

    @Test("A then V is kerned by −131 units: 15.650390625 pt at 12 pt instead of 16.41")
    func kernedPair() throws {
        let font = try #require(CGFont("DejaVu Sans"))
        #expect(TextLayout(string: "AV", font: font, fontSize: 12).lines[0].width == 15.650390625)
        #expect(TextLayout(string: "AV", font: font, fontSize: 12, kerning: false).lines[0].width == 16.41796875)
    }

    @Test("Helvetica is substituted by DejaVu Sans")
    func helveticaSubstitute() throws {
        let font = try #require(CGFont("Helvetica"))
        #expect(font.isSubstitute)
        #expect(font.familyName == "DejaVu Sans")
    }

    @Test("rendered Hg at 17 pt has ink within its line box and a plausible amount of it")
    func renderedSample() throws {
        let font = try #require(CGFont("DejaVu Sans"))
        let layout = TextLayout(string: "Hg", font: font, fontSize: 17)
        let context = try context(width: 32, height: 24)
        context.draw(layout, at: CGPoint(x: 0, y: 24))
        let bytes = try pixels(of: context)
        let covered = Double(alphaSum(bytes)) / 255
        // H at 17 pt: two stems of 1.67 × 12.4 px and a bar of about 6.1 × 1.4 px, about 50 px²; g about as
        // much again. (The exact area is checked against the outlines in the raster tests.)
        #expect(covered > 85 && covered < 115, "covered \(covered) px²")
        for x in 0..<32 { #expect(pixel(bytes, width: 32, x: x, y: 21)[3] == 0) }
    }
}
