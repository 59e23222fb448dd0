/// A rectangle in font units, y pointing up (as glyph outlines are stored in the font).
@_spi(Engine) public struct FontBox: Hashable, Sendable {
    /// Left edge.
    @_spi(Engine) public var minX: Int
    /// Bottom edge.
    @_spi(Engine) public var minY: Int
    /// Right edge.
    @_spi(Engine) public var maxX: Int
    /// Top edge.
    @_spi(Engine) public var maxY: Int

    /// Creates a box from its four edges.
    @_spi(Engine) public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}

/// One face of a TrueType or OpenType font, parsed and ready for layout and drawing.
///
/// All measurements are in font units (``unitsPerEm`` of them per em; multiply by `size / unitsPerEm` for
/// a font size in points or pixels) with y pointing up: the baseline is y = 0, ascent is positive, descent
/// negative.
///
/// ## Tables
/// `head`, `hhea`, `maxp`, `hmtx` and `cmap` are required; `OS/2`, `name`, `post` and `kern` are used when
/// present; outlines come from `loca`+`glyf` (quadratic) or `CFF ` (cubic). A required table that is absent or
/// cut short makes opening fail with a typed ``FontError``; optional tables that are damaged are ignored.
///
/// ## Line metrics
/// ``ascender``, ``descender`` and ``lineGap`` come from the `OS/2` typographic values when the font sets
/// `USE_TYPO_METRICS` (bit 7 of `fsSelection`), and otherwise from `hhea`, which is what most layout engines
/// use for fonts without that bit. When `hhea` has zero ascender and descender the `OS/2` typographic values
/// are used instead; ``lineMetricsSource`` tells which applied.
///
/// ## Outlines and the cache
/// ``outline(of:)`` parses a glyph each time and throws on damage; ``cachedOutline(of:)`` keeps up to
/// ``outlineCacheCapacity`` parsed outlines (a damaged glyph is cached as empty), so drawing the same text
/// again parses nothing and allocates nothing. ``GlyphRasterizer`` also keeps rasterized glyph bitmaps here
/// (up to 4 MiB of coverage). Both caches are shared by all threads under a lock; when one is full it is
/// emptied and refilled.
@_spi(Engine) public final class Typeface: Sendable {
    /// Where ``ascender``, ``descender`` and ``lineGap`` were read from.
    @_spi(Engine) public enum LineMetricsSource: Hashable, Sendable {
        /// `OS/2` `sTypoAscender`, `sTypoDescender`, `sTypoLineGap`.
        case typographic
        /// `hhea` `ascender`, `descender`, `lineGap`.
        case horizontalHeader
    }

    /// The kind of outlines the face stores.
    @_spi(Engine) public enum OutlineFormat: Hashable, Sendable {
        /// Quadratic outlines in `glyf`.
        case trueType
        /// Cubic outlines as Type 2 charstrings in `CFF `.
        case compact
    }

    /// Deepest nesting of composite glyphs accepted.
    @_spi(Engine) public static let maximumCompositeDepth = 16
    /// Most points one glyph may have after its composites are expanded.
    @_spi(Engine) public static let maximumOutlinePoints = 65_536
    /// Most parsed outlines kept by ``cachedOutline(of:)``.
    @_spi(Engine) public static let outlineCacheCapacity = 1024

    /// The face's names (family, style, full and PostScript names).
    @_spi(Engine) public let names: FontNames
    /// Font units per em, 16 … 16384.
    @_spi(Engine) public let unitsPerEm: Int
    /// The union of all glyph boxes, from `head`.
    @_spi(Engine) public let boundingBox: FontBox
    /// Distance from the baseline to the top of the line box, positive.
    @_spi(Engine) public let ascender: Int
    /// Distance from the baseline to the bottom of the line box, negative (or zero).
    @_spi(Engine) public let descender: Int
    /// Extra space between one line box and the next, at least 0.
    @_spi(Engine) public let lineGap: Int
    /// Which table the three line metrics above came from.
    @_spi(Engine) public let lineMetricsSource: LineMetricsSource
    /// Height of flat capital letters: `OS/2` `sCapHeight` (version 2 and later), else the top of the outline of
    /// "H", else 0.
    @_spi(Engine) public let capHeight: Int
    /// Height of flat lowercase letters: `OS/2` `sxHeight` (version 2 and later), else the top of the outline of
    /// "x", else 0.
    @_spi(Engine) public let xHeight: Int
    /// Slant in degrees counter-clockwise from vertical (negative for fonts leaning right), from `post`; 0 when
    /// absent.
    @_spi(Engine) public let italicAngle: Double
    /// `OS/2` weight class, 1 … 1000 (400 regular, 700 bold); 400 when absent.
    @_spi(Engine) public let weightClass: Int
    /// Whether the font says it is bold (`OS/2` `fsSelection` bit 5, else `head` `macStyle` bit 0).
    @_spi(Engine) public let isBold: Bool
    /// Whether the font says it is italic or oblique (`fsSelection` bits 0 or 9, else `macStyle` bit 1).
    @_spi(Engine) public let isItalic: Bool
    /// Number of glyphs, from `maxp`.
    @_spi(Engine) public let glyphCount: Int
    /// The kind of outlines.
    @_spi(Engine) public let outlineFormat: OutlineFormat

    private let characterMap: CharacterMap
    private let advances: [UInt16]
    private let kerningPairs: KerningPairs
    private let trueTypeOutlines: TrueTypeOutlines?
    private let compactOutlines: CompactFontOutlines?
    private let cache = LockedValue<[UInt16: RasterPath]>([:])
    private let bitmaps = LockedValue(GlyphBitmapStore())

    /// Parses the face whose table directory is at `directoryOffset` in `file`.
    init(file: FontBytes, directoryOffset: Int) throws(FontError) {
        let directory = try TableDirectory(file: file, offset: directoryOffset)

        let head = try directory.required(.head, in: file)
        unitsPerEm = Int(try head.uint16(18))
        guard (16...16384).contains(unitsPerEm) else {
            throw .invalidValue(table: "head", detail: "unitsPerEm \(unitsPerEm) is outside 16…16384")
        }
        boundingBox = FontBox(
            minX: Int(try head.int16(36)), minY: Int(try head.int16(38)), maxX: Int(try head.int16(40)),
            maxY: Int(try head.int16(42)))
        let macStyle = try head.uint16(44)
        let locationFormat = try head.int16(50)

        let maxp = try directory.required(.maximumProfile, in: file)
        glyphCount = Int(try maxp.uint16(4))
        guard glyphCount >= 1 else { throw .invalidValue(table: "maxp", detail: "the font has no glyphs") }

        let hhea = try directory.required(.horizontalHeader, in: file)
        let hheaAscender = Int(try hhea.int16(4))
        let hheaDescender = Int(try hhea.int16(6))
        let hheaLineGap = Int(try hhea.int16(8))
        let metricCount = Int(try hhea.uint16(34))
        guard metricCount >= 1 else { throw .invalidValue(table: "hhea", detail: "numberOfHMetrics is 0") }

        let os2 = try? directory.table(.os2, in: file)
        let os2Version = (try? os2?.uint16(0)) ?? nil
        let selection = (try? os2?.uint16(62)) ?? nil
        let typo: (ascender: Int, descender: Int, gap: Int)? =
            if let os2, let a = try? os2.int16(68), let d = try? os2.int16(70), let g = try? os2.int16(72) {
                (Int(a), Int(d), Int(g))
            } else {
                nil
            }
        let useTypo = (selection ?? 0) & 0x80 != 0
        if let typo, useTypo || (hheaAscender == 0 && hheaDescender == 0) {
            ascender = typo.ascender
            descender = typo.descender
            lineGap = max(0, typo.gap)
            lineMetricsSource = .typographic
        } else {
            ascender = hheaAscender
            descender = hheaDescender
            lineGap = max(0, hheaLineGap)
            lineMetricsSource = .horizontalHeader
        }
        weightClass = (try? os2?.uint16(4)).flatMap { $0 }.map { (1...1000).contains($0) ? Int($0) : 400 } ?? 400
        if let selection {
            isBold = selection & 0x20 != 0
            isItalic = selection & 0x201 != 0
        } else {
            isBold = macStyle & 0x1 != 0
            isItalic = macStyle & 0x2 != 0
        }

        let hmtx = try directory.required(.horizontalMetrics, in: file)
        let storedCount = min(metricCount, glyphCount)
        guard hmtx.contains(0, length: 4 * storedCount) else { throw .truncatedTable("hmtx") }
        var advances: [UInt16] = []
        advances.reserveCapacity(glyphCount)
        for index in 0..<storedCount { advances.append(try hmtx.uint16(4 * index)) }
        let lastAdvance = advances[storedCount - 1]
        while advances.count < glyphCount { advances.append(lastAdvance) }
        self.advances = advances

        characterMap = try CharacterMap(table: try directory.required(.characterMap, in: file), glyphCount: glyphCount)
        names = (try? directory.table(.names, in: file)).flatMap { $0 }.map(FontNames.init(table:)) ?? FontNames()
        kerningPairs =
            (try? directory.table(.kerning, in: file)).flatMap { $0 }.map(KerningPairs.init(table:)) ?? KerningPairs()
        if let post = (try? directory.table(.postScript, in: file)) ?? nil, let angle = try? post.fixed(4) {
            italicAngle = angle
        } else {
            italicAngle = 0
        }

        if directory.has(.glyphData) {
            guard locationFormat == 0 || locationFormat == 1 else {
                throw .invalidValue(table: "head", detail: "indexToLocFormat \(locationFormat)")
            }
            let loca = try directory.required(.glyphLocations, in: file)
            let entrySize = locationFormat == 1 ? 4 : 2
            guard loca.contains(0, length: entrySize * (glyphCount + 1)) else { throw .truncatedTable("loca") }
            trueTypeOutlines = TrueTypeOutlines(
                locations: loca, glyphData: try directory.required(.glyphData, in: file),
                usesLongOffsets: locationFormat == 1, glyphCount: glyphCount)
            compactOutlines = nil
            outlineFormat = .trueType
        } else if let cff = try directory.table(.compactFont, in: file) {
            compactOutlines = try CompactFontOutlines(table: cff, unitsPerEm: unitsPerEm)
            trueTypeOutlines = nil
            outlineFormat = .compact
        } else {
            throw .unsupportedOutlines
        }

        let version = os2Version ?? 0
        let os2CapHeight = version >= 2 ? (try? os2?.int16(88)).flatMap { $0 } : nil
        let os2XHeight = version >= 2 ? (try? os2?.int16(86)).flatMap { $0 } : nil
        capHeight =
            os2CapHeight.map(Int.init)
            ?? Self.measuredTop(of: "H", characterMap, trueTypeOutlines, compactOutlines)
        xHeight =
            os2XHeight.map(Int.init) ?? Self.measuredTop(of: "x", characterMap, trueTypeOutlines, compactOutlines)
    }

    /// Parses face `faceIndex` of font data in memory (a single font or a collection).
    ///
    /// - Throws: the errors of ``FontFile/init(bytes:)`` and ``FontFile/typeface(at:)``.
    @_spi(Engine) public convenience init(bytes: [UInt8], faceIndex: Int = 0) throws(FontError) {
        let file = try FontFile(bytes: bytes)
        guard faceIndex >= 0, faceIndex < file.faceCount else {
            throw .faceIndexOutOfRange(index: faceIndex, count: file.faceCount)
        }
        try self.init(file: FontBytes(bytes, name: "directory"), directoryOffset: file.faceOffsets[faceIndex])
    }

    /// The top of the outline of `character`'s glyph, or 0 when the font lacks it or it is empty or damaged.
    private static func measuredTop(
        of character: Unicode.Scalar, _ characterMap: CharacterMap, _ trueType: TrueTypeOutlines?,
        _ compact: CompactFontOutlines?
    ) -> Int {
        let glyph = characterMap.glyph(for: character)
        guard glyph != 0 else { return 0 }
        if let trueType { return (try? trueType.headerBounds(of: glyph))?.map(\.maxY) ?? 0 }
        guard let compact, let path = try? compact.outline(of: glyph) else { return 0 }
        return path.points.map(\.y).max().map { Int($0.rounded(.up)) } ?? 0
    }

    // MARK: - Characters and metrics

    /// The glyph for `scalar`, or 0 (`.notdef`) when the font has none. No shaping: one scalar, one glyph.
    @inline(__always)
    @_spi(Engine) public func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        characterMap.glyph(for: scalar)
    }

    /// The advance width of `glyph` in font units; 0 for a glyph id beyond the font.
    @inline(__always)
    @_spi(Engine) public func advance(of glyph: UInt16) -> Int {
        Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
    }

    /// The kerning adjustment for `left` followed by `right`, in font units (added to `left`'s advance).
    @inline(__always)
    @_spi(Engine) public func kerning(_ left: UInt16, _ right: UInt16) -> Int {
        kerningPairs.isEmpty ? 0 : kerningPairs.adjustment(left, right)
    }

    /// Whether the font has any kerning pairs.
    @_spi(Engine) public var hasKerning: Bool { !kerningPairs.isEmpty }

    // MARK: - Outlines

    /// The outline of `glyph` in font units, parsed afresh.
    ///
    /// - Throws: ``FontError/glyphOutOfRange(glyph:count:)`` for an id beyond the font, and the per-glyph errors
    ///   of ``FontError`` for damaged glyph data.
    @_spi(Engine) public func outline(of glyph: UInt16) throws(FontError) -> RasterPath {
        guard Int(glyph) < glyphCount else { throw .glyphOutOfRange(glyph: glyph, count: glyphCount) }
        if let trueTypeOutlines { return try trueTypeOutlines.outline(of: glyph) }
        if let compactOutlines { return try compactOutlines.outline(of: glyph) }
        throw .unsupportedOutlines
    }

    /// The outline of `glyph` from the cache, parsing and caching it on first use. A glyph that cannot be read
    /// (damaged or beyond the font) gives an empty path.
    @_spi(Engine) public func cachedOutline(of glyph: UInt16) -> RasterPath {
        if let path = cache.withLock({ $0[glyph] }) { return path }
        let path = (try? outline(of: glyph)) ?? RasterPath()
        cache.withLock { entries in
            if entries.count >= Self.outlineCacheCapacity { entries.removeAll(keepingCapacity: true) }
            entries[glyph] = path
        }
        return path
    }

    /// Number of outlines currently cached.
    @_spi(Engine) public var cachedOutlineCount: Int { cache.withLock { $0.count } }

    /// Number of rasterized glyph bitmaps currently cached (see ``GlyphRasterizer``).
    @_spi(Engine) public var cachedBitmapCount: Int { bitmaps.withLock { $0.count } }

    /// The cached bitmap for `key`, if any.
    func cachedBitmap(for key: GlyphBitmapKey) -> GlyphBitmap? {
        bitmaps.withLock { $0[key] }
    }

    /// Keeps `bitmap` for `key` (the store empties itself when it passes its size limit).
    func storeBitmap(_ bitmap: GlyphBitmap, for key: GlyphBitmapKey) {
        bitmaps.withLock { $0.insert(bitmap, for: key) }
    }

    /// The smallest box holding every point of `glyph`'s outline (control points included), or `nil` for an
    /// empty or unreadable glyph. For TrueType glyphs this is the box stored in the glyph's header.
    @_spi(Engine) public func bounds(of glyph: UInt16) -> FontBox? {
        if let trueTypeOutlines, let box = try? trueTypeOutlines.headerBounds(of: glyph) {
            return box
        }
        let path = cachedOutline(of: glyph)
        guard let first = path.points.first else { return nil }
        var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for point in path.points {
            box.minX = min(box.minX, point.x)
            box.minY = min(box.minY, point.y)
            box.maxX = max(box.maxX, point.x)
            box.maxY = max(box.maxY, point.y)
        }
        return FontBox(
            minX: Int(box.minX.rounded(.down)), minY: Int(box.minY.rounded(.down)), maxX: Int(box.maxX.rounded(.up)),
            maxY: Int(box.maxY.rounded(.up)))
    }
}
