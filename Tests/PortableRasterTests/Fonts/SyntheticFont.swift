// Builds small TrueType and CFF-flavoured OpenType fonts in memory, so font tests never depend on the fonts
// installed on the machine. Shared by the raster and CoreGraphics test targets (the second holds a symbolic
// link to this file).

/// Big-endian byte writer.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }
    mutating func u16(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
    mutating func u32(_ value: Int) {
        u16(value >> 16)
        u16(value & 0xFFFF)
    }
    mutating func tag(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
    mutating func pad(to multiple: Int) {
        while bytes.count % multiple != 0 { bytes.append(0) }
    }
}

/// A glyph of a synthetic TrueType font.
struct SyntheticGlyph {
    /// A point of a simple glyph's contour.
    struct Point {
        var x: Int
        var y: Int
        var onCurve: Bool
    }

    /// How a component of a composite glyph is scaled.
    enum Scale {
        case none
        case uniform(Double)
        case xy(Double, Double)
        case matrix(Double, Double, Double, Double)
    }

    /// A component of a composite glyph.
    struct Component {
        var glyph: Int
        var dx: Int = 0
        var dy: Int = 0
        var scale: Scale = .none
        /// When set, `(parent point, child point)` replaces the offset.
        var anchor: (parent: Int, child: Int)?
        /// Whether to set SCALED_COMPONENT_OFFSET.
        var scaledOffset = false
    }

    var advance: Int
    var contours: [[Point]] = []
    var components: [Component] = []
    /// Raw `glyf` bytes overriding the encoding of `contours`/`components`.
    var raw: [UInt8]?

    static func simple(advance: Int, _ contours: [[(Int, Int, Bool)]]) -> SyntheticGlyph {
        SyntheticGlyph(advance: advance, contours: contours.map { $0.map { Point(x: $0.0, y: $0.1, onCurve: $0.2) } })
    }

    /// A rectangle from `(x0, y0)` to `(x1, y1)`, clockwise in y-up font space (outer contour direction).
    static func box(advance: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> SyntheticGlyph {
        simple(advance: advance, [[(x0, y0, true), (x0, y1, true), (x1, y1, true), (x1, y0, true)]])
    }

    static func composite(advance: Int, _ components: [Component]) -> SyntheticGlyph {
        SyntheticGlyph(advance: advance, components: components)
    }

    /// The glyph's `glyf` entry.
    func encoded() -> [UInt8] {
        if let raw { return raw }
        if !components.isEmpty { return encodedComposite() }
        if contours.isEmpty { return [] }
        var writer = ByteWriter()
        let points = contours.flatMap { $0 }
        writer.u16(contours.count)
        writer.u16(points.map(\.x).min()!)
        writer.u16(points.map(\.y).min()!)
        writer.u16(points.map(\.x).max()!)
        writer.u16(points.map(\.y).max()!)
        var end = -1
        for contour in contours {
            end += contour.count
            writer.u16(end)
        }
        writer.u16(0)  // no instructions
        var flags: [UInt8] = []
        var xData = ByteWriter()
        var yData = ByteWriter()
        var last = (x: 0, y: 0)
        for point in points {
            var flag: UInt8 = point.onCurve ? 0x01 : 0
            let dx = point.x - last.x
            let dy = point.y - last.y
            if dx == 0 {
                flag |= 0x10
            } else if abs(dx) < 256 {
                flag |= 0x02 | (dx > 0 ? 0x10 : 0)
                xData.u8(abs(dx))
            } else {
                xData.u16(dx)
            }
            if dy == 0 {
                flag |= 0x20
            } else if abs(dy) < 256 {
                flag |= 0x04 | (dy > 0 ? 0x20 : 0)
                yData.u8(abs(dy))
            } else {
                yData.u16(dy)
            }
            flags.append(flag)
            last = (point.x, point.y)
        }
        // Run-length encode repeated flags.
        var index = 0
        while index < flags.count {
            var run = 1
            while index + run < flags.count, flags[index + run] == flags[index], run < 256 { run += 1 }
            if run > 1 {
                writer.u8(Int(flags[index] | 0x08))
                writer.u8(run - 1)
            } else {
                writer.u8(Int(flags[index]))
            }
            index += run
        }
        writer.append(xData.bytes)
        writer.append(yData.bytes)
        return writer.bytes
    }

    private func encodedComposite() -> [UInt8] {
        var writer = ByteWriter()
        writer.u16(-1)
        for _ in 0..<4 { writer.u16(0) }
        for (index, component) in components.enumerated() {
            var flags = 0
            let args: (Int, Int) = component.anchor.map { ($0.parent, $0.child) } ?? (component.dx, component.dy)
            let words =
                component.anchor == nil
                ? !(-128...127).contains(args.0) || !(-128...127).contains(args.1) : args.0 > 255 || args.1 > 255
            if words { flags |= 0x0001 }
            if component.anchor == nil { flags |= 0x0002 }
            switch component.scale {
            case .none: break
            case .uniform: flags |= 0x0008
            case .xy: flags |= 0x0040
            case .matrix: flags |= 0x0080
            }
            if index < components.count - 1 { flags |= 0x0020 }
            if component.scaledOffset { flags |= 0x0800 }
            writer.u16(flags)
            writer.u16(component.glyph)
            if words {
                writer.u16(args.0)
                writer.u16(args.1)
            } else {
                writer.u8(args.0)
                writer.u8(args.1)
            }
            func f2dot14(_ value: Double) { writer.u16(Int((value * 16384).rounded())) }
            switch component.scale {
            case .none: break
            case .uniform(let s): f2dot14(s)
            case .xy(let sx, let sy):
                f2dot14(sx)
                f2dot14(sy)
            case .matrix(let a, let b, let c, let d):
                f2dot14(a)
                f2dot14(b)
                f2dot14(c)
                f2dot14(d)
            }
        }
        return writer.bytes
    }
}

/// A font table: tag and contents.
struct SyntheticTable {
    var tag: String
    var bytes: [UInt8]
}

/// Metadata shared by the TrueType and CFF builders.
struct SyntheticFontInfo {
    var unitsPerEm = 1000
    var ascender = 800
    var descender = -200
    var lineGap = 90
    var family = "Synthetic Sans"
    var subfamily = "Regular"
    var postScriptName = "SyntheticSans-Regular"
    /// OS/2 typographic metrics; `nil` leaves the OS/2 table out.
    var typo: (ascender: Int, descender: Int, lineGap: Int, useTypoMetrics: Bool)? = nil
    /// OS/2 version 2 cap height and x height (written only with `typo`).
    var capHeight = 700
    var xHeight = 500
    /// Unicode scalar → glyph.
    var characters: [UInt32: Int] = [:]
    /// Advance of each glyph.
    var advances: [Int] = []
    /// Number of `hmtx` long metrics (`nil`: one per glyph).
    var longMetricCount: Int?
    /// Kerning pairs (left, right, value).
    var kerning: [(Int, Int, Int)] = []
    var bold = false
    var italic = false
}

enum SyntheticFont {
    // MARK: Tables shared by both outline formats

    static func head(_ info: SyntheticFontInfo, longLoca: Bool) -> SyntheticTable {
        var w = ByteWriter()
        w.u32(0x0001_0000)
        w.u32(0x0001_0000)  // fontRevision
        w.u32(0)  // checksum adjustment
        w.u32(0x5F0F_3CF5)
        w.u16(0)  // flags
        w.u16(info.unitsPerEm)
        for _ in 0..<4 { w.u32(0) }  // created, modified
        w.u16(-50)
        w.u16(info.descender)
        w.u16(1000)
        w.u16(info.ascender)
        w.u16((info.bold ? 1 : 0) | (info.italic ? 2 : 0))
        w.u16(8)  // lowestRecPPEM
        w.u16(2)
        w.u16(longLoca ? 1 : 0)
        w.u16(0)
        return SyntheticTable(tag: "head", bytes: w.bytes)
    }

    static func hhea(_ info: SyntheticFontInfo, glyphCount: Int) -> SyntheticTable {
        var w = ByteWriter()
        w.u32(0x0001_0000)
        w.u16(info.ascender)
        w.u16(info.descender)
        w.u16(info.lineGap)
        w.u16(info.advances.max() ?? 0)
        for _ in 0..<11 { w.u16(0) }
        w.u16(info.longMetricCount ?? glyphCount)
        return SyntheticTable(tag: "hhea", bytes: w.bytes)
    }

    static func maxp(glyphCount: Int, trueType: Bool) -> SyntheticTable {
        var w = ByteWriter()
        w.u32(trueType ? 0x0001_0000 : 0x0000_5000)
        w.u16(glyphCount)
        if trueType { for _ in 0..<13 { w.u16(0) } }
        return SyntheticTable(tag: "maxp", bytes: w.bytes)
    }

    static func hmtx(_ info: SyntheticFontInfo) -> SyntheticTable {
        var w = ByteWriter()
        let long = info.longMetricCount ?? info.advances.count
        for (index, advance) in info.advances.enumerated() {
            if index < long { w.u16(advance) }
            w.u16(0)
        }
        return SyntheticTable(tag: "hmtx", bytes: w.bytes)
    }

    /// A `cmap` with a format 4 subtable (3, 1) and a format 12 subtable (3, 10), or only the one asked for.
    static func cmap(_ characters: [UInt32: Int], formats: [Int] = [4, 12]) -> SyntheticTable {
        var subtables: [(platform: Int, encoding: Int, bytes: [UInt8])] = []
        let sorted = characters.sorted { $0.key < $1.key }
        for format in formats {
            var w = ByteWriter()
            switch format {
            case 4:
                let bmp = sorted.filter { $0.key <= 0xFFFF }
                // One segment per scalar (delta-mapped), plus the final 0xFFFF segment.
                let segments =
                    bmp.map { (start: Int($0.key), end: Int($0.key), delta: $0.value - Int($0.key)) }
                    + [(start: 0xFFFF, end: 0xFFFF, delta: 1)]
                let count = segments.count
                w.u16(4)
                w.u16(16 + 8 * count)
                w.u16(0)
                w.u16(2 * count)
                w.u16(0)
                w.u16(0)
                w.u16(0)
                for segment in segments { w.u16(segment.end) }
                w.u16(0)
                for segment in segments { w.u16(segment.start) }
                for segment in segments { w.u16(segment.delta & 0xFFFF) }
                for _ in segments { w.u16(0) }
                subtables.append((3, 1, w.bytes))
            case 12:
                w.u16(12)
                w.u16(0)
                w.u32(16 + 12 * sorted.count)
                w.u32(0)
                w.u32(sorted.count)
                for (scalar, glyph) in sorted {
                    w.u32(Int(scalar))
                    w.u32(Int(scalar))
                    w.u32(glyph)
                }
                subtables.append((3, 10, w.bytes))
            case 0:
                w.u16(0)
                w.u16(262)
                w.u16(0)
                for code in 0..<256 { w.u8(characters[UInt32(code)] ?? 0) }
                subtables.append((1, 0, w.bytes))
            case 6:
                let first = Int(sorted.first?.key ?? 0)
                let last = Int(sorted.last?.key ?? 0)
                w.u16(6)
                w.u16(10 + 2 * (last - first + 1))
                w.u16(0)
                w.u16(first)
                w.u16(last - first + 1)
                for code in first...last { w.u16(characters[UInt32(code)] ?? 0) }
                subtables.append((0, 3, w.bytes))
            default:
                fatalError("cmap format \(format) is not built")
            }
        }
        var w = ByteWriter()
        w.u16(0)
        w.u16(subtables.count)
        var offset = 4 + 8 * subtables.count
        for subtable in subtables {
            w.u16(subtable.platform)
            w.u16(subtable.encoding)
            w.u32(offset)
            offset += subtable.bytes.count
        }
        for subtable in subtables { w.append(subtable.bytes) }
        return SyntheticTable(tag: "cmap", bytes: w.bytes)
    }

    /// An OpenType-layout `kern` table with one format 0 subtable (or `override` for a second one replacing).
    static func kern(
        _ pairs: [(Int, Int, Int)], second: [(Int, Int, Int)]? = nil, secondOverrides: Bool = false
    )
        -> SyntheticTable
    {
        func subtable(_ pairs: [(Int, Int, Int)], coverage: Int) -> [UInt8] {
            var w = ByteWriter()
            w.u16(0)
            w.u16(14 + 6 * pairs.count)
            w.u16(coverage)
            w.u16(pairs.count)
            w.u16(0)
            w.u16(0)
            w.u16(0)
            for (left, right, value) in pairs.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
                w.u16(left)
                w.u16(right)
                w.u16(value)
            }
            return w.bytes
        }
        var w = ByteWriter()
        w.u16(0)
        w.u16(second == nil ? 1 : 2)
        w.append(subtable(pairs, coverage: 0x0001))
        if let second { w.append(subtable(second, coverage: secondOverrides ? 0x0009 : 0x0001)) }
        return SyntheticTable(tag: "kern", bytes: w.bytes)
    }

    static func name(_ info: SyntheticFontInfo) -> SyntheticTable {
        let records: [(Int, String)] = [
            (1, info.family), (2, info.subfamily), (4, info.family + " " + info.subfamily), (6, info.postScriptName),
        ]
        var storage = ByteWriter()
        var w = ByteWriter()
        w.u16(0)
        w.u16(records.count)
        w.u16(6 + 12 * records.count)
        for (id, text) in records {
            let start = storage.bytes.count
            for unit in text.utf16 { storage.u16(Int(unit)) }
            w.u16(3)
            w.u16(1)
            w.u16(0x409)
            w.u16(id)
            w.u16(storage.bytes.count - start)
            w.u16(start)
        }
        w.append(storage.bytes)
        return SyntheticTable(tag: "name", bytes: w.bytes)
    }

    static func os2(_ info: SyntheticFontInfo) -> SyntheticTable? {
        guard let typo = info.typo else { return nil }
        var w = ByteWriter()
        w.u16(2)  // version
        w.u16(500)  // xAvgCharWidth
        w.u16(info.bold ? 700 : 400)
        w.u16(5)  // width class
        w.u16(0)  // fsType
        for _ in 0..<10 { w.u16(0) }  // subscript/superscript/strikeout
        w.u16(0)  // family class
        for _ in 0..<10 { w.u8(0) }  // panose
        for _ in 0..<4 { w.u32(0) }  // unicode ranges
        w.tag("NONE")
        var selection = typo.useTypoMetrics ? 0x80 : 0
        if info.bold { selection |= 0x20 }
        if info.italic { selection |= 0x01 }
        if !info.bold && !info.italic { selection |= 0x40 }
        w.u16(selection)  // offset 62
        w.u16(0x20)
        w.u16(0xFFFF)
        w.u16(typo.ascender)  // 68
        w.u16(typo.descender)
        w.u16(typo.lineGap)
        w.u16(info.ascender)
        w.u16(-info.descender)
        w.u32(0)
        w.u32(0)  // code page ranges, ends at 86
        w.u16(info.xHeight)  // 86
        w.u16(info.capHeight)  // 88
        w.u16(0)
        w.u16(0x20)
        w.u16(0)
        return SyntheticTable(tag: "OS/2", bytes: w.bytes)
    }

    // MARK: TrueType

    /// Tables of a TrueType font with `glyphs` (glyph 0 first).
    static func trueTypeTables(
        _ glyphs: [SyntheticGlyph], info baseInfo: SyntheticFontInfo, longLoca: Bool = false,
        cmapFormats: [Int] = [4, 12]
    ) -> [SyntheticTable] {
        var info = baseInfo
        info.advances = glyphs.map(\.advance)
        var glyf = ByteWriter()
        var offsets: [Int] = []
        for glyph in glyphs {
            offsets.append(glyf.bytes.count)
            glyf.append(glyph.encoded())
            glyf.pad(to: longLoca ? 4 : 2)
        }
        offsets.append(glyf.bytes.count)
        var loca = ByteWriter()
        for offset in offsets {
            if longLoca { loca.u32(offset) } else { loca.u16(offset / 2) }
        }
        var tables = [
            head(info, longLoca: longLoca), hhea(info, glyphCount: glyphs.count),
            maxp(glyphCount: glyphs.count, trueType: true), hmtx(info), cmap(info.characters, formats: cmapFormats),
            SyntheticTable(tag: "loca", bytes: loca.bytes), SyntheticTable(tag: "glyf", bytes: glyf.bytes),
            name(info),
        ]
        if let os2 = os2(info) { tables.append(os2) }
        if !info.kerning.isEmpty { tables.append(kern(info.kerning)) }
        return tables
    }

    static func trueType(
        _ glyphs: [SyntheticGlyph], info: SyntheticFontInfo = SyntheticFontInfo(), longLoca: Bool = false,
        cmapFormats: [Int] = [4, 12]
    ) -> [UInt8] {
        assemble(trueTypeTables(glyphs, info: info, longLoca: longLoca, cmapFormats: cmapFormats))
    }

    /// An sfnt file from its tables (directory sorted by tag, tables 4-byte aligned; checksums left 0).
    static func assemble(_ tables: [SyntheticTable], signature: Int = 0x0001_0000) -> [UInt8] {
        assembleCollection([tables], signature: signature)
    }

    /// A collection (`ttcf`) of several faces, or a plain font for a single face with `asCollection == false`.
    static func assembleCollection(
        _ faces: [[SyntheticTable]], signature: Int = 0x0001_0000, asCollection: Bool = false
    ) -> [UInt8] {
        let collection = asCollection || faces.count > 1
        let headerSize = collection ? 12 + 4 * faces.count : 0
        var directoryOffsets: [Int] = []
        var offset = headerSize
        for face in faces {
            directoryOffsets.append(offset)
            offset += 12 + 16 * face.count
        }
        var data = ByteWriter()
        var dataOffsets: [[Int]] = []
        for face in faces {
            var faceOffsets: [Int] = []
            for table in face {
                faceOffsets.append(offset + data.bytes.count)
                data.append(table.bytes)
                data.pad(to: 4)
            }
            dataOffsets.append(faceOffsets)
        }
        var w = ByteWriter()
        if collection {
            w.tag("ttcf")
            w.u32(0x0001_0000)
            w.u32(faces.count)
            for directory in directoryOffsets { w.u32(directory) }
        }
        for (faceIndex, face) in faces.enumerated() {
            w.u32(signature)
            w.u16(face.count)
            w.u16(0)
            w.u16(0)
            w.u16(0)
            let order = face.indices.sorted {
                Array(face[$0].tag.utf8).lexicographicallyPrecedes(Array(face[$1].tag.utf8))
            }
            for index in order {
                w.tag(face[index].tag)
                w.u32(0)
                w.u32(dataOffsets[faceIndex][index])
                w.u32(face[index].bytes.count)
            }
        }
        w.append(data.bytes)
        return w.bytes
    }

    // MARK: CFF

    /// A CFF-flavoured OpenType font whose glyph *i* is drawn by `charStrings[i]`.
    static func compact(
        charStrings: [[UInt8]], globalSubroutines: [[UInt8]] = [], localSubroutines: [[UInt8]] = [],
        info baseInfo: SyntheticFontInfo = SyntheticFontInfo(), advances: [Int]? = nil,
        fontMatrix: [Double]? = nil, charset: [Int]? = nil
    ) -> [UInt8] {
        var info = baseInfo
        info.advances = advances ?? Array(repeating: 600, count: charStrings.count)
        let cff = compactTable(
            charStrings: charStrings, globalSubroutines: globalSubroutines, localSubroutines: localSubroutines,
            fontMatrix: fontMatrix, charset: charset)
        var tables = [
            head(info, longLoca: false), hhea(info, glyphCount: charStrings.count),
            maxp(glyphCount: charStrings.count, trueType: false), hmtx(info), cmap(info.characters), name(info),
            SyntheticTable(tag: "CFF ", bytes: cff),
        ]
        if let os2 = os2(info) { tables.append(os2) }
        return assemble(tables, signature: 0x4F54_544F)
    }

    /// A CFF INDEX of `items`.
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(items.count)
        guard !items.isEmpty else { return w.bytes }
        let total = items.reduce(0) { $0 + $1.count } + 1
        let size = total < 256 ? 1 : (total < 65536 ? 2 : 4)
        w.u8(size)
        var offset = 1
        func put(_ value: Int) {
            for shift in stride(from: 8 * (size - 1), through: 0, by: -8) { w.u8(value >> shift) }
        }
        put(offset)
        for item in items {
            offset += item.count
            put(offset)
        }
        for item in items { w.append(item) }
        return w.bytes
    }

    /// A DICT integer operand in the fixed five-byte form (so DICT sizes do not depend on values).
    static func dictInt(_ value: Int) -> [UInt8] {
        var w = ByteWriter()
        w.u8(29)
        w.u32(value)
        return w.bytes
    }

    /// A DICT real operand.
    static func dictReal(_ value: Double) -> [UInt8] {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        var nibbles: [UInt8] = []
        for character in text {
            switch character {
            case "0"..."9": nibbles.append(UInt8(character.asciiValue! - 48))
            case ".": nibbles.append(0xA)
            case "-": nibbles.append(0xE)
            case "e", "E": nibbles.append(0xB)
            default: break
            }
        }
        nibbles.append(0xF)
        if nibbles.count % 2 == 1 { nibbles.append(0xF) }
        var bytes: [UInt8] = [30]
        for pair in stride(from: 0, to: nibbles.count, by: 2) { bytes.append(nibbles[pair] << 4 | nibbles[pair + 1]) }
        return bytes
    }

    static func compactTable(
        charStrings: [[UInt8]], globalSubroutines: [[UInt8]], localSubroutines: [[UInt8]], fontMatrix: [Double]?,
        charset: [Int]?
    ) -> [UInt8] {
        let header: [UInt8] = [1, 0, 4, 4]
        let names = index([Array("Synthetic".utf8)])
        let strings = index([])
        let globals = index(globalSubroutines)
        let charStringIndex = index(charStrings)
        var charsetBytes: [UInt8] = []
        if let charset {
            charsetBytes = [0]
            for sid in charset.dropFirst() {
                charsetBytes.append(UInt8(sid >> 8))
                charsetBytes.append(UInt8(sid & 0xFF))
            }
        }
        func topDict(charStrings: Int, privateSize: Int, privateOffset: Int, charsetOffset: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            if let fontMatrix {
                for value in fontMatrix { bytes += dictReal(value) }
                bytes += [12, 7]
            }
            if charset != nil { bytes += dictInt(charsetOffset) + [15] }
            bytes += dictInt(charStrings) + [17]
            bytes += dictInt(privateSize) + dictInt(privateOffset) + [18]
            return bytes
        }
        let privateDict = localSubroutines.isEmpty ? [] : dictInt(6) + [19]  // Subrs right after the 6-byte DICT
        let topSize = index([topDict(charStrings: 0, privateSize: 0, privateOffset: 0, charsetOffset: 0)]).count
        let charStringsOffset = header.count + names.count + topSize + strings.count + globals.count
        let charsetOffset = charStringsOffset + charStringIndex.count
        let privateOffset = charsetOffset + charsetBytes.count
        let top = index([
            topDict(
                charStrings: charStringsOffset, privateSize: privateDict.count, privateOffset: privateOffset,
                charsetOffset: charsetOffset)
        ])
        var bytes = header + names + top + strings + globals + charStringIndex + charsetBytes + privateDict
        if !localSubroutines.isEmpty { bytes += index(localSubroutines) }
        return bytes
    }
}

extension SyntheticFont {
    /// A CID-keyed CFF font: glyph *i* is drawn by `charStrings[i]` with the local subroutines of font
    /// `fontOfGlyph[i]` (`localSubroutines[font]`), selected through an FDSelect table of format 0.
    static func compactCID(
        charStrings: [[UInt8]], fontOfGlyph: [UInt8], localSubroutines: [[[UInt8]]],
        info baseInfo: SyntheticFontInfo = SyntheticFontInfo()
    ) -> [UInt8] {
        var info = baseInfo
        info.advances = Array(repeating: 600, count: charStrings.count)
        let header: [UInt8] = [1, 0, 4, 4]
        let names = index([Array("SyntheticCID".utf8)])
        let strings = index([])
        let globals = index([])
        let charStringIndex = index(charStrings)
        func topDict(charStrings: Int, fontArray: Int, fontSelect: Int) -> [UInt8] {
            dictInt(391) + dictInt(392) + dictInt(0) + [12, 30] + dictInt(charStrings) + [17] + dictInt(fontArray)
                + [12, 36] + dictInt(fontSelect) + [12, 37]
        }
        let topSize = index([topDict(charStrings: 0, fontArray: 0, fontSelect: 0)]).count
        let charStringsOffset = header.count + names.count + topSize + strings.count + globals.count
        let fontSelectOffset = charStringsOffset + charStringIndex.count
        let fontSelect: [UInt8] = [0] + fontOfGlyph
        let fontArrayOffset = fontSelectOffset + fontSelect.count
        // Each Font DICT is 11 bytes (two five-byte integers and the Private operator).
        let fontArraySize = index(Array(repeating: [UInt8](repeating: 0, count: 11), count: localSubroutines.count))
            .count
        var privateData: [UInt8] = []
        var fontDicts: [[UInt8]] = []
        for subroutines in localSubroutines {
            let privateOffset = fontArrayOffset + fontArraySize + privateData.count
            let privateDict = subroutines.isEmpty ? [] : dictInt(6) + [19]
            fontDicts.append(dictInt(privateDict.count) + dictInt(privateOffset) + [18])
            privateData += privateDict
            if !subroutines.isEmpty { privateData += index(subroutines) }
        }
        let top = index([
            topDict(charStrings: charStringsOffset, fontArray: fontArrayOffset, fontSelect: fontSelectOffset)
        ])
        let cff =
            header + names + top + strings + globals + charStringIndex + fontSelect + index(fontDicts) + privateData
        let tables = [
            head(info, longLoca: false), hhea(info, glyphCount: charStrings.count),
            maxp(glyphCount: charStrings.count, trueType: false), hmtx(info), cmap(info.characters), name(info),
            SyntheticTable(tag: "CFF ", bytes: cff),
        ]
        return assemble(tables, signature: 0x4F54_544F)
    }
}

/// Type 2 charstring assembly: numbers and operators.
enum Charstring {
    static func number(_ value: Double) -> [UInt8] {
        if value == value.rounded(), abs(value) <= 32767 {
            let v = Int(value)
            switch v {
            case -107...107: return [UInt8(v + 139)]
            case 108...1131:
                let w = v - 108
                return [UInt8(w / 256 + 247), UInt8(w % 256)]
            case -1131 ... -108:
                let w = -v - 108
                return [UInt8(w / 256 + 251), UInt8(w % 256)]
            default:
                return [28, UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
            }
        }
        let fixed = Int32((value * 65536).rounded())
        let bits = UInt32(bitPattern: fixed)
        return [255, UInt8(bits >> 24), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8(bits & 0xFF)]
    }

    /// Operands followed by an operator (`op` ≥ 1200 is the two-byte operator `12, op − 1200`).
    static func op(_ operands: [Double], _ op: Int) -> [UInt8] {
        operands.flatMap(number) + (op >= 1200 ? [12, UInt8(op - 1200)] : [UInt8(op)])
    }

    static let hstem = 1, vstem = 3, vmoveto = 4, rlineto = 5, hlineto = 6, vlineto = 7, rrcurveto = 8
    static let callsubr = 10, ret = 11, endchar = 14, hstemhm = 18, hintmask = 19, cntrmask = 20, rmoveto = 21
    static let hmoveto = 22, vstemhm = 23, rcurveline = 24, rlinecurve = 25, vvcurveto = 26, hhcurveto = 27
    static let callgsubr = 29, vhcurveto = 30, hvcurveto = 31
    static let add = 1210, sub = 1211, mul = 1224, div = 1212, neg = 1214, dup = 1227, exch = 1228, drop = 1218
    static let put = 1220, get = 1221, ifelse = 1222, index = 1229, roll = 1230, sqrt = 1226, absolute = 1209
    static let hflex = 1234, flex = 1235, hflex1 = 1236, flex1 = 1237
}
