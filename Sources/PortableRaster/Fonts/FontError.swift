/// Why a font file, one of its tables or one of its glyphs could not be used.
///
/// Whole-font problems (a missing or truncated required table, an unknown file signature) are thrown when the
/// font is opened. Problems confined to one glyph (a `loca` entry outside `glyf`, a composite that refers to
/// itself, a charstring that overflows its stack) are thrown by ``Typeface/outline(of:)``; the cached and
/// drawing paths treat such a glyph as empty instead, so a bad glyph never stops the rest of a line from drawing.
@_spi(Engine) public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read; `code` is the C library's `errno` value.
    case unreadableFile(path: String, code: Int32)
    /// The data does not start with a known signature (TrueType `0x00010000` or `true`, OpenType `OTTO`,
    /// collection `ttcf`).
    case notAFont
    /// A collection was asked for a face it does not hold.
    case faceIndexOutOfRange(index: Int, count: Int)
    /// A table the font needs is absent.
    case missingTable(String)
    /// A table (or the table directory, reported as `"directory"`) ends before data it declares.
    case truncatedTable(String)
    /// A field holds a value the format does not allow (for example `unitsPerEm` outside 16 … 16384).
    case invalidValue(table: String, detail: String)
    /// The font has neither `glyf` nor `CFF ` outlines (for example CFF2 variable fonts, or bitmap-only fonts).
    case unsupportedOutlines
    /// A glyph id at or beyond the font's glyph count was asked for.
    case glyphOutOfRange(glyph: UInt16, count: Int)
    /// A glyph's data lies outside its table (a bad `loca` entry or charstring offset).
    case glyphDataOutOfRange(glyph: UInt16)
    /// A composite glyph nests deeper than ``Typeface/maximumCompositeDepth`` or refers back to itself.
    case compositeTooDeep(glyph: UInt16)
    /// A glyph would have more points than ``Typeface/maximumOutlinePoints``.
    case outlineTooComplex(glyph: UInt16)
    /// A Type 2 charstring broke a limit or a rule of the charstring format; `detail` says which.
    case invalidCharstring(glyph: UInt16, detail: String)
    /// No font file was found in any of the searched folders.
    case noFontsInstalled(searched: [String])

    @_spi(Engine) public var description: String {
        switch self {
        case .unreadableFile(let path, let code):
            return "cannot read font file \(path) (errno \(code)); check that it exists and is readable"
        case .notAFont:
            return "the data is not a TrueType, OpenType or font collection file (unknown signature)"
        case .faceIndexOutOfRange(let index, let count):
            return "font collection has \(count) faces; face \(index) does not exist"
        case .missingTable(let tag):
            return "font has no '\(tag)' table, which is required"
        case .truncatedTable(let tag):
            return "font table '\(tag)' ends before the data it declares (the file is damaged or truncated)"
        case .invalidValue(let table, let detail):
            return "font table '\(table)' has an invalid value: \(detail)"
        case .unsupportedOutlines:
            return "font has no 'glyf' or 'CFF ' outlines (CFF2 and bitmap-only fonts are not supported)"
        case .glyphOutOfRange(let glyph, let count):
            return "glyph \(glyph) does not exist; the font has \(count) glyphs"
        case .glyphDataOutOfRange(let glyph):
            return "the data of glyph \(glyph) lies outside its table"
        case .compositeTooDeep(let glyph):
            return "composite glyph \(glyph) nests too deeply or refers to itself"
        case .outlineTooComplex(let glyph):
            return "glyph \(glyph) has more points than the reader accepts"
        case .invalidCharstring(let glyph, let detail):
            return "charstring of glyph \(glyph) is invalid: \(detail)"
        case .noFontsInstalled(let searched):
            return "no font files (.ttf, .otf, .ttc, .otc) found in \(searched.joined(separator: ", ")); "
                + "install one, for example Debian's fonts-dejavu-core @_spi(Engine) public"
        }
    }
}
