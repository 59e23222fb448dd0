@_spi(Engine) import PortableRaster
import Testing

@Suite("CRC-32 and Adler-32")
struct ChecksumTests {
    /// Bit-at-a-time CRC-32 straight from the definition (reflected polynomial 0xEDB88320).
    static func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32 with the modulo taken after every byte, as RFC 1950 defines it.
    static func referenceAdler(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func pseudoRandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test("CRC-32 of \"123456789\" is 0xCBF43926 and of nothing is 0")
    func crcCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32().value == 0)
    }

    @Test("Adler-32 of \"Wikipedia\" is 0x11E60398 and of nothing is 1")
    func adlerCheckValue() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8]()) == 1)
    }

    @Test("the table-driven CRC matches the bitwise definition for every length up to 100", arguments: [1, 2, 3])
    func crcMatchesReference(seed: UInt64) {
        let bytes = Self.pseudoRandomBytes(100, seed: seed)
        for length in 0...100 {
            let prefix = Array(bytes[0..<length])
            #expect(CRC32.checksum(prefix) == Self.referenceCRC(prefix), "length \(length)")
            // Unaligned start inside a larger array.
            if length > 3 {
                let slice = bytes[3..<length]
                #expect(CRC32.checksum(slice) == Self.referenceCRC(Array(slice)), "slice 3..<\(length)")
            }
        }
    }

    @Test("Adler-32 with deferred modulo matches the per-byte definition, including long runs of 0xFF")
    func adlerMatchesReference() {
        for bytes in [
            Self.pseudoRandomBytes(20_000, seed: 7), [UInt8](repeating: 0xFF, count: 100_000),
            [UInt8](repeating: 0xFF, count: 5_552), [UInt8](repeating: 0xFF, count: 5_553),
        ] {
            #expect(Adler32.checksum(bytes) == Self.referenceAdler(bytes), "\(bytes.count) bytes")
        }
    }

    @Test("feeding bytes in pieces gives the same checksums as feeding them at once")
    func incrementalUpdates() {
        let bytes = Self.pseudoRandomBytes(10_000, seed: 42)
        var crc = CRC32()
        var adler = Adler32()
        var start = 0
        var step = 1
        while start < bytes.count {
            let end = min(bytes.count, start + step)
            crc.update(bytes[start..<end])
            adler.update(bytes[start..<end])
            start = end
            step = step * 3 % 1_001 + 1
        }
        #expect(crc.value == CRC32.checksum(bytes))
        #expect(adler.value == Adler32.checksum(bytes))
        #expect(crc.value == Self.referenceCRC(bytes))
    }
}
