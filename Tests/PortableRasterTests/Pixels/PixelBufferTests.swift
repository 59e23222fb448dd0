@_spi(Engine) import PortableRaster
import Testing

@Suite("PixelBuffer")
struct PixelBufferTests {
    @Test("a new buffer is transparent, with rows padded to 16 bytes")
    func newBufferLayout() throws {
        let buffer = try PixelBuffer(width: 5, height: 3)
        #expect(buffer.bytesPerRow == 32)
        #expect(buffer.bytes.count == 96)
        #expect(buffer.bytes.allSatisfy { $0 == 0 })
        #expect(buffer.bounds == PixelRect(x: 0, y: 0, width: 5, height: 3))
    }

    @Test("pixels are stored red, green, blue, alpha at y × bytesPerRow + x × 4")
    func pixelAddressing() throws {
        var buffer = try PixelBuffer(width: 5, height: 3)
        buffer[x: 2, y: 1] = RGBA8(r: 10, g: 20, b: 30, a: 40)
        #expect(Array(buffer.bytes[40..<44]) == [10, 20, 30, 40])
        #expect(buffer[x: 2, y: 1] == RGBA8(r: 10, g: 20, b: 30, a: 40))
        #expect(buffer[x: 3, y: 1] == .transparent)
    }

    @Test(
        "zero, negative and gigantic sizes throw a typed error",
        arguments: [
            (0, 10, PixelBufferError.nonPositiveSize(width: 0, height: 10)),
            (10, -1, PixelBufferError.nonPositiveSize(width: 10, height: -1)),
            (40_000, 1, PixelBufferError.tooLarge(width: 40_000, height: 1)),
            (20_000, 20_000, PixelBufferError.tooLarge(width: 20_000, height: 20_000)),
        ])
    func invalidSizes(width: Int, height: Int, expected: PixelBufferError) {
        #expect(throws: expected) { try PixelBuffer(width: width, height: height) }
    }

    @Test("the error text says what is wrong and what the limits are")
    func errorDescriptions() {
        #expect(PixelBufferError.nonPositiveSize(width: 0, height: 3).description.contains("at least 1"))
        #expect(PixelBufferError.tooLarge(width: 40_000, height: 1).description.contains("32767"))
    }

    @Test("adopted storage is checked against the row stride")
    func adoptedStorage() throws {
        let bytes = [UInt8](repeating: 7, count: 2 * 12 + 8)
        let buffer = try PixelBuffer(width: 2, height: 3, bytesPerRow: 12, bytes: bytes)
        #expect(buffer.bytesPerRow == 12)
        #expect(buffer[x: 1, y: 2] == RGBA8(r: 7, g: 7, b: 7, a: 7))
        #expect(throws: PixelBufferError.bytesPerRowTooSmall(bytesPerRow: 7, minimum: 8)) {
            try PixelBuffer(width: 2, height: 3, bytesPerRow: 7, bytes: bytes)
        }
        #expect(throws: PixelBufferError.storageTooSmall(count: 31, required: 32)) {
            try PixelBuffer(width: 2, height: 3, bytesPerRow: 12, bytes: Array(bytes.prefix(31)))
        }
    }

    @Test("fill replaces pixels inside the buffer part of a rectangle and leaves padding alone")
    func fillRectangle() throws {
        var buffer = try PixelBuffer(width: 5, height: 3)
        buffer.fill(.white, in: PixelRect(x: 3, y: 2, width: 10, height: 10))
        #expect(buffer[x: 3, y: 2] == .white)
        #expect(buffer[x: 4, y: 2] == .white)
        #expect(buffer[x: 2, y: 2] == .transparent)
        #expect(buffer[x: 4, y: 1] == .transparent)
        #expect(buffer.bytes[2 * 32 + 20] == 0)  // first padding byte of the last row
        buffer.fill(.black)
        #expect(buffer[x: 0, y: 0] == .black)
        buffer.clear()
        #expect(buffer.bytes.allSatisfy { $0 == 0 })
    }

    @Test("copies are independent (copy on write)")
    func valueSemantics() throws {
        var original = try PixelBuffer(width: 2, height: 2)
        let copy = original
        original[x: 0, y: 0] = .white
        #expect(copy[x: 0, y: 0] == .transparent)
    }

    @Test("raw access reads and writes the documented layout")
    func rawAccess() throws {
        var buffer = try PixelBuffer(width: 2, height: 2)
        let stride = buffer.bytesPerRow
        buffer.withUnsafeMutableBytes { raw in
            raw[stride + 4] = 9  // red of pixel (1, 1)
            raw[stride + 7] = 9  // alpha of pixel (1, 1)
        }
        #expect(buffer[x: 1, y: 1] == RGBA8(r: 9, g: 0, b: 0, a: 9))
        let sum = buffer.withUnsafeBytes { raw in raw.reduce(0) { $0 + Int($1) } }
        #expect(sum == 18)
    }

    @Test("equality compares pixels and ignores the row stride")
    func equality() throws {
        var packed = try PixelBuffer(width: 3, height: 2, bytesPerRow: 12, bytes: [UInt8](repeating: 0, count: 24))
        var padded = try PixelBuffer(width: 3, height: 2)
        #expect(packed == padded)
        packed[x: 2, y: 1] = .white
        #expect(packed != padded)
        padded[x: 2, y: 1] = .white
        #expect(packed == padded)
        #expect(try PixelBuffer(width: 2, height: 3) != PixelBuffer(width: 3, height: 2))
    }
}
