/// A small GIF decoder written independently of the encoder, to check what it writes: block structure,
/// colour tables, LZW data, delays, loop count, disposal and the canvas a viewer would show after each frame.
struct TestGIFDecoder {
    struct Frame {
        var x = 0
        var y = 0
        var width = 0
        var height = 0
        var delay = 0
        var disposal = 0
        var transparentIndex: Int?
        var localPalette: [UInt8]?
        var indices: [UInt8] = []
        /// The whole canvas after drawing this frame, RGBA (transparent = 0, 0, 0, 0).
        var canvas: [UInt8] = []
    }

    struct DecodingError: Error, CustomStringConvertible {
        var description: String
    }

    var width = 0
    var height = 0
    var globalPalette: [UInt8]?
    /// NETSCAPE2.0 loop count, or nil without the block.
    var loopCount: Int?
    var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        var reader = Reader(bytes: bytes)
        guard try reader.take(6) == Array("GIF89a".utf8) else { throw DecodingError(description: "bad signature") }
        width = try reader.word()
        height = try reader.word()
        let packed = try reader.byte()
        _ = try reader.take(2)
        if packed & 0x80 != 0 { globalPalette = try reader.take(3 << (Int(packed & 7) + 1)) }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        while true {
            let introducer = try reader.byte()
            if introducer == 0x3B { break }
            if introducer == 0x21 {
                let label = try reader.byte()
                let blocks = try reader.subBlocks()
                if label == 0xF9 {
                    let data = blocks.first ?? []
                    guard data.count == 4 else { throw DecodingError(description: "bad graphic control block") }
                    control = (
                        Int(data[1]) | Int(data[2]) << 8, Int(data[0] >> 2 & 7),
                        data[0] & 1 != 0 ? Int(data[3]) : nil
                    )
                } else if label == 0xFF, blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8) {
                    loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                }
                continue
            }
            guard introducer == 0x2C else { throw DecodingError(description: "unknown block \(introducer)") }
            var frame = Frame()
            frame.x = try reader.word()
            frame.y = try reader.word()
            frame.width = try reader.word()
            frame.height = try reader.word()
            let flags = try reader.byte()
            guard flags & 0x40 == 0 else { throw DecodingError(description: "interlaced frames are not expected") }
            if flags & 0x80 != 0 { frame.localPalette = try reader.take(3 << (Int(flags & 7) + 1)) }
            guard frame.x + frame.width <= width, frame.y + frame.height <= height else {
                throw DecodingError(description: "frame outside the canvas")
            }
            let minimumCodeSize = Int(try reader.byte())
            let data = try reader.subBlocks().flatMap { $0 }
            frame.indices = try Self.decompress(
                data, minimumCodeSize: minimumCodeSize, count: frame.width * frame.height)
            (frame.delay, frame.disposal, frame.transparentIndex) = control
            control = (0, 0, nil)
            guard let palette = frame.localPalette ?? globalPalette else {
                throw DecodingError(description: "no colour table")
            }
            let saved = canvas
            for row in 0..<frame.height {
                for column in 0..<frame.width {
                    let index = Int(frame.indices[row * frame.width + column])
                    if index == frame.transparentIndex { continue }
                    guard index * 3 + 2 < palette.count else { throw DecodingError(description: "index out of table") }
                    let at = ((frame.y + row) * width + frame.x + column) * 4
                    canvas[at] = palette[index * 3]
                    canvas[at + 1] = palette[index * 3 + 1]
                    canvas[at + 2] = palette[index * 3 + 2]
                    canvas[at + 3] = 255
                }
            }
            frame.canvas = canvas
            if frame.disposal == 2 {
                for row in frame.y..<(frame.y + frame.height) {
                    for column in frame.x..<(frame.x + frame.width) {
                        for channel in 0..<4 { canvas[(row * width + column) * 4 + channel] = 0 }
                    }
                }
            } else if frame.disposal == 3 {
                canvas = saved
            }
            frames.append(frame)
        }
    }

    /// GIF LZW decompression, written from the format description.
    static func decompress(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        guard (2...8).contains(minimumCodeSize) else { throw DecodingError(description: "bad code size") }
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var prefixes = [Int](repeating: -1, count: 4096)
        var suffixes = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear { suffixes[code] = UInt8(code) }
        var codeSize = minimumCodeSize + 1
        var available = clear + 2
        var previous = -1
        var output: [UInt8] = []
        var bitPosition = 0
        var sawEnd = false
        func string(_ code: Int) -> [UInt8] {
            var result: [UInt8] = []
            var current = code
            while current >= 0 {
                result.append(suffixes[current])
                current = prefixes[current]
            }
            return result.reversed()
        }
        while bitPosition + codeSize <= data.count * 8 {
            var code = 0
            for bit in 0..<codeSize {
                let position = bitPosition + bit
                code |= Int(data[position >> 3] >> UInt8(position & 7) & 1) << bit
            }
            bitPosition += codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                available = clear + 2
                previous = -1
                continue
            }
            if code == end {
                sawEnd = true
                break
            }
            if previous < 0 {
                guard code < clear else { throw DecodingError(description: "first code \(code) is not a colour") }
                output.append(UInt8(code))
                previous = code
                continue
            }
            let entry: [UInt8]
            if code < available {
                entry = string(code)
                if available < 4096 {
                    prefixes[available] = previous
                    suffixes[available] = entry[0]
                    available += 1
                }
            } else if code == available && available < 4096 {
                let head = string(previous)
                entry = head + [head[0]]
                prefixes[available] = previous
                suffixes[available] = head[0]
                available += 1
            } else {
                throw DecodingError(description: "code \(code) beyond the table (\(available))")
            }
            output += entry
            if available == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            previous = code
        }
        guard sawEnd else { throw DecodingError(description: "no end code") }
        guard output.count == count else {
            throw DecodingError(description: "decoded \(output.count) pixels, expected \(count)")
        }
        return output
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func byte() throws -> UInt8 {
            guard position < bytes.count else { throw DecodingError(description: "truncated") }
            position += 1
            return bytes[position - 1]
        }

        mutating func word() throws -> Int {
            let low = Int(try byte())
            return low | Int(try byte()) << 8
        }

        mutating func take(_ count: Int) throws -> [UInt8] {
            guard position + count <= bytes.count else { throw DecodingError(description: "truncated") }
            position += count
            return Array(bytes[(position - count)..<position])
        }

        mutating func subBlocks() throws -> [[UInt8]] {
            var blocks: [[UInt8]] = []
            while true {
                let length = Int(try byte())
                if length == 0 { return blocks }
                blocks.append(try take(length))
            }
        }
    }
}
