@testable import PortableCoreGraphics

/// A test font with 1000 units per em: every lowercase letter is a 500-unit-wide box (glyphs 1…26 for a…z),
/// the space (glyph 27) is 250 wide, the hyphen (28) 300, the full stop (29) 200 and the ellipsis (30) 1000.
/// "a" followed by "v" kerns by −100. Ascender 800, descender −200, line gap 90: at 10 pt a letter is 5 pt
/// wide, a space 2.5 pt, and lines are 10.9 pt apart.
enum LayoutTestFont {
    static let space: CGGlyph = 27
    static let hyphen: CGGlyph = 28
    static let period: CGGlyph = 29
    static let ellipsis: CGGlyph = 30

    static func bytes(
        withEllipsis: Bool = true, family: String = "Layout Test", style: String = "Regular"
    )
        -> [UInt8]
    {
        var glyphs: [SyntheticGlyph] = [.box(advance: 500, 50, 0, 450, 700)]
        for _ in 0..<26 { glyphs.append(.box(advance: 500, 50, 0, 450, 500)) }
        glyphs.append(SyntheticGlyph(advance: 250))
        glyphs.append(.box(advance: 300, 50, 200, 250, 300))
        glyphs.append(.box(advance: 200, 50, 0, 150, 100))
        glyphs.append(.box(advance: 1000, 100, 0, 900, 100))
        var info = SyntheticFontInfo()
        info.family = family
        info.subfamily = style
        info.postScriptName = family.replacingOccurrences(of: " ", with: "") + "-" + style
        for (index, scalar) in "abcdefghijklmnopqrstuvwxyz".unicodeScalars.enumerated() {
            info.characters[scalar.value] = index + 1
        }
        info.characters[0x20] = 27
        info.characters[0x2D] = 28
        info.characters[0x2E] = 29
        if withEllipsis { info.characters[0x2026] = 30 }
        info.kerning = [(1, 22, -100)]
        return SyntheticFont.trueType(glyphs, info: info)
    }

    static let font: CGFont = makeFont()

    static func makeFont(withEllipsis: Bool = true) -> CGFont {
        CGFont(CGDataProvider(data: Data(bytes(withEllipsis: withEllipsis)))!)!
    }

    /// The glyphs of a lowercase string in this font.
    static func glyphs(_ text: String) -> [CGGlyph] {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case " ": return space
            case "-": return hyphen
            case ".": return period
            case "…": return ellipsis
            default: return CGGlyph(scalar.value - 0x60)
            }
        }
    }
}
