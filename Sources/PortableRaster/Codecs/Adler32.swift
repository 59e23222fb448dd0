/// The Adler-32 checksum that ends every zlib stream (RFC 1950, section 8.2).
///
/// Two 16-bit sums modulo 65 521 (the largest prime below 2¹⁶): `a` is 1 plus the sum of the bytes, `b` is the
/// sum of the successive values of `a`; the checksum is `b << 16 | a`. The checksum of no bytes is 1, and the
/// checksum of the ASCII text `"Wikipedia"` is `0x11E60398`.
///
/// The modulo is taken only once every 5 552 bytes: that is the longest run for which `b` cannot overflow 32
/// bits even when every byte is 255 and both sums start just below the modulus.
///
/// Fed in pieces through ``Checksum``.
@_spi(Engine) public struct Adler32: Checksum, Hashable, Sendable {
    private static let modulus: UInt32 = 65_521
    /// Longest run of bytes summed before the modulo must be taken.
    private static let runLength = 5_552

    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// A checksum of no bytes yet (``value`` is 1).
    @_spi(Engine) public init() {}

    /// The checksum of every byte fed so far.
    @_spi(Engine) public var value: UInt32 { b << 16 | a }

    /// Adds `bytes` to the checksum.
    @_spi(Engine) public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var p = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        var a = self.a
        var b = self.b
        while remaining > 0 {
            var run = min(remaining, Self.runLength)
            remaining -= run
            while run >= 8 {
                // Unrolled so the compiler keeps both sums in registers and schedules the loads early.
                a &+= UInt32(p.load(as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 1, as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 2, as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 3, as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 4, as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 5, as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 6, as: UInt8.self))
                b &+= a
                a &+= UInt32(p.load(fromByteOffset: 7, as: UInt8.self))
                b &+= a
                p += 8
                run -= 8
            }
            while run > 0 {
                a &+= UInt32(p.load(as: UInt8.self))
                b &+= a
                p += 1
                run -= 1
            }
            a %= Self.modulus
            b %= Self.modulus
        }
        self.a = a
        self.b = b
    }
}
