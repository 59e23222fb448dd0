import Foundation

extension TextLayout {
    /// A piece of a laid-out line: glyphs of the paragraph, or the ellipsis.
    enum Piece {
        case text(Range<Int>)
        case ellipsis
    }

    /// The ellipsis drawn where text is cut: the font's "…" (U+2026), or three full stops when the font has no
    /// ellipsis glyph.
    struct Ellipsis {
        var glyphs: [CGGlyph]
        var advances: [CGFloat]
        var width: CGFloat

        init(font: CGFont, scale: CGFloat, kerning: Bool) {
            let single = font.glyph(for: "\u{2026}")
            let glyphs = single != 0 ? [single] : Array(repeating: font.glyph(for: "."), count: 3)
            let advances = glyphs.enumerated().map { index, glyph in
                var advance = CGFloat(font.advance(of: glyph)) * scale
                if kerning, index + 1 < glyphs.count {
                    advance += CGFloat(font.kerning(between: glyph, and: glyphs[index + 1])) * scale
                }
                return advance
            }
            self.glyphs = glyphs
            self.advances = advances
            width = advances.reduce(0, +)
        }
    }

    /// The pieces of `range` cut to fit `width` with an ellipsis, for `mode` `.start`, `.middle` or `.end`.
    ///
    /// As much text as fits is kept: at the end (`.end`), at the start (`.start`), or alternately from both
    /// ends, one glyph from the front first (`.middle`). Spaces next to the ellipsis are dropped, and there is
    /// no kerning across it. When not even the ellipsis fits, the line is the ellipsis alone.
    static func truncated(
        _ range: Range<Int>, of paragraph: Paragraph, width: CGFloat, mode: Truncation, ellipsis: Ellipsis
    ) -> [Piece] {
        let available = width - ellipsis.width + 1e-9
        switch mode {
        case .none, .end:
            var used: CGFloat = 0
            var kept = range.lowerBound
            var index = range.lowerBound
            while index < range.upperBound {
                used += (index > range.lowerBound ? paragraph.kerns[index - 1] : 0) + paragraph.advances[index]
                if !paragraph.isSpace[index] {
                    guard used <= available else { break }
                    kept = index + 1
                }
                index += 1
            }
            let head = paragraph.trimmingTrailingSpaces(range.lowerBound..<kept)
            return head.isEmpty ? [.ellipsis] : [.text(head), .ellipsis]
        case .start:
            var used: CGFloat = 0
            var kept = range.upperBound
            var index = range.upperBound
            while index > range.lowerBound {
                index -= 1
                used += paragraph.advances[index] + (index + 1 < range.upperBound ? paragraph.kerns[index] : 0)
                if !paragraph.isSpace[index] {
                    guard used <= available else { break }
                    kept = index
                }
            }
            let tail = paragraph.trimmingLeadingSpaces(kept..<range.upperBound)
            return tail.isEmpty ? [.ellipsis] : [.ellipsis, .text(tail)]
        case .middle:
            var headEnd = range.lowerBound
            var tailStart = range.upperBound
            var headWidth: CGFloat = 0
            var tailWidth: CGFloat = 0
            var grew = true
            while grew && headEnd < tailStart {
                grew = false
                let nextHead =
                    headWidth + (headEnd > range.lowerBound ? paragraph.kerns[headEnd - 1] : 0)
                    + paragraph.advances[headEnd]
                if nextHead + tailWidth <= available {
                    headWidth = nextHead
                    headEnd += 1
                    grew = true
                }
                guard headEnd < tailStart else { break }
                let nextTail =
                    tailWidth + paragraph.advances[tailStart - 1]
                    + (tailStart < range.upperBound ? paragraph.kerns[tailStart - 1] : 0)
                if headWidth + nextTail <= available {
                    tailWidth = nextTail
                    tailStart -= 1
                    grew = true
                }
            }
            var pieces: [Piece] = []
            let head = paragraph.trimmingTrailingSpaces(range.lowerBound..<headEnd)
            if !head.isEmpty { pieces.append(.text(head)) }
            pieces.append(.ellipsis)
            let tail = paragraph.trimmingLeadingSpaces(tailStart..<range.upperBound)
            if !tail.isEmpty { pieces.append(.text(tail)) }
            return pieces
        }
    }
}
