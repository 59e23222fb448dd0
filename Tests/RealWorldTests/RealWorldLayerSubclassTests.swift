// Layer subclasses as custom controls write them: `draw(in:)` redrawn when the bounds change, `layoutSublayers`
// placing a fill from a progress value, `action(forKey:)` supplying a slower implicit move and refusing the rest,
// a delegate that draws, and `display()` setting `contents` itself.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A badge that draws a red 10 × 10 square in its middle, redrawn whenever its size changes.
final class CentredMarkLayer: CALayer {
    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: bounds.midX - 5, y: bounds.midY - 5, width: 10, height: 10))
    }
}

/// A progress bar layer: `layoutSublayers` sizes the fill to `progress` of the width.
final class BarLayer: CALayer {
    let fill = CALayer()
    var progress: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }

    override init() {
        super.init()
        fill.backgroundColor = UIColor.blue.cgColor
        addSublayer(fill)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        fill.frame = CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height)
        CATransaction.commit()
    }
}

/// A layer that moves slowly and linearly on its own and changes everything else at once.
final class SlowMovingLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        guard event == "position" else { return NSNull() }
        let move = CABasicAnimation(keyPath: event)
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        return move
    }
}

/// A layer delegate that draws a blue bar across the top quarter of the layer.
final class BarPainter: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: layer.bounds.width, height: layer.bounds.height / 4))
    }
}

/// A layer whose `display()` hands over a ready-made image instead of drawing.
final class ImageBackedLayer: CALayer {
    var image: CGImage?

    override func display() {
        contents = image
    }
}

@Suite("Real world: layer subclasses")
struct RealWorldLayerSubclassTests {
    @Test(
        "draw(in:) redrawn on a bounds change cross-fades (0.25 s) from the stretched old picture; contents: NSNull swaps at once",
        arguments: [false, true])
    func redrawnOnBoundsChange(withoutFade: Bool) throws {
        try MediaClock.withManualTime { clock in
            let mark = CentredMarkLayer()
            mark.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            if withoutFade { mark.actions = ["contents": NSNull()] }
            mark.setNeedsDisplay()
            clock.advance(by: 0)
            // 20 × 20: the square fills 5 … 15.
            #expect(screen(mark, width: 40, height: 40)[6, 6] == .red)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            mark.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            CATransaction.commit()
            clock.advance(by: 0)
            let contents = try #require(mark.contents as! CGImage?)
            #expect(contents.width == 40 && contents.height == 40)
            // The new picture has its 10-point square at 15 … 25; the old one, stretched to the new size, 10 … 30.
            // iOS cross-fades a redrawn layer's contents (Stack Overflow 2244147, "Disabling implicit animations in
            // -[CALayer setNeedsDisplayInRect:]": disabling actions around the redraw does not stop it, an NSNull
            // action for "contents" does).
            let start = screen(mark, width: 40, height: 40)
            #expect(start[20, 20] == .red)
            #expect(start[12, 12] == (withoutFade ? .clear : .red))
            if !withoutFade {
                // Half the time on the default curve (0.25, 0.1, 0.25, 1) is 0.802403 of the dissolve: the old red
                // keeps 0.197597 where only it is red, and red stays red where both pictures are.
                clock.advance(to: 0.125)
                let fading = screen(mark, width: 40, height: 40)
                let expected = Pixel.premultiplied(red: 1, green: 0, blue: 0, opacity: 0.197597)
                #expect(fading[12, 12].isClose(to: expected, tolerance: 1), "\(fading[12, 12])")
                #expect(fading[20, 20].isClose(to: .red, tolerance: 1), "\(fading[20, 20])")
            }
            clock.advance(to: 0.3)
            let settled = screen(mark, width: 40, height: 40)
            #expect(settled[20, 20] == .red && settled[12, 12] == .clear)
        }
    }

    @Test("layoutSublayers sizes the fill: progress 0.25 of 100 points, then 200 points wide (re-laid out) shows 50")
    func layoutSublayersFromState() {
        MediaClock.withManualTime { clock in
            let bar = BarLayer()
            bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
            bar.progress = 0.25
            clock.advance(by: 0)
            #expect(bar.fill.frame.width == 25)
            var picture = screen(bar, width: 200, height: 10)
            #expect(picture[24, 5] == .blue && picture[25, 5] == .clear)
            // A new size marks the layer for layout on its own (issue 17 §2.11; Apple's `setNeedsLayout` docs: the
            // layer is laid out at the next update cycle): the next commit lays it out.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            bar.frame = CGRect(x: 0, y: 0, width: 200, height: 10)
            CATransaction.commit()
            clock.advance(by: 0)
            picture = screen(bar, width: 200, height: 10)
            #expect(picture[49, 5] == .blue && picture[50, 5] == .clear)
        }
    }

    @Test("action(forKey:) gives position a 1 s linear move (x 60 at 0.5 s) and NSNull for the rest (opacity at once)")
    func customActions() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 130, height: 10)
            let slider = SlowMovingLayer()
            slider.frame = CGRect(x: 5, y: 0, width: 10, height: 10)
            slider.backgroundColor = UIColor.red.cgColor
            root.addSublayer(slider)
            clock.advance(by: 0)
            // Core Animation Programming Guide, "Changing a Layer's Default Behavior": the layer's own
            // action(forKey:) answers first; an NSNull answer means no animation. 10 → 110 linear over 1 s: 60 at
            // 0.5 s.
            slider.position.x = 110
            slider.opacity = 0.5
            clock.advance(to: 0.5)
            #expect(slider.animationKeys() == ["position"])
            let shown = try #require(slider.presentation())
            #expect(isClose(shown.position.x, 60, 1e-9) && shown.opacity == 0.5)
            let picture = screen(root, width: 130, height: 10)
            #expect(picture[60, 5].isClose(to: .premultiplied(red: 1, green: 0, blue: 0, opacity: 0.5)))
        }
    }

    @Test("a delegate's draw(_:in:) paints the layer: a blue bar over the top quarter, y down")
    func delegateDraws() {
        // CALayerDelegate's draw(_:in:) (Apple docs) is asked when the layer has no draw(in:) of its own; on iOS the
        // context's origin is the top left (UIKit's coordinates), so the 10-point bar lies over rows 0 … 9.
        let painter = BarPainter()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.delegate = painter
        layer.setNeedsDisplay()
        let picture = screen(layer, width: 40, height: 40)
        #expect(picture[20, 4] == .blue && picture[20, 9] == .blue)
        #expect(picture[20, 11] == .clear && picture[20, 36] == .clear)
    }

    @Test(
        "display() overridden to set contents: after setNeedsDisplay the image fades in over 0.25 s, stretched to the bounds"
    )
    func displaySetsContents() {
        MediaClock.withManualTime { clock in
            let layer = ImageBackedLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
            layer.image = solidImage(side: 3, .blue)
            clock.advance(by: 0)
            #expect(screen(layer, width: 30, height: 30)[15, 15] == .clear)
            layer.setNeedsDisplay()
            clock.advance(by: 0)
            // Setting contents on a committed standalone layer is a change like any other: the implicit fade
            // (Core Animation Programming Guide: `contents` is animatable, with the default implicit animation).
            #expect(layer.animationKeys() == ["contents"])
            // At 0.125 s the default curve gives 0.802403: blue at that opacity, everywhere in the layer.
            clock.advance(to: 0.125)
            let fading = screen(layer, width: 30, height: 30)
            let expected = Pixel.premultiplied(red: 0, green: 0, blue: 1, opacity: 0.802403)
            #expect(fading[15, 15].isClose(to: expected, tolerance: 1), "\(fading[15, 15])")
            clock.advance(to: 0.3)
            let picture = screen(layer, width: 30, height: 30)
            #expect(picture[1, 1] == .blue && picture[15, 15] == .blue && picture[28, 28] == .blue)
        }
    }
}
