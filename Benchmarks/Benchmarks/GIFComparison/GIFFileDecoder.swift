/// Decodes an animated GIF into the pictures a viewer shows (the comparison's own decoder, written apart from the
/// encoder so that it checks what the file says, not what the encoder meant).
///
/// Handles global and local colour tables, transparency, disposal 0–3, interlaced images and any frame rectangle;
/// each frame's canvas is RGB, transparent areas showing white (the gallery page's background).
struct GIFFileDecoder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One shown picture: the canvas after a frame, RGB top row first, and how long it stays, in centiseconds.
    struct Frame {
        var rgb: [UInt8]
        var delay: Int
    }

    let width: Int
    let height: Int
    private(set) var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        var reader = Reader(bytes: bytes)
        guard try reader.take(6).starts(with: Array("GIF8".utf8)) else { throw Failure(description: "not a GIF") }
        width = try reader.word()
        height = try reader.word()
        let packed = try reader.byte()
        _ = try reader.take(2)
        let globalTable = packed & 0x80 != 0 ? try reader.take(3 << (Int(packed & 7) + 1)) : nil
        // RGBA canvas (alpha 0: nothing drawn yet), shown over white.
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var delay = 0
        var disposal = 0
        var transparent: Int?
        while true {
            let introducer = try reader.byte()
            if introducer == 0x3B { break }
            if introducer == 0x21 {
                let label = try reader.byte()
                let blocks = try reader.subBlocks()
                if label == 0xF9, let data = blocks.first, data.count >= 4 {
                    delay = Int(data[1]) | Int(data[2]) << 8
                    disposal = Int(data[0] >> 2 & 7)
                    transparent = data[0] & 1 != 0 ? Int(data[3]) : nil
                }
                continue
            }
            guard introducer == 0x2C else { throw Failure(description: "unknown block \(introducer)") }
            let x = try reader.word()
            let y = try reader.word()
            let columns = try reader.word()
            let rows = try reader.word()
            let flags = try reader.byte()
            let localTable = flags & 0x80 != 0 ? try reader.take(3 << (Int(flags & 7) + 1)) : nil
            guard let table = localTable ?? globalTable else { throw Failure(description: "no colour table") }
            let minimumCodeSize = Int(try reader.byte())
            let data = try reader.subBlocks().flatMap { $0 }
            let indices = try Self.decompress(data, minimumCodeSize: minimumCodeSize, count: columns * rows)
            let order = flags & 0x40 != 0 ? Self.interlacedRows(rows) : Array(0..<rows)
            let saved = disposal == 3 ? canvas : []
            for (stored, row) in order.enumerated() where y + row < height {
                for column in 0..<columns where x + column < width {
                    let index = Int(indices[stored * columns + column])
                    if index == transparent || index * 3 + 2 >= table.count { continue }
                    let at = ((y + row) * width + x + column) * 4
                    canvas[at] = table[index * 3]
                    canvas[at + 1] = table[index * 3 + 1]
                    canvas[at + 2] = table[index * 3 + 2]
                    canvas[at + 3] = 255
                }
            }
            var rgb = [UInt8](repeating: 255, count: width * height * 3)
            for pixel in 0..<(width * height) where canvas[pixel * 4 + 3] != 0 {
                rgb[pixel * 3] = canvas[pixel * 4]
                rgb[pixel * 3 + 1] = canvas[pixel * 4 + 1]
                rgb[pixel * 3 + 2] = canvas[pixel * 4 + 2]
            }
            frames.append(Frame(rgb: rgb, delay: delay))
            switch disposal {
            case 2:
                for row in y..<min(y + rows, height) {
                    for column in x..<min(x + columns, width) { canvas[(row * width + column) * 4 + 3] = 0 }
                }
            case 3:
                canvas = saved
            default:
                break
            }
            delay = 0
            disposal = 0
            transparent = nil
        }
    }

    /// The picture shown at `centiseconds` from the start (the last frame stays).
    func frame(atCentiseconds centiseconds: Int) -> Frame {
        var start = 0
        for frame in frames {
            if centiseconds < start + frame.delay { return frame }
            start += frame.delay
        }
        return frames[frames.count - 1]
    }

    /// The stored order of an interlaced image's rows: every 8th from 0, every 8th from 4, every 4th from 2, odd.
    private static func interlacedRows(_ rows: Int) -> [Int] {
        Array(stride(from: 0, to: rows, by: 8)) + Array(stride(from: 4, to: rows, by: 8))
            + Array(stride(from: 2, to: rows, by: 4)) + Array(stride(from: 1, to: rows, by: 2))
    }

    private static func decompress(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        guard (1...11).contains(minimumCodeSize) else { throw Failure(description: "bad LZW code size") }
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var prefixes = [Int](repeating: -1, count: 4096)
        var suffixes = [UInt8](repeating: 0, count: 4096)
        var firsts = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear {
            suffixes[code] = UInt8(truncatingIfNeeded: code)
            firsts[code] = UInt8(truncatingIfNeeded: code)
        }
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var codeSize = minimumCodeSize + 1
        var next = end + 1
        var previous = -1
        var bitBuffer = 0
        var bitCount = 0
        var position = 0
        var stack: [UInt8] = []
        while output.count < count {
            while bitCount < codeSize {
                guard position < data.count else { return output + [UInt8](repeating: 0, count: count - output.count) }
                bitBuffer |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let code = bitBuffer & ((1 << codeSize) - 1)
            bitBuffer >>= codeSize
            bitCount -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = end + 1
                previous = -1
                continue
            }
            if code == end { break }
            var current = code
            stack.removeAll(keepingCapacity: true)
            if code >= next {
                guard previous >= 0, code == next else { throw Failure(description: "bad LZW code") }
                stack.append(firsts[previous])
                current = previous
            }
            while current >= clear + 2 {
                stack.append(suffixes[current])
                current = prefixes[current]
            }
            stack.append(suffixes[current])
            output.append(contentsOf: stack.reversed())
            if previous >= 0 && next < 4096 {
                prefixes[next] = previous
                suffixes[next] = stack.last!
                firsts[next] = firsts[previous]
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        return Array(output.prefix(count))
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func byte() throws -> UInt8 {
            guard position < bytes.count else { throw Failure(description: "file ends early") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func word() throws -> Int {
            let low = Int(try byte())
            return low | Int(try byte()) << 8
        }

        mutating func take(_ count: Int) throws -> [UInt8] {
            guard position + count <= bytes.count else { throw Failure(description: "file ends early") }
            defer { position += count }
            return Array(bytes[position..<(position + count)])
        }

        mutating func subBlocks() throws -> [[UInt8]] {
            var blocks: [[UInt8]] = []
            while true {
                let size = Int(try byte())
                if size == 0 { return blocks }
                blocks.append(try take(size))
            }
        }
    }
}
