// Text layers as badges, counters and labels built on layers use them: a `UIFont` set as the font, alignment,
// end truncation and wrapping, the first line at the top of the bounds, the well-known subclass that centres the
// text vertically by overriding `draw(in:)`, and the implicit colour animation.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A text layer in the manner of layer-based labels: black text in `font` at its point size.
func makeLabelLayer(_ string: String, font: UIFont, frame: CGRect) -> CATextLayer {
    let text = CATextLayer()
    text.frame = frame
    text.string = string
    text.font = font
    text.fontSize = font.pointSize
    text.foregroundColor = UIColor.black.cgColor
    text.contentsScale = 2
    return text
}

/// The subclass countless answers recommend for vertically centred text: `draw(in:)` moves the context down by
/// half the free height before letting `CATextLayer` draw.
final class CenteredTextLayer: CATextLayer {
    override func draw(in ctx: CGContext) {
        let yDiff = (bounds.size.height - fontSize) / 2 - fontSize / 10
        ctx.saveGState()
        ctx.translateBy(x: 0, y: yDiff)
        super.draw(in: ctx)
        ctx.restoreGState()
    }
}

@Suite("Real world: text layers")
struct RealWorldTextLayerTests {
    @Test("a UIFont-styled title, alignment center: the ink is centred (margins within 2 points) in the top 24 points")
    func centredTitleWithUIFont() throws {
        let title = makeLabelLayer(
            "Loading", font: .boldSystemFont(ofSize: 20), frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        title.alignmentMode = .center
        let ink = try #require(screen(title, width: 200, height: 60).inkBounds(threshold: 64))
        #expect(abs(ink.minX - (200 - ink.maxX)) <= 2, "\(ink)")
        // The first line starts at the top of the bounds: a 20-point line, not centred vertically.
        #expect(ink.minY < 8 && ink.maxY <= 24, "\(ink)")
    }

    @Test("alignment left and right put the ink against the matching edge (within 3 points)")
    func leftAndRightAlignment() throws {
        let font = UIFont.systemFont(ofSize: 16)
        let left = makeLabelLayer("42 items", font: font, frame: CGRect(x: 0, y: 0, width: 160, height: 24))
        left.alignmentMode = .left
        let right = makeLabelLayer("42 items", font: font, frame: CGRect(x: 0, y: 0, width: 160, height: 24))
        right.alignmentMode = .right
        let leftInk = try #require(screen(left, width: 160, height: 24).inkBounds(threshold: 64))
        let rightInk = try #require(screen(right, width: 160, height: 24).inkBounds(threshold: 64))
        #expect(leftInk.minX <= 3 && leftInk.maxX < 100, "\(leftInk)")
        #expect(rightInk.maxX >= 157 && rightInk.minX > 60, "\(rightInk)")
        // The same line, moved: equal widths.
        #expect(abs(leftInk.width - rightInk.width) <= 1)
    }

    @Test("a bold system font carries more ink than the regular one at the same size (Helvetica-Bold on iOS)")
    func boldIsHeavier() {
        let regular = makeLabelLayer(
            "Heavy", font: .systemFont(ofSize: 24), frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        let bold = makeLabelLayer(
            "Heavy", font: .boldSystemFont(ofSize: 24), frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        let regularInk = screen(regular, width: 120, height: 30).inkedCount(threshold: 128)
        let boldInk = screen(bold, width: 120, height: 30).inkedCount(threshold: 128)
        #expect(regularInk > 100)
        #expect(Double(boldInk) > 1.3 * Double(regularInk), "bold \(boldInk), regular \(regularInk)")
    }

    @Test("end truncation ends a long line in an ellipsis: its last columns are inked only near the baseline")
    func endTruncation() throws {
        let font = UIFont.systemFont(ofSize: 16)
        let long = String(repeating: "M", count: 30)
        let truncated = makeLabelLayer(long, font: font, frame: CGRect(x: 0, y: 0, width: 100, height: 24))
        truncated.truncationMode = .end
        let clipped = makeLabelLayer(long, font: font, frame: CGRect(x: 0, y: 0, width: 100, height: 24))
        clipped.masksToBounds = true
        let ellipsis = screen(truncated, width: 100, height: 24)
        let ink = try #require(ellipsis.inkBounds(threshold: 64))
        #expect(ink.maxX <= 100)
        // The dots of "…" sit on the baseline: the top half of the capital height above them is empty.
        let top = Int(ink.minY)
        let capitalMiddle = top + Int(ink.height / 2)
        let lastColumns = (Int(ink.maxX) - 3)..<Int(ink.maxX)
        #expect(lastColumns.allSatisfy { x in (top..<capitalMiddle).allSatisfy { ellipsis[x, $0].alpha <= 64 } })
        // Without truncation the M's run on to the edge, where the bounds cut them: ink at the top right too.
        let cut = screen(clipped, width: 100, height: 24)
        #expect((top..<capitalMiddle).contains { cut[98, $0].alpha > 64 })
    }

    @Test("wrapping breaks a sentence at the bounds' width: two lines, ink more than 1.5 lines tall")
    func wrapping() throws {
        let font = UIFont.systemFont(ofSize: 16)
        let single = makeLabelLayer("Hello", font: font, frame: CGRect(x: 0, y: 0, width: 90, height: 60))
        let wrapped = makeLabelLayer("Hello again world", font: font, frame: CGRect(x: 0, y: 0, width: 90, height: 60))
        wrapped.isWrapped = true
        let lineInk = try #require(screen(single, width: 90, height: 60).inkBounds(threshold: 64))
        let wrappedInk = try #require(screen(wrapped, width: 90, height: 60).inkBounds(threshold: 64))
        #expect(wrappedInk.height > 1.5 * lineInk.height, "\(wrappedInk) vs \(lineInk)")
        #expect(wrappedInk.maxX <= 90)
    }

    @Test("the vertically centring subclass (draw(in:) moves the context down) shows the text in the middle")
    func verticallyCentredSubclass() throws {
        let label = CenteredTextLayer()
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        label.string = "Middle"
        label.font = UIFont.systemFont(ofSize: 20)
        label.fontSize = 20
        label.foregroundColor = UIColor.black.cgColor
        label.alignmentMode = .center
        // yDiff = (60 − 20) / 2 − 2 = 18: the 20-point line runs from y 18 to 38, so its ink is below y 16.
        let ink = try #require(screen(label, width: 120, height: 60).inkBounds(threshold: 64))
        #expect(ink.minY >= 16 && ink.maxY <= 40, "\(ink)")
    }

    @Test(
        "foregroundColor animates implicitly on a standalone text layer: red → blue, at 0.125 s 0.8024 of the way"
    )
    func colourAnimatesImplicitly() throws {
        try MediaClock.withManualTime { clock in
            let badge = makeLabelLayer(
                "IIII", font: .boldSystemFont(ofSize: 40), frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            badge.foregroundColor = UIColor.red.cgColor
            clock.advance(by: 0)
            badge.foregroundColor = UIColor.blue.cgColor
            clock.advance(to: 0.125)
            // The default curve at 0.5 is 0.802403: (0.1976, 0, 0.8024).
            let shown = try #require(badge.presentation()?.foregroundColor?.components)
            #expect(isClose(shown[0], 0.197597, 1e-4) && isClose(shown[2], 0.802403, 1e-4))
            let picture = screen(badge, width: 100, height: 50)
            // An opaque pixel inside a stem of an I carries that colour.
            var stem: Pixel?
            for y in 0..<50 {
                for x in 0..<100 where picture[x, y].alpha == 255 {
                    stem = picture[x, y]
                }
            }
            let pixel = try #require(stem)
            #expect(pixel.isClose(to: Pixel(red: 50, green: 0, blue: 205, alpha: 255), tolerance: 2), "\(pixel)")
        }
    }
}
