/// Why a deflate (RFC 1951) or zlib (RFC 1950) stream could not be decompressed.
///
/// Every malformed, truncated or oversized input ends in one of these errors; decompression never traps and
/// never reads outside its input.
@_spi(Engine) public enum InflateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input ended before the final block (or the zlib checksum) was complete.
    case truncated
    /// The zlib header's compression method is not 8 (deflate) or its window size exceeds 32 KiB.
    case unsupportedCompressionMethod(method: UInt8, windowBits: Int)
    /// The zlib header's two bytes, read as a big-endian number, are not a multiple of 31.
    case invalidHeaderCheck
    /// The zlib stream needs a preset dictionary, which PNG and this decoder do not support.
    case presetDictionaryRequired
    /// A block header has the reserved block type 3.
    case reservedBlockType
    /// A stored block's length and its one's complement disagree.
    case storedLengthMismatch(length: Int, complement: Int)
    /// A dynamic block declares more than 286 literal/length codes or more than 30 distance codes.
    case tooManyCodes(literalLength: Int, distance: Int)
    /// The code lengths of one of a block's Huffman codes are inconsistent: `overSubscribed` when more codes
    /// are declared than bit patterns exist, otherwise the code leaves bit patterns unused (only a single
    /// code of length 1 may do that).
    case invalidCodeLengths(table: HuffmanTableKind, overSubscribed: Bool)
    /// A dynamic block's code-length sequence repeats a previous length before any length was given, or
    /// runs past the number of lengths the block declared.
    case invalidCodeLengthRepeat
    /// A dynamic block gives the end-of-block symbol (256) no code, so the block could never end.
    case missingEndOfBlockCode
    /// The compressed data contains a bit pattern that is no code, or the code of a reserved symbol
    /// (literal/length 286 or 287, distance 30 or 31).
    case invalidSymbol(table: HuffmanTableKind)
    /// A match refers further back than the data decompressed so far.
    case distanceTooFarBack(distance: Int, available: Int)
    /// Decompression would produce more than the allowed number of bytes.
    case outputLimitExceeded(limit: Int)
    /// The Adler-32 checksum at the end of the zlib stream does not match the decompressed bytes.
    case checksumMismatch(stored: UInt32, computed: UInt32)
    /// Bytes follow the end of the zlib stream.
    case trailingData(count: Int)

    /// Which of a dynamic block's three Huffman codes an error concerns.
    @_spi(Engine) public enum HuffmanTableKind: String, Hashable, Sendable {
        /// The code that compresses the other two codes' lengths.
        case codeLength = "code-length"
        /// The code for literal bytes, match lengths and end of block.
        case literalLength = "literal/length"
        /// The code for match distances.
        case distance
    }

    @_spi(Engine) public var description: String {
        switch self {
        case .truncated:
            return "compressed data ends too early (the file is truncated or the stream is cut off)"
        case .unsupportedCompressionMethod(let method, let windowBits):
            return "zlib header names compression method \(method) with a \(windowBits)-bit window; "
                + "only deflate (method 8) with a window of at most 15 bits exists"
        case .invalidHeaderCheck:
            return "zlib header check bits are wrong (the data is not a zlib stream or is corrupted)"
        case .presetDictionaryRequired:
            return "zlib stream requires a preset dictionary, which is not supported"
        case .reservedBlockType:
            return "deflate block uses the reserved block type 3 (the data is corrupted)"
        case .storedLengthMismatch(let length, let complement):
            return "stored deflate block length \(length) does not match its complement \(complement)"
        case .tooManyCodes(let literalLength, let distance):
            return "dynamic deflate block declares \(literalLength) literal/length and \(distance) distance codes; "
                + "at most 286 and 30 exist"
        case .invalidCodeLengths(let table, let overSubscribed):
            return "\(table.rawValue) Huffman code lengths are "
                + (overSubscribed ? "over-subscribed (more codes than bit patterns)" : "incomplete")
        case .invalidCodeLengthRepeat:
            return "dynamic deflate block repeats a code length with none before it or past the declared count"
        case .missingEndOfBlockCode:
            return "dynamic deflate block has no code for end-of-block"
        case .invalidSymbol(let table):
            return "compressed data contains an invalid \(table.rawValue) code"
        case .distanceTooFarBack(let distance, let available):
            return "match distance \(distance) reaches before the start of the data (only \(available) bytes so far)"
        case .outputLimitExceeded(let limit):
            return "decompressed data is larger than the allowed \(limit) bytes"
        case .checksumMismatch(let stored, let computed):
            return "zlib Adler-32 checksum mismatch: stream says 0x" + codecHex(stored) + ", data gives 0x"
                + codecHex(computed)
        case .trailingData(let count):
            return "\(count) unexpected bytes follow the end of the zlib stream"
        }
    }
}

/// Eight upper-case hexadecimal digits.
func codecHex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - digits.count) + digits
}
