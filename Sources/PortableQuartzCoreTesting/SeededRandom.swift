/// A small deterministic random number generator for tests: the same seed always gives the same sequence, on
/// every platform and Swift version. Our own test helper (not Apple API).
///
/// The algorithm is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a
/// 64-bit counter advanced by the golden-ratio constant and passed through a mixing function. It is fast and
/// statistically good enough for property tests, and not suitable for anything security related.
///
/// Use `nextDouble(in:)` rather than `Double.random(in:using:)` when the exact values matter across toolchains:
/// the standard library does not promise how it turns random bits into a `Double`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The internal counter; the next output is derived from it.
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed` (any value, including 0, is fine).
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 uniformly distributed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `0 ..< 1` with 53 random bits (every multiple of 2⁻⁵³ equally likely).
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniformly distributed value in `range` (the upper bound is reached only through rounding). A range of a
    /// single value always gives that value.
    public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnitDouble()
    }
}
