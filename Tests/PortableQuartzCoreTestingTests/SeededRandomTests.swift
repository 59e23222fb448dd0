import PortableQuartzCoreTesting
import Testing

@Suite("SeededRandom")
struct SeededRandomTests {
    @Test("seed 1234567 gives the published SplitMix64 sequence 6457827717110365317, 3203168211198807973, …")
    func referenceSequence() {
        var random = SeededRandom(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        #expect((0..<5).map { _ in random.next() } == expected)
    }

    @Test("the same seed repeats the sequence and a different seed does not")
    func determinism() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 43)
        let a = (0..<20).map { _ in first.next() }
        #expect(a == (0..<20).map { _ in second.next() })
        #expect(a != (0..<20).map { _ in other.next() })
    }

    @Test("nextUnitDouble stays in 0..<1 and averages about 0.5 over 10 000 draws (±0.01)")
    func unitDoubleRange() {
        var random = SeededRandom(seed: 7)
        var sum = 0.0
        for _ in 0..<10_000 {
            let value = random.nextUnitDouble()
            #expect(value >= 0 && value < 1)
            sum += value
        }
        #expect(abs(sum / 10_000 - 0.5) < 0.01)
    }

    @Test("nextDouble(in: 2...2) is 2 and nextDouble(in: −3...5) stays inside the range")
    func rangedDouble() {
        var random = SeededRandom(seed: 9)
        #expect(random.nextDouble(in: 2...2) == 2)
        for _ in 0..<1000 {
            let value = random.nextDouble(in: -3...5)
            #expect(value >= -3 && value <= 5)
        }
    }
}
