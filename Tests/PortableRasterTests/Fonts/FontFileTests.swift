@_spi(Engine) import PortableRaster
import Testing

/// A four-glyph font: .notdef, "A" (advance 600), "V" (advance 640), space (advance 250), with an A–V kern.
func latinFont(info: SyntheticFontInfo = SyntheticFontInfo()) -> [SyntheticGlyph] {
    [
        .box(advance: 500, 50, 0, 450, 700),
        .simple(advance: 600, [[(0, 0, true), (300, 700, true), (600, 0, true)]]),
        .simple(advance: 640, [[(0, 700, true), (320, 0, true), (640, 700, true)]]),
        SyntheticGlyph(advance: 250),
    ]
}

func latinInfo() -> SyntheticFontInfo {
    var info = SyntheticFontInfo()
    info.characters = [0x41: 1, 0x56: 2, 0x20: 3, 0x1F600: 2]
    info.kerning = [(1, 2, -80), (2, 1, -70)]
    return info
}

@Suite("Font file and tables")
struct FontFileTests {
    @Test("head, hhea and maxp give units per em, the bounding box, line metrics and the glyph count")
    func headerTables() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: latinInfo()))
        #expect(typeface.unitsPerEm == 1000)
        #expect(typeface.boundingBox == FontBox(minX: -50, minY: -200, maxX: 1000, maxY: 800))
        #expect(typeface.glyphCount == 4)
        #expect(typeface.ascender == 800)
        #expect(typeface.descender == -200)
        #expect(typeface.lineGap == 90)
        #expect(typeface.lineMetricsSource == .horizontalHeader)
        #expect(typeface.outlineFormat == .trueType)
        #expect(typeface.names.family == "Synthetic Sans")
        #expect(typeface.names.subfamily == "Regular")
        #expect(typeface.names.fullName == "Synthetic Sans Regular")
        #expect(typeface.names.postScriptName == "SyntheticSans-Regular")
    }

    @Test("without OS/2, cap height and x height are measured from the outlines of H and x (0 when absent)")
    func measuredHeights() throws {
        var info = latinInfo()
        info.characters[0x48] = 1  // "H" drawn with the 700-unit triangle
        let typeface = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect(typeface.capHeight == 700)
        #expect(typeface.xHeight == 0)
    }

    @Test("OS/2 typographic metrics are used only when USE_TYPO_METRICS is set")
    func typographicMetrics() throws {
        var info = latinInfo()
        info.typo = (ascender: 750, descender: -250, lineGap: 200, useTypoMetrics: false)
        let plain = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect(plain.ascender == 800)
        #expect(plain.lineMetricsSource == .horizontalHeader)
        #expect(plain.capHeight == 700)
        #expect(plain.xHeight == 500)
        info.typo?.useTypoMetrics = true
        let typo = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect(typo.ascender == 750)
        #expect(typo.descender == -250)
        #expect(typo.lineGap == 200)
        #expect(typo.lineMetricsSource == .typographic)
    }

    @Test("OS/2 and head style bits give bold and italic")
    func styleBits() throws {
        var info = latinInfo()
        info.bold = true
        let headOnly = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect(headOnly.isBold && !headOnly.isItalic)
        info.italic = true
        info.typo = (800, -200, 90, false)
        let withOS2 = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect(withOS2.isBold && withOS2.isItalic)
        #expect(withOS2.weightClass == 700)
    }

    @Test("a collection holds several faces; each is picked by index and a missing index is a typed error")
    func collection() throws {
        var second = latinInfo()
        second.family = "Second Face"
        second.unitsPerEm = 2048
        let bytes = SyntheticFont.assembleCollection([
            SyntheticFont.trueTypeTables(latinFont(), info: latinInfo()),
            SyntheticFont.trueTypeTables(latinFont(), info: second),
        ])
        let file = try FontFile(bytes: bytes)
        #expect(file.faceCount == 2)
        #expect(try file.typeface(at: 0).names.family == "Synthetic Sans")
        let face = try file.typeface(at: 1)
        #expect(face.names.family == "Second Face")
        #expect(face.unitsPerEm == 2048)
        #expect(try face.outline(of: 1) == (try file.typeface(at: 0).outline(of: 1)))
        #expect(throws: FontError.faceIndexOutOfRange(index: 2, count: 2)) { try file.typeface(at: 2) }
        #expect(throws: FontError.faceIndexOutOfRange(index: -1, count: 2)) {
            try Typeface(bytes: bytes, faceIndex: -1)
        }
    }

    @Test("data with an unknown signature or too short to hold a header is not a font")
    func notAFont() {
        #expect(throws: FontError.notAFont) { try FontFile(bytes: Array("GIF89a, not a font".utf8)) }
        #expect(throws: FontError.notAFont) { try FontFile(bytes: [0, 1, 0, 0]) }
    }

    @Test("a table directory that runs past the end of the data is truncated")
    func truncatedDirectory() {
        let bytes = SyntheticFont.trueType(latinFont(), info: latinInfo())
        #expect(throws: FontError.truncatedTable("directory")) { try Typeface(bytes: Array(bytes.prefix(40))) }
    }

    @Test("each required table, when removed, is reported by its tag")
    func missingTables() {
        for tag in ["head", "hhea", "maxp", "hmtx", "cmap"] {
            let tables = SyntheticFont.trueTypeTables(latinFont(), info: latinInfo()).filter { $0.tag != tag }
            #expect(throws: FontError.missingTable(tag)) { try Typeface(bytes: SyntheticFont.assemble(tables)) }
        }
        let noOutlines = SyntheticFont.trueTypeTables(latinFont(), info: latinInfo()).filter { $0.tag != "glyf" }
        #expect(throws: FontError.unsupportedOutlines) { try Typeface(bytes: SyntheticFont.assemble(noOutlines)) }
    }

    @Test("required tables cut short are reported as truncated, by tag")
    func truncatedTables() {
        for (tag, keep) in [("head", 40), ("hhea", 30), ("maxp", 4), ("hmtx", 10), ("loca", 6), ("cmap", 3)] {
            var tables = SyntheticFont.trueTypeTables(latinFont(), info: latinInfo())
            let index = tables.firstIndex { $0.tag == tag }!
            tables[index].bytes = Array(tables[index].bytes.prefix(keep))
            #expect(throws: FontError.truncatedTable(tag), "\(tag)") {
                try Typeface(bytes: SyntheticFont.assemble(tables))
            }
        }
    }

    @Test("a table record pointing past the end of the file is truncated, not read out of bounds")
    func tableRecordOutsideFile() {
        var bytes = SyntheticFont.trueType(latinFont(), info: latinInfo())
        // Directory entry 0 is "OS/2"-less font's first tag in sort order: "cmap". Make its length huge.
        bytes[12 + 12] = 0x7F
        #expect(throws: FontError.truncatedTable("cmap")) { try Typeface(bytes: bytes) }
    }

    @Test("unitsPerEm outside 16…16384 is an invalid value")
    func badUnitsPerEm() {
        var info = latinInfo()
        info.unitsPerEm = 8
        #expect(throws: FontError.invalidValue(table: "head", detail: "unitsPerEm 8 is outside 16…16384")) {
            try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        }
    }

    @Test("reading a file that does not exist reports the path and errno 2 (ENOENT)")
    func missingFile() {
        #expect(throws: FontError.unreadableFile(path: "/nonexistent/font.ttf", code: 2)) {
            try FontFile(contentsOf: "/nonexistent/font.ttf")
        }
    }

    @Test("random corruption of a valid font never crashes: every glyph either reads or throws")
    func fuzzedBytes() {
        let original = SyntheticFont.trueType(latinFont(), info: latinInfo())
        var state: UInt64 = 0x1234_5678
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var opened = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + next() % 6) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            if next() % 4 == 0 { bytes.removeLast(next() % bytes.count) }
            guard let typeface = try? Typeface(bytes: bytes) else { continue }
            opened += 1
            for glyph in 0..<UInt16(min(typeface.glyphCount, 8)) {
                _ = try? typeface.outline(of: glyph)
                _ = typeface.cachedOutline(of: glyph)
                _ = typeface.advance(of: glyph)
            }
            _ = typeface.glyph(for: "A")
            _ = typeface.kerning(1, 2)
        }
        #expect(opened > 0)
    }
}

@Suite("Character map, advances and kerning")
struct GlyphMetricsTests {
    @Test(
        "cmap formats 4 and 12 map scalars to glyphs; unmapped scalars give glyph 0", arguments: [[4], [12], [4, 12]])
    func characterMap(formats: [Int]) throws {
        let typeface = try Typeface(
            bytes: SyntheticFont.trueType(latinFont(), info: latinInfo(), cmapFormats: formats))
        #expect(typeface.glyph(for: "A") == 1)
        #expect(typeface.glyph(for: "V") == 2)
        #expect(typeface.glyph(for: " ") == 3)
        #expect(typeface.glyph(for: "B") == 0)
        #expect(typeface.glyph(for: "é") == 0)
        // Format 4 cannot hold scalars beyond the Basic Multilingual Plane; format 12 can.
        #expect(typeface.glyph(for: "\u{1F600}") == (formats.contains(12) ? 2 : 0))
    }

    @Test("cmap formats 0 and 6 map the ASCII range")
    func byteTables() throws {
        var info = latinInfo()
        info.characters = [0x41: 1, 0x42: 2, 0x44: 3]
        for format in [0, 6] {
            let typeface = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info, cmapFormats: [format]))
            #expect(typeface.glyph(for: "A") == 1)
            #expect(typeface.glyph(for: "B") == 2)
            #expect(typeface.glyph(for: "C") == 0)
            #expect(typeface.glyph(for: "D") == 3)
        }
    }

    @Test("a cmap mapping to a glyph beyond the font gives glyph 0")
    func mappingBeyondFont() throws {
        var info = latinInfo()
        info.characters[0x5A] = 40
        let typeface = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect(typeface.glyph(for: "Z") == 0)
    }

    @Test("advances come from hmtx; glyphs past numberOfHMetrics repeat the last advance")
    func advances() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: latinInfo()))
        #expect((0..<4).map { typeface.advance(of: UInt16($0)) } == [500, 600, 640, 250])
        var info = latinInfo()
        info.longMetricCount = 2
        let short = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: info))
        #expect((0..<4).map { short.advance(of: UInt16($0)) } == [500, 600, 600, 600])
    }

    @Test("kern format 0 pairs apply in order: A then V is −80, V then A is −70, others 0")
    func kerningPairs() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType(latinFont(), info: latinInfo()))
        #expect(typeface.hasKerning)
        #expect(typeface.kerning(1, 2) == -80)
        #expect(typeface.kerning(2, 1) == -70)
        #expect(typeface.kerning(1, 1) == 0)
        #expect(typeface.kerning(3, 1) == 0)
    }

    @Test("two kern subtables add up, unless the second has the override bit")
    func kerningSubtables() throws {
        for (overrides, expected) in [(false, -100), (true, -20)] {
            var tables = SyntheticFont.trueTypeTables(latinFont(), info: latinInfo())
            tables.removeAll { $0.tag == "kern" }
            tables.append(SyntheticFont.kern([(1, 2, -80)], second: [(1, 2, -20)], secondOverrides: overrides))
            let typeface = try Typeface(bytes: SyntheticFont.assemble(tables))
            #expect(typeface.kerning(1, 2) == expected)
        }
    }

    @Test("a damaged kern table is ignored: the font opens without kerning")
    func damagedKerning() throws {
        var tables = SyntheticFont.trueTypeTables(latinFont(), info: latinInfo())
        let index = tables.firstIndex { $0.tag == "kern" }!
        tables[index].bytes = Array(tables[index].bytes.prefix(5))
        let typeface = try Typeface(bytes: SyntheticFont.assemble(tables))
        #expect(!typeface.hasKerning)
        #expect(typeface.kerning(1, 2) == 0)
    }
}
