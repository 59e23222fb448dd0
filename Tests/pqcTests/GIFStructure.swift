import Foundation

/// The block structure of a GIF file, read without decoding pixels (a minimal check for the gallery's tests).
///
/// Reads the header, the logical screen, the colour tables, every extension and image with their sub-blocks, up
/// to the trailer; anything that does not follow the GIF89a grammar makes `init` return nil.
struct GIFStructure {
    /// The logical screen size in pixels.
    let width: Int
    let height: Int
    /// The image frames, in order: their rectangles on the screen.
    let frames: [(x: Int, y: Int, width: Int, height: Int)]
    /// The delays of the graphic control extensions, in centiseconds.
    let delays: [Int]
    /// Whether a NETSCAPE2.0 looping block is present.
    let loops: Bool

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 14, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else { return nil }
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        width = word(6)
        height = word(8)
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 7) + 1) }
        /// Skips data sub-blocks (length-prefixed, ended by a zero length); false when the file ends first.
        func skipSubBlocks() -> Bool {
            while position < bytes.count {
                let length = Int(bytes[position])
                position += 1 + length
                if length == 0 { return position <= bytes.count }
            }
            return false
        }
        var frames: [(x: Int, y: Int, width: Int, height: Int)] = []
        var delays: [Int] = []
        var loops = false
        while position < bytes.count {
            switch bytes[position] {
            case 0x3B:
                guard position == bytes.count - 1 else { return nil }
                self.frames = frames
                self.delays = delays
                self.loops = loops
                return
            case 0x21:
                guard position + 2 < bytes.count else { return nil }
                let label = bytes[position + 1]
                if label == 0xF9, position + 7 < bytes.count { delays.append(word(position + 4)) }
                if label == 0xFF, position + 14 < bytes.count,
                    String(decoding: bytes[(position + 3)..<(position + 14)], as: UTF8.self) == "NETSCAPE2.0"
                {
                    loops = true
                }
                position += 2
                guard skipSubBlocks() else { return nil }
            case 0x2C:
                guard position + 10 < bytes.count else { return nil }
                let frame = (
                    x: word(position + 1), y: word(position + 3), width: word(position + 5), height: word(position + 7)
                )
                guard frame.width > 0, frame.height > 0, frame.x + frame.width <= width,
                    frame.y + frame.height <= height
                else { return nil }
                frames.append(frame)
                let packed = bytes[position + 9]
                position += 10
                if packed & 0x80 != 0 { position += 3 << (Int(packed & 7) + 1) }
                guard position < bytes.count, (2...8).contains(bytes[position]) else { return nil }
                position += 1
                guard skipSubBlocks() else { return nil }
            default:
                return nil
            }
        }
        return nil
    }
}
