/// The variable-length LZW compression of GIF image data.
///
/// Codes start one bit wider than the minimum code size and grow to at most 12 bits; the stream begins with a
/// clear code, and when all 4 096 codes are in use a clear code is sent and the table starts again. The string
/// table is a hash table with open addressing in one flat array of 8 192 words (32 KB, so it stays in the
/// first-level cache): each word holds a string's key (prefix code | next index << 12, 20 bits) above its code
/// (12 bits), and 0 marks an empty slot (codes start at 6). No dictionary is touched per pixel and the storage
/// is reused from frame to frame.
struct GIFLZWEncoder: Sendable {
    private static let tableSize = 1 << 13
    private static let maximumCode = 1 << 12
    /// Hash slots: `key << 12 | code`, or 0 for an empty slot.
    private var slots = [UInt32](repeating: 0, count: tableSize)

    /// Appends the image data block for `indices` to `output`: the minimum code size byte, the compressed data
    /// in sub-blocks of at most 255 bytes, and the zero-length terminator. Every index must be below
    /// `1 << minimumCodeSize`; `minimumCodeSize` is 2…8.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: inout [UInt8]) {
        precondition((2...8).contains(minimumCodeSize), "GIF minimum code size must be 2…8")
        output.append(UInt8(minimumCodeSize))
        var writer = SubBlockWriter(output: output)
        output = []
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var codeSize = minimumCodeSize + 1
        var nextCode = clearCode + 2
        resetTable()
        writer.write(clearCode, bits: codeSize)
        guard !indices.isEmpty else {
            writer.write(endCode, bits: codeSize)
            output = writer.finish()
            return
        }
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = Self.tableSize - 1
            var prefix = Int(indices[0])
            for position in 1..<indices.count {
                let symbol = Int(indices[position])
                let key = UInt32(prefix | symbol << 12)
                var slot = Int((key &* 0x9E37_79B1) >> 19) & mask
                var found = false
                while slots[slot] != 0 {
                    if slots[slot] >> 12 == key {
                        found = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if found {
                    prefix = Int(slots[slot] & 0xFFF)
                    continue
                }
                writer.write(prefix, bits: codeSize)
                if nextCode < Self.maximumCode {
                    // The code just written was read with `codeSize` bits; once the next free code needs more,
                    // the decoder (one entry behind) widens after reading it, and so do we.
                    if nextCode == 1 << codeSize, codeSize < 12 { codeSize += 1 }
                    slots[slot] = key << 12 | UInt32(nextCode)
                    nextCode += 1
                } else {
                    writer.write(clearCode, bits: codeSize)
                    slots.update(repeating: 0)
                    codeSize = minimumCodeSize + 1
                    nextCode = clearCode + 2
                }
                prefix = symbol
            }
            writer.write(prefix, bits: codeSize)
        }
        // The decoder adds an entry for the last code too; widen first if that entry needs it.
        if nextCode < Self.maximumCode, nextCode == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        writer.write(endCode, bits: codeSize)
        output = writer.finish()
    }

    private mutating func resetTable() {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}

/// Packs codes least-significant bit first into GIF data sub-blocks (a length byte, then up to 255 bytes).
private struct SubBlockWriter {
    private var output: [UInt8]
    private var bits: UInt64 = 0
    private var bitCount = 0
    /// Position of the current sub-block's length byte.
    private var blockStart: Int

    init(output: [UInt8]) {
        self.output = output
        self.blockStart = output.count
        self.output.append(0)
    }

    @inline(__always)
    mutating func write(_ code: Int, bits width: Int) {
        bits |= UInt64(code) << UInt64(bitCount)
        bitCount += width
        while bitCount >= 8 {
            append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
            bitCount -= 8
        }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        if output.count - blockStart == 256 {
            output[blockStart] = 255
            blockStart = output.count
            output.append(0)
        }
        output.append(byte)
    }

    /// Flushes the last partial byte and closes the sub-blocks with the zero-length terminator.
    mutating func finish() -> [UInt8] {
        if bitCount > 0 { append(UInt8(truncatingIfNeeded: bits)) }
        bits = 0
        bitCount = 0
        let length = output.count - blockStart - 1
        if length == 0 {
            output[blockStart] = 0
        } else {
            output[blockStart] = UInt8(length)
            output.append(0)
        }
        return output
    }
}
