import Foundation
@_spi(Engine) import PortableRaster

/// An index into a font's glyphs, as Apple defines it (a 16-bit unsigned integer).
public typealias CGFontIndex = UInt16

/// A glyph identifier within one font. Glyph 0 is the font's `.notdef` glyph (usually an empty box), drawn for
/// characters the font lacks.
public typealias CGGlyph = CGFontIndex

/// A font face: its outlines, metrics and character map, independent of any size.
///
/// Metrics are in the font's own units (``unitsPerEm`` per em), with y up from the baseline; multiply by
/// `pointSize / unitsPerEm` for points (``FontMetrics`` does this). Faces come from the font folders by name
/// (``init(_:)-(String)``, through ``FontLibrary/shared``) or from font data (``init(_:)-(CGDataProvider)``).
///
/// Deviations from Apple:
/// - Names are `String` rather than `CFString`.
/// - ``init(_:)-(String)`` substitutes an installed font for Apple's system families (Helvetica, Helvetica Neue,
///   Arial, San Francisco, Times, Georgia, Courier, Menlo, Monaco, …), which Linux does not have: DejaVu Sans,
///   DejaVu Serif or DejaVu Sans Mono, reported once through the library's warning handler (see
///   ``FontLibrary``). Other unknown names give `nil`, as on Apple platforms.
/// - ``ascent``, ``descent`` and ``leading`` follow `Typeface`'s rule: `OS/2` typographic values when the
///   font sets `USE_TYPO_METRICS`, otherwise `hhea`. ``descent`` is negative (below the baseline), as Apple's.
/// - ``capHeight`` and ``xHeight`` come from `OS/2` version 2 or later, else from the outlines of "H" and "x".
public final class CGFont: Sendable, Hashable, CustomStringConvertible {
    /// The parsed face (shared with every other font made from the same file).
    let typeface: Typeface
    /// Whether this face stands in for a name that is not installed (our addition).
    public let isSubstitute: Bool
    /// The name that was asked for when this font was looked up by name, else `nil` (our addition).
    public let requestedName: String?

    init(typeface: Typeface, isSubstitute: Bool = false, requestedName: String? = nil) {
        self.typeface = typeface
        self.isSubstitute = isSubstitute
        self.requestedName = requestedName
    }

    /// The installed font with the given PostScript name, full name or family (and style) name.
    ///
    /// Matching ignores case, spaces and hyphens; "DejaVuSans-Bold", "DejaVu Sans Bold" and "dejavu sans bold"
    /// find the same face. Apple's system families are replaced as described on the type; any other name that
    /// is not installed gives `nil`.
    public convenience init?(_ name: String) {
        guard let font = FontLibrary.shared.exactFont(named: name) else { return nil }
        self.init(typeface: font.typeface, isSubstitute: font.isSubstitute, requestedName: name)
    }

    /// A font read from TrueType or OpenType data (face 0 of a collection); `nil` when the data is not a usable
    /// font.
    public convenience init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let typeface = try? Typeface(bytes: [UInt8](data)) else { return nil }
        self.init(typeface: typeface)
    }

    // MARK: - Names

    /// The complete name, e.g. "DejaVu Sans Bold".
    public var fullName: String? { typeface.names.fullName }
    /// The PostScript name, e.g. "DejaVuSans-Bold".
    public var postScriptName: String? { typeface.names.postScriptName }
    /// The family name, e.g. "DejaVu Sans" (our addition).
    public var familyName: String? { typeface.names.family }
    /// The style name within the family, e.g. "Bold" (our addition).
    public var styleName: String? { typeface.names.subfamily }

    // MARK: - Metrics in font units

    /// Font units per em.
    public var unitsPerEm: Int32 { Int32(typeface.unitsPerEm) }
    /// Distance from the baseline to the top of the line, in font units (positive).
    public var ascent: Int32 { Int32(typeface.ascender) }
    /// Distance from the baseline to the bottom of the line, in font units (negative).
    public var descent: Int32 { Int32(typeface.descender) }
    /// Extra space between lines, in font units (at least 0).
    public var leading: Int32 { Int32(typeface.lineGap) }
    /// Height of flat capital letters, in font units.
    public var capHeight: Int32 { Int32(typeface.capHeight) }
    /// Height of flat lowercase letters, in font units.
    public var xHeight: Int32 { Int32(typeface.xHeight) }
    /// Slant in degrees counter-clockwise from vertical (negative for text leaning right).
    public var italicAngle: CGFloat { CGFloat(typeface.italicAngle) }
    /// The union of all glyph boxes, in font units, y up.
    public var fontBBox: CGRect {
        let box = typeface.boundingBox
        return CGRect(x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY)
    }
    /// Number of glyphs in the font.
    public var numberOfGlyphs: Int { typeface.glyphCount }

    /// Writes the advance width, in font units, of each of the `count` glyphs at `glyphs` to `advances`.
    /// Glyph ids beyond the font get 0. Returns `true` (the lookup cannot fail once the font is open).
    public func getGlyphAdvances(
        glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>
    ) -> Bool {
        for index in 0..<max(0, count) {
            advances[index] = Int32(typeface.advance(of: glyphs[index]))
        }
        return true
    }

    /// Writes the bounding box, in font units with y up, of each of the `count` glyphs at `glyphs` to `bboxes`.
    /// Empty glyphs (spaces) and unreadable ones get `CGRect.zero`. Returns `true`.
    public func getGlyphBBoxes(
        glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>
    )
        -> Bool
    {
        for index in 0..<max(0, count) {
            if let box = typeface.bounds(of: glyphs[index]) {
                bboxes[index] = CGRect(
                    x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY)
            } else {
                bboxes[index] = .zero
            }
        }
        return true
    }

    // MARK: - Our additions: characters, advances, kerning

    /// The glyph for `scalar`, or 0 (`.notdef`) when the font has none. One scalar maps to one glyph: there is
    /// no shaping, so combining marks are not positioned and right-to-left text is not reordered.
    public func glyph(for scalar: Unicode.Scalar) -> CGGlyph {
        typeface.glyph(for: scalar)
    }

    /// The glyphs for the Unicode scalars of `string`, one per scalar.
    public func glyphs(for string: String) -> [CGGlyph] {
        string.unicodeScalars.map { typeface.glyph(for: $0) }
    }

    /// The advance width of `glyph` in font units (0 beyond the font).
    public func advance(of glyph: CGGlyph) -> Int32 {
        Int32(typeface.advance(of: glyph))
    }

    /// The kerning adjustment, in font units, added to `left`'s advance when `right` follows it (from the `kern`
    /// table; 0 for pairs it does not list).
    public func kerning(between left: CGGlyph, and right: CGGlyph) -> Int32 {
        Int32(typeface.kerning(left, right))
    }

    /// The metrics of this font at `size` points per em.
    public func metrics(size: CGFloat) -> FontMetrics {
        FontMetrics(font: self, size: size)
    }

    // MARK: - Identity

    /// Fonts are equal when they share the same parsed face (the same file and face index) and substitution.
    public static func == (lhs: CGFont, rhs: CGFont) -> Bool {
        lhs.typeface === rhs.typeface && lhs.isSubstitute == rhs.isSubstitute
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(typeface))
    }

    public var description: String {
        "<CGFont \(postScriptName ?? fullName ?? "unnamed")\(isSubstitute ? " substituting \(requestedName ?? "?")" : "")>"
    }
}
