import Foundation
import Testing

@testable import PortableQuartzCore

/// A delegate that answers a fixed action and records what the layer showed when asked.
private final class ActionDelegate: CALayerDelegate {
    let answer: (any CAAction)?
    var askedKeys: [String] = []

    init(answer: (any CAAction)?) {
        self.answer = answer
    }

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        askedKeys.append(event)
        return answer
    }
}

/// An action that records the layer's opacity when it runs.
private final class RecordingAction: CAAction {
    var runs: [(String, Float)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, (anObject as! CALayer).opacity))
    }
}

@Suite("CALayer actions")
struct CALayerActionTests {
    @Test("a layer changed in the transaction that created it does not animate")
    func uncommittedLayerDoesNotAnimate() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.opacity = 0
            #expect(layer.animationKeys() == nil)
            #expect(layer.action(forKey: "opacity") == nil)
        }
    }

    @Test("a committed layer animates implicitly: 0.25 s, default curve, 1 → 0 shows 0.197597 at 0.125 s")
    func implicitAnimation() throws {
        try MediaClock.withManualTime(startingAt: 5) { clock in
            let layer = committedLayer(clock)
            layer.opacity = 0
            #expect(layer.animationKeys() == ["opacity"])
            #expect(layer.presentation()?.opacity == 1, "the change is not committed yet")
            clock.advance(by: 0)
            let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(animation.duration == 0.25)
            #expect(animation.timingFunction == CAMediaTimingFunction(name: .default))
            #expect(animation.beginTime == 5)
            clock.advance(by: 0.125)
            let shown = try #require(layer.presentation()?.opacity)
            #expect(abs(shown - 0.197597) < 1e-6)
            #expect(layer.opacity == 0)
            clock.advance(by: 0.125)
            #expect(layer.presentation()?.opacity == 0)
            #expect(layer.animationKeys() == nil, "removed on completion")
        }
    }

    @Test("re-targeting mid-flight starts from the value on screen")
    func retargetFromPresentation() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            layer.position = CGPoint(x: 100, y: 0)
            CATransaction.commit()
            clock.advance(by: 0.5)
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            layer.position = CGPoint(x: 0, y: 0)
            CATransaction.commit()
            clock.advance(by: 0)
            // The second animation starts at 50 (on screen) and goes to 0; the first was replaced (same key).
            #expect(layer.presentation()?.position.x == 50)
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.position.x == 25)
        }
    }

    @Test("disableActions stops the implicit animation but not the lookup")
    func disableActions() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.5
            #expect(layer.action(forKey: "opacity") is CABasicAnimation)
            CATransaction.commit()
            #expect(layer.animationKeys() == nil)
            clock.advance(by: 0)
            #expect(layer.presentation()?.opacity == 0.5)
        }
    }

    /// Evidence: Apple's `shadowPath` and `CAShapeLayer.path` documentation — like every `CGPath` property, they
    /// animate only explicitly ("does not support implicit animation").
    @Test("path properties do not animate implicitly: a committed layer's new shadowPath shows at once, no action")
    func pathPropertiesHaveNoImplicitAction() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 30), transform: nil)
            layer.shadowPath = shadowPath
            #expect(layer.action(forKey: "shadowPath") == nil)
            #expect(layer.animationKeys() == nil)
            clock.advance(by: 0.1)
            #expect(layer.presentation()?.shadowPath?.boundingBox.width == 40)
        }
    }

    @Test("a delegate answering NSNull stops the search: the backing layer of a view does not animate")
    func delegateNullStops() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let delegate = ActionDelegate(answer: NSNull())
            layer.delegate = delegate
            layer.actions = ["opacity": CABasicAnimation()]
            layer.opacity = 0.25
            #expect(layer.animationKeys() == nil)
            #expect(layer.action(forKey: "opacity") == nil)
            #expect(delegate.askedKeys.contains("opacity"))
        }
    }

    @Test("lookup order: delegate, then actions, then style actions, then the class default")
    func lookupOrder() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let fromDelegate = RecordingAction()
            let fromActions = RecordingAction()
            let fromStyle = RecordingAction()
            let fromNestedStyle = RecordingAction()
            layer.style = ["style": ["actions": ["zPosition": fromNestedStyle]], "actions": ["bounds": fromStyle]]
            #expect(layer.action(forKey: "zPosition") === fromNestedStyle)
            #expect(layer.action(forKey: "bounds") === fromStyle)
            layer.actions = ["bounds": fromActions]
            #expect(layer.action(forKey: "bounds") === fromActions)
            let delegate = ActionDelegate(answer: fromDelegate)
            layer.delegate = delegate
            #expect(layer.action(forKey: "bounds") === fromDelegate)
            #expect(CALayer.defaultAction(forKey: "bounds") == nil)
        }
    }

    @Test("the action is looked up before the value is stored and run after it")
    func lookupBeforeRunAfter() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let action = RecordingAction()
            final class PeekingDelegate: CALayerDelegate {
                let action: RecordingAction
                var seenAtLookup: Float = -1
                init(_ action: RecordingAction) { self.action = action }
                func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                    seenAtLookup = layer.opacity
                    return action
                }
            }
            let delegate = PeekingDelegate(action)
            layer.delegate = delegate
            layer.opacity = 0.3
            #expect(delegate.seenAtLookup == 1)
            #expect(action.runs.count == 1)
            #expect(action.runs.first?.0 == "opacity")
            #expect(action.runs.first?.1 == 0.3)
        }
    }

    @Test("an animation found in actions keeps its own curve (linear when nil) and is added under the event key")
    func customActionAnimation() throws {
        try MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let fade = CABasicAnimation()
            fade.duration = 2
            layer.actions = ["opacity": fade]
            layer.opacity = 0
            clock.advance(by: 1)
            let attached = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(attached.keyPath == "opacity")
            #expect(attached.timingFunction == nil)
            // From the value on screen (1) to the model (0), linear: half way at 1 s.
            #expect(layer.presentation()?.opacity == 0.5)
        }
    }

    @Test("a class overriding defaultAction(forKey:) supplies actions for every instance")
    func subclassDefaultAction() {
        final class SlowLayer: CALayer {
            override class func defaultAction(forKey event: String) -> (any CAAction)? {
                guard event == "opacity" else { return super.defaultAction(forKey: event) }
                let animation = CABasicAnimation()
                animation.duration = 3
                return animation
            }
        }
        MediaClock.withManualTime { clock in
            let layer = SlowLayer()
            clock.advance(by: 0)
            layer.opacity = 0
            clock.advance(by: 0)
            #expect(layer.animation(forKey: "opacity")?.duration == 3)
        }
    }

    @Test("onOrderIn runs when a committed layer joins a tree and onOrderOut when it leaves")
    func orderEvents() {
        MediaClock.withManualTime { clock in
            let parent = committedLayer(clock)
            let child = committedLayer(clock)
            let orderIn = RecordingAction()
            let orderOut = RecordingAction()
            child.actions = [kCAOnOrderIn: orderIn, kCAOnOrderOut: orderOut]
            parent.addSublayer(child)
            #expect(orderIn.runs.map(\.0) == ["onOrderIn"])
            child.removeFromSuperlayer()
            #expect(orderOut.runs.map(\.0) == ["onOrderOut"])
        }
    }

    @Test("the transaction's timing function is given to implicit animations")
    func transactionTimingFunction() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            layer.zPosition = 4
            CATransaction.commit()
            #expect(layer.animation(forKey: "zPosition")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        }
    }
}
