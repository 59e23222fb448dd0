import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer that counts its layout passes and sizes its one sublayer to its bounds, as custom layers do.
private final class FillingLayer: CALayer {
    var layoutCount = 0

    override func layoutSublayers() {
        layoutCount += 1
        for sublayer in sublayers ?? [] { sublayer.frame = bounds }
    }
}

/// Layers ask for layout on their own when their bounds change and when sublayers come or go (issue 17 §2.11).
///
/// Evidence: Apple's CALayer documentation says `layoutSublayers` is called "when the layer's bounds change" and
/// after `setNeedsLayout`; UIKit's documented `layoutSubviews` timing (called after a bounds change or a subview is
/// added) is built on it; real code (custom CALayer subclasses in loading-indicator libraries, lottie-ios's layers)
/// lays out its sublayers in `layoutSublayers` without ever calling `setNeedsLayout`.
@Suite("Layers mark themselves for layout")
struct LayoutMarkingTests {
    @Test("a bounds change lays the layer out at the commit: the sublayer follows to 80 × 40")
    func boundsChangeLaysOut() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = FillingLayer()
            let child = CALayer()
            layer.addSublayer(child)
            clock.advance(by: 0)
            let passes = layer.layoutCount
            layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 40)
            #expect(layer.needsLayout())
            clock.advance(by: 0)  // the commit
            #expect(layer.layoutCount == passes + 1)
            #expect(child.frame == CGRect(x: 0, y: 0, width: 80, height: 40))
            #expect(!layer.needsLayout())
        }
    }

    @Test("setting the same bounds again asks for no layout")
    func sameBoundsNoLayout() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = FillingLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            clock.advance(by: 0)
            let passes = layer.layoutCount
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            #expect(!layer.needsLayout())
            clock.advance(by: 0)
            #expect(layer.layoutCount == passes)
        }
    }

    @Test("frame and KVC changes of the size mark too: frame 30 × 30, then bounds.size 50 × 20 via setValue")
    func frameAndKeyValueCoding() {
        let layer = FillingLayer()
        let child = CALayer()
        layer.addSublayer(child)
        layer.layoutIfNeeded()
        layer.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(child.bounds.size == CGSize(width: 30, height: 30))
        layer.setValue(CGSize(width: 50, height: 20), forKeyPath: "bounds.size")
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(child.bounds.size == CGSize(width: 50, height: 20))
    }

    @Test("adding and removing a sublayer ask the superlayer for layout; position changes do not")
    func hierarchyChangesLayOut() {
        let layer = FillingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.layoutIfNeeded()
        layer.position = CGPoint(x: 100, y: 100)
        #expect(!layer.needsLayout())
        let child = CALayer()
        layer.addSublayer(child)
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
        child.removeFromSuperlayer()
        #expect(layer.needsLayout())
    }
}
