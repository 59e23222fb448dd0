import Foundation
@_spi(Engine) import PortableRaster

extension TextLayout {
    /// One paragraph (text between line separators) mapped to glyphs and advances, ready for breaking.
    struct Paragraph {
        var glyphs: [CGGlyph] = []
        /// Advance of each glyph, in points.
        var advances: [CGFloat] = []
        /// Kerning between glyph `i` and glyph `i + 1`, in points (0 for the last glyph).
        var kerns: [CGFloat] = []
        /// Whether each glyph is a space (a break opportunity and a justification point).
        var isSpace: [Bool] = []
        /// Whether a line may break after each glyph because it is a hyphen.
        var isHyphen: [Bool] = []

        var count: Int { glyphs.count }

        /// The width of glyphs `range`, counting kerning only between glyphs inside the range.
        func width(_ range: Range<Int>) -> CGFloat {
            guard !range.isEmpty else { return 0 }
            var total: CGFloat = 0
            for index in range {
                total += advances[index]
                if index + 1 < range.upperBound { total += kerns[index] }
            }
            return total
        }

        /// `range` without its trailing spaces.
        func trimmingTrailingSpaces(_ range: Range<Int>) -> Range<Int> {
            var end = range.upperBound
            while end > range.lowerBound, isSpace[end - 1] { end -= 1 }
            return range.lowerBound..<end
        }

        /// `range` without its leading spaces.
        func trimmingLeadingSpaces(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound
            while start < range.upperBound, isSpace[start] { start += 1 }
            return start..<range.upperBound
        }

        /// Whether a new line may start at glyph `index` (`0 < index < count`): after a run of spaces, or after a
        /// hyphen that follows a non-space and precedes a non-space.
        func canBreak(before index: Int) -> Bool {
            guard index > 0, index < count, !isSpace[index] else { return false }
            if isSpace[index - 1] { return true }
            return isHyphen[index - 1] && index >= 2 && !isSpace[index - 2]
        }
    }

    /// Splits `string` into paragraphs at line separators: LF, CR, CR LF, NEL (U+0085), LINE SEPARATOR (U+2028)
    /// and PARAGRAPH SEPARATOR (U+2029). A separator at the very end does not start another (empty) paragraph.
    static func paragraphs(of string: String) -> [[Unicode.Scalar]] {
        var result: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var previousWasCarriageReturn = false
        var endsWithSeparator = false
        for scalar in string.unicodeScalars {
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                result.append(current)
                current.removeAll(keepingCapacity: true)
                endsWithSeparator = true
            default:
                current.append(scalar)
                endsWithSeparator = false
            }
        }
        if !current.isEmpty || !endsWithSeparator { result.append(current) }
        if string.isEmpty { return [] }
        return result
    }

    /// Whether `scalar` is dropped before layout: C0 controls other than tab, DEL, zero-width joiners and
    /// spaces, the byte order mark and the soft hyphen (which has no width unless a line breaks at it, and
    /// breaking there is not supported).
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0B...0x1F, 0x7F, 0xAD, 0x200B...0x200D, 0x2060, 0xFEFF: return true
        default: return false
        }
    }

    /// Whether `scalar` is a breaking space (no-break spaces U+00A0, U+2007 and U+202F are not).
    static func isBreakingSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Maps `scalars` to glyphs and advances at `scale` points per font unit. A tab is laid out as a space.
    static func paragraph(_ scalars: [Unicode.Scalar], font: CGFont, scale: CGFloat, kerning: Bool) -> Paragraph {
        var paragraph = Paragraph()
        paragraph.glyphs.reserveCapacity(scalars.count)
        paragraph.advances.reserveCapacity(scalars.count)
        paragraph.isSpace.reserveCapacity(scalars.count)
        paragraph.isHyphen.reserveCapacity(scalars.count)
        let typeface = font.typeface
        for scalar in scalars where !isIgnorable(scalar) {
            let glyph = typeface.glyph(for: scalar == "\t" ? " " : scalar)
            paragraph.glyphs.append(glyph)
            paragraph.advances.append(CGFloat(typeface.advance(of: glyph)) * scale)
            paragraph.isSpace.append(isBreakingSpace(scalar))
            paragraph.isHyphen.append(scalar == "-" || scalar == "\u{2010}")
        }
        paragraph.kerns = [CGFloat](repeating: 0, count: paragraph.glyphs.count)
        if kerning && typeface.hasKerning {
            for index in paragraph.glyphs.indices.dropLast() {
                paragraph.kerns[index] =
                    CGFloat(typeface.kerning(paragraph.glyphs[index], paragraph.glyphs[index + 1])) * scale
            }
        }
        return paragraph
    }

    /// Breaks `paragraph` into lines no wider than `width` (trailing spaces hang and do not count): at the last
    /// break opportunity that fits, or, when a line has none, before the first glyph that does not fit (a
    /// line always takes at least one glyph).
    static func lineRanges(of paragraph: Paragraph, width: CGFloat) -> [Range<Int>] {
        let count = paragraph.count
        guard count > 0 else { return [0..<0] }
        let limit = width + 1e-9
        var ranges: [Range<Int>] = []
        var start = 0
        while start < count {
            var used: CGFloat = 0
            var lastBreak: Int?
            var end = count
            var index = start
            while index < count {
                let widened = used + (index > start ? paragraph.kerns[index - 1] : 0) + paragraph.advances[index]
                if index > start, !paragraph.isSpace[index], widened > limit {
                    end = lastBreak ?? index
                    break
                }
                used = widened
                if paragraph.canBreak(before: index + 1) { lastBreak = index + 1 }
                index += 1
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}
