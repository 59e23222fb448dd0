import Foundation
import Testing

@testable import PortableQuartzCore

/// Moves the context down 20 points before the default drawing: the vertically centring subclass that answers to
/// "vertically align text in a CATextLayer" recommend (it works on iOS because `CATextLayer.draw(in:)` draws the
/// string in the context it is given).
private final class ShiftedTextLayer: CATextLayer {
    override func draw(in ctx: CGContext) {
        ctx.saveGState()
        ctx.translateBy(x: 0, y: 20)
        super.draw(in: ctx)
        ctx.restoreGState()
    }
}

/// Draws a blue bar under the default drawing.
private final class UnderlinedTextLayer: CATextLayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 36, width: bounds.width, height: 4))
        super.draw(in: ctx)
    }
}

/// Changes nothing about drawing.
private final class PlainSubclassTextLayer: CATextLayer {}

@Suite("Text layer subclasses that draw")
struct TextLayerDrawingTests {
    private func label<Layer: CATextLayer>(_ layer: Layer) -> Layer {
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.string = "Hi"
        layer.fontSize = 16
        layer.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        return layer
    }

    /// The topmost row with ink (alpha above 64), or nil.
    private func firstInkedRow(_ image: CGImage) -> Int? {
        (0..<image.height).first { y in (0..<image.width).contains { pixel(image, $0, y)[3] > 64 } }
    }

    @Test("a subclass moving the context down 20 points shows the text 20 rows lower than CATextLayer does")
    func shiftedSubclassMovesTheText() throws {
        let plain = try #require(firstInkedRow(renderFrame(label(CATextLayer()))))
        let shifted = try #require(firstInkedRow(renderFrame(label(ShiftedTextLayer()))))
        #expect(shifted - plain == 20)
        // Its text is in its contents, drawn by draw(in:), and the renderer does not paint it a second time.
        let layer = label(ShiftedTextLayer())
        layer.displayIfNeeded()
        #expect(layer.contents != nil && layer.flags.contains(.textInContents))
    }

    @Test("a subclass's own drawing shows with the text; a subclass drawing only the default paints as CATextLayer")
    func drawingSubclassesAndPlainOnes() throws {
        let underlined = renderFrame(label(UnderlinedTextLayer()))
        #expect(pixel(underlined, 50, 38) == [0, 0, 255, 255])
        let plainRow = try #require(firstInkedRow(renderFrame(label(CATextLayer()))))
        #expect(firstInkedRow(underlined) == plainRow)
        let subclass = label(PlainSubclassTextLayer())
        #expect(firstInkedRow(renderFrame(subclass)) == plainRow)
        #expect(subclass.contents == nil && !subclass.flags.contains(.textInContents))
    }

    @Test("CATextLayer.draw(in:) draws the string into a context of one's own, at the context's transform")
    func drawInAContextOfOnesOwn() throws {
        let layer = label(CATextLayer())
        let context = flippedContext(width: 100, height: 40)
        layer.draw(in: context)
        let drawn = try #require(context.makeImage())
        #expect(firstInkedRow(drawn) == firstInkedRow(renderFrame(layer)))
    }
}
