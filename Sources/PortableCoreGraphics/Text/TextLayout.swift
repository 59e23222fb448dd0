import Foundation

/// Text laid out in lines of glyphs for one font and size (our type; what `CATextLayer` and string drawing use
/// in place of Core Text).
///
/// ## Coordinates
/// Layout space is in points with y pointing **down** from the top of the text box: the first line's box starts
/// at y = 0, its baseline is at y = ``FontMetrics/ascent``, and each further baseline is
/// ``FontMetrics/lineHeight`` lower. x = 0 is the left edge of the box; each line's ``Line/origin`` is the start
/// of its baseline and each glyph position is relative to it.
///
/// ## What the layout does
/// - Paragraphs: the text is split at LF, CR, CR LF, U+0085, U+2028 and U+2029; a final separator adds no empty
///   line. An empty string has no lines.
/// - Glyphs: each Unicode scalar maps through the font's character map to one glyph; scalars the font lacks get
///   glyph 0 (`.notdef`, usually a box). A tab is laid out as a space; control characters, zero-width characters
///   and the soft hyphen are dropped. There is no shaping: combining marks are not positioned over their base,
///   ligatures are not formed, and right-to-left scripts are laid out left to right (bidirectional reordering is
///   out of scope).
/// - Kerning: pairs from the font's `kern` table (when `kerning` is on), never across a line break or an
///   ellipsis.
/// - Wrapping (`wraps` with a `width`): greedy, breaking after runs of spaces and after hyphens that sit between
///   two non-spaces; a word longer than the line breaks between characters; spaces at the end of a line hang
///   (they do not count toward its width and are not in its glyphs).
/// - Height (`height`): only as many lines as fit in `height` (at least one) are kept. With wrapping and any
///   truncation mode, the last kept line is cut at its end with an ellipsis when text was dropped.
/// - Truncation without wrapping: a line wider than `width` is cut at its start, middle or end with "…"
///   (U+2026, or "..." when the font has no such glyph), keeping as much text as fits.
/// - Alignment: within `width`, or within the widest line when there is no width. `natural` is `left` (no
///   right-to-left support). `justified` stretches the spaces of every line except the last of each paragraph
///   and truncated lines to fill `width`.
public struct TextLayout: Sendable {
    /// Horizontal placement of each line in the box.
    public enum Alignment: Hashable, Sendable {
        /// The writing direction's start, which is the left edge (only left-to-right text is laid out).
        case natural
        /// Lines start at the left edge.
        case left
        /// Lines end at the right edge.
        case right
        /// Lines are centred.
        case center
        /// Lines fill the width by widening their spaces; the last line of a paragraph is left-aligned.
        case justified
    }

    /// Where text that does not fit is cut, as `CATextLayer`'s `truncationMode`.
    public enum Truncation: Hashable, Sendable {
        /// Never cut (text may extend past the width).
        case none
        /// Cut at the start: "…end of the line".
        case start
        /// Cut in the middle: "start…end".
        case middle
        /// Cut at the end: "start of the line…".
        case end
    }

    /// One laid-out line.
    public struct Line: Hashable, Sendable {
        /// The glyphs, in drawing order.
        public var glyphs: [CGGlyph]
        /// Each glyph's origin relative to ``origin``, in points (y is always 0).
        public var positions: [CGPoint]
        /// Start of the baseline in layout space.
        public var origin: CGPoint
        /// Advance width of the line in points, including justification, excluding hanging spaces.
        public var width: CGFloat
        /// Whether an ellipsis replaced part of this line's text.
        public var isTruncated: Bool
    }

    /// The font.
    public let font: CGFont
    /// The font's measurements at the layout's size.
    public let metrics: FontMetrics
    /// The lines, top to bottom.
    public let lines: [Line]
    /// The box the lines occupy in layout space: from the leftmost line start to the rightmost line end, and
    /// from y = 0 to the last line's descent. `CGRect.zero` when there are no lines.
    public let usedBounds: CGRect

    /// Whether any line was truncated or lines were dropped to fit the height.
    public let isTruncated: Bool

    /// Lays out `string`.
    ///
    /// - Parameters:
    ///   - string: the text.
    ///   - font: the font.
    ///   - fontSize: its size in points per em (non-finite or negative sizes count as 0).
    ///   - width: the box width in points for wrapping, truncation and alignment; `nil` (or a non-finite value)
    ///     for no limit. Negative widths count as 0.
    ///   - height: the box height in points, limiting the number of lines; `nil` for no limit.
    ///   - alignment: horizontal placement of lines.
    ///   - wraps: whether to wrap lines at `width`.
    ///   - truncation: where to cut text that does not fit.
    ///   - kerning: whether to apply the font's pair kerning.
    public init(
        string: String, font: CGFont, fontSize: CGFloat, width: CGFloat? = nil, height: CGFloat? = nil,
        alignment: Alignment = .natural, wraps: Bool = false, truncation: Truncation = .none, kerning: Bool = true
    ) {
        self.font = font
        let metrics = FontMetrics(font: font, size: fontSize)
        self.metrics = metrics
        let boxWidth: CGFloat? = width.flatMap { $0.isFinite ? max(0, $0) : nil }
        let maximumLines: Int? = height.flatMap { value -> Int? in
            guard value.isFinite, metrics.lineHeight > 0 else { return nil }
            return max(1, Int((max(0, value) / metrics.lineHeight + 1e-9).rounded(.down)))
        }

        // Break every paragraph into line ranges.
        var planned: [(paragraph: Int, range: Range<Int>, isLastOfParagraph: Bool)] = []
        var paragraphs: [Paragraph] = []
        for (index, scalars) in Self.paragraphs(of: string).enumerated() {
            let paragraph = Self.paragraph(scalars, font: font, scale: metrics.scale, kerning: kerning)
            paragraphs.append(paragraph)
            let ranges =
                wraps && boxWidth != nil ? Self.lineRanges(of: paragraph, width: boxWidth!) : [0..<paragraph.count]
            for (number, range) in ranges.enumerated() {
                planned.append((index, range, number == ranges.count - 1))
            }
        }
        var droppedLines = false
        if let maximumLines, planned.count > maximumLines {
            planned.removeLast(planned.count - maximumLines)
            droppedLines = true
        }

        // Turn each planned range into pieces, truncating where asked.
        let ellipsis = Ellipsis(font: font, scale: metrics.scale, kerning: kerning)
        var lines: [Line] = []
        lines.reserveCapacity(planned.count)
        for (number, plan) in planned.enumerated() {
            let paragraph = paragraphs[plan.paragraph]
            var pieces: [Piece] = [.text(paragraph.trimmingTrailingSpaces(plan.range))]
            var isTruncated = false
            if truncation != .none, let boxWidth {
                if wraps {
                    if droppedLines && number == planned.count - 1 {
                        // The rest of the paragraph, cut at its end (all of it, plus "…", when it fits).
                        let rest = plan.range.lowerBound..<paragraph.count
                        pieces = Self.truncated(rest, of: paragraph, width: boxWidth, mode: .end, ellipsis: ellipsis)
                        isTruncated = true
                    }
                } else if paragraph.width(paragraph.trimmingTrailingSpaces(plan.range)) > boxWidth + 1e-9 {
                    pieces = Self.truncated(
                        plan.range, of: paragraph, width: boxWidth, mode: truncation, ellipsis: ellipsis)
                    isTruncated = true
                }
            }
            let justify =
                alignment == .justified && !plan.isLastOfParagraph && !isTruncated && boxWidth != nil
            lines.append(
                Self.line(
                    pieces, of: paragraph, ellipsis: ellipsis, justifiedWidth: justify ? boxWidth : nil,
                    baseline: metrics.ascent + CGFloat(number) * metrics.lineHeight, isTruncated: isTruncated))
        }

        // Align.
        let alignmentWidth = boxWidth ?? lines.map(\.width).max() ?? 0
        for index in lines.indices {
            let slack = alignmentWidth - lines[index].width
            switch alignment {
            case .natural, .left, .justified: lines[index].origin.x = 0
            case .right: lines[index].origin.x = slack
            case .center: lines[index].origin.x = slack / 2
            }
        }
        self.lines = lines
        self.isTruncated = droppedLines || lines.contains { $0.isTruncated }

        if lines.isEmpty {
            usedBounds = .zero
        } else {
            let inked = lines.filter { !$0.glyphs.isEmpty }
            let minX = inked.map(\.origin.x).min() ?? lines[0].origin.x
            let maxX = inked.map { $0.origin.x + $0.width }.max() ?? minX
            let height = metrics.ascent + metrics.descent + CGFloat(lines.count - 1) * metrics.lineHeight
            usedBounds = CGRect(x: minX, y: 0, width: maxX - minX, height: height)
        }
    }

    /// Builds a line from pieces, placing glyphs one after another; with `justifiedWidth`, spaces between
    /// non-space glyphs share the room left over to that width.
    private static func line(
        _ pieces: [Piece], of paragraph: Paragraph, ellipsis: Ellipsis, justifiedWidth: CGFloat?,
        baseline: CGFloat, isTruncated: Bool
    ) -> Line {
        var glyphs: [CGGlyph] = []
        var advances: [CGFloat] = []
        var stretchable: [Bool] = []
        for piece in pieces {
            switch piece {
            case .text(let range):
                for index in range {
                    glyphs.append(paragraph.glyphs[index])
                    advances.append(
                        paragraph.advances[index] + (index + 1 < range.upperBound ? paragraph.kerns[index] : 0))
                    stretchable.append(paragraph.isSpace[index])
                }
            case .ellipsis:
                glyphs.append(contentsOf: ellipsis.glyphs)
                advances.append(contentsOf: ellipsis.advances)
                stretchable.append(contentsOf: repeatElement(false, count: ellipsis.glyphs.count))
            }
        }
        let natural = advances.reduce(0, +)
        var extra: CGFloat = 0
        if let justifiedWidth, natural < justifiedWidth {
            // Leading spaces (an indent) are not stretched; trailing ones were already removed.
            let firstInk = stretchable.firstIndex(of: false) ?? stretchable.count
            let spaces = stretchable[firstInk...].filter { $0 }.count
            if spaces > 0 { extra = (justifiedWidth - natural) / CGFloat(spaces) }
            for index in 0..<firstInk { stretchable[index] = false }
        }
        var positions: [CGPoint] = []
        positions.reserveCapacity(glyphs.count)
        var x: CGFloat = 0
        for index in glyphs.indices {
            positions.append(CGPoint(x: x, y: 0))
            x += advances[index] + (stretchable[index] ? extra : 0)
        }
        return Line(
            glyphs: glyphs, positions: positions, origin: CGPoint(x: 0, y: baseline), width: x, isTruncated: isTruncated
        )
    }
}
