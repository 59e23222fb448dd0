// Implicit animations as code meets them: a standalone layer animates a change on its own (0.25 s on the default
// curve), a view's own layer does not outside an animation block, actions can be disabled for a transaction or per
// key with `NSNull`, and a layer created and changed in the same turn shows its values at once.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

@Suite("Real world: implicit animations")
struct RealWorldImplicitAnimationTests {
    @Test("a standalone layer fades implicitly: opacity 1 → 0 over 0.25 s, 0.1976 at 0.125 s, 0 after")
    func standaloneLayerAnimates() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            let overlay = CALayer()
            overlay.frame = root.bounds
            overlay.backgroundColor = UIColor.blue.cgColor
            root.addSublayer(overlay)
            clock.advance(by: 0)
            overlay.opacity = 0
            clock.advance(to: 0.125)
            // The default curve (0.25, 0.1, 0.25, 1) at 0.5 is 0.802403 (Core Animation Programming Guide: implicit
            // animations use the default duration and timing).
            let shown = try #require(overlay.presentation()).opacity
            #expect(isClose(CGFloat(shown), 0.197597, 1e-4))
            #expect(
                screen(root, width: 20, height: 20)[10, 10].isClose(
                    to: .premultiplied(red: 0, green: 0, blue: 1, opacity: 0.197597)))
            clock.advance(to: 0.26)
            #expect(screen(root, width: 20, height: 20)[10, 10] == .clear)
        }
    }

    @Test("a view's own layer changes at once outside an animation block and animates inside one")
    func viewBackedLayerOnlyAnimatesInBlocks() throws {
        try MediaClock.withManualTime { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            view.backgroundColor = .red
            clock.advance(by: 0)
            // The view is its layer's delegate and answers NSNull outside blocks (seed 001's log).
            view.layer.opacity = 0.5
            clock.advance(by: 0)
            #expect(view.layer.animationKeys() == nil)
            let direct = try #require(view.layer.presentation()).opacity
            #expect(direct == 0.5)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.layer.opacity = 1 })
            clock.advance(to: 0.5)
            let animated = try #require(view.layer.presentation()).opacity
            #expect(isClose(CGFloat(animated), 0.75, 1e-6))
        }
    }

    @Test("CATransaction.setDisableActions(true): a standalone layer jumps to x 150 on the next frame")
    func disabledActions() {
        MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 20)
            let marker = CALayer()
            marker.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            marker.backgroundColor = UIColor.red.cgColor
            root.addSublayer(marker)
            clock.advance(by: 0)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            marker.position.x = 150
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(marker.animationKeys() == nil)
            #expect(screen(root, width: 200, height: 20)[150, 5] == .red)
        }
    }

    @Test("actions = [\"position\": NSNull()]: a frame change jumps into place while the size still animates")
    func perKeyNullAction() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let box = CALayer()
            box.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            box.backgroundColor = UIColor.red.cgColor
            box.actions = ["position": NSNull()]
            root.addSublayer(box)
            clock.advance(by: 0)
            box.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
            clock.advance(to: 0.125)
            #expect(box.animationKeys() == ["bounds"])
            let shown = try #require(box.presentation())
            #expect(shown.position == CGPoint(x: 50, y: 50))
            // The size is 20 + 20 · 0.802403 about the new centre.
            #expect(isClose(shown.bounds.width, 36.048068, 1e-3))
            let picture = screen(root, width: 100, height: 100)
            // 31.98 … 68.02 across.
            #expect(picture[50, 50] == .red && picture[30, 50] == .clear && picture[33, 50] == .red)
        }
    }

    @Test("a layer created, added and styled in one turn shows its values at once: no animation on the first commit")
    func uncommittedLayerDoesNotAnimate() {
        MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            clock.advance(by: 0)
            let badge = CALayer()
            root.addSublayer(badge)
            badge.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            badge.backgroundColor = UIColor.red.cgColor
            badge.cornerRadius = 10
            clock.advance(by: 0)
            #expect(badge.animationKeys() == nil)
            let picture = screen(root, width: 40, height: 40)
            #expect(picture[20, 20] == .red && picture[11, 11] == .clear)
        }
    }

    @Test("a transaction of 1 s around an implicit colour change: half-way red → blue at 0.5 s on the default curve")
    func transactionDurationForImplicitColour() throws {
        try MediaClock.withManualTime { clock in
            let tile = CALayer()
            tile.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            tile.backgroundColor = UIColor.red.cgColor
            clock.advance(by: 0)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            tile.backgroundColor = UIColor.blue.cgColor
            CATransaction.commit()
            clock.advance(to: 0.5)
            let colour = try #require(tile.presentation()?.backgroundColor?.components)
            #expect(isClose(colour[0], 0.197597, 1e-4) && isClose(colour[2], 0.802403, 1e-4))
            let expected = Pixel(red: 50, green: 0, blue: 205, alpha: 255)
            #expect(screen(tile, width: 10, height: 10)[5, 5].isClose(to: expected, tolerance: 1))
        }
    }
}
