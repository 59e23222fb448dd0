import Foundation
import Testing

@testable import PortableUIKit

/// The bookkeeping of an animation block that moves many views (issue 7's fast path): which animations it adds,
/// which views it blocks, and when it completes.
@MainActor
@Suite("Animation block bookkeeping")
struct AnimationBlockBookkeepingTests {
    @Test("moving a view by 100 adds an additive position animation from (−100, 0) to zero, 0.5 s, ease-in-out")
    func additiveCenterAnimation() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            UIView.animate(withDuration: 0.5) { view.center.x += 100 }
            let animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(animation.fromValue as? CGPoint == CGPoint(x: -100, y: 0))
            #expect(animation.toValue as? CGPoint == CGPoint.zero)
            #expect(animation.isAdditive)
            #expect(animation.duration == 0.5)
            #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            #expect(animation.fillMode == .both)
            #expect(animation.repeatCount == 0)
            #expect(!animation.autoreverses)
            #expect(animation.delegate != nil)
            clock.advance(by: 0.25)
            #expect(isClose(view.shown.position.x, 110 - 100 * 0.5, 1e-6), "half way on the symmetric curve")
        }
    }

    @Test("a block over 40 views moves each of them: view 39 shows x = 985 at the start, 1085 at the end")
    func manyViews() {
        MediaClock.withManualTime { clock in
            let root = committedView(clock, frame: CGRect(x: 0, y: 0, width: 1000, height: 100))
            var views: [UIView] = []
            for index in 0..<40 {
                let view = UIView(frame: CGRect(x: Double(index) * 25, y: 0, width: 20, height: 20))
                root.addSubview(view)
                views.append(view)
            }
            clock.advance(by: 0)
            let log = CompletionLog()
            UIView.animate(
                withDuration: 1, animations: { for view in views { view.center.x += 100 } },
                completion: log.completion("moved"))
            clock.advance(by: 0)
            #expect(views.allSatisfy { $0.layer.animationKeys() == ["position"] })
            #expect(isClose(views[39].shown.position.x, 985))
            clock.advance(by: 1)
            #expect(isClose(views[39].shown.position.x, 1085))
            #expect(log.flags("moved") == [true])
        }
    }

    @Test("moving one view twice in a block adds position and position-2 and completes once, after both, at 1 s")
    func sameViewTwice() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let log = CompletionLog()
            UIView.animate(
                withDuration: 1,
                animations: {
                    view.center.x += 100
                    view.center.y += 50
                }, completion: log.completion("twice"))
            #expect(view.layer.animationKeys() == ["position", "position-2"])
            clock.advance(by: 0.5)
            #expect(log.entries.isEmpty)
            clock.advance(by: 0.5)
            #expect(log.flags("twice") == [true])
            #expect(log.time("twice") == 1)
        }
    }

    @Test("a block moving two of three views blocks touches on those two until it completes at 1 s")
    func gatesOfMovedViews() {
        MediaClock.withManualTime { clock in
            let root = committedView(clock, frame: CGRect(x: 0, y: 0, width: 300, height: 100))
            let views = (0..<3).map { UIView(frame: CGRect(x: Double($0) * 100, y: 0, width: 100, height: 100)) }
            for view in views { root.addSubview(view) }
            clock.advance(by: 0)
            UIView.animate(withDuration: 1) {
                views[0].alpha = 0.5
                views[1].center.y += 0
                views[2].transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            }
            clock.advance(by: 0.5)
            #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root, "view 0 fades")
            #expect(root.hitTest(CGPoint(x: 150, y: 50), with: nil) === views[1], "view 1 did not change")
            #expect(root.hitTest(CGPoint(x: 250, y: 50), with: nil) === root, "view 2 scales")
            clock.advance(by: 0.5)
            #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === views[0])
            #expect(root.hitTest(CGPoint(x: 250, y: 50), with: nil) === views[2])
        }
    }

    @Test("a loose layer animated through its delegate view's action gates that view, found through the delegate")
    func foreignLayerIsNotGated() {
        MediaClock.withManualTime { clock in
            let root = committedView(clock, frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let host = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            root.addSubview(host)
            let loose = CALayer()
            loose.delegate = host
            root.layer.addSublayer(loose)
            clock.advance(by: 0)
            UIView.animate(withDuration: 1) { loose.opacity = 0.5 }
            #expect(loose.animationKeys() == ["opacity"], "the host's action animates the loose layer")
            clock.advance(by: 0.5)
            #expect(
                root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root,
                "the loose layer's delegate is the host, so the host is gated, as UIKit's lookup by delegate says")
            clock.advance(by: 0.5)
            #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === host)
        }
    }
}
