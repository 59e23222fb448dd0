import Testing

@_spi(Engine) @testable import PortableRaster

/// `steppedRange`: the indices of a run whose linearly moving fixed-point position stays inside a texel range,
/// used to pick the pixels that can sample without edge handling.
@Suite("Stepped position ranges")
struct SteppedRangeTests {
    /// The same indices by testing each one.
    static func bruteForce(start: Int64, step: Int64, low: Int64, high: Int64, count: Int) -> Range<Int> {
        let inside = (0..<count).filter {
            let position = start &+ Int64($0) &* step
            return position >= low && position <= high
        }
        guard let first = inside.first, let last = inside.last else { return 0..<0 }
        return first..<(last + 1)
    }

    @Test("a position from 1.5 texels left of the range, stepping 0.75 texels, enters at index 2 and leaves after 9")
    func workedExample() {
        let one = SampleLevel.one
        // Positions −1.5, −0.75, 0, 0.75, … 6.75 texels; inside 0 … 5.25 for indices 2 … 9.
        let range = steppedRange(
            start: -3 * one / 2, step: 3 * one / 4, low: 0, high: 21 * one / 4, count: 12)
        #expect(range == 2..<10)
    }

    @Test("ends that land exactly on the limits are inside; a negative step counts down: 4 texels → 0 gives 0..<5")
    func exactEndsAndNegativeSteps() {
        let one = SampleLevel.one
        #expect(steppedRange(start: 4 * one, step: -one, low: 0, high: 4 * one, count: 8) == 0..<5)
        #expect(steppedRange(start: 0, step: 0, low: 0, high: one, count: 5) == 0..<5)
        #expect(steppedRange(start: -1, step: 0, low: 0, high: one, count: 5) == 0..<0)
    }

    @Test("20,000 seeded runs (steps down to 2⁻³² texel, ranges of 1 to 2,000 texels) agree with testing every index")
    func agreesWithBruteForce() {
        var state: UInt64 = 20_261_122
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func signed(_ bound: Int64) -> Int64 { Int64(bitPattern: next() % UInt64(2 * bound + 1)) - bound }
        var mismatches = 0
        for trial in 0..<20_000 {
            let one = SampleLevel.one
            let high = Int64(next() % 2_000 + 1) * one - 1
            // Alternate steps of whole-texel size with tiny ones, where the estimate is most delicate.
            let step = trial % 2 == 0 ? signed(3 * one) : signed(64)
            let start = signed(2_500 * one)
            let count = Int(next() % 300) + 1
            let expected = Self.bruteForce(start: start, step: step, low: 0, high: high, count: count)
            let actual = steppedRange(start: start, step: step, low: 0, high: high, count: count)
            if actual != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("a halved reciprocal only narrows the range: −1.5 texels stepping 0.75 gives 2..<5 instead of 2..<10")
    func inexactReciprocalStaysInside() {
        let one = SampleLevel.one
        let step = 3 * one / 4
        // The estimates halve from 2 and 9 to 1 and 4.5; the lower end is then walked to the first index inside.
        let halved = steppedRange(
            start: -3 * one / 2, step: step, reciprocal: 0.5 / Double(step), low: 0, high: 21 * one / 4, count: 12)
        #expect(halved == 2..<5)
        for index in halved {
            let position = -3 * one / 2 + Int64(index) * step
            #expect(position >= 0 && position <= 21 * one / 4)
        }
    }
}
