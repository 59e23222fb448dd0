import Foundation
import Synchronization
import Testing

@testable import PortableQuartzCore

/// `addCopies(ofAnimationsOf:)`, which builders use to give many identical layers the same animations without
/// compiling them again.
@Suite("Copying a layer's animations")
struct CALayerAnimationCopyTests {
    private func setOpacity(_ layer: CALayer, _ opacity: Float) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = opacity
        CATransaction.commit()
    }

    @Test("the copies keep keys and order and play as the originals: at 0.5 s opacity 0.5 and position.x 10 → 40 at 25")
    func copiesPlayAsOriginals() {
        MediaClock.withManualTime { clock in
            let original = committedLayer(clock)
            original.add(basicAnimation("opacity", from: 0, to: 1, duration: 1), forKey: "fade")
            let slide = CAKeyframeAnimation(keyPath: "position.x")
            slide.values = [0, 10, 40]
            slide.keyTimes = [0, 0.25, 1]
            slide.duration = 1
            original.add(slide, forKey: "slide")
            original.add(basicAnimation("bounds.size.width", from: 0, to: 9, duration: 1), forKey: "gone")
            original.removeAnimation(forKey: "gone")
            let copy = committedLayer(clock)
            copy.addCopies(ofAnimationsOf: original)
            #expect(copy.animationKeys() == ["fade", "slide"])
            clock.advance(by: 0.5)
            #expect(copy.presentation()?.opacity == 0.5)
            // Key times 0.25 → 1 carry x from 10 to 40: at 0.5, a third of the way, 20.
            #expect(abs((copy.presentation()?.position.x ?? 0) - 20) < 1e-9)
            #expect(copy.presentation()?.position.x == original.presentation()?.position.x)
        }
    }

    @Test("an animation without values is compiled anew: the copy holds its own opacity 0.2, not a mix from 0.8")
    func animationWithoutValuesReadsTheCopy() {
        MediaClock.withManualTime { clock in
            let original = committedLayer(clock)
            setOpacity(original, 0.8)
            let copy = committedLayer(clock)
            setOpacity(copy, 0.2)
            // No from, to or by: from the presentation when added to the model value (here equal on each layer).
            original.add(basicAnimation("opacity", from: nil, to: nil, duration: 1), forKey: "settle")
            copy.addCopies(ofAnimationsOf: original)
            clock.advance(by: 0.5)
            #expect(original.presentation()?.opacity == 0.8)
            // A compiled form shared with the original would run from 0.8 to 0.2 and show 0.5 now.
            #expect(copy.presentation()?.opacity == 0.2)
        }
    }

    /// Collects the animation objects its callbacks receive.
    private final class StartLog: CAAnimationDelegate, @unchecked Sendable {
        private let started = Mutex<[ObjectIdentifier]>([])
        var all: [ObjectIdentifier] { started.withLock { $0 } }
        func animationDidStart(_ anim: CAAnimation) { started.withLock { $0.append(ObjectIdentifier(anim)) } }
    }

    @Test("an animation with a delegate is copied, not shared: the delegate hears 2 starts with 2 different objects")
    func animationWithDelegateIsCopied() {
        MediaClock.withManualTime { clock in
            let log = StartLog()
            let original = committedLayer(clock)
            let copy = committedLayer(clock)
            let fade = basicAnimation("opacity", from: 0, to: 1, duration: 1)
            fade.delegate = log
            // A begin time of its own (not 0, which the commit would stamp): only the delegate keeps it unshared.
            clock.advance(by: 1)
            fade.beginTime = 1
            original.add(fade, forKey: "fade")
            copy.addCopies(ofAnimationsOf: original)
            clock.advance(by: 0.25)
            #expect(log.all.count == 2)
            #expect(Set(log.all).count == 2)
        }
    }
}
