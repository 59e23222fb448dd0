import Foundation
import Testing

@testable import PortableQuartzCore

/// Which layers a commit watches for animation callbacks. Only animations something waits for — a delegate, a
/// transaction completion block, or their own removal on completion — keep their layer watched; the others (as a
/// Lottie player builds them: `isRemovedOnCompletion = false`, no delegate) cost later commits nothing.
@Suite("Callback watch")
struct CallbackWatchTests {
    /// Whether the clock's callback center watches `layer` (per layer: tests running alongside may leave layers of
    /// their own in the center).
    private func isWatched(_ layer: CALayer) -> Bool {
        LayerTreeLock.withLock { layer.flags.contains(.isTrackedForEvents) }
    }

    /// 100 layers, each with a 1 s opacity animation configured by `configure`, committed at time 0.
    private func addAnimations(_ clock: MediaClock, _ configure: (CABasicAnimation) -> Void) -> [CALayer] {
        let layers = (0..<100).map { _ in committedLayer(clock) }
        for layer in layers {
            let animation = basicAnimation("opacity", from: 0, to: 1, duration: 1)
            configure(animation)
            layer.add(animation, forKey: "fade")
        }
        clock.advance(by: 0)
        return layers
    }

    @Test("100 layers of kept animations without delegates are not watched; each still shows 0.5 at 0.5 s")
    func keptAnimationsWithoutDelegatesAreNotWatched() {
        MediaClock.withManualTime { clock in
            let layers = addAnimations(clock) { $0.isRemovedOnCompletion = false }
            #expect(layers.filter(isWatched).isEmpty)
            clock.advance(to: 0.5)
            #expect(layers.allSatisfy { $0.presentation()?.opacity == 0.5 })
            clock.advance(to: 2)
            #expect(layers.allSatisfy { $0.animation(forKey: "fade") != nil }, "kept after the end")
        }
    }

    @Test("animations removed on completion are watched, and gone from all 100 layers after their 1 s")
    func removedOnCompletionIsWatched() {
        MediaClock.withManualTime { clock in
            let layers = addAnimations(clock) { _ in }
            #expect(layers.filter(isWatched).count == 100)
            clock.advance(to: 1.5)
            #expect(layers.allSatisfy { $0.animation(forKey: "fade") == nil })
            #expect(layers.filter(isWatched).isEmpty)
        }
    }

    @Test("a kept animation with a delegate, or counted by a completion block, is watched: stop at 1 s, block after")
    func delegatesAndCompletionsAreWatched() {
        MediaClock.withManualTime { clock in
            let log = CallbackLog()
            let layer = committedLayer(clock)
            let other = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.record("block") }
            let kept = basicAnimation("opacity", from: 0, to: 1, duration: 1, tag: "kept", delegate: log)
            kept.isRemovedOnCompletion = false
            layer.add(kept, forKey: "fade")
            let counted = basicAnimation("opacity", from: 0, to: 1, duration: 1)
            counted.isRemovedOnCompletion = false
            other.add(counted, forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(isWatched(layer) && isWatched(other))
            clock.advance(to: 1.5)
            #expect(log.all == ["start kept@0", "stop kept true@1", "block@1"])
        }
    }
}
