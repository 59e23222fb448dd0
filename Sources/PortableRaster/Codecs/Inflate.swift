/// Decompression of deflate data (RFC 1951), bare or in the zlib wrapper (RFC 1950) that PNG uses.
///
/// Stored, fixed-Huffman and dynamic-Huffman blocks are all supported. Decoding is table driven (one lookup
/// for most symbols) and validates everything: malformed input of any kind ends in a typed ``InflateError``,
/// the input is never read out of bounds, and the output never grows beyond the caller's limit, so hostile
/// data cannot make the decoder loop forever or allocate without bound.
@_spi(Engine) public enum Inflate {
    /// Decompresses a complete zlib stream and checks its Adler-32 checksum.
    ///
    /// - Parameters:
    ///   - data: the zlib stream: a 2-byte header, deflate blocks, a 4-byte big-endian Adler-32. Nothing may
    ///     follow it.
    ///   - maximumOutputCount: the most bytes the stream may decompress to; more is an error. Memory grows
    ///     with the actual output (doubling), never beyond this limit.
    /// - Returns: the decompressed bytes.
    /// - Throws: ``InflateError`` describing the first problem found.
    @_spi(Engine) public static func decompressZlib(
        _ data: UnsafeRawBufferPointer, maximumOutputCount: Int
    ) throws(InflateError) -> [UInt8] {
        var output = InflateOutput(limit: maximumOutputCount, initialCapacity: data.count &* 4 &+ 1_024)
        let consumed = try decompressZlib(data, into: &output)
        if consumed < data.count { throw .trailingData(count: data.count - consumed) }
        return output.array()
    }

    /// Decompresses a complete zlib stream and checks its Adler-32 checksum (see the
    /// `UnsafeRawBufferPointer` overload for the details).
    @_spi(Engine) public static func decompressZlib(
        _ data: [UInt8], maximumOutputCount: Int
    ) throws(InflateError) -> [UInt8] {
        let result: Result<[UInt8], InflateError> = data.withUnsafeBytes { raw in
            do throws(InflateError) {
                return .success(try decompressZlib(raw, maximumOutputCount: maximumOutputCount))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Decompresses bare deflate data (no zlib header or checksum) up to the end of its final block.
    ///
    /// - Parameters:
    ///   - data: deflate blocks; bytes after the final block are ignored.
    ///   - maximumOutputCount: the most bytes the data may decompress to; more is an error.
    /// - Returns: the decompressed bytes.
    @_spi(Engine) public static func decompressRaw(
        _ data: [UInt8], maximumOutputCount: Int
    ) throws(InflateError) -> [UInt8] {
        let result: Result<[UInt8], InflateError> = data.withUnsafeBytes { raw in
            do throws(InflateError) {
                var output = InflateOutput(limit: maximumOutputCount, initialCapacity: raw.count &* 4 &+ 1_024)
                var inflater = Inflater(input: raw)
                try inflater.inflateBlocks(into: &output)
                return .success(output.array())
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Decompresses a zlib stream into `output` and returns how many input bytes the stream occupied
    /// (the caller decides whether bytes after it are acceptable).
    static func decompressZlib(
        _ data: UnsafeRawBufferPointer, into output: inout InflateOutput
    ) throws(InflateError) -> Int {
        guard data.count >= 2 else { throw .truncated }
        let method = data[0] & 0x0F
        let windowBits = Int(data[0] >> 4) + 8
        guard method == 8, windowBits <= 15 else {
            throw .unsupportedCompressionMethod(method: method, windowBits: windowBits)
        }
        guard (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0 else { throw .invalidHeaderCheck }
        guard data[1] & 0x20 == 0 else { throw .presetDictionaryRequired }

        var inflater = Inflater(input: UnsafeRawBufferPointer(rebasing: data[2...]))
        try inflater.inflateBlocks(into: &output)
        let end = 2 + inflater.consumedBytes
        guard data.count - end >= 4 else { throw .truncated }
        let stored =
            UInt32(data[end]) << 24 | UInt32(data[end + 1]) << 16 | UInt32(data[end + 2]) << 8
            | UInt32(data[end + 3])
        let computed = Adler32.checksum(UnsafeRawBufferPointer(start: output.base, count: output.count))
        guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
        return end + 4
    }
}

/// Growable output memory for the decoder, with a hard size limit.
///
/// Decoding writes through ``base`` directly; ``reserve(_:)`` must be called (and may move ``base``)
/// before writing past ``capacity``.
struct InflateOutput: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count = 0
    let limit: Int

    /// Output that may grow to `limit` bytes, starting with room for `initialCapacity` (clamped to the limit).
    init(limit: Int, initialCapacity: Int) {
        self.limit = max(0, limit)
        capacity = max(1, min(self.limit, initialCapacity))
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `needed` more bytes after ``count``.
    ///
    /// - Throws: ``InflateError/outputLimitExceeded(limit:)`` when that would exceed ``limit``.
    mutating func reserve(_ needed: Int) throws(InflateError) {
        let required = count + needed
        if required <= capacity { return }
        guard required <= limit else { throw .outputLimitExceeded(limit: limit) }
        let newCapacity = min(limit, max(required, capacity &* 2))
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// A copy of the bytes written so far.
    func array() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }
}

/// The decoder: a bit reader over the input and the block-level state machine of RFC 1951.
///
/// Bits are read least significant first from a 64-bit buffer. Near the end of the input the buffer is
/// padded with zero bytes, which are counted; once a decoded symbol has consumed a padding bit the input
/// was truncated, which is reported before anything else is done with that symbol's result.
struct Inflater {
    private let input: UnsafePointer<UInt8>?
    private let inputCount: Int
    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var paddingBytes = 0

    init(input: UnsafeRawBufferPointer) {
        self.input = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        self.inputCount = input.count
    }

    /// Input bytes used so far, counting a partly used byte as used. Valid after ``inflateBlocks(into:)``,
    /// which leaves the reader on a byte boundary.
    var consumedBytes: Int { position - bitCount / 8 }

    /// Decodes blocks until the one marked final has ended, then moves to the next byte boundary.
    mutating func inflateBlocks(into output: inout InflateOutput) throws(InflateError) {
        var isFinal = false
        while !isFinal {
            refill()
            isFinal = take(1) == 1
            let type = take(2)
            try checkOverrun()
            switch type {
            case 0:
                try storedBlock(into: &output)
            case 1:
                try huffmanBlock(
                    literalLength: HuffmanDecodingTable.fixedLiteralLength,
                    distance: HuffmanDecodingTable.fixedDistance, into: &output)
            case 2:
                let (literalLength, distance) = try dynamicTables()
                try huffmanBlock(literalLength: literalLength, distance: distance, into: &output)
            default:
                throw .reservedBlockType
            }
        }
        alignToByte()
        returnWholeBytes()
    }

    // MARK: Bit reader

    /// Tops the bit buffer up to at least 56 bits, padding with zero bytes past the end of the input.
    @inline(__always)
    private mutating func refill() {
        if position &+ 8 <= inputCount, let input {
            let word = UInt64(littleEndian: UnsafeRawPointer(input + position).loadUnaligned(as: UInt64.self))
            bitBuffer |= word &<< UInt64(bitCount)
            position &+= (63 &- bitCount) &>> 3
            bitCount |= 56
        } else {
            refillSlowly()
        }
    }

    private mutating func refillSlowly() {
        while bitCount <= 56 {
            if position < inputCount, let input {
                bitBuffer |= UInt64(input[position]) &<< UInt64(bitCount)
                position += 1
            } else {
                paddingBytes += 1
            }
            bitCount += 8
        }
    }

    /// Throws ``InflateError/truncated`` when a padding bit beyond the end of the input has been consumed.
    @inline(__always)
    private func checkOverrun() throws(InflateError) {
        if paddingBytes &* 8 > bitCount { throw .truncated }
    }

    /// Removes and returns the next `count` bits (at most 32, all of them already in the buffer).
    @inline(__always)
    private mutating func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 &<< UInt64(count)) &- 1))
        bitBuffer &>>= UInt64(count)
        bitCount &-= count
        return value
    }

    private mutating func alignToByte() {
        _ = take(bitCount & 7)
    }

    /// Gives whole unread bytes in the bit buffer back to the input (the buffer must be byte aligned) and
    /// empties the buffer, so that the next byte can be read directly from ``input``.
    private mutating func returnWholeBytes() {
        var bytes = bitCount / 8
        let padding = min(bytes, paddingBytes)
        paddingBytes -= padding
        bytes -= padding
        position -= bytes
        bitBuffer = 0
        bitCount = 0
    }

    // MARK: Blocks

    /// Copies a stored (uncompressed) block: after the block header, skip to a byte boundary, read LEN and
    /// NLEN (16 bits each, little-endian), then LEN raw bytes.
    private mutating func storedBlock(into output: inout InflateOutput) throws(InflateError) {
        alignToByte()
        returnWholeBytes()
        guard paddingBytes == 0, inputCount - position >= 4, let input else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else {
            throw .storedLengthMismatch(length: length, complement: complement)
        }
        position += 4
        guard inputCount - position >= length else { throw .truncated }
        try output.reserve(length)
        (output.base + output.count).update(from: input + position, count: length)
        output.count += length
        position += length
    }

    /// Reads the code definitions at the start of a dynamic block (RFC 1951, section 3.2.7).
    private mutating func dynamicTables() throws(InflateError) -> (HuffmanDecodingTable, HuffmanDecodingTable) {
        refill()
        let literalCount = take(5) + 257
        let distanceCount = take(5) + 1
        let codeLengthCount = take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .tooManyCodes(literalLength: literalCount, distance: distanceCount)
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            refill()
            codeLengthLengths[DeflateAlphabet.codeLengthOrder[index]] = UInt8(take(3))
        }
        try checkOverrun()
        let codeLengthTable = try codeLengthLengths.withUnsafeBufferPointer { (buffer) throws(InflateError) in
            try HuffmanDecodingTable(
                lengths: buffer, payloads: HuffmanDecodingTable.codeLengthPayloads, primaryBits: 7,
                kind: .codeLength, allowsSingleCode: false)
        }
        if codeLengthLengths.allSatisfy({ $0 == 0 }) {
            throw .invalidCodeLengths(table: .codeLength, overSubscribed: false)
        }

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            refill()
            let entry = codeLengthTable.entries[Int(truncatingIfNeeded: bitBuffer & 0x7F)]
            let bits = Int(entry & 0xF)
            guard bits > 0 else { throw .invalidSymbol(table: .codeLength) }
            _ = take(bits)
            let symbol = Int(entry >> 16)
            var repeatValue: UInt8 = 0
            var repeatCount: Int
            switch symbol {
            case 0...15:
                lengths[index] = UInt8(symbol)
                index += 1
                try checkOverrun()
                continue
            case 16:
                guard index > 0 else { throw .invalidCodeLengthRepeat }
                repeatValue = lengths[index - 1]
                repeatCount = 3 + take(2)
            case 17:
                repeatCount = 3 + take(3)
            default:
                repeatCount = 11 + take(7)
            }
            try checkOverrun()
            guard index + repeatCount <= total else { throw .invalidCodeLengthRepeat }
            for offset in 0..<repeatCount { lengths[index + offset] = repeatValue }
            index += repeatCount
        }
        guard lengths[256] != 0 else { throw .missingEndOfBlockCode }
        return try lengths.withUnsafeBufferPointer { (all) throws(InflateError) in
            let literal = try HuffmanDecodingTable(
                lengths: UnsafeBufferPointer(rebasing: all[0..<literalCount]),
                payloads: HuffmanDecodingTable.literalLengthPayloads, primaryBits: 10, kind: .literalLength,
                allowsSingleCode: true)
            let distance = try HuffmanDecodingTable(
                lengths: UnsafeBufferPointer(rebasing: all[literalCount...]),
                payloads: HuffmanDecodingTable.distancePayloads, primaryBits: 8, kind: .distance,
                allowsSingleCode: true)
            return (literal, distance)
        }
    }

    /// Decodes the symbols of one Huffman-coded block until its end-of-block symbol.
    ///
    /// The bit reader state lives in local variables for the duration of the loop (so it stays in
    /// registers) and is written back on every exit.
    private mutating func huffmanBlock(
        literalLength: HuffmanDecodingTable, distance: HuffmanDecodingTable, into output: inout InflateOutput
    ) throws(InflateError) {
        let literalMask = UInt64(1 << literalLength.primaryBits) - 1
        let distanceMask = UInt64(1 << distance.primaryBits) - 1
        try literalLength.entries.withUnsafeBufferPointer { (literalTable) throws(InflateError) in
            try distance.entries.withUnsafeBufferPointer { (distanceTable) throws(InflateError) in
                let lit = literalTable.baseAddress!
                let dist = distanceTable.baseAddress!
                var out = output.base
                var capacity = output.capacity
                var count = output.count
                defer { output.count = count }
                while true {
                    refill()
                    if paddingBytes != 0 { try checkOverrun() }
                    var entry = lit[Int(truncatingIfNeeded: bitBuffer & literalMask)]
                    if entry & HuffmanDecodingTable.kindMask == HuffmanDecodingTable.kindLink {
                        bitBuffer &>>= UInt64(entry & 0xF)
                        bitCount &-= Int(entry & 0xF)
                        let width = UInt64((entry >> 8) & 0xF)
                        entry = lit[Int(entry >> 16) &+ Int(truncatingIfNeeded: bitBuffer & ((1 &<< width) &- 1))]
                    }
                    let bits = entry & 0xF
                    bitBuffer &>>= UInt64(bits)
                    bitCount &-= Int(bits)
                    switch entry & HuffmanDecodingTable.kindMask {
                    case HuffmanDecodingTable.kindLiteral:
                        if count == capacity {
                            if paddingBytes != 0 { try checkOverrun() }
                            output.count = count
                            try output.reserve(1)
                            out = output.base
                            capacity = output.capacity
                        }
                        out[count] = UInt8(truncatingIfNeeded: entry >> 16)
                        count &+= 1
                    case HuffmanDecodingTable.kindBase:
                        let lengthExtra = UInt64((entry >> 8) & 0xF)
                        let length =
                            Int(entry >> 16) &+ Int(truncatingIfNeeded: bitBuffer & ((1 &<< lengthExtra) &- 1))
                        bitBuffer &>>= lengthExtra
                        bitCount &-= Int(lengthExtra)
                        var distanceEntry = dist[Int(truncatingIfNeeded: bitBuffer & distanceMask)]
                        if distanceEntry & HuffmanDecodingTable.kindMask == HuffmanDecodingTable.kindLink {
                            bitBuffer &>>= UInt64(distanceEntry & 0xF)
                            bitCount &-= Int(distanceEntry & 0xF)
                            let width = UInt64((distanceEntry >> 8) & 0xF)
                            distanceEntry =
                                dist[
                                    Int(distanceEntry >> 16)
                                        &+ Int(truncatingIfNeeded: bitBuffer & ((1 &<< width) &- 1))]
                        }
                        guard distanceEntry & 0xF != 0 else {
                            if paddingBytes != 0 { try checkOverrun() }
                            throw .invalidSymbol(table: .distance)
                        }
                        bitBuffer &>>= UInt64(distanceEntry & 0xF)
                        bitCount &-= Int(distanceEntry & 0xF)
                        let distanceExtra = UInt64((distanceEntry >> 8) & 0xF)
                        let distanceValue =
                            Int(distanceEntry >> 16)
                            &+ Int(truncatingIfNeeded: bitBuffer & ((1 &<< distanceExtra) &- 1))
                        bitBuffer &>>= distanceExtra
                        bitCount &-= Int(distanceExtra)
                        if paddingBytes != 0 { try checkOverrun() }
                        guard distanceValue <= count else {
                            throw .distanceTooFarBack(distance: distanceValue, available: count)
                        }
                        if capacity &- count < length {
                            output.count = count
                            try output.reserve(length)
                            out = output.base
                            capacity = output.capacity
                        }
                        copyMatch(out + count, distance: distanceValue, length: length)
                        count &+= length
                    case HuffmanDecodingTable.kindEnd:
                        if paddingBytes != 0 { try checkOverrun() }
                        return
                    default:
                        if paddingBytes != 0 { try checkOverrun() }
                        throw .invalidSymbol(table: .literalLength)
                    }
                }
            }
        }
    }
}

/// Writes `length` bytes at `destination`, each a copy of the byte `distance` bytes before it; the source
/// may overlap the destination (a distance shorter than the length repeats the last `distance` bytes).
@inline(__always)
private func copyMatch(_ destination: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
    let source = destination - distance
    if length <= 16 || distance == 1 {
        if distance == 1 {
            destination.update(repeating: source.pointee, count: length)
            return
        }
        var index = 0
        while index < length {
            destination[index] = source[index]
            index &+= 1
        }
        return
    }
    // Everything from `source` up to the bytes written so far repeats with period `distance`, so copying
    // from `source` stays correct as long as the amount copied before is a whole number of periods; each
    // copy doubles the source run, so a long match with a short distance takes few copies.
    var copied = 0
    while copied < length {
        let chunk = min(distance &+ copied, length &- copied)
        (destination + copied).update(from: source, count: chunk)
        copied &+= chunk
    }
}
