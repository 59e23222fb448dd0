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
