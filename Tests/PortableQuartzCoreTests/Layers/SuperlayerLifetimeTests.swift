import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer whose destruction pauses until the test lets it go on: `deinit` reports that it has begun, then waits.
/// Subclass deinits run before `CALayer`'s, so while it waits the layer is exactly as its last release left it.
private final class PausedDeinitLayer: CALayer {
    private let began: DispatchSemaphore
    private let resume: DispatchSemaphore

    init(began: DispatchSemaphore, resume: DispatchSemaphore) {
        self.began = began
        self.resume = resume
        super.init()
    }

    required init?(coder: NSCoder) {
        nil
    }

    deinit {
        began.signal()
        resume.wait()
    }
}

/// The superlayer back-pointer when the superlayer goes away on another thread.
///
/// Evidence: `CALayer`'s contract here (its type documentation) is that layers may be read from any thread while
/// others change them, each access taking the layer tree's lock; Apple's `superlayer` is likewise not retained by
/// the sublayer. A superlayer released on one thread runs its deinit without that lock, so a thread walking up
/// from a sublayer at that moment must find no superlayer rather than a layer being destroyed (before the fix it
/// got the dying layer back, a dangling reference once the deinit finished).
@Suite("Superlayer lifetime")
struct SuperlayerLifetimeTests {
    @Test("a superlayer at speed 2 being destroyed on another thread is gone for its sublayer: time 5 maps to 5")
    func superlayerBeingDestroyed() {
        let began = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let child = CALayer()
        let handedOver = UncheckedSendableBox(child)
        let parentReady = DispatchSemaphore(value: 0)
        let checkedAlive = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var parent: PausedDeinitLayer? = PausedDeinitLayer(began: began, resume: resume)
            parent?.speed = 2
            parent?.addSublayer(handedOver.value)
            parentReady.signal()
            checkedAlive.wait()
            parent = nil  // the last reference: deinit starts here and waits for `resume`
            finished.signal()
        }
        parentReady.wait()
        #expect(child.convertTime(5, from: nil) == 10, "while the superlayer lives, its speed 2 doubles time")
        checkedAlive.signal()
        began.wait()
        // Each read drops what it got before the deinit may go on.
        let hasSuperlayer = child.superlayer != nil
        let time = child.convertTime(5, from: nil)
        resume.signal()
        finished.wait()
        #expect(!hasSuperlayer)
        #expect(time == 5)
        #expect(child.superlayer == nil)
    }
}
