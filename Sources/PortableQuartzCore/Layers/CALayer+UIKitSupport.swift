import Foundation

extension CALayer {
    /// How many animations on this layer have `delegate` as their delegate and have not yet delivered
    /// `animationDidStop(_:finished:)` (our addition for PortableUIKit). Counts animations still waiting for
    /// their commit and animations replaced or removed in the open transaction, since each of them will still
    /// report its stop; a view animation block uses it, when its closure has run, to learn how many stops to wait
    /// for before it calls its completion.
    package func pendingAnimationCount(withDelegate delegate: AnyObject) -> Int {
        LayerTreeLock.withLock {
            guard let animations = animationStorage else { return 0 }
            var count = 0
            for entry in animations.entries where !entry.hasStopped && entry.animation.delegate === delegate {
                count += 1
            }
            return count
        }
    }
}
