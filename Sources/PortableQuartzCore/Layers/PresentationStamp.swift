import Synchronization

/// The source of presentation stamps (our helper): every call of `next()` gives a value never given before, so a
/// stamp names one layer's presentation inputs at one moment (see `CALayer.updatePresentation`).
enum PresentationStamp {
    private static let counter = Atomic<UInt64>(0)

    /// A new stamp, never 0.
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
