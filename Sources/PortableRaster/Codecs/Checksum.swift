/// A checksum fed in pieces: ``CRC32`` and ``Adler32``, which differ only in how bytes advance their state.
///
/// Feeding `x` then `y` to `update(_:)` gives the same `value` as feeding the concatenation once, so a stream can
/// be checked as it is read or written.
@_spi(Engine) public protocol Checksum {
    /// A checksum of no bytes yet.
    init()
    /// The checksum of every byte fed so far.
    var value: UInt32 { get }
    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
}

extension Checksum {
    /// Adds `bytes` to the checksum (through their contiguous storage, or a copy when they have none).
    @_spi(Engine) public mutating func update(_ bytes: some Collection<UInt8>) {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        update(Array(bytes))
    }

    /// The checksum of `bytes` in one call.
    @_spi(Engine) public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var checksum = Self()
        checksum.update(bytes)
        return checksum.value
    }

    /// The checksum of `bytes` in one call.
    @_spi(Engine) public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var checksum = Self()
        checksum.update(bytes)
        return checksum.value
    }
}
