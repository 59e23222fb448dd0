import Testing

@testable import PortableQuartzCoreExport

@Suite("GIF LZW")
struct GIFLZWTests {
    @Test(
        "indices round-trip through the encoder and an independent decoder",
        arguments: [(2, 0), (2, 1), (2, 2), (3, 5_000), (8, 1), (8, 100_000), (4, 70_000)]
    )
    func roundTrip(minimumCodeSize: Int, count: Int) throws {
        var state: UInt32 = UInt32(count) &+ 7
        var indices: [UInt8] = []
        for position in 0..<count {
            state = state &* 1_103_515_245 &+ 12_345
            // Runs and noise alternate, so the table both fills with long strings and overflows.
            let noisy = (position / 3_000) % 2 == 0
            let symbol = noisy ? Int(state >> 16) : (position / 17)
            indices.append(UInt8(symbol & ((1 << minimumCodeSize) - 1)))
        }
        var encoder = GIFLZWEncoder()
        var output: [UInt8] = []
        indices.withUnsafeBufferPointer { encoder.encode($0, minimumCodeSize: minimumCodeSize, into: &output) }
        #expect(Int(output[0]) == minimumCodeSize)
        #expect(output.last == 0)
        // Split the sub-blocks back into one data stream.
        var data: [UInt8] = []
        var position = 1
        while output[position] != 0 {
            let length = Int(output[position])
            data += output[(position + 1)...(position + length)]
            position += length + 1
        }
        #expect(position == output.count - 1)
        let decoded = try TestGIFDecoder.decompress(data, minimumCodeSize: minimumCodeSize, count: count)
        #expect(decoded == indices)
    }

    @Test("10 zeros with code size 2 are the codes clear 4, 0, 6, 7, 8, end 5 in 20 bits: bytes 132, 143, 5")
    func smallWorkedExample() throws {
        var encoder = GIFLZWEncoder()
        var output: [UInt8] = []
        let zeros = [UInt8](repeating: 0, count: 10)
        zeros.withUnsafeBufferPointer { encoder.encode($0, minimumCodeSize: 2, into: &output) }
        // Strings 0 | 00 | 000 | 0000. Codes 4, 0, 6, 7 take 3 bits; adding code 8 fills the 3-bit space, so 8 and
        // the end code 5 take 4: 4 | 0 << 3 | 6 << 6 | 7 << 9 | 8 << 12 | 5 << 16 = 364 420 = bytes 132, 143, 5.
        #expect(output == [2, 3, 132, 143, 5, 0])
        #expect(try TestGIFDecoder.decompress([132, 143, 5], minimumCodeSize: 2, count: 10) == zeros)
    }
}
