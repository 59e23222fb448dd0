/// Horizontal pair kerning from the `kern` table: an adjustment, in font units, added to the advance of the
/// left glyph when it is followed by the right glyph (negative values pull the pair together).
///
/// Both layouts of the table are read: the OpenType one (16-bit version 0 and subtable count) and Apple's
/// (32-bit version 1.0). Only format 0 subtables (sorted pair lists) that are horizontal, not cross-stream,
/// not variation and, in the OpenType layout, not minimum values are used. Several usable subtables add up,
/// except that an OpenType subtable with the override bit replaces the values before it. A damaged subtable is
/// skipped. Pairs are taken in the order of the subtable, bounded by the table's length (the 16-bit subtable
/// length field overflows in large tables and is not trusted).
struct KerningPairs: Sendable {
    /// Adjustments keyed by `left << 16 | right`.
    private var values: [UInt32: Int16] = [:]

    /// Whether there is no pair.
    var isEmpty: Bool { values.isEmpty }

    /// Number of pairs with an adjustment.
    var count: Int { values.count }

    /// An empty set of pairs.
    init() {}

    /// Reads a `kern` table.
    init(table: FontBytes) {
        guard let version = try? table.uint16(0) else { return }
        if version == 0 {
            guard let count = try? table.uint16(2) else { return }
            var offset = 4
            for _ in 0..<count {
                guard let length = try? table.uint16(offset + 2), let coverage = try? table.uint16(offset + 4) else {
                    return
                }
                let format = coverage >> 8
                let horizontal = coverage & 0x1 != 0
                let minimum = coverage & 0x2 != 0
                let crossStream = coverage & 0x4 != 0
                let override = coverage & 0x8 != 0
                if format == 0, horizontal, !minimum, !crossStream {
                    readPairs(table, at: offset + 6, replacing: override)
                }
                guard length >= 6 else { return }
                offset += Int(length)
            }
        } else if version == 1, (try? table.uint16(2)) == 0 {
            guard let count = try? table.uint32(4) else { return }
            var offset = 8
            for _ in 0..<min(count, 256) {
                guard let length = try? table.uint32(offset), let coverage = try? table.uint16(offset + 4) else {
                    return
                }
                let format = coverage & 0xFF
                let vertical = coverage & 0x8000 != 0
                let crossStream = coverage & 0x4000 != 0
                let variation = coverage & 0x2000 != 0
                if format == 0, !vertical, !crossStream, !variation {
                    readPairs(table, at: offset + 8, replacing: false)
                }
                guard length >= 8, length < UInt32(Int32.max) else { return }
                offset += Int(length)
            }
        }
    }

    private mutating func readPairs(_ table: FontBytes, at offset: Int, replacing: Bool) {
        guard let pairCount = try? table.uint16(offset) else { return }
        var pairs = offset + 8
        for _ in 0..<pairCount {
            guard let key = try? table.uint32(pairs), let value = try? table.int16(pairs + 4) else { return }
            if replacing {
                values[key] = value
            } else {
                values[key] = Int16(clamping: Int(values[key] ?? 0) + Int(value))
            }
            pairs += 6
        }
    }

    /// The adjustment for `left` followed by `right`, in font units; 0 when the pair is not listed.
    @inline(__always)
    func adjustment(_ left: UInt16, _ right: UInt16) -> Int {
        Int(values[UInt32(left) << 16 | UInt32(right)] ?? 0)
    }
}
