import Foundation
import Testing

@testable import PortableQuartzCore

/// A stand-in for a UIView: the delegate of its backing layer, answering NSNull outside animation blocks.
private final class BackingViewDelegate: CALayerDelegate {
    var insideAnimationBlock = false

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        insideAnimationBlock ? CABasicAnimation() : NSNull()
    }
}

/// The scenarios of seed 001 (implicit animations), with the numbers the article reports.
@Suite("Seed 001: implicit animations")
struct SeedImplicitAnimationTests {
    private func colorLayer(_ clock: MediaClock) -> (root: CALayer, color: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
        let color = CALayer()
        color.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        color.position = CGPoint(x: 160, y: 240)
        color.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(color)
        clock.advance(by: 0)
        return (root, color)
    }

    @Test("listing 7.1: a new colour fades in over the default 0.25 s; listing 7.2: over 1 s in a transaction")
    func colourChangeDurations() throws {
        try MediaClock.withManualTime { clock in
            let (_, color) = colorLayer(clock)
            color.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            clock.advance(by: 0)
            #expect(color.animation(forKey: "backgroundColor")?.duration == 0.25)
            clock.advance(by: 0.25)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            color.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            CATransaction.commit()
            #expect(color.animation(forKey: "backgroundColor")?.duration == 1)
            clock.advance(by: 0.5)
            // Half way through the default curve (0.802403 at x = 0.5): blue → green.
            let shown = try #require(color.presentation()?.backgroundColor?.components)
            #expect(abs(shown[1] - 0.802403) < 1e-5)
            #expect(abs(shown[2] - (1 - 0.802403)) < 1e-5)
        }
    }

    @Test("listing 7.3: the completion block's 90° turn runs after the 1 s fade, over the default 0.25 s")
    func completionBlockRotates() throws {
        try MediaClock.withManualTime { clock in
            let (_, color) = colorLayer(clock)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock {
                color.setAffineTransform(color.affineTransform().rotated(by: .pi / 2))
            }
            color.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            clock.advance(by: 0.99)
            #expect(color.animation(forKey: "transform") == nil)
            clock.advance(by: 0.01)
            let turn = try #require(color.animation(forKey: "transform"))
            #expect(turn.duration == 0.25)
            clock.advance(by: 0.25)
            let angle = atan2(color.transform.m12, color.transform.m11)
            #expect(abs(angle - .pi / 2) < 1e-12)
            #expect(color.animationKeys() == nil)
        }
    }

    @Test("listing 7.4: a view's backing layer does not animate outside a block and does inside")
    func backingLayer() {
        MediaClock.withManualTime { clock in
            let (_, color) = colorLayer(clock)
            let view = BackingViewDelegate()
            color.delegate = view
            #expect(color.action(forKey: "backgroundColor") == nil)
            color.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            #expect(color.animationKeys() == nil)
            view.insideAnimationBlock = true
            #expect(color.action(forKey: "backgroundColor") is CABasicAnimation)
            color.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            #expect(color.animationKeys() == ["backgroundColor"])
        }
    }

    @Test("listing 7.6: a push-from-left transition in the actions dictionary replaces the fade, under \"transition\"")
    func customPushAction() throws {
        try MediaClock.withManualTime { clock in
            let (_, color) = colorLayer(clock)
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            color.actions = ["backgroundColor": transition]
            color.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            clock.advance(by: 0)
            // SPEC §6.2: a transition run as an action is stored under kCATransition, not under the event key.
            #expect(color.animation(forKey: "backgroundColor") == nil)
            let attached = try #require(color.animation(forKey: kCATransition) as? CATransition)
            #expect(attached.type == .push)
            #expect(attached.subtype == .fromLeft)
            #expect(attached.duration == 0.25)
            // A transition shows the new model value at once; its pictures come from the renderer.
            #expect(color.presentation()?.backgroundColor?.components?[2] == 1)
        }
    }

    @Test("listing 7.7: hit-testing the presentation finds the moving layer where it is on screen")
    func tapToMove() throws {
        try MediaClock.withManualTime { clock in
            let (_, color) = colorLayer(clock)
            CATransaction.begin()
            CATransaction.setAnimationDuration(4)
            color.position = CGPoint(x: 160, y: 440)
            CATransaction.commit()
            clock.advance(by: 2)
            let shown = try #require(color.presentation())
            // 240 + 200 × 0.802403 (the default curve half way through).
            #expect(abs(shown.position.y - 400.4806) < 1e-3)
            let tap = CGPoint(x: 160, y: 360)
            #expect(shown.hitTest(tap)?.model() === color)
            #expect(color.hitTest(tap) == nil, "the model layer spans 390…490 already")
            #expect(color.hitTest(CGPoint(x: 160, y: 440)) === color)
        }
    }
}
