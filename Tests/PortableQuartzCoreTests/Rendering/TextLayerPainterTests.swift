import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("TextLayerPainter")
struct TextLayerPainterTests {
    static let bounds = CGRect(x: 0, y: 0, width: 200, height: 60)

    static func text(_ string: String?, size: CGFloat = 20, alignment: String = "natural") -> TextLayerState {
        var text = TextLayerState()
        text.string = string
        text.fontSize = size
        text.foregroundColor = Palette.red
        text.alignmentMode = NamedChoice(name: alignment)
        return text
    }

    static func paint(_ text: TextLayerState, bounds: CGRect = Self.bounds) -> LayerCanvas {
        let canvas = LayerCanvas(bounds: bounds)
        TextLayerPainter.draw(text, bounds: bounds, in: canvas.context)
        return canvas
    }

    @Test(
        "text starts at the top: every pixel of \"Hello\" at 20 pt lies in the first line box, capitals reach its top")
    func startsAtTop() throws {
        // The line box runs from y = 0 to ascent + descent; "H" rises capHeight above the baseline at y = ascent.
        let text = Self.text("Hello")
        let layout = try #require(TextLayerPainter.layout(of: text, bounds: Self.bounds))
        let metrics = layout.metrics
        let canvas = Self.paint(text)
        let painted = canvas.paintedPixels
        #expect(!painted.isEmpty)
        let rows = painted.map(\.y)
        let lowest = try #require(rows.max())
        let highest = try #require(rows.min())
        #expect(CGFloat(lowest) < metrics.ascent + metrics.descent)
        let capTop = metrics.ascent - metrics.capHeight
        #expect(abs(CGFloat(highest) - capTop) <= 1.5)
        // Red text: every painted pixel is red at some coverage.
        #expect(
            painted.allSatisfy { pixel in
                let rgba = canvas.pixel(pixel.x, pixel.y)
                return rgba[1] == 0 && rgba[2] == 0 && rgba[0] == rgba[3]
            })
    }

    @Test("left alignment starts at x ≈ 0, right alignment ends at x ≈ 200, centre is symmetric within a pixel")
    func alignment() throws {
        /// The leftmost and rightmost painted columns for `alignment`.
        func columns(_ alignment: String) throws -> (min: Int, max: Int) {
            let xs = Self.paint(Self.text("Hello", alignment: alignment)).paintedPixels.map(\.x)
            return (try #require(xs.min()), try #require(xs.max()))
        }
        let left = try columns("left")
        let right = try columns("right")
        let center = try columns("center")
        #expect(left.min <= 3 && left.max < 100)
        #expect(right.max >= 196 && right.min > 100)
        // The ink is offset by the same slack: right = left + (200 − line width), centre halfway.
        let shift = right.min - left.min
        #expect(abs((center.min - left.min) - shift / 2) <= 1)
        #expect(abs((right.max - left.max) - shift) <= 1)
        let natural = try columns("natural")
        #expect(natural == left)
    }

    @Test("truncation end cuts a long line at the bounds' width 60 and adds an ellipsis; without it the text runs on")
    func truncationEnd() throws {
        let bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        var text = Self.text("abcdefghijklmnopqrstuvwxyz")
        text.truncationMode = "end"
        let layout = try #require(TextLayerPainter.layout(of: text, bounds: bounds))
        let line = try #require(layout.lines.first)
        #expect(line.isTruncated && line.width <= 60)
        #expect(line.glyphs.last == layout.font.glyph(for: "\u{2026}"))
        #expect(line.glyphs.first == layout.font.glyph(for: "a"))
        let wide = CGRect(x: 0, y: 0, width: 400, height: 40)
        let truncated = LayerCanvas(bounds: wide)
        TextLayerPainter.draw(text, bounds: bounds, in: truncated.context)
        #expect(truncated.paintedPixels.allSatisfy { $0.x < 60 })
        text.truncationMode = "none"
        let untruncated = LayerCanvas(bounds: wide)
        TextLayerPainter.draw(text, bounds: bounds, in: untruncated.context)
        #expect(untruncated.paintedPixels.contains { $0.x > 100 })
    }

    @Test("truncation start keeps the end of the line: the ellipsis comes first and \"z\" last")
    func truncationStart() throws {
        var text = Self.text("abcdefghijklmnopqrstuvwxyz")
        text.truncationMode = "start"
        let layout = try #require(TextLayerPainter.layout(of: text, bounds: CGRect(x: 0, y: 0, width: 60, height: 40)))
        let line = try #require(layout.lines.first)
        #expect(line.glyphs.first == layout.font.glyph(for: "\u{2026}"))
        #expect(line.glyphs.last == layout.font.glyph(for: "z"))
    }

    @Test("wrapping breaks at the bounds' width: \"one two three four\" at 20 pt in 80 points takes several lines")
    func wrapping() throws {
        let bounds = CGRect(x: 0, y: 0, width: 80, height: 200)
        var text = Self.text("one two three four")
        text.isWrapped = true
        let layout = try #require(TextLayerPainter.layout(of: text, bounds: bounds))
        #expect(layout.lines.count >= 3)
        let canvas = Self.paint(text, bounds: bounds)
        let lowest = try #require(canvas.paintedPixels.map(\.y).max())
        #expect(CGFloat(lowest) > layout.metrics.lineHeight * 2)
        #expect(canvas.paintedPixels.allSatisfy { $0.x < 80 })
        // With truncation too, only the lines that fit a 30-point-high box are kept (one line of 23.3 points).
        text.truncationMode = "end"
        let short = try #require(TextLayerPainter.layout(of: text, bounds: CGRect(x: 0, y: 0, width: 80, height: 30)))
        #expect(short.lines.count == 1 && short.isTruncated)
    }

    @Test("a nil font is Helvetica; an unknown font name falls back to the default family")
    func fonts() throws {
        var text = Self.text("Hello")
        text.font = nil
        let helvetica = try #require(TextLayerPainter.layout(of: text, bounds: Self.bounds))
        #expect(helvetica.font.requestedName == "Helvetica")
        text.font = "No Such Font 123"
        let fallback = try #require(TextLayerPainter.layout(of: text, bounds: Self.bounds))
        #expect(fallback.font.familyName == FontLibrary.shared.defaultFont?.familyName)
    }

    @Test("a nil foreground colour draws black; nil or empty strings and sizes 0 or NaN draw nothing")
    func colorAndNothing() {
        var black = Self.text("Hello")
        black.foregroundColor = nil
        let canvas = Self.paint(black)
        let painted = canvas.paintedPixels
        #expect(!painted.isEmpty)
        #expect(painted.allSatisfy { canvas.pixel($0.x, $0.y)[0...2] == [0, 0, 0] })
        for text in [Self.text(nil), Self.text(""), Self.text("Hello", size: 0), Self.text("Hello", size: .nan)] {
            #expect(Self.paint(text).paintedPixels.isEmpty)
        }
    }

    @Test("alignment and truncation names map to the layout's cases; unknown names are natural and none")
    func names() {
        #expect(TextLayerPainter.alignment("justified") == .justified)
        #expect(TextLayerPainter.alignment("centre") == .natural)
        #expect(TextLayerPainter.truncation("middle") == .middle)
        #expect(TextLayerPainter.truncation("end…") == .none)
    }
}
