import Synchronization

/// A counter of changes to the layer world (our helper): it moves on every change that can alter what any layer
/// presents — every `noteChange()` (model values, timing, hierarchy, animations added or removed, display), every
/// commit, every change to a layer's attached animations. While it stands still, a tree that was committed and
/// contains no presentation copies presents the same committed values and animations as before, so
/// `PresentationEvaluator` may replay its recorded plan without visiting the layers. Changed and read with the layer
/// tree's lock held.
enum PresentationEpoch {
    private static let counter = Atomic<UInt64>(0)

    /// The current value.
    static var current: UInt64 {
        counter.load(ordering: .relaxed)
    }

    /// Records a change.
    @inline(__always)
    static func advance() {
        counter.wrappingAdd(1, ordering: .relaxed)
    }
}
