// Transitions on content changes as apps write them: a `CATransition` fade added to a layer whose colour changes, a
// push from the right when a container's content is swapped, and `UIView.transition(with:)` cross-dissolving a
// change made in its block.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

@Suite("Real world: transitions")
struct RealWorldTransitionTests {
    @Test("a fade of 0.5 s (ease-in-ease-out) from red to blue: an even mix at 0.25 s, blue after")
    func fadeOnContentChange() {
        MediaClock.withManualTime { clock in
            let tile = CALayer()
            tile.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            tile.backgroundColor = UIColor.red.cgColor
            clock.advance(by: 0)
            let renderer = CARenderer(width: 20, height: 20)!
            renderer.layer = tile
            // The render server always has the picture on screen before the change.
            _ = renderer.renderFrame(atTime: 0)
            let fade = CATransition()
            fade.type = .fade
            fade.duration = 0.5
            fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            tile.add(fade, forKey: nil)
            tile.backgroundColor = UIColor.blue.cgColor
            // Apple's CATransition (.fade): the old picture dissolves into the new one over the duration. At half
            // the time ease-in-ease-out (0.42, 0, 0.58, 1) is half-way by symmetry: 255 / 2 of red and of blue.
            clock.advance(to: 0.25)
            let mid = Picture(renderer.renderFrame(atTime: 0.25))[10, 10]
            #expect(mid.isClose(to: Pixel(red: 128, green: 0, blue: 128, alpha: 255), tolerance: 2), "\(mid)")
            clock.advance(to: 0.5)
            #expect(Picture(renderer.renderFrame(atTime: 0.5))[10, 10] == .blue)
        }
    }

    @Test("a push from the right when the content is swapped: at half time the old content fills the left half")
    func pushFromRight() {
        MediaClock.withManualTime { clock in
            let container = CALayer()
            container.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            let old = CALayer()
            old.frame = container.bounds
            old.backgroundColor = UIColor.red.cgColor
            container.addSublayer(old)
            clock.advance(by: 0)
            let renderer = CARenderer(width: 100, height: 20)!
            renderer.layer = container
            _ = renderer.renderFrame(atTime: 0)
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 0.4
            push.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            container.add(push, forKey: kCATransition)
            let new = CALayer()
            new.frame = container.bounds
            new.backgroundColor = UIColor.blue.cgColor
            old.removeFromSuperlayer()
            container.addSublayer(new)
            clock.advance(to: 0.2)
            let picture = Picture(renderer.renderFrame(atTime: 0.2))
            // Apple's CATransition (.push, .fromRight): the new content pushes the old out to the left. Half-way
            // on the symmetric curve both have moved 50 points: the old picture covers 0 … 50, the new 50 … 100.
            #expect(picture[10, 10] == .red && picture[45, 10] == .red)
            #expect(picture[55, 10] == .blue && picture[90, 10] == .blue)
            clock.advance(to: 0.4)
            #expect(Picture(renderer.renderFrame(atTime: 0.4))[10, 10] == .blue)
        }
    }

    @Test(
        "UIView.transition(with:) .transitionCrossDissolve over 0.4 s: content swapped in the block shows half-way at 0.2 s"
    )
    func crossDissolve() {
        MediaClock.withManualTime { clock in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let front = UIView(frame: card.bounds)
            front.backgroundColor = .red
            card.addSubview(front)
            clock.advance(by: 0)
            let renderer = CARenderer(width: 20, height: 20)!
            renderer.layer = card.layer
            _ = renderer.renderFrame(atTime: 0)
            var done = false
            let back = UIView(frame: card.bounds)
            back.backgroundColor = .blue
            UIView.transition(
                with: card, duration: 0.4, options: .transitionCrossDissolve,
                animations: {
                    front.removeFromSuperview()
                    card.addSubview(back)
                }, completion: { done = $0 })
            clock.advance(to: 0.2)
            // Apple's UIView.transition(with:duration:options:animations:completion:): the changes made in the block
            // are shown with the transition; the curve is UIKit's default ease-in-ease-out, half-way at half the
            // time, so red and blue mix evenly.
            let mid = Picture(renderer.renderFrame(atTime: 0.2))[10, 10]
            #expect(mid.isClose(to: Pixel(red: 128, green: 0, blue: 128, alpha: 255), tolerance: 2), "\(mid)")
            clock.advance(to: 0.5)
            #expect(done)
            #expect(Picture(renderer.renderFrame(atTime: 0.5))[10, 10] == .blue)
        }
    }
}
