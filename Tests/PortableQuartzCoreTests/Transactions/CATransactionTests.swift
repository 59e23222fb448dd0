import Foundation
import Synchronization
import Testing

@testable import PortableQuartzCore

@Suite("CATransaction")
struct CATransactionTests {
    @Test("with no transaction open the settings read their defaults: 0.25 s, actions on, no function or block")
    func defaults() {
        CATransaction.flush()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(CATransaction.completionBlock() == nil)
    }

    @Test("nested transactions inherit values; a value set inside does not leak out")
    func nestedValues() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setDisableActions(true)
        #expect(CATransaction.animationDuration() == 0.5)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 2)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test("any key can be stored and read back; nil hides an outer value")
    func arbitraryKeys() {
        CATransaction.begin()
        CATransaction.setValue("outer", forKey: "myKey")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
        CATransaction.setValue(nil, forKey: "myKey")
        #expect(CATransaction.value(forKey: "myKey") == nil)
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
        CATransaction.commit()
    }

    @Test("a completion block with no animations runs on the next turn after commit, exactly once")
    func completionWithoutAnimations() {
        MediaClock.withManualTime(startingAt: 10) { clock in
            let log = CallbackLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.record("done") }
            CATransaction.commit()
            #expect(log.all.isEmpty)
            clock.advance(by: 0)
            #expect(log.all == ["done@10"])
            clock.advance(by: 5)
            #expect(log.all == ["done@10"])
        }
    }

    @Test("SPEC §8 worked: duration 1, completion block, opacity 0 ⇒ 1 s implicit animation, block at 1.0 s")
    func completionWaitsForAnimation() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = committedLayer(clock)
            let log = CallbackLog()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock { log.record("done") }
            layer.opacity = 0
            CATransaction.commit()
            #expect(layer.animation(forKey: "opacity")?.duration == 1)
            clock.advance(to: 0.99)
            #expect(log.all.isEmpty)
            clock.advance(to: 1.0)
            #expect(log.all == ["done@1"])
        }
    }

    @Test("a second completion block adds to the first; setting nil reads back nil but keeps both")
    func secondBlockAdds() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let log = CallbackLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.record("first") }
            CATransaction.setCompletionBlock { log.record("second") }
            CATransaction.setCompletionBlock(nil)
            #expect(CATransaction.completionBlock() == nil)
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(log.all == ["first@0", "second@0"])
        }
    }

    @Test("a nested commit does not run the outer block; the outer commit does, after its animations")
    func nestedCompletion() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = committedLayer(clock)
            let log = CallbackLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.record("outer") }
            CATransaction.begin()
            #expect(CATransaction.completionBlock() != nil)
            CATransaction.setAnimationDuration(0.5)
            layer.opacity = 0.5
            CATransaction.commit()
            clock.advance(by: 1)
            #expect(log.all.isEmpty, "the outer transaction is still open")
            CATransaction.commit()
            clock.advance(by: 0.4)
            #expect(log.all.isEmpty)
            clock.advance(by: 0.1)
            #expect(log.all == ["outer@1.5"], "the nested animation (0.5 s, begun at the outer commit) counts")
        }
    }

    @Test("a removed animation counts as stopped for the completion block")
    func removalReleasesCompletion() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = committedLayer(clock)
            let log = CallbackLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.record("done") }
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 10), forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 1)
            layer.removeAnimation(forKey: "fade")
            clock.advance(by: 1)
            #expect(log.all == ["done@1"])
        }
    }

    @Test("unmatched commit, flush and unlock do nothing; lock is recursive")
    func unmatchedCallsAreHarmless() {
        CATransaction.commit()
        CATransaction.unlock()
        CATransaction.flush()
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        CATransaction.unlock()
        CATransaction.unlock()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test("transactions on two threads at once keep separate stacks and each commits its own layers")
    func twoThreads() {
        let results = ThreadResults()
        let done = DispatchGroup()
        for (name, duration) in [("A", 1.5), ("B", 3.0)] {
            done.enter()
            Thread.detachNewThread {
                MediaClock.withManualTime(startingAt: 0) { clock in
                    let layer = committedLayer(clock)
                    for _ in 0..<200 {
                        CATransaction.begin()
                        CATransaction.setAnimationDuration(duration)
                        layer.opacity = layer.opacity == 1 ? 0.5 : 1
                        CATransaction.commit()
                    }
                    let seen = CATransaction.animationDuration()
                    clock.advance(by: 0)
                    let animated = layer.animation(forKey: "opacity")?.duration ?? -1
                    results.store(name, (animated, seen == 0.25))
                }
                done.leave()
            }
        }
        done.wait()
        let final = results.all
        #expect(final["A"]?.0 == 1.5)
        #expect(final["B"]?.0 == 3.0)
        #expect(final["A"]?.1 == true && final["B"]?.1 == true)
    }

    @Test("flush commits the implicit transaction: a new layer then has a presentation")
    func flushCommits() {
        let layer = CALayer()
        #expect(layer.presentation() == nil)
        CATransaction.flush()
        #expect(layer.presentation() != nil)
    }
}

/// Results reported by test threads.
private final class ThreadResults: Sendable {
    private let values = Mutex<[String: (Double, Bool)]>([:])

    func store(_ name: String, _ value: (Double, Bool)) {
        values.withLock { $0[name] = value }
    }

    var all: [String: (Double, Bool)] {
        values.withLock { $0 }
    }
}
