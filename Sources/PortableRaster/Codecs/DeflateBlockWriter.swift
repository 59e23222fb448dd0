/// Collects the LZ77 symbols of one block with their frequencies, then writes the block in whichever
/// form is smallest: dynamic Huffman, fixed Huffman or stored.
///
/// A symbol is a 32-bit word: a literal byte is its value (below 256); a match has bit 31 set, the length
/// minus 3 in bits 16 – 23 and the distance minus 1 in bits 0 – 15.
struct DeflateBlockWriter: ~Copyable {
    private let input: UnsafePointer<UInt8>
    private let symbols: UnsafeMutablePointer<UInt32>
    private var symbolCount = 0
    /// Frequencies of literal/length symbols 0 ... 285 (two spare entries keep the alphabet at 288).
    private let literalFrequencies: UnsafeMutablePointer<UInt32>
    private let distanceFrequencies: UnsafeMutablePointer<UInt32>
    /// Length symbol index (0 ... 28, i.e. symbol − 257) of each length − 3.
    private let lengthSymbols: UnsafeMutablePointer<UInt8>
    /// Distance symbol of distance − 1 for distances up to 256, then of `256 + (distance − 1) >> 7`.
    private let distanceSymbols: UnsafeMutablePointer<UInt8>
    /// Input position where the current block starts.
    private var blockStart = 0

    init(input: UnsafePointer<UInt8>) {
        self.input = input
        symbols = .allocate(capacity: DeflateCompressor.blockSymbols)
        literalFrequencies = .allocate(capacity: 288)
        literalFrequencies.initialize(repeating: 0, count: 288)
        distanceFrequencies = .allocate(capacity: 32)
        distanceFrequencies.initialize(repeating: 0, count: 32)
        lengthSymbols = .allocate(capacity: 256)
        distanceSymbols = .allocate(capacity: 512)
        for lengthMinus3 in 0..<256 {
            var index = 28
            while Int(DeflateAlphabet.lengthBase[index]) > lengthMinus3 + 3 { index -= 1 }
            lengthSymbols[lengthMinus3] = UInt8(index)
        }
        for slot in 0..<512 {
            let distanceMinus1 = slot < 256 ? slot : (slot - 256) << 7
            var code = 29
            while Int(DeflateAlphabet.distanceBase[code]) > distanceMinus1 + 1 { code -= 1 }
            distanceSymbols[slot] = UInt8(code)
        }
    }

    deinit {
        symbols.deallocate()
        literalFrequencies.deallocate()
        distanceFrequencies.deallocate()
        lengthSymbols.deallocate()
        distanceSymbols.deallocate()
    }

    @inline(__always)
    private func distanceSymbol(_ distanceMinus1: Int) -> Int {
        Int(distanceSymbols[distanceMinus1 < 256 ? distanceMinus1 : 256 &+ (distanceMinus1 &>> 7)])
    }

    /// Adds the literal `byte` found at input `position`, first writing out the block if it is full.
    @inline(__always)
    mutating func addLiteral(_ byte: UInt8, at position: Int, sink: inout DeflateSink) {
        if symbolCount == DeflateCompressor.blockSymbols { flush(end: position, isFinal: false, into: &sink) }
        symbols[symbolCount] = UInt32(byte)
        symbolCount &+= 1
        literalFrequencies[Int(byte)] &+= 1
    }

    /// Adds a match (length 3 ... 258, distance 1 ... 32 768) starting at input `position`, first writing out
    /// the block if it is full.
    @inline(__always)
    mutating func addMatch(length: Int, distance: Int, at position: Int, sink: inout DeflateSink) {
        if symbolCount == DeflateCompressor.blockSymbols { flush(end: position, isFinal: false, into: &sink) }
        symbols[symbolCount] =
            1 << 31 | UInt32(truncatingIfNeeded: length &- 3) << 16
            | UInt32(truncatingIfNeeded: distance &- 1)
        symbolCount &+= 1
        literalFrequencies[257 &+ Int(lengthSymbols[length &- 3])] &+= 1
        distanceFrequencies[distanceSymbol(distance &- 1)] &+= 1
    }

    /// Writes the collected symbols, which cover input bytes `blockStart ..< end`, as one block (or, when
    /// stored is smallest, as stored blocks of at most 65 535 bytes), then starts a new block at `end`.
    mutating func flush(end: Int, isFinal: Bool, into sink: inout DeflateSink) {
        literalFrequencies[256] = 1
        let literalCounts = Array(UnsafeBufferPointer(start: literalFrequencies, count: 286))
        let distanceCounts = Array(UnsafeBufferPointer(start: distanceFrequencies, count: 30))

        // Extra bits are the same whichever code is used.
        var extraBits = 0
        for index in 0..<29 {
            extraBits += Int(literalCounts[257 + index]) * Int(DeflateAlphabet.lengthExtraBits[index])
        }
        for index in 0..<30 {
            extraBits += Int(distanceCounts[index]) * Int(DeflateAlphabet.distanceExtraBits[index])
        }

        let literalLengths = HuffmanCodeBuilder.codeLengths(frequencies: literalCounts, limit: 15)
        let distanceLengths = HuffmanCodeBuilder.codeLengths(frequencies: distanceCounts, limit: 15)
        let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)
        var dynamicBits = 3 + header.bitCount + extraBits
        var fixedBits = 3 + extraBits
        for symbol in 0..<286 {
            let frequency = Int(literalCounts[symbol])
            dynamicBits += frequency * Int(literalLengths[symbol])
            fixedBits += frequency * Int(DeflateAlphabet.fixedLiteralLengthLengths[symbol])
        }
        for symbol in 0..<30 {
            let frequency = Int(distanceCounts[symbol])
            dynamicBits += frequency * Int(distanceLengths[symbol])
            fixedBits += frequency * 5
        }
        let byteCount = end - blockStart
        let storedChunks = max(1, (byteCount + 65_534) / 65_535)
        let storedBits = storedChunks * (3 + 7 + 32) + byteCount * 8

        if storedBits < min(dynamicBits, fixedBits) {
            Self.writeStored(
                UnsafeRawBufferPointer(start: input + blockStart, count: byteCount), isFinal: isFinal, into: &sink)
        } else if fixedBits < dynamicBits {
            sink.reserve(fixedBits / 8 + 8)
            sink.writeBits(isFinal ? 3 : 2, count: 3)
            writeSymbols(
                literalLengths: DeflateAlphabet.fixedLiteralLengthLengths,
                literalCodes: DeflateAlphabet.fixedLiteralLengthCodes,
                distanceLengths: DeflateAlphabet.fixedDistanceLengths,
                distanceCodes: DeflateAlphabet.fixedDistanceCodes,
                into: &sink)
        } else {
            sink.reserve(dynamicBits / 8 + 8)
            sink.writeBits(isFinal ? 5 : 4, count: 3)
            header.write(into: &sink)
            writeSymbols(
                literalLengths: literalLengths, literalCodes: HuffmanCodeBuilder.reversedCodes(lengths: literalLengths),
                distanceLengths: distanceLengths,
                distanceCodes: HuffmanCodeBuilder.reversedCodes(lengths: distanceLengths), into: &sink)
        }

        symbolCount = 0
        literalFrequencies.update(repeating: 0, count: 288)
        distanceFrequencies.update(repeating: 0, count: 32)
        blockStart = end
    }

    /// Writes every collected symbol, then end-of-block, with the given codes. The bit writer's state is
    /// kept in locals for the loop (capacity was reserved by the caller).
    private func writeSymbols(
        literalLengths: [UInt8], literalCodes: [UInt16], distanceLengths: [UInt8], distanceCodes: [UInt16],
        into sink: inout DeflateSink
    ) {
        // Code plus extra bits for every length − 3 and for every distance symbol's code.
        var lengthBits = [UInt64](repeating: 0, count: 256)
        var lengthBitCounts = [Int](repeating: 0, count: 256)
        for lengthMinus3 in 0..<256 {
            let index = Int(lengthSymbols[lengthMinus3])
            let symbol = 257 + index
            let extra = UInt64(lengthMinus3 + 3 - Int(DeflateAlphabet.lengthBase[index]))
            lengthBits[lengthMinus3] = UInt64(literalCodes[symbol]) | extra << UInt64(literalLengths[symbol])
            lengthBitCounts[lengthMinus3] = Int(literalLengths[symbol]) + Int(DeflateAlphabet.lengthExtraBits[index])
        }
        lengthBits.withUnsafeBufferPointer { lengthBits in
            lengthBitCounts.withUnsafeBufferPointer { lengthBitCounts in
                literalLengths.withUnsafeBufferPointer { literalLengths in
                    literalCodes.withUnsafeBufferPointer { literalCodes in
                        distanceLengths.withUnsafeBufferPointer { distanceLengths in
                            distanceCodes.withUnsafeBufferPointer { distanceCodes in
                                var out = sink.base + sink.count
                                var buffer = sink.bitBuffer
                                var bits = sink.bitCount
                                for index in 0..<symbolCount {
                                    let symbol = symbols[index]
                                    var value: UInt64
                                    var count: Int
                                    if symbol < 256 {
                                        value = UInt64(literalCodes[Int(symbol)])
                                        count = Int(literalLengths[Int(symbol)])
                                    } else {
                                        let lengthMinus3 = Int((symbol >> 16) & 0xFF)
                                        let distanceMinus1 = Int(symbol & 0xFFFF)
                                        let code = distanceSymbol(distanceMinus1)
                                        let distanceExtra =
                                            UInt64(distanceMinus1 + 1 - Int(DeflateAlphabet.distanceBase[code]))
                                        let distanceCodeLength = Int(distanceLengths[code])
                                        let distanceValue =
                                            UInt64(distanceCodes[code]) | distanceExtra << UInt64(distanceCodeLength)
                                        let lengthCount = lengthBitCounts[lengthMinus3]
                                        value = lengthBits[lengthMinus3] | distanceValue << UInt64(lengthCount)
                                        count =
                                            lengthCount + distanceCodeLength
                                            + Int(DeflateAlphabet.distanceExtraBits[code])
                                    }
                                    buffer |= value &<< UInt64(bits)
                                    bits &+= count
                                    UnsafeMutableRawPointer(out).storeBytes(of: buffer.littleEndian, as: UInt64.self)
                                    let bytes = bits &>> 3
                                    out += bytes
                                    buffer = buffer &>> UInt64(bytes &* 8)
                                    bits &= 7
                                }
                                sink.count = out - sink.base
                                sink.bitBuffer = buffer
                                sink.bitCount = bits
                            }
                        }
                    }
                }
            }
        }
        sink.writeBits(UInt64(literalCodes[256]), count: Int(literalLengths[256]))
    }

    /// Writes `bytes` as stored blocks of at most 65 535 bytes (one empty block when `bytes` is empty); the
    /// last is marked final when `isFinal`.
    static func writeStored(_ bytes: UnsafeRawBufferPointer, isFinal: Bool, into sink: inout DeflateSink) {
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let last = offset + length == bytes.count
            sink.reserve(length + 8)
            sink.writeBits(isFinal && last ? 1 : 0, count: 3)
            sink.alignToByte()
            sink.writeBits(UInt64(length) | UInt64(~length & 0xFFFF) << 16, count: 32)
            sink.writeAlignedBytes(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]))
            offset += length
        } while offset < bytes.count
    }
}

/// The code description at the start of a dynamic block: the two codes' lengths, run-length coded with
/// the code-length alphabet (RFC 1951, section 3.2.7), and that alphabet's own code.
private struct DynamicHeader {
    let literalCount: Int
    let distanceCount: Int
    let codeLengthCount: Int
    /// Run-length items: code-length symbol 0 ... 18 in the low byte, the repeat extra value above it.
    let items: [UInt16]
    let codeLengthLengths: [UInt8]
    let codeLengthCodes: [UInt16]
    /// Size of the header after the 3-bit block header, in bits.
    let bitCount: Int

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        let lengths = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])

        var items: [UInt16] = []
        var frequencies = [UInt32](repeating: 0, count: 19)
        func emit(_ symbol: Int, extra: Int = 0) {
            items.append(UInt16(symbol) | UInt16(extra) << 8)
            frequencies[symbol] += 1
        }
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let chunk = min(run, 138)
                    emit(18, extra: chunk - 11)
                    run -= chunk
                }
                if run >= 3 {
                    emit(17, extra: run - 3)
                    run = 0
                }
            } else {
                emit(Int(value))
                run -= 1
                while run >= 3 {
                    let chunk = min(run, 6)
                    emit(16, extra: chunk - 3)
                    run -= chunk
                }
            }
            for _ in 0..<run { emit(Int(value)) }
        }

        let codeLengthLengths = HuffmanCodeBuilder.codeLengths(frequencies: frequencies, limit: 7)
        var codeLengthCount = 19
        while codeLengthCount > 4 && codeLengthLengths[DeflateAlphabet.codeLengthOrder[codeLengthCount - 1]] == 0 {
            codeLengthCount -= 1
        }
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for symbol in 0..<19 {
            let extra = symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0
            bits += Int(frequencies[symbol]) * (Int(codeLengthLengths[symbol]) + extra)
        }
        self.literalCount = literalCount
        self.distanceCount = distanceCount
        self.codeLengthCount = codeLengthCount
        self.items = items
        self.codeLengthLengths = codeLengthLengths
        self.codeLengthCodes = HuffmanCodeBuilder.reversedCodes(lengths: codeLengthLengths)
        self.bitCount = bits
    }

    func write(into sink: inout DeflateSink) {
        sink.writeBits(UInt64(literalCount - 257), count: 5)
        sink.writeBits(UInt64(distanceCount - 1), count: 5)
        sink.writeBits(UInt64(codeLengthCount - 4), count: 4)
        for index in 0..<codeLengthCount {
            sink.writeBits(UInt64(codeLengthLengths[DeflateAlphabet.codeLengthOrder[index]]), count: 3)
        }
        for item in items {
            let symbol = Int(item & 0xFF)
            let extra = UInt64(item >> 8)
            let extraCount = symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0
            let length = Int(codeLengthLengths[symbol])
            sink.writeBits(UInt64(codeLengthCodes[symbol]) | extra << UInt64(length), count: length + extraCount)
        }
    }
}
