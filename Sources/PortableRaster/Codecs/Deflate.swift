/// Compression to deflate data (RFC 1951), bare or in the zlib wrapper (RFC 1950) that PNG uses.
///
/// The compressor finds repeated strings with hash chains over a 32 KiB window (LZ77) and codes each block
/// with whichever of a dynamic Huffman code (optimal, length-limited by package-merge), the fixed code or
/// stored bytes is smallest. The output depends only on the input and the level: the same bytes always
/// compress to the same bytes, on every machine.
public enum Deflate {
    /// Compresses `data` into a zlib stream: header, deflate blocks, big-endian Adler-32 of `data`.
    ///
    /// The header announces a 32 KiB window and the level class (fastest, default or best), as zlib does.
    /// Empty input gives a valid 8-byte stream.
    public static func compressZlib(_ data: UnsafeRawBufferPointer, level: DeflateLevel = .default) -> [UInt8] {
        var sink = DeflateSink(capacity: data.count / 4 + 64)
        let header: UInt8 =
            switch level.headerLevel {
            case 0: 0x01
            case 1: 0x5E
            case 2: 0x9C
            default: 0xDA
            }
        sink.writeAlignedBytes([0x78, header])
        DeflateCompressor.compress(data, level: level, into: &sink)
        let adler = Adler32.checksum(data)
        sink.writeAlignedBytes([
            UInt8(truncatingIfNeeded: adler >> 24), UInt8(truncatingIfNeeded: adler >> 16),
            UInt8(truncatingIfNeeded: adler >> 8), UInt8(truncatingIfNeeded: adler),
        ])
        return sink.array()
    }

    /// Compresses `data` into a zlib stream (see the `UnsafeRawBufferPointer` overload).
    public static func compressZlib(_ data: [UInt8], level: DeflateLevel = .default) -> [UInt8] {
        data.withUnsafeBytes { compressZlib($0, level: level) }
    }

    /// Compresses `data` into bare deflate blocks, the last one marked final and padded to a whole byte.
    public static func compressRaw(_ data: [UInt8], level: DeflateLevel = .default) -> [UInt8] {
        data.withUnsafeBytes { raw in
            var sink = DeflateSink(capacity: raw.count / 4 + 64)
            DeflateCompressor.compress(raw, level: level, into: &sink)
            return sink.array()
        }
    }
}

/// How hard the compressor looks for repeated strings: more effort gives smaller output, more slowly.
///
/// The presets, on a 640 × 480 rendered RGBA frame after PNG filtering (see the benchmarks for numbers):
/// ``fastest`` follows one hash-chain link per position, ``default`` a few, greedily; ``best`` follows long
/// chains and defers each match by one byte when the next position starts a longer one ("lazy matching").
/// ``stored`` does not compress at all and only wraps the bytes in stored blocks.
public struct DeflateLevel: Hashable, Sendable, CustomStringConvertible {
    /// Hash-chain links followed per position (0: store only).
    let chainLength: Int
    /// A match at least this long ends the search at once.
    let niceLength: Int
    /// When non-zero, matches shorter than this are deferred by one byte to try the next position (lazy
    /// matching); when zero, the first match found is taken (greedy).
    let lazyLength: Int
    /// Matches up to this long have every position inside them added to the hash chains; longer ones
    /// only their first and last three, which costs a little compression and saves much time on long runs.
    let insertLength: Int
    /// The two-bit level class of the zlib header (0 fastest ... 3 best).
    let headerLevel: Int
    public let description: String

    /// No compression: stored blocks only (output is about 5 bytes per 64 KiB larger than the input).
    public static let stored = DeflateLevel(
        chainLength: 0, niceLength: 0, lazyLength: 0, insertLength: 0, headerLevel: 0, description: "stored")
    /// One candidate per position, greedy; the fastest setting that still compresses.
    public static let fastest = DeflateLevel(
        chainLength: 1, niceLength: 32, lazyLength: 0, insertLength: 6, headerLevel: 0, description: "fastest")
    /// A few candidates per position, greedy: tuned for writing rendered frames quickly.
    public static let `default` = DeflateLevel(
        chainLength: 6, niceLength: 64, lazyLength: 0, insertLength: 16, headerLevel: 2, description: "default")
    /// Long chains and lazy matching: the smallest output, several times slower than the default.
    public static let best = DeflateLevel(
        chainLength: 256, niceLength: 258, lazyLength: 128, insertLength: 258, headerLevel: 3, description: "best")

    private init(
        chainLength: Int, niceLength: Int, lazyLength: Int, insertLength: Int, headerLevel: Int, description: String
    ) {
        self.chainLength = chainLength
        self.niceLength = niceLength
        self.lazyLength = lazyLength
        self.insertLength = insertLength
        self.headerLevel = headerLevel
        self.description = description
    }
}

/// Growable output with a bit writer that writes least significant bit first.
///
/// ``writeBits(_:count:)`` stores a whole 64-bit word at the write position and then advances by the
/// number of complete bytes, so at least 8 bytes of spare capacity must always be reserved beyond what
/// is written (``reserve(_:)`` adds them).
struct DeflateSink: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Complete bytes written. Code that writes through ``base`` directly keeps this, ``bitBuffer`` and
    /// ``bitCount`` consistent and stays within ``capacity`` minus 8.
    var count = 0
    /// Pending bits, least significant first, not yet counted in ``count``.
    var bitBuffer: UInt64 = 0
    /// Number of pending bits in ``bitBuffer`` (0 ... 7 between calls).
    var bitCount = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Ensures room for `bytes` more bytes plus the 8-byte slack of the word writes.
    mutating func reserve(_ bytes: Int) {
        let required = count + bytes + 16
        guard required > capacity else { return }
        let newCapacity = max(required, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count + 8)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends the low `count` bits of `value` (at most 56; higher bits of `value` must be zero).
    @inline(__always)
    mutating func writeBits(_ value: UInt64, count bits: Int) {
        bitBuffer |= value &<< UInt64(bitCount)
        bitCount &+= bits
        UnsafeMutableRawPointer(base + count).storeBytes(of: bitBuffer.littleEndian, as: UInt64.self)
        let bytes = bitCount &>> 3
        count &+= bytes
        bitBuffer = bytes == 8 ? 0 : bitBuffer &>> UInt64(bytes &* 8)
        bitCount &= 7
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if bitCount > 0 { writeBits(0, count: 8 - bitCount) }
    }

    /// Pads to a byte boundary, then appends `bytes` unchanged.
    mutating func writeAlignedBytes(_ bytes: UnsafeRawBufferPointer) {
        alignToByte()
        reserve(bytes.count)
        if let source = bytes.baseAddress, bytes.count > 0 {
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }

    /// Pads to a byte boundary, then appends `bytes` unchanged.
    mutating func writeAlignedBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAlignedBytes($0) }
    }

    /// The complete bytes written (a final partial byte is included once ``alignToByte()`` has run).
    func array() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }
}
