import Testing

@_spi(Engine) @testable import PortableRaster

/// Writes bits least significant first, as deflate packs them, for hand-made streams.
struct TestBitWriter {
    var bytes: [UInt8] = []
    var bitCount = 0

    /// Appends the low `count` bits of `value`, least significant first (header fields, extra bits).
    mutating func bits(_ value: Int, _ count: Int) {
        for index in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> index) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
            bitCount += 1
        }
    }

    /// Skips to the next byte boundary.
    mutating func align() {
        bitCount = (bitCount + 7) / 8 * 8
    }

    /// Appends a Huffman code of `length` bits, most significant bit first.
    mutating func code(_ value: Int, _ length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { bits((value >> index) & 1, 1) }
    }

    /// The bytes wrapped as a zlib stream with the Adler-32 of `content`.
    func zlib(content: [UInt8]) -> [UInt8] {
        let adler = Adler32.checksum(content)
        return [0x78, 0x9C] + bytes + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt32($0)) }
    }
}

@Suite("Inflate")
struct InflateTests {
    static func fixtureText(_ lines: Int) -> [UInt8] {
        Array((0..<lines).map { "line \($0 % 37) of the fixture, value \($0 * $0 % 101)\n" }.joined().utf8)
    }
    static let storedPayload = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
    static let fixedPayload = Array(String(repeating: "hello, hello, hello deflate! ", count: 12).utf8)

    @Test("zlib's stored, fixed-Huffman, dynamic-Huffman and multi-block streams decode to their payloads")
    func zlibFixtures() throws {
        #expect(try Inflate.decompressZlib(CodecFixtures.storedStream, maximumOutputCount: 1_000) == Self.storedPayload)
        #expect(try Inflate.decompressZlib(CodecFixtures.fixedStream, maximumOutputCount: 1_000) == Self.fixedPayload)
        #expect(
            try Inflate.decompressZlib(CodecFixtures.dynamicStream, maximumOutputCount: 100_000)
                == Self.fixtureText(200))
        let multi = Array(Self.fixtureText(200)[0..<3_000]) + Self.storedPayload + Self.fixedPayload
        #expect(try Inflate.decompressZlib(CodecFixtures.multiBlockStream, maximumOutputCount: 100_000) == multi)
    }

    @Test("the fixtures really use the block types they are named after")
    func fixtureBlockTypes() {
        // The three bits after the 2-byte zlib header: BFINAL, then BTYPE.
        #expect((CodecFixtures.storedStream[2] >> 1) & 3 == 0)
        #expect((CodecFixtures.fixedStream[2] >> 1) & 3 == 1)
        #expect((CodecFixtures.dynamicStream[2] >> 1) & 3 == 2)
    }

    @Test("a hand-made fixed block with an overlapping match decodes (distance 1 repeats a byte)")
    func overlappingMatch() throws {
        var writer = TestBitWriter()
        writer.bits(1, 1)
        writer.bits(1, 2)
        writer.code(0x30 + 65, 8)  // literal 'A' (0 ... 143 are 8-bit codes from 0x30)
        writer.code(0b000_1000, 7)  // length symbol 264: length 10
        writer.code(0, 5)  // distance symbol 0: distance 1
        writer.code(0, 7)  // end of block
        let expected = [UInt8](repeating: 65, count: 11)
        #expect(try Inflate.decompressZlib(writer.zlib(content: expected), maximumOutputCount: 100) == expected)
    }

    @Test("every truncation of a valid stream is reported as a typed error")
    func truncations() {
        for stream in [CodecFixtures.storedStream, CodecFixtures.fixedStream, CodecFixtures.dynamicStream] {
            for length in 0..<stream.count {
                #expect(throws: InflateError.self) {
                    try Inflate.decompressZlib(Array(stream[0..<length]), maximumOutputCount: 100_000)
                }
            }
        }
        #expect(throws: InflateError.truncated) {
            try Inflate.decompressZlib(Array(CodecFixtures.dynamicStream.dropLast(4)), maximumOutputCount: 100_000)
        }
    }

    @Test("bad zlib headers are named")
    func badHeaders() {
        #expect(throws: InflateError.unsupportedCompressionMethod(method: 7, windowBits: 15)) {
            try Inflate.decompressZlib([0x77, 0x00, 0, 0], maximumOutputCount: 10)
        }
        #expect(throws: InflateError.invalidHeaderCheck) {
            try Inflate.decompressZlib([0x78, 0x9D, 0, 0], maximumOutputCount: 10)
        }
        #expect(throws: InflateError.presetDictionaryRequired) {
            try Inflate.decompressZlib([0x78, 0xBB, 0, 0, 0, 0], maximumOutputCount: 10)
        }
    }

    @Test("block-level corruption gives the matching error")
    func corruptBlocks() {
        var reserved = TestBitWriter()
        reserved.bits(1, 1)
        reserved.bits(3, 2)
        #expect(throws: InflateError.reservedBlockType) {
            try Inflate.decompressZlib(reserved.zlib(content: []), maximumOutputCount: 10)
        }

        var stored = TestBitWriter()
        stored.bits(1, 3)
        stored.align()
        stored.bits(5, 16)
        stored.bits(0x1234, 16)
        #expect(throws: InflateError.storedLengthMismatch(length: 5, complement: 0x1234)) {
            try Inflate.decompressZlib(stored.zlib(content: []), maximumOutputCount: 10)
        }

        var tooFar = TestBitWriter()
        tooFar.bits(1, 1)
        tooFar.bits(1, 2)
        tooFar.code(0b000_0001, 7)  // length 3 with nothing decoded yet
        tooFar.code(0, 5)
        tooFar.code(0, 7)
        #expect(throws: InflateError.distanceTooFarBack(distance: 1, available: 0)) {
            try Inflate.decompressZlib(tooFar.zlib(content: []), maximumOutputCount: 10)
        }

        var reservedLength = TestBitWriter()
        reservedLength.bits(1, 1)
        reservedLength.bits(1, 2)
        reservedLength.code(0b1100_0110, 8)  // literal/length symbol 286
        reservedLength.code(0, 7)
        #expect(throws: InflateError.invalidSymbol(table: .literalLength)) {
            try Inflate.decompressZlib(reservedLength.zlib(content: []), maximumOutputCount: 10)
        }

        var reservedDistance = TestBitWriter()
        reservedDistance.bits(1, 1)
        reservedDistance.bits(1, 2)
        reservedDistance.code(0x30 + 1, 8)
        reservedDistance.code(0b000_0001, 7)
        reservedDistance.code(30, 5)  // distance symbol 30
        reservedDistance.code(0, 7)
        #expect(throws: InflateError.invalidSymbol(table: .distance)) {
            try Inflate.decompressZlib(reservedDistance.zlib(content: []), maximumOutputCount: 10)
        }
    }

    /// A dynamic block header declaring `literals` + `distances` codes and the given code-length code lengths.
    static func dynamicHeader(literals: Int = 257, distances: Int = 1, codeLengthLengths: [Int]) -> TestBitWriter {
        var writer = TestBitWriter()
        writer.bits(1, 1)
        writer.bits(2, 2)
        writer.bits(literals - 257, 5)
        writer.bits(distances - 1, 5)
        writer.bits(codeLengthLengths.count - 4, 4)
        for length in codeLengthLengths { writer.bits(length, 3) }
        return writer
    }

    @Test("bad Huffman tables in dynamic blocks are rejected")
    func badHuffmanTables() {
        // Code-length code: all 19 lengths 1 — over-subscribed.
        let overSubscribed = Self.dynamicHeader(codeLengthLengths: Array(repeating: 1, count: 19))
        #expect(throws: InflateError.invalidCodeLengths(table: .codeLength, overSubscribed: true)) {
            try Inflate.decompressZlib(overSubscribed.zlib(content: []), maximumOutputCount: 10)
        }
        // Code-length code: only symbol 16 (order position 0) with length 1 — incomplete.
        let incomplete = Self.dynamicHeader(codeLengthLengths: [1, 0, 0, 0])
        #expect(throws: InflateError.invalidCodeLengths(table: .codeLength, overSubscribed: false)) {
            try Inflate.decompressZlib(incomplete.zlib(content: []), maximumOutputCount: 10)
        }
        // Code-length code {0: code 0, 16: code 1} (order positions 3 and 0); the first length is a repeat.
        var repeatFirst = Self.dynamicHeader(codeLengthLengths: [1, 0, 0, 1])
        repeatFirst.code(1, 1)
        repeatFirst.bits(0, 2)
        #expect(throws: InflateError.invalidCodeLengthRepeat) {
            try Inflate.decompressZlib(repeatFirst.zlib(content: []), maximumOutputCount: 10)
        }
        // Code-length code {17: code 0, 18: code 1}; 258 lengths all zero (138 + 120) — no end-of-block code.
        var noEnd = Self.dynamicHeader(codeLengthLengths: [0, 1, 1, 0])
        noEnd.code(1, 1)
        noEnd.bits(127, 7)
        noEnd.code(1, 1)
        noEnd.bits(120 - 11, 7)
        #expect(throws: InflateError.missingEndOfBlockCode) {
            try Inflate.decompressZlib(noEnd.zlib(content: []), maximumOutputCount: 10)
        }
        // 30 + 257 literal/length codes declared.
        let tooMany = Self.dynamicHeader(literals: 287, codeLengthLengths: [1, 1, 1, 1])
        #expect(throws: InflateError.tooManyCodes(literalLength: 287, distance: 1)) {
            try Inflate.decompressZlib(tooMany.zlib(content: []), maximumOutputCount: 10)
        }
    }

    @Test("output beyond the limit, a wrong checksum and trailing bytes are errors")
    func limitsAndChecksums() {
        #expect(throws: InflateError.outputLimitExceeded(limit: 299)) {
            try Inflate.decompressZlib(CodecFixtures.storedStream, maximumOutputCount: 299)
        }
        #expect(throws: InflateError.outputLimitExceeded(limit: 1_000)) {
            try Inflate.decompressZlib(CodecFixtures.dynamicStream, maximumOutputCount: 1_000)
        }
        var badChecksum = CodecFixtures.fixedStream
        badChecksum[badChecksum.count - 1] ^= 1
        #expect(throws: InflateError.self) {
            try Inflate.decompressZlib(badChecksum, maximumOutputCount: 1_000)
        }
        #expect(throws: InflateError.trailingData(count: 2)) {
            try Inflate.decompressZlib(CodecFixtures.fixedStream + [0, 0], maximumOutputCount: 1_000)
        }
    }

    @Test("random garbage and single-bit corruptions never crash or hang", arguments: [11, 12, 13])
    func fuzz(seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<300 {
            let bytes = (0..<Int(next() % 64)).map { _ in UInt8(truncatingIfNeeded: next()) }
            _ = try? Inflate.decompressRaw(bytes, maximumOutputCount: 1 << 16)
            _ = try? Inflate.decompressZlib([0x78, 0x9C] + bytes, maximumOutputCount: 1 << 16)
        }
        let stream = CodecFixtures.dynamicStream
        for _ in 0..<300 {
            var corrupted = stream
            let bit = Int(next() % UInt64(stream.count * 8))
            corrupted[bit / 8] ^= UInt8(1 << (bit % 8))
            // A flipped bit is caught by the decoder or by the Adler-32 check, unless it is one of the unused
            // padding bits after the final block, which leave the payload intact.
            if let decoded = try? Inflate.decompressZlib(corrupted, maximumOutputCount: 1 << 16) {
                #expect(decoded == Self.fixtureText(200), "bit \(bit)")
            }
        }
    }
}
