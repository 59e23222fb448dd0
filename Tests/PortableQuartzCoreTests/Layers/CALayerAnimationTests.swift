import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CALayer animations")
struct CALayerAnimationTests {
    @Test("add copies the animation: changing the original afterwards changes nothing on screen")
    func addCopies() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let animation = basicAnimation("opacity", from: 0, to: 1, duration: 1)
            layer.add(animation, forKey: "fade")
            animation.toValue = 0
            animation.duration = 100
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.opacity == 0.5)
            #expect(layer.animation(forKey: "fade")?.duration == 1)
        }
    }

    @Test("a CATransition is stored under \"transition\" whatever the key: nil, then \"slide\", leave one, the push")
    func transitionKey() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let fade = CATransition()
            layer.add(fade, forKey: nil)
            #expect(layer.animationKeys() == [kCATransition])
            let push = CATransition()
            push.type = .push
            layer.add(push, forKey: "slide")
            CATransaction.flush()
            #expect(layer.animationKeys() == [kCATransition])
            #expect((layer.animation(forKey: kCATransition) as? CATransition)?.type == .push)
            #expect(layer.animation(forKey: "slide") == nil)
        }
    }

    @Test("a duration ≤ 0 takes the transaction's (0.25 s by default, 2 s when set)")
    func defaultDuration() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 0), forKey: "a")
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            layer.add(basicAnimation("zPosition", from: 0, to: 1, duration: -1), forKey: "b")
            CATransaction.commit()
            #expect(layer.animation(forKey: "a")?.duration == 0.25)
            #expect(layer.animation(forKey: "b")?.duration == 2)
        }
    }

    @Test("beginTime 0 is stamped with the layer's time at commit; a non-zero beginTime is kept")
    func beginTimeStamping() throws {
        try MediaClock.withManualTime(startingAt: 100) { clock in
            let layer = committedLayer(clock)
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 1), forKey: "now")
            let later = basicAnimation("zPosition", from: 0, to: 10, duration: 1)
            later.beginTime = 101
            layer.add(later, forKey: "later")
            #expect(layer.animation(forKey: "now")?.beginTime == 0, "not committed yet")
            clock.advance(by: 0.5)
            #expect(layer.animation(forKey: "now")?.beginTime == 100)
            #expect(layer.animation(forKey: "later")?.beginTime == 101)
            let shown = try #require(layer.presentation())
            #expect(shown.opacity == 0.5)
            #expect(shown.zPosition == 0, "before its beginTime and not filling backwards: the model value")
            clock.advance(by: 1)
            #expect(layer.presentation()?.zPosition == 5)
        }
    }

    @Test("delegates hear start after the beginTime delay and stop(true) at the end, from the clock")
    func startAndStopCallbacks() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = committedLayer(clock)
            let log = CallbackLog()
            let animation = basicAnimation("opacity", from: 0, to: 1, duration: 2, tag: "x", delegate: log)
            animation.beginTime = 0.5
            layer.add(animation, forKey: "x")
            #expect(log.all.isEmpty)
            clock.advance(by: 0.4)
            #expect(log.all.isEmpty)
            clock.advance(by: 3)
            #expect(log.all == ["start x@0.5", "stop x true@2.5"])
            #expect(layer.animationKeys() == nil)
        }
    }

    @Test("replacing an animation under its key stops the old one with finished false, after the transaction")
    func replacementStopsOld() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = committedLayer(clock)
            let log = CallbackLog()
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 5, tag: "old", delegate: log), forKey: "k")
            clock.advance(by: 1)
            layer.add(basicAnimation("opacity", from: 1, to: 0, duration: 5, tag: "new", delegate: log), forKey: "k")
            #expect(log.all == ["start old@0"])
            clock.advance(by: 0)
            #expect(log.all == ["start old@0", "stop old false@1", "start new@1"])
            #expect(layer.animationKeys() == ["k"])
        }
    }

    @Test("removeAnimation leaves the screen at the next commit; the delegate hears finished false")
    func removeAnimation() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = committedLayer(clock)
            let log = CallbackLog()
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 4, tag: "f", delegate: log), forKey: "f")
            clock.advance(by: 1)
            layer.removeAnimation(forKey: "f")
            #expect(layer.animationKeys() == nil)
            #expect(layer.presentation()?.opacity == 0.25, "still on screen until the commit")
            clock.advance(by: 0)
            #expect(layer.presentation()?.opacity == 1)
            #expect(log.all == ["start f@0", "stop f false@1"])
        }
    }

    @Test("with removedOnCompletion false and fill forwards the end value stays; otherwise the model returns")
    func fillAfterEnd() throws {
        try MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let kept = basicAnimation("zPosition", from: 0, to: 8, duration: 1)
            kept.fillMode = .forwards
            kept.isRemovedOnCompletion = false
            layer.add(kept, forKey: "kept")
            let removed = basicAnimation("opacity", from: 0, to: 0.5, duration: 1)
            removed.fillMode = .forwards
            layer.add(removed, forKey: "removed")
            clock.advance(by: 2)
            let shown = try #require(layer.presentation())
            #expect(shown.zPosition == 8)
            #expect(shown.opacity == 1)
            #expect(layer.animationKeys() == ["kept"])
        }
    }

    @Test("additive animations stack on the model value in the order added (SPEC §3.3)")
    func additiveStacking() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 100, y: 100)
            CATransaction.commit()
            let first = basicAnimation("position.x", from: -40, to: 0, duration: 1)
            first.isAdditive = true
            let second = basicAnimation("position.x", from: 10, to: 20, duration: 1)
            second.isAdditive = true
            layer.add(first, forKey: "first")
            layer.add(second, forKey: "second")
            clock.advance(by: 0.5)
            // 100 + (−20) + 15
            #expect(layer.presentation()?.position.x == 95)
        }
    }

    @Test("animation(forKey:) hands out a frozen copy; nil keys are never listed")
    func frozenCopies() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 1), forKey: nil)
            layer.add(basicAnimation("zPosition", from: 0, to: 1, duration: 1), forKey: "z")
            #expect(layer.animationKeys() == ["z"])
            let copy = layer.animation(forKey: "z")
            #expect(copy?.isFrozen == true)
            #expect(layer.animation(forKey: "z") !== copy)
        }
    }

    @Test("SPEC §1.10 pause and resume: paused at 100 with the animation 40 % done, 40 % during the pause")
    func pauseAndResume() throws {
        try MediaClock.withManualTime(startingAt: 99.6) { clock in
            let layer = committedLayer(clock)
            layer.add(basicAnimation("zPosition", from: 0, to: 100, duration: 1), forKey: "z")
            clock.advance(to: 100)
            // 100 − 99.6 is 0.40000000000000568 in binary floating point.
            let atPause = try #require(layer.presentation()?.zPosition)
            #expect(abs(atPause - 40) < 1e-9)
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            #expect(paused == 100)
            layer.speed = 0
            layer.timeOffset = paused
            clock.advance(to: 103)
            #expect(layer.presentation()?.zPosition == atPause)
            let resumeAt = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - resumeAt
            #expect(layer.beginTime == 3)
            clock.advance(to: 103.5)
            let resumed = try #require(layer.presentation()?.zPosition)
            #expect(abs(resumed - 90) < 1e-9)
        }
    }

    @Test("removing a layer from its superlayer removes its animations with finished false")
    func removalFromTree() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let parent = committedLayer(clock)
            let child = committedLayer(clock)
            parent.addSublayer(child)
            let log = CallbackLog()
            child.add(basicAnimation("opacity", from: 0, to: 1, duration: 3, tag: "c", delegate: log), forKey: "c")
            clock.advance(by: 1)
            child.removeFromSuperlayer()
            clock.advance(by: 0)
            #expect(log.all == ["start c@0", "stop c false@1"])
            #expect(child.animationKeys() == nil)
        }
    }

    @Test("the layer's speed multiplies the animation's: layer 2 × animation 1.5 runs 3× real time")
    func speedsMultiply() {
        MediaClock.withManualTime { clock in
            let parent = committedLayer(clock)
            let layer = committedLayer(clock)
            parent.addSublayer(layer)
            layer.speed = 2
            clock.advance(by: 0)
            let animation = basicAnimation("zPosition", from: 0, to: 30, duration: 3)
            animation.speed = 1.5
            layer.add(animation, forKey: "z")
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.zPosition == 15)
        }
    }
}
