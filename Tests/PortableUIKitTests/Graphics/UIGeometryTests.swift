import Foundation
import Testing

@testable import PortableUIKit

@Suite("UIEdgeInsets, UIOffset and the geometry strings")
struct UIGeometryTests {
    @Test("(0, 0, 100, 50) inset by top 10, left 20, bottom 5, right 15 is (20, 10, 65, 35)")
    func insetByInsets() {
        // UIEdgeInsetsInsetRect (Apple's UIGeometry.h): origin + (left, top), size − (left + right, top + bottom).
        let insets = UIEdgeInsets(top: 10, left: 20, bottom: 5, right: 15)
        #expect(
            CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: insets) == CGRect(x: 20, y: 10, width: 65, height: 35))
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: insets).size.width == -25)
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).inset(by: .zero) == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(UIEdgeInsets() == .zero && UIOffset() == .zero)
    }

    @Test("strings: {1.5, 2}, {{0, 0}, {320, 480}}, [1, 0, 0, 1, 0, 0], 0.1 as 0.10000000000000001")
    func writing() {
        // UIKit prints each number as %.17g on 64-bit platforms: a frame iOS printed reads
        // "{{0, 40}, {375, 741.33333333333337}}".
        #expect(NSCoder.string(for: CGPoint(x: 1.5, y: 2)) == "{1.5, 2}")
        #expect(NSCoder.string(for: CGRect(x: 0, y: 0, width: 320, height: 480)) == "{{0, 0}, {320, 480}}")
        #expect(
            NSCoder.string(for: CGRect(x: 0, y: 40, width: 375, height: 2224.0 / 3))
                == "{{0, 40}, {375, 741.33333333333337}}")
        #expect(NSCoder.string(for: CGAffineTransform.identity) == "[1, 0, 0, 1, 0, 0]")
        #expect(NSCoder.string(for: CGSize(width: 0.1, height: -3)) == "{0.10000000000000001, -3}")
        #expect(NSCoder.string(for: CGVector(dx: 1, dy: 2)) == "{1, 2}")
        #expect(NSCoder.string(for: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == "{1, 2, 3, 4}")
        #expect(NSCoder.string(for: UIOffset(horizontal: 5, vertical: 6)) == "{5, 6}")
    }

    @Test("reading: {3.0,2.5} is (3, 2.5); every written value reads back exactly; malformed text gives zero")
    func reading() {
        // Apple's CGPointFromString documentation: "{3.0,2.5}" is valid; malformed text gives CGPointZero (the
        // identity for transforms).
        #expect(NSCoder.cgPoint(for: "{3.0,2.5}") == CGPoint(x: 3, y: 2.5))
        #expect(NSCoder.cgRect(for: "{{3,2},{4,5}}") == CGRect(x: 3, y: 2, width: 4, height: 5))
        let rect = CGRect(x: 0.1, y: 1.0 / 3, width: 1e-7, height: 2224.0 / 3)
        #expect(NSCoder.cgRect(for: NSCoder.string(for: rect)) == rect)
        let transform = CGAffineTransform(rotationAngle: 1)
        #expect(NSCoder.cgAffineTransform(for: NSCoder.string(for: transform)) == transform)
        #expect(NSCoder.cgSize(for: "{7, 8}") == CGSize(width: 7, height: 8))
        #expect(NSCoder.cgVector(for: "{1, -1}") == CGVector(dx: 1, dy: -1))
        #expect(NSCoder.uiEdgeInsets(for: "{1, 2, 3, 4}") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSCoder.uiOffset(for: "{5, 6}") == UIOffset(horizontal: 5, vertical: 6))
        #expect(NSCoder.cgPoint(for: "{1}") == .zero)
        #expect(NSCoder.cgPoint(for: "{a, b}") == .zero)
        #expect(NSCoder.cgPoint(for: "") == .zero)
        #expect(NSCoder.cgAffineTransform(for: "[1, 2]") == .identity)
    }
}

/// Whether DejaVu Sans, the face the system font stands for here, is installed (Debian's fonts-dejavu-core).
private let dejaVuSansInstalled = UIFont(name: "DejaVuSans", size: 12) != nil

@Suite("UIFont", .enabled(if: dejaVuSansInstalled, "DejaVu Sans is not installed"))
struct UIFontTests {
    @Test("the system font at 12 points is DejaVu Sans: ascender 11.1328125, descender −2.8359375, lineHeight 13.96875")
    func systemFontMetrics() {
        // DejaVu Sans: 2048 units per em, ascent 1901, descent 483, no line gap; at 12 points 1901 × 12 / 2048 …
        let font = UIFont.systemFont(ofSize: 12)
        #expect(font.pointSize == 12)
        #expect(font.familyName == "DejaVu Sans" && font.fontName == "DejaVuSans")
        #expect(font.ascender == 1901 * 12 / 2048.0)
        #expect(font.descender == -483 * 12 / 2048.0)
        #expect(font.lineHeight == font.ascender - font.descender + font.leading)
        #expect(font.lineHeight == 13.96875)
        #expect(font.capHeight > 8 && font.capHeight < font.ascender)
    }

    @Test("bold, semibold and italic system fonts pick DejaVu Sans Bold and Oblique; withSize keeps the face")
    func styledSystemFonts() {
        #expect(UIFont.boldSystemFont(ofSize: 10).fontName == "DejaVuSans-Bold")
        #expect(UIFont.systemFont(ofSize: 10, weight: .semibold).fontName == "DejaVuSans-Bold")
        #expect(UIFont.systemFont(ofSize: 10, weight: .medium).fontName == "DejaVuSans")
        #expect(UIFont.italicSystemFont(ofSize: 10).fontName == "DejaVuSans-Oblique")
        let larger = UIFont.boldSystemFont(ofSize: 10).withSize(20)
        #expect(larger.fontName == "DejaVuSans-Bold" && larger.pointSize == 20)
        #expect(larger == UIFont(name: "DejaVuSans-Bold", size: 20))
    }

    @Test("UIFont(name:size:) finds installed faces and Apple's stand-ins, and is nil for unknown names")
    func namedFonts() {
        #expect(UIFont(name: "DejaVuSerif", size: 14)?.familyName == "DejaVu Serif")
        #expect(UIFont(name: "Menlo", size: 14)?.familyName == "DejaVu Sans Mono")
        #expect(UIFont(name: "No Such Font", size: 14) == nil)
        #expect(UIFont.familyNames.contains("DejaVu Sans"))
        #expect(UIFont.fontNames(forFamilyName: "DejaVu Sans").contains("DejaVuSans-Bold"))
    }

    @Test("a UIFont given to CATextLayer.font draws its face: a bold \"l\" covers more pixels than a regular one")
    func textLayerFont() throws {
        // On Apple platforms a UIFont is a CTFont, which CATextLayer accepts; the font's own size is ignored and
        // `fontSize` sets it (CATextLayer.font documentation).
        func inkedPixels(_ font: UIFont) throws -> Int {
            let text = CATextLayer()
            text.frame = CGRect(x: 0, y: 0, width: 40, height: 50)
            text.string = "l"
            text.font = font
            text.fontSize = 40
            #expect(text.font as? UIFont === font)
            let renderer = try #require(CARenderer(width: 40, height: 50))
            renderer.layer = text
            let image = renderer.renderFrame(atTime: 0)
            let bytes = [UInt8](image.dataProvider?.data ?? Data())
            return stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] > 127 }.count
        }
        let regular = try inkedPixels(UIFont.systemFont(ofSize: 9))
        let bold = try inkedPixels(UIFont.boldSystemFont(ofSize: 9))
        #expect(regular > 40 && bold > regular + 20, "regular \(regular), bold \(bold)")
    }
}
