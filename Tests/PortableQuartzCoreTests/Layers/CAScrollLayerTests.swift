import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAScrollLayer")
struct CAScrollLayerTests {
    /// A scroll layer with bounds (0, 0, 100, 100) at (50, 50) holding a 100×400 content layer whose top-left
    /// corner is at the scroll layer's (0, 0).
    private static func scroller() -> (CAScrollLayer, CALayer) {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroll.position = CGPoint(x: 50, y: 50)
        let content = CALayer()
        content.bounds = CGRect(x: 0, y: 0, width: 100, height: 400)
        content.position = CGPoint(x: 50, y: 200)
        scroll.addSublayer(content)
        return (scroll, content)
    }

    @Test("scrollMode defaults to both, reads back, and is answered by defaultValue(forKey:)")
    func scrollMode() {
        let layer = CAScrollLayer()
        #expect(layer.scrollMode == .both)
        layer.scrollMode = .vertically
        #expect(layer.scrollMode.rawValue == "vertically")
        #expect(CAScrollLayer.defaultValue(forKey: "scrollMode") as? String == "both")
    }

    @Test("scroll(to:) a point moves the bounds origin to it and keeps the size")
    func scrollToPoint() {
        let layer = CAScrollLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.scroll(to: CGPoint(x: 30, y: 80))
        #expect(layer.bounds == CGRect(x: 30, y: 80, width: 100, height: 50))
    }

    @Test("scrollMode limits the axes: vertically (30, 80) ⇒ origin (0, 80); horizontally ⇒ (30, 0); none ⇒ (0, 0)")
    func scrollModeLimitsAxes() {
        for (mode, expected) in [
            (CAScrollLayerScrollMode.vertically, CGPoint(x: 0, y: 80)),
            (.horizontally, CGPoint(x: 30, y: 0)), (.none, .zero), (CAScrollLayerScrollMode("sideways"), .zero),
        ] {
            let layer = CAScrollLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
            layer.scrollMode = mode
            layer.scroll(to: CGPoint(x: 30, y: 80))
            #expect(layer.bounds.origin == expected, "\(mode.rawValue)")
            #expect(layer.bounds.size == CGSize(width: 100, height: 50))
        }
    }

    @Test("scroll(to:) a rectangle moves as little as possible: (50, 150, 20, 30) in 100×100 ⇒ origin (0, 80)")
    func scrollToRect() {
        let layer = CAScrollLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.scroll(to: CGRect(x: 50, y: 150, width: 20, height: 30))
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 80))
        // Back up: the rectangle's top edge becomes the bounds' top edge.
        layer.scroll(to: CGRect(x: 10, y: 20, width: 10, height: 10))
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 20))
        // Already visible: nothing moves.
        layer.scroll(to: CGRect(x: 40, y: 50, width: 10, height: 10))
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 20))
        // Taller than the bounds: its top is shown.
        layer.scroll(to: CGRect(x: 0, y: 200, width: 10, height: 300))
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 200))
        // A null rectangle changes nothing.
        layer.scroll(to: CGRect.null)
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 200))
    }

    @Test("a sublayer's scroll(_:) scrolls the enclosing scroll layer to its point: (0, 150)")
    func sublayerScrollsAncestor() {
        let (scroll, content) = Self.scroller()
        let inner = CALayer()
        inner.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        inner.position = CGPoint(x: 25, y: 125)
        content.addSublayer(inner)
        inner.scroll(CGPoint(x: 0, y: 50))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 150))
    }

    @Test("scrollRectToVisible(_:) shows a content rectangle; visibleRect follows: (0, 150, 100, 100)")
    func scrollRectToVisibleAndVisibleRect() {
        let (scroll, content) = Self.scroller()
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 100))
        content.scrollRectToVisible(CGRect(x: 0, y: 200, width: 100, height: 50))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 150))
        #expect(content.visibleRect == CGRect(x: 0, y: 150, width: 100, height: 100))
        let loose = CALayer()
        loose.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(loose.visibleRect == CGRect(x: 0, y: 0, width: 10, height: 10))
        loose.scroll(CGPoint(x: 5, y: 5))
        #expect(loose.bounds.origin == .zero)
    }

    @Test("scrolling a committed scroll layer animates bounds implicitly; the copy keeps scrollMode")
    func committedScrollAnimates() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAScrollLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.scrollMode = .horizontally
            clock.advance(by: 0)
            layer.scroll(to: CGPoint(x: 40, y: 40))
            #expect(layer.animationKeys() == ["bounds"])
            #expect(layer.bounds.origin == CGPoint(x: 40, y: 0))
            let shown: CAScrollLayer = try #require(layer.presentation())
            #expect(shown.scrollMode == .horizontally)
            #expect(shown.model() === layer)
        }
    }

    @Test("key-value coding reads and writes scrollMode by name")
    func keyValueCoding() {
        let layer = CAScrollLayer()
        layer.setValue("horizontally", forKey: "scrollMode")
        #expect(layer.scrollMode == .horizontally)
        #expect(layer.value(forKey: "scrollMode") as? String == "horizontally")
        layer.setValue(3, forKey: "scrollMode")
        #expect(layer.scrollMode == .horizontally)
    }
}
