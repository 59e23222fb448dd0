/// The CRC-32 checksum of PNG chunks, zlib's `crc32` and gzip: the reflected polynomial `0xEDB88320`, initial
/// value all ones, final value inverted.
///
/// The checksum of the nine ASCII bytes `"123456789"` is `0xCBF43926`; the checksum of no bytes is 0.
///
/// Bytes are processed eight at a time through eight 256-entry tables ("slicing by eight"): each table turns
/// one byte at a given distance from the end of an 8-byte group into its contribution to the remainder, so one
/// 8-byte group costs eight table reads instead of eight dependent shift-and-lookup steps. On the development
/// machine this runs at well over 1 GB/s in release builds.
///
/// Fed in pieces through ``Checksum``.
@_spi(Engine) public struct CRC32: Checksum, Hashable, Sendable {
    /// The running remainder, kept inverted as the algorithm defines it.
    private var state: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes yet (``value`` is 0).
    @_spi(Engine) public init() {}

    /// The checksum of every byte fed so far.
    @_spi(Engine) public var value: UInt32 { ~state }

    /// Adds `bytes` to the checksum.
    @_spi(Engine) public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        state = Self.advance(state, bytes)
    }

    /// Runs the inverted remainder `state` over `bytes` and returns the new remainder.
    private static func advance(_ state: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return state }
        return crc32Tables.withUnsafeBufferPointer { tables in
            let t = tables.baseAddress!
            var crc = state
            var p = base
            var remaining = bytes.count
            while remaining >= 8 {
                let low = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                crc =
                    t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                p += 8
                remaining -= 8
            }
            while remaining > 0 {
                let byte = p.load(as: UInt8.self)
                crc = t[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                p += 1
                remaining -= 1
            }
            return crc
        }
    }
}

/// Eight 256-entry tables, back to back. Table 0 is the classic byte-at-a-time table (the remainder of byte
/// `b` shifted through eight steps of the polynomial); table `k` gives the effect of a byte followed by `k`
/// zero bytes, so that table `k` handles the byte `k` positions before the end of an 8-byte group.
private let crc32Tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
        var r = UInt32(byte)
        for _ in 0..<8 {
            r = (r & 1) != 0 ? (r >> 1) ^ 0xEDB8_8320 : r >> 1
        }
        tables[byte] = r
    }
    for k in 1..<8 {
        for byte in 0..<256 {
            let previous = tables[(k - 1) * 256 + byte]
            tables[k * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
        }
    }
    return tables
}()
