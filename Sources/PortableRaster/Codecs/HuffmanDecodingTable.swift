/// A lookup table that decodes one canonical Huffman code of deflate, least significant bit first.
///
/// Deflate sends each code's bits starting with its most significant bit, and the bit reader hands them out
/// from the low end of a word, so the table is indexed by the *reversed* code. The first level has
/// `2^primaryBits` entries indexed by the next `primaryBits` input bits; a code of length `n ≤ primaryBits`
/// fills every entry whose low `n` bits are its reversed pattern. Longer codes share a first-level entry per
/// `primaryBits`-bit prefix, which links to a second-level table indexed by the following bits (as many as the
/// longest code with that prefix needs beyond the first level).
///
/// Each entry is a 32-bit word:
///
/// | bits    | meaning |
/// |---------|---------|
/// | 0 – 3   | bits to consume at this level (0 marks a bit pattern that is no code) |
/// | 4 – 7   | kind: literal, base (length or distance), end of block, link to a second-level table |
/// | 8 – 11  | extra bits that follow a base symbol, or the index width of the linked table |
/// | 16 – 31 | literal byte, base value, plain symbol, or offset of the linked table |
struct HuffmanDecodingTable: Sendable {
    static let kindLiteral: UInt32 = 1 << 4
    static let kindBase: UInt32 = 2 << 4
    static let kindEnd: UInt32 = 3 << 4
    static let kindLink: UInt32 = 4 << 4
    static let kindMask: UInt32 = 0xF << 4

    /// Both levels, the first `1 << primaryBits` entries being the first level.
    let entries: [UInt32]
    /// Index width of the first level.
    let primaryBits: Int

    /// The payload (kind, extra bits and value, without a length) of each symbol of one alphabet.
    typealias SymbolPayloads = [UInt32]

    /// Builds the table of the canonical code with the given code lengths (0 = symbol unused; 1 ... 15).
    ///
    /// - Parameters:
    ///   - lengths: one length per symbol.
    ///   - payloads: the entry payload of each symbol; a payload of 0 marks a symbol that must not occur
    ///     (reserved), which then decodes as an invalid code.
    ///   - allowsSingleCode: whether a code consisting of a single length-1 code (half the bit patterns
    ///     unused) is accepted, as RFC 1951 allows for the distance code and zlib for both data codes.
    /// - Throws: ``InflateError/invalidCodeLengths(table:overSubscribed:)`` for over-subscribed codes and for
    ///   incomplete codes other than the empty code and the single length-1 code.
    init(
        lengths: UnsafeBufferPointer<UInt8>, payloads: SymbolPayloads, primaryBits: Int,
        kind: InflateError.HuffmanTableKind,
        allowsSingleCode: Bool
    ) throws(InflateError) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        var longest = 0
        for length in 1...15 {
            left <<= 1
            left -= counts[length]
            if left < 0 { throw .invalidCodeLengths(table: kind, overSubscribed: true) }
            if counts[length] > 0 { longest = length }
        }
        if left > 0 && longest > 0 && !(allowsSingleCode && longest == 1) {
            throw .invalidCodeLengths(table: kind, overSubscribed: false)
        }

        // First canonical code of each length (RFC 1951, section 3.2.2).
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }

        let primarySize = 1 << primaryBits
        let primaryMask = primarySize - 1
        // Reversed codes, and the widest second-level table each first-level prefix needs.
        var reversedCodes = [Int](repeating: 0, count: lengths.count)
        var secondaryBits = [Int](repeating: 0, count: primarySize)
        for symbol in 0..<lengths.count {
            let length = Int(lengths[symbol])
            guard length > 0 else { continue }
            let reversed = reverseBits(nextCode[length], count: length)
            nextCode[length] += 1
            reversedCodes[symbol] = reversed
            if length > primaryBits {
                let prefix = reversed & primaryMask
                secondaryBits[prefix] = max(secondaryBits[prefix], length - primaryBits)
            }
        }
        var offsets = [Int](repeating: 0, count: primarySize)
        var total = primarySize
        for prefix in 0..<primarySize where secondaryBits[prefix] > 0 {
            offsets[prefix] = total
            total += 1 << secondaryBits[prefix]
        }

        var entries = [UInt32](repeating: 0, count: total)
        for prefix in 0..<primarySize where secondaryBits[prefix] > 0 {
            entries[prefix] =
                UInt32(primaryBits) | Self.kindLink | UInt32(secondaryBits[prefix]) << 8 | UInt32(offsets[prefix]) << 16
        }
        for symbol in 0..<lengths.count {
            let length = Int(lengths[symbol])
            guard length > 0 else { continue }
            let payload = payloads[symbol]
            let reversed = reversedCodes[symbol]
            if length <= primaryBits {
                let entry = payload == 0 ? 0 : payload | UInt32(length)
                var index = reversed
                while index < primarySize {
                    entries[index] = entry
                    index += 1 << length
                }
            } else {
                let prefix = reversed & primaryMask
                let width = secondaryBits[prefix]
                let step = 1 << (length - primaryBits)
                let entry = payload == 0 ? 0 : payload | UInt32(length - primaryBits)
                var index = reversed >> primaryBits
                while index < 1 << width {
                    entries[offsets[prefix] + index] = entry
                    index += step
                }
            }
        }
        self.entries = entries
        self.primaryBits = primaryBits
    }

    /// Payloads of the literal/length alphabet: 256 literals, end of block, 29 length bases and the two
    /// reserved symbols 286 and 287 (which appear in the fixed code but must never be used).
    static let literalLengthPayloads: SymbolPayloads = {
        var payloads = [UInt32](repeating: 0, count: 288)
        for byte in 0..<256 { payloads[byte] = kindLiteral | UInt32(byte) << 16 }
        payloads[256] = kindEnd
        for index in 0..<29 {
            payloads[257 + index] =
                kindBase | UInt32(DeflateAlphabet.lengthExtraBits[index]) << 8
                | UInt32(DeflateAlphabet.lengthBase[index]) << 16
        }
        return payloads
    }()

    /// Payloads of the distance alphabet: 30 distance bases and the two reserved symbols 30 and 31.
    static let distancePayloads: SymbolPayloads = {
        var payloads = [UInt32](repeating: 0, count: 32)
        for index in 0..<30 {
            payloads[index] =
                kindBase | UInt32(DeflateAlphabet.distanceExtraBits[index]) << 8
                | UInt32(DeflateAlphabet.distanceBase[index]) << 16
        }
        return payloads
    }()

    /// Payloads of the code-length alphabet (symbols 0 ... 18, returned as plain values).
    static let codeLengthPayloads: SymbolPayloads = (0..<19).map { kindLiteral | UInt32($0) << 16 }

    /// The fixed literal/length code of RFC 1951, section 3.2.6.
    static let fixedLiteralLength: HuffmanDecodingTable = {
        let lengths = DeflateAlphabet.fixedLiteralLengthLengths
        return try! lengths.withUnsafeBufferPointer { (buffer) throws(InflateError) in
            try HuffmanDecodingTable(
                lengths: buffer, payloads: literalLengthPayloads, primaryBits: 9, kind: .literalLength,
                allowsSingleCode: false)
        }
    }()

    /// The fixed distance code: all 32 symbols with 5-bit codes.
    static let fixedDistance: HuffmanDecodingTable = {
        let lengths = [UInt8](repeating: 5, count: 32)
        return try! lengths.withUnsafeBufferPointer { (buffer) throws(InflateError) in
            try HuffmanDecodingTable(
                lengths: buffer, payloads: distancePayloads, primaryBits: 5, kind: .distance, allowsSingleCode: false)
        }
    }()
}

/// The lowest `count` bits of `value` in reverse order.
@inline(__always)
func reverseBits(_ value: Int, count: Int) -> Int {
    Int(truncatingIfNeeded: UInt16(truncatingIfNeeded: value).bitReversed16 >> (16 - count))
}

extension UInt16 {
    /// The 16 bits in reverse order.
    @inline(__always)
    fileprivate var bitReversed16: UInt16 {
        var v = self
        v = (v & 0x5555) << 1 | (v >> 1) & 0x5555
        v = (v & 0x3333) << 2 | (v >> 2) & 0x3333
        v = (v & 0x0F0F) << 4 | (v >> 4) & 0x0F0F
        return v << 8 | v >> 8
    }
}

/// The symbol tables shared by the compressor and the decompressor (RFC 1951, section 3.2.5).
enum DeflateAlphabet {
    /// Extra bits after length symbols 257 ... 285: none for the first eight and for 285, then one more bit
    /// every four symbols.
    static let lengthExtraBits: [UInt8] = (0..<29).map { (index: Int) -> UInt8 in
        if index < 8 || index == 28 { return 0 }
        return UInt8((index - 4) / 4)
    }
    /// Shortest match length of each length symbol 257 ... 285 (symbol 285 is exactly 258).
    static let lengthBase: [UInt16] = {
        var bases = [UInt16](repeating: 0, count: 29)
        var length = 3
        for index in 0..<28 {
            bases[index] = UInt16(length)
            length += 1 << Int(lengthExtraBits[index])
        }
        bases[28] = 258
        return bases
    }()
    /// Extra bits after distance symbols 0 ... 29: none for the first four, then one more bit every two symbols.
    static let distanceExtraBits: [UInt8] = (0..<30).map { (index: Int) -> UInt8 in
        index < 4 ? 0 : UInt8((index - 2) / 2)
    }
    /// Smallest distance of each distance symbol.
    static let distanceBase: [UInt16] = {
        var bases = [UInt16](repeating: 0, count: 30)
        var distance = 1
        for index in 0..<30 {
            bases[index] = UInt16(distance)
            distance += 1 << Int(distanceExtraBits[index])
        }
        return bases
    }()
    /// Code lengths of the fixed literal/length code: 8 bits for 0 ... 143, 9 for 144 ... 255, 7 for
    /// 256 ... 279, 8 for 280 ... 287.
    static let fixedLiteralLengthLengths: [UInt8] = (0..<288).map { (symbol: Int) -> UInt8 in
        switch symbol {
        case 0..<144: 8
        case 144..<256: 9
        case 256..<280: 7
        default: 8
        }
    }
    /// Order in which a dynamic block lists the code-length code's lengths.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}

extension DeflateAlphabet {
    /// Reversed fixed literal/length codes, ready for a least-significant-bit-first writer.
    static let fixedLiteralLengthCodes: [UInt16] = HuffmanCodeBuilder.reversedCodes(lengths: fixedLiteralLengthLengths)
    /// Fixed distance code lengths (all 5) for the 30 used distance symbols.
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
    /// Reversed fixed distance codes.
    static let fixedDistanceCodes: [UInt16] = HuffmanCodeBuilder.reversedCodes(lengths: fixedDistanceLengths)
}
