/// The `cmap` table reduced to one lookup: Unicode scalar → glyph id.
///
/// Of the subtables a font offers, the one covering the most of Unicode is used, in this order:
/// format 12 or 13 for full Unicode (platform 3 encoding 10, or platform 0), then format 4 for the Basic
/// Multilingual Plane (platform 3 encoding 1, or platform 0), then a Windows symbol subtable (platform 3
/// encoding 0, where a symbol font puts its characters at U+F020 … U+F0FF; the scalars U+0020 … U+00FF are
/// looked up there too), then formats 0 and 6 (one or two-byte tables, used for scalars below 128 only, where
/// Macintosh Roman and Unicode agree). Scalars without a mapping give glyph 0 (`.notdef`).
///
/// Lookups are read from the table's own arrays (binary search for formats 4, 12 and 13); the first 128
/// scalars are resolved once when the font is opened.
struct CharacterMap: Sendable {
    private enum Kind: Sendable {
        /// No usable subtable: every scalar maps to glyph 0.
        case none
        /// Formats 0 and 6: a dense array of glyph ids starting at `first`.
        case dense(first: UInt32, glyphs: [UInt16])
        /// Format 4 segments.
        case segments(SegmentMap)
        /// Formats 12 (`isConstant == false`, glyph = start + offset) and 13 (every scalar of a group gets the
        /// group's glyph).
        case groups(GroupMap)
    }

    private let kind: Kind
    /// Whether this is a symbol-font subtable (scalars U+0020 … U+00FF are also looked up at U+F020 … U+F0FF).
    private let isSymbol: Bool
    /// Whether only the first 128 scalars are trusted (Macintosh Roman subtables).
    private let isAsciiOnly: Bool
    /// Glyphs of scalars 0 … 127, resolved once.
    private var asciiGlyphs: [UInt16]
    /// The glyph count, to turn ids beyond the font into 0.
    private let glyphCount: Int

    /// The `(platform, encoding, format)` this map was read from, or `nil` when the font has no usable subtable.
    let source: (platform: UInt16, encoding: UInt16, format: UInt16)?

    /// Picks and reads the best subtable of `table`. A subtable that turns out damaged is skipped in favour of the
    /// next best; a font without any usable subtable maps everything to glyph 0.
    init(table: FontBytes, glyphCount: Int) throws(FontError) {
        self.glyphCount = glyphCount
        let recordCount = Int(try table.uint16(2))
        var candidates: [(rank: Int, platform: UInt16, encoding: UInt16, offset: Int, format: UInt16)] = []
        for index in 0..<recordCount {
            let base = 4 + 8 * index
            guard let platform = try? table.uint16(base), let encoding = try? table.uint16(base + 2),
                let offset = try? table.uint32(base + 4), let format = try? table.uint16(Int(offset))
            else { continue }
            if let rank = Self.rank(platform: platform, encoding: encoding, format: format) {
                candidates.append((rank, platform, encoding, Int(offset), format))
            }
        }
        candidates.sort { $0.rank < $1.rank }
        for candidate in candidates {
            guard let subtable = try? table.slice(from: candidate.offset),
                let kind = try? Self.read(subtable, format: candidate.format)
            else { continue }
            self.kind = kind
            self.source = (candidate.platform, candidate.encoding, candidate.format)
            self.isSymbol = candidate.platform == 3 && candidate.encoding == 0
            self.isAsciiOnly = candidate.platform == 1
            self.asciiGlyphs = []
            let resolved = (0..<128).map { self.uncachedGlyph(for: UInt32($0)) }
            self.asciiGlyphs = resolved
            return
        }
        self.kind = .none
        self.source = nil
        self.isSymbol = false
        self.isAsciiOnly = false
        self.asciiGlyphs = [UInt16](repeating: 0, count: 128)
    }

    /// Lower is better; `nil` for subtables this reader does not use.
    private static func rank(platform: UInt16, encoding: UInt16, format: UInt16) -> Int? {
        switch (platform, encoding, format) {
        case (3, 10, 12), (3, 10, 13): return 0
        case (0, _, 12), (0, _, 13): return 1
        case (3, 1, 4): return 2
        case (0, _, 4): return 3
        case (3, 0, 4): return 4
        case (3, 1, 12): return 5
        case (0, _, 6), (0, _, 0), (3, 1, 6): return 6
        case (1, 0, 0), (1, 0, 6): return 7
        default: return nil
        }
    }

    private static func read(_ subtable: FontBytes, format: UInt16) throws(FontError) -> Kind {
        switch format {
        case 0:
            var glyphs: [UInt16] = []
            glyphs.reserveCapacity(256)
            for code in 0..<256 { glyphs.append(UInt16(try subtable.uint8(6 + code))) }
            return .dense(first: 0, glyphs: glyphs)
        case 6:
            let first = try subtable.uint16(6)
            let count = Int(try subtable.uint16(8))
            var glyphs: [UInt16] = []
            glyphs.reserveCapacity(count)
            for index in 0..<count { glyphs.append(try subtable.uint16(10 + 2 * index)) }
            return .dense(first: UInt32(first), glyphs: glyphs)
        case 4:
            return .segments(try SegmentMap(subtable))
        case 12, 13:
            return .groups(try GroupMap(subtable, isConstant: format == 13))
        default:
            throw .invalidValue(table: "cmap", detail: "format \(format)")
        }
    }

    /// The glyph for `scalar`, or 0 when the font has none.
    @inline(__always)
    func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        let value = scalar.value
        if value < 128 { return asciiGlyphs[Int(value)] }
        return uncachedGlyph(for: value)
    }

    private func uncachedGlyph(for value: UInt32) -> UInt16 {
        if isAsciiOnly && value >= 128 { return 0 }
        var glyph = mapped(value)
        if glyph == 0, isSymbol, value >= 0x20, value <= 0xFF { glyph = mapped(value + 0xF000) }
        return Int(glyph) < glyphCount ? glyph : 0
    }

    private func mapped(_ value: UInt32) -> UInt16 {
        switch kind {
        case .none:
            return 0
        case .dense(let first, let glyphs):
            guard value >= first, value - first < UInt32(glyphs.count) else { return 0 }
            return glyphs[Int(value - first)]
        case .segments(let map):
            return value <= 0xFFFF ? map.glyph(for: UInt16(value)) : 0
        case .groups(let map):
            return map.glyph(for: value)
        }
    }
}

/// A format 4 subtable: sorted segments of 16-bit codes, each mapped by a delta or through a glyph array.
private struct SegmentMap: Sendable {
    let endCodes: [UInt16]
    let startCodes: [UInt16]
    let deltas: [UInt16]
    let rangeOffsets: [UInt16]
    /// The subtable, for reading the glyph id array.
    let bytes: FontBytes
    /// Offset of `idRangeOffset[0]` in the subtable.
    let rangeOffsetsStart: Int

    init(_ subtable: FontBytes) throws(FontError) {
        let segmentCount = Int(try subtable.uint16(6)) / 2
        var endCodes: [UInt16] = []
        var startCodes: [UInt16] = []
        var deltas: [UInt16] = []
        var rangeOffsets: [UInt16] = []
        endCodes.reserveCapacity(segmentCount)
        startCodes.reserveCapacity(segmentCount)
        deltas.reserveCapacity(segmentCount)
        rangeOffsets.reserveCapacity(segmentCount)
        let startBase = 16 + 2 * segmentCount
        for index in 0..<segmentCount {
            endCodes.append(try subtable.uint16(14 + 2 * index))
            startCodes.append(try subtable.uint16(startBase + 2 * index))
            deltas.append(try subtable.uint16(startBase + 2 * segmentCount + 2 * index))
            rangeOffsets.append(try subtable.uint16(startBase + 4 * segmentCount + 2 * index))
        }
        self.endCodes = endCodes
        self.startCodes = startCodes
        self.deltas = deltas
        self.rangeOffsets = rangeOffsets
        self.bytes = subtable
        self.rangeOffsetsStart = startBase + 4 * segmentCount
    }

    func glyph(for code: UInt16) -> UInt16 {
        // First segment whose end code is at or above `code` (end codes are sorted).
        var low = 0
        var high = endCodes.count
        while low < high {
            let middle = (low + high) / 2
            if endCodes[middle] < code { low = middle + 1 } else { high = middle }
        }
        guard low < endCodes.count, startCodes[low] <= code else { return 0 }
        let rangeOffset = Int(rangeOffsets[low])
        if rangeOffset == 0 { return code &+ deltas[low] }
        let address = rangeOffsetsStart + 2 * low + rangeOffset + 2 * Int(code - startCodes[low])
        guard let glyph = try? bytes.uint16(address), glyph != 0 else { return 0 }
        return glyph &+ deltas[low]
    }
}

/// A format 12 or 13 subtable: sorted groups of 32-bit scalars.
private struct GroupMap: Sendable {
    let starts: [UInt32]
    let ends: [UInt32]
    let glyphs: [UInt32]
    let isConstant: Bool

    /// Most groups read (a full Unicode font needs a few thousand).
    static let maximumGroups = 1 << 20

    init(_ subtable: FontBytes, isConstant: Bool) throws(FontError) {
        let count = Int(try subtable.uint32(12))
        guard count <= Self.maximumGroups, subtable.contains(16, length: 12 * count) else {
            throw .truncatedTable("cmap")
        }
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        var glyphs: [UInt32] = []
        starts.reserveCapacity(count)
        ends.reserveCapacity(count)
        glyphs.reserveCapacity(count)
        for index in 0..<count {
            let base = 16 + 12 * index
            starts.append(try subtable.uint32(base))
            ends.append(try subtable.uint32(base + 4))
            glyphs.append(try subtable.uint32(base + 8))
        }
        self.starts = starts
        self.ends = ends
        self.glyphs = glyphs
        self.isConstant = isConstant
    }

    func glyph(for value: UInt32) -> UInt16 {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] < value { low = middle + 1 } else { high = middle }
        }
        guard low < ends.count, starts[low] <= value else { return 0 }
        let glyph = isConstant ? UInt64(glyphs[low]) : UInt64(glyphs[low]) + UInt64(value - starts[low])
        return glyph <= 0xFFFF ? UInt16(glyph) : 0
    }
}
