import Testing

@_spi(Engine) @testable import PortableRaster

@Suite("Deflate")
struct DeflateTests {
    static let levels: [DeflateLevel] = [.stored, .fastest, .default, .best]

    static func pseudoRandomBytes(_ count: Int, seed: UInt64, alphabet: Int = 256) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: Int(state >> 33) % alphabet)
        }
    }

    /// Inputs that exercise literals, short and long matches, far matches, runs and several blocks. Made afresh
    /// for each test, so parameterized tests running at once share no arrays (the thread sanitizer reported the
    /// shared ones).
    static var inputs: [(String, [UInt8])] {
        [
            ("empty", []),
            ("one byte", [42]),
            ("three bytes", [1, 2, 3]),
            ("all byte values", (0..<256).map { UInt8($0) }),
            ("zeros", [UInt8](repeating: 0, count: 100_000)),
            ("random", pseudoRandomBytes(70_000, seed: 1)),
            ("small alphabet", pseudoRandomBytes(200_000, seed: 2, alphabet: 4)),
            ("text", InflateTests.fixtureText(3_000)),
            (
                "far repeats",
                {
                    let block = pseudoRandomBytes(30_000, seed: 3)
                    return block + pseudoRandomBytes(2_000, seed: 4) + block + block
                }()
            ),
        ]
    }

    @Test("every level round-trips every input through the zlib wrapper", arguments: levels)
    func roundTrips(level: DeflateLevel) throws {
        for (name, input) in Self.inputs {
            let compressed = Deflate.compressZlib(input, level: level)
            let back = try Inflate.decompressZlib(compressed, maximumOutputCount: input.count)
            #expect(back == input, "\(name) at \(level)")
        }
    }

    @Test("bare deflate output round-trips too", arguments: levels)
    func rawRoundTrips(level: DeflateLevel) throws {
        for (name, input) in Self.inputs {
            let compressed = Deflate.compressRaw(input, level: level)
            #expect(try Inflate.decompressRaw(compressed, maximumOutputCount: input.count) == input, "\(name)")
        }
    }

    @Test("output is deterministic and compresses what is compressible")
    func determinismAndRatio() {
        for (_, input) in Self.inputs {
            #expect(Deflate.compressZlib(input) == Deflate.compressZlib(input))
        }
        let zeros = [UInt8](repeating: 0, count: 100_000)
        #expect(Deflate.compressZlib(zeros, level: .fastest).count < 300)
        let text = InflateTests.fixtureText(3_000)
        // CPython's zlib gives 7 253 bytes at level 9 and 11 041 at level 1 for this text.
        #expect(Deflate.compressZlib(text, level: .best).count < 7_700)
        #expect(Deflate.compressZlib(text).count < 11_041)
        // Incompressible data falls back to stored blocks: at most 5 bytes per 64 KiB plus wrapper.
        let random = Self.pseudoRandomBytes(70_000, seed: 1)
        for level in Self.levels {
            #expect(Deflate.compressZlib(random, level: level).count <= 70_000 + 2 * 5 + 6 + 5)
        }
    }

    @Test("the zlib header announces deflate with a 32 KiB window and the level class")
    func zlibHeader() {
        #expect(Array(Deflate.compressZlib([1], level: .default).prefix(2)) == [0x78, 0x9C])
        #expect(Array(Deflate.compressZlib([1], level: .best).prefix(2)) == [0x78, 0xDA])
        #expect(Array(Deflate.compressZlib([1], level: .fastest).prefix(2)) == [0x78, 0x01])
        // An empty stream: header, one final block, Adler-32 of nothing (1).
        let empty = Deflate.compressZlib([])
        #expect(empty.suffix(4) == [0, 0, 0, 1])
    }
}

@Suite("Huffman code lengths")
struct HuffmanCodeLengthTests {
    /// Total cost Σ frequency × length of an optimal unrestricted Huffman code (repeatedly merging the two
    /// lightest weights adds their sum to the total).
    static func optimalCost(_ frequencies: [UInt32]) -> UInt64 {
        var weights = frequencies.filter { $0 > 0 }.map(UInt64.init)
        guard weights.count > 1 else { return weights.first ?? 0 }
        var cost: UInt64 = 0
        while weights.count > 1 {
            weights.sort(by: >)
            let merged = weights.removeLast() + weights.removeLast()
            cost += merged
            weights.append(merged)
        }
        return cost
    }

    static func kraftSum(_ lengths: [UInt8]) -> Double {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 / Double(1 << Int($1)) }
    }

    @Test("package-merge is optimal when the limit does not bind, and codes are complete", arguments: 1...20)
    func optimalWhenUnconstrained(seed: UInt64) {
        let frequencies = DeflateTests.pseudoRandomBytes(40, seed: seed).map { UInt32($0 % 50) }
        let lengths = HuffmanCodeBuilder.codeLengths(frequencies: frequencies, limit: 15)
        let cost = zip(frequencies, lengths).reduce(UInt64(0)) { $0 + UInt64($1.0) * UInt64($1.1) }
        #expect(cost == Self.optimalCost(frequencies))
        #expect(Self.kraftSum(lengths) == 1)
        for (frequency, length) in zip(frequencies, lengths) { #expect((frequency == 0) == (length == 0)) }
    }

    @Test("Fibonacci weights, whose optimal code is 24 deep, are limited to 15 bits and 7 bits")
    func lengthLimit() {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 25 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for limit in [15, 7] {
            let lengths = HuffmanCodeBuilder.codeLengths(frequencies: fibonacci, limit: limit)
            #expect(lengths.max() == UInt8(limit))
            #expect(Self.kraftSum(lengths) == 1)
            // Heavier symbols never get longer codes than lighter ones.
            for index in 1..<lengths.count { #expect(lengths[index] <= lengths[index - 1]) }
        }
    }

    @Test("fewer than two used symbols still give a complete two-code tree")
    func degenerateAlphabets() {
        #expect(HuffmanCodeBuilder.codeLengths(frequencies: [0, 0, 0], limit: 15) == [1, 1, 0])
        #expect(HuffmanCodeBuilder.codeLengths(frequencies: [0, 0, 9], limit: 15) == [1, 0, 1])
        #expect(HuffmanCodeBuilder.codeLengths(frequencies: [9, 0, 0], limit: 15) == [1, 1, 0])
    }

    @Test("canonical codes follow RFC 1951's worked example, bit-reversed")
    func canonicalCodes() {
        // RFC 1951 section 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010, 011, 100, 101, 110, 00,
        // 1110, 1111.
        let codes = HuffmanCodeBuilder.reversedCodes(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        let lengths = [3, 3, 3, 3, 3, 2, 4, 4]
        for index in 0..<8 {
            #expect(Int(codes[index]) == reverseBits(expected[index], count: lengths[index]))
        }
    }
}

@Suite("Deflate match tables")
struct DeflateRebaseTests {
    @Test(
        "shifting the match tables during long inputs keeps the output decodable",
        arguments: [DeflateLevel.default, .best])
    func rebasing(level: DeflateLevel) throws {
        let block = DeflateTests.pseudoRandomBytes(20_000, seed: 8)
        let input = block + block + DeflateTests.pseudoRandomBytes(50_000, seed: 9) + block + block
        let compressed = input.withUnsafeBytes { raw in
            var sink = DeflateSink(capacity: 1_024)
            DeflateCompressor.compress(raw, level: level, into: &sink, rebaseThreshold: 40_000)
            return sink.array()
        }
        #expect(try Inflate.decompressRaw(compressed, maximumOutputCount: input.count) == input)
        // The repeats are still found: far less than the 70 000 unrepeatable bytes plus the first block.
        #expect(compressed.count < 95_000)
    }
}
