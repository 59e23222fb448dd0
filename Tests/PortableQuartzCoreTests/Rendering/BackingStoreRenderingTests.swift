import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer that fills its top-left quarter with blue in `draw(in:)` and counts its drawings.
private final class QuarterLayer: CALayer {
    nonisolated(unsafe) var drawings = 0

    override func draw(in ctx: CGContext) {
        drawings += 1
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2))
    }
}

@Suite("Backing stores in rendering")
struct BackingStoreRenderingTests {
    @Test("draw(in:) runs once for setNeedsDisplay; its picture (top-left quarter blue, y down) is reused next frame")
    func drawnOnceAndCached() {
        let layer = QuarterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.setNeedsDisplay()
        let renderer = CARenderer(width: 20, height: 20)!
        renderer.layer = layer
        let first = renderer.renderFrame(atTime: 0)
        #expect(pixel(first, 5, 5) == [0, 0, 255, 255])
        #expect(pixel(first, 15, 15) == [0, 0, 0, 0])
        _ = renderer.renderFrame(atTime: 1)
        #expect(layer.drawings == 1)
        layer.setNeedsDisplay()
        _ = renderer.renderFrame(atTime: 2)
        #expect(layer.drawings == 2)
    }

    @Test("needsDisplayOnBoundsChange redraws at the new size: a 40-point layer's blue quarter is 20 points")
    func boundsChangeRedraws() {
        let layer = QuarterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.needsDisplayOnBoundsChange = true
        layer.setNeedsDisplay()
        let renderer = CARenderer(width: 40, height: 40)!
        renderer.layer = layer
        _ = renderer.renderFrame(atTime: 0)
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let image = renderer.renderFrame(atTime: 1)
        #expect(layer.drawings == 2)
        #expect(pixel(image, 15, 15) == [0, 0, 255, 255])
        #expect(pixel(image, 25, 25) == [0, 0, 0, 0])
    }

    /// Evidence: Stack Overflow 2244147 ("Disabling implicit animations in -[CALayer setNeedsDisplayInRect:]"): on
    /// iOS a redrawn layer cross-fades from its old picture, disabling actions around `setNeedsDisplay` does not
    /// stop it, and a `"contents"` entry of NSNull in `actions` does.
    @Test("a committed layer redrawn by display() looks up the contents action (a fade); NSNull in actions stops it")
    func redrawRunsContentsAction() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = QuarterLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.setNeedsDisplay()
            clock.advance(by: 0)
            // The first picture of a layer not yet committed shows at once.
            #expect(layer.drawings == 1 && layer.animationKeys() == nil)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.setNeedsDisplay()
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(layer.drawings == 2 && layer.animationKeys() == ["contents"])
            layer.removeAllAnimations()
            layer.actions = ["contents": NSNull()]
            layer.setNeedsDisplay()
            clock.advance(by: 0)
            #expect(layer.drawings == 3 && layer.animationKeys() == nil)
        }
    }

    @Test("contents of the wrong type (a string) is ignored: only the background shows")
    func wrongContentsType() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.contents = "not an image"
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [255, 0, 0, 255])
    }

    @Test("a contents cross-fade half-way dissolves red into blue: (128, 0, 128, 255) within one level")
    func contentsCrossFade() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.contents = squareImage(side: 4, red: 1, green: 0, blue: 0)
            clock.advance(by: 0)
            let fade = CABasicAnimation(keyPath: "contents")
            fade.toValue = squareImage(side: 4, red: 0, green: 0, blue: 1)
            fade.duration = 1
            layer.add(fade, forKey: "fade")
            clock.advance(by: 0.5)
            let renderer = CARenderer(width: 10, height: 10)!
            renderer.layer = layer
            let value = pixel(renderer.renderFrame(atTime: clock.now), 5, 5)
            // Red × 0.5 plus blue × 0.5, an opaque mix.
            #expect(abs(value[0] - 128) <= 1)
            #expect(value[1] == 0)
            #expect(abs(value[2] - 128) <= 1)
            #expect(value[3] >= 254)
        }
    }
}
