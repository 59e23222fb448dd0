import Foundation

/// SplitMix64 (Steele, Lea and Flood): a tiny, fast, seedable generator, so randomized path tests are reproducible.
struct PathTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed point in [0, size) × [0, size).
    mutating func point(in size: Double) -> CGPoint {
        CGPoint(x: Double.random(in: 0..<size, using: &self), y: Double.random(in: 0..<size, using: &self))
    }
}
