import PortableCoreGraphics
import Testing

private typealias F = LayoutTestFont

/// Whether two lists of numbers agree within 10⁻⁹ each.
func close(_ values: [CGFloat], _ expected: [CGFloat]) -> Bool {
    values.count == expected.count && zip(values, expected).allSatisfy { abs($0 - $1) < 1e-9 }
}

private func layout(
    _ text: String, width: CGFloat? = nil, height: CGFloat? = nil, alignment: TextLayout.Alignment = .natural,
    wraps: Bool = false, truncation: TextLayout.Truncation = .none, kerning: Bool = true
) -> TextLayout {
    TextLayout(
        string: text, font: F.font, fontSize: 10, width: width, height: height, alignment: alignment, wraps: wraps,
        truncation: truncation, kerning: kerning)
}

@Suite("TextLayout")
struct TextLayoutTests {
    @Test("one line: glyphs by character, positions by advance (5 pt letters, 2.5 pt space at 10 pt)")
    func singleLine() {
        let result = layout("ab c")
        #expect(result.lines.count == 1)
        let line = result.lines[0]
        #expect(line.glyphs == F.glyphs("ab c"))
        #expect(line.positions.map(\.x) == [0, 5, 10, 12.5])
        #expect(line.width == 17.5)
        #expect(line.origin == CGPoint(x: 0, y: 8))
        #expect(result.usedBounds == CGRect(x: 0, y: 0, width: 17.5, height: 10))
        #expect(!result.isTruncated)
    }

    @Test("kerning: a then v is 1 pt tighter; switched off it is not")
    func kerning() {
        let kerned = layout("av").lines[0]
        #expect(kerned.positions.map(\.x) == [0, 4])
        #expect(kerned.width == 9)
        let plain = layout("av", kerning: false).lines[0]
        #expect(plain.positions.map(\.x) == [0, 5])
        #expect(plain.width == 10)
    }

    @Test("the quick brown fox wraps into 50 pt as two lines and into 30 pt as four")
    func wrapping() {
        let wide = layout("the quick brown fox", width: 50, wraps: true)
        #expect(wide.lines.map(\.glyphs) == [F.glyphs("the quick"), F.glyphs("brown fox")])
        #expect(wide.lines.map(\.width) == [42.5, 42.5])
        let narrow = layout("the quick brown fox", width: 30, wraps: true)
        #expect(narrow.lines.map(\.glyphs) == ["the", "quick", "brown", "fox"].map(F.glyphs))
        #expect(close(narrow.lines.map(\.origin.y), [8, 18.9, 29.8, 40.7]))
    }

    @Test("without wrapping, text wider than the width stays on one line")
    func noWrapping() {
        let result = layout("the quick brown fox", width: 30)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].width == 87.5)
    }

    @Test("a word longer than the line breaks between characters: 12 letters into 22 pt are 3 lines of 4")
    func longWord() {
        let result = layout("abcdefghijkl", width: 22, wraps: true)
        #expect(result.lines.map(\.glyphs) == ["abcd", "efgh", "ijkl"].map(F.glyphs))
    }

    @Test("a single letter wider than the line still takes a line of its own")
    func narrowerThanOneLetter() {
        let result = layout("abc", width: 3, wraps: true)
        #expect(result.lines.map(\.glyphs) == ["a", "b", "c"].map(F.glyphs))
    }

    @Test("lines may break after a hyphen between letters: well-known fact into 40 pt")
    func hyphenBreak() {
        let result = layout("well-known fact", width: 40, wraps: true)
        #expect(result.lines.map(\.glyphs) == ["well-", "known", "fact"].map(F.glyphs))
        #expect(result.lines[0].width == 23)
    }

    @Test("spaces at a break hang: they are not in the line's glyphs and do not count toward its width")
    func hangingSpaces() {
        let result = layout("ab    cd", width: 12, wraps: true)
        #expect(result.lines.map(\.glyphs) == ["ab", "cd"].map(F.glyphs))
        #expect(result.lines.map(\.width) == [10, 10])
    }

    @Test("LF, CR LF and CR separate lines; a final newline adds no empty line; an empty paragraph keeps its line")
    func newlines() {
        let result = layout("ab\ncd\r\nef\rg\n\nh\n")
        #expect(result.lines.map(\.glyphs) == ["ab", "cd", "ef", "g", "", "h"].map(F.glyphs))
        #expect(close(result.lines.map(\.origin.y), [8, 18.9, 29.8, 40.7, 51.6, 62.5]))
        #expect(abs(result.usedBounds.height - (8 + 2 + 5 * 10.9)) < 1e-9)
        #expect(layout("").lines.isEmpty)
        #expect(layout("").usedBounds == .zero)
        #expect(layout("\n").lines.count == 1)
    }

    @Test("alignment offsets within 50 pt: left 0, right 7.5, centre 3.75 for a 42.5 pt line")
    func alignmentOffsets() {
        let cases: [(TextLayout.Alignment, CGFloat)] = [(.left, 0), (.natural, 0), (.right, 7.5), (.center, 3.75)]
        for (alignment, offset) in cases {
            let result = layout("the quick brown fox", width: 50, alignment: alignment, wraps: true)
            #expect(result.lines.map(\.origin.x) == [offset, offset], "\(alignment)")
        }
        let right = layout("the quick", width: 50, alignment: .right)
        #expect(right.usedBounds == CGRect(x: 7.5, y: 0, width: 42.5, height: 10))
    }

    @Test("without a width, lines align within the widest line")
    func alignmentWithoutWidth() {
        let result = layout("abcd\nab", alignment: .right)
        #expect(result.lines.map(\.origin.x) == [0, 10])
        let centred = layout("abcd\nab", alignment: .center)
        #expect(centred.lines.map(\.origin.x) == [0, 5])
    }

    @Test("justified lines widen their spaces to fill the width; the paragraph's last line stays natural")
    func justified() {
        let result = layout("the quick brown fox", width: 50, alignment: .justified, wraps: true)
        // One interior space takes the 7.5 pt left over: "q" moves from 17.5 to 25.
        #expect(result.lines[0].positions.map(\.x) == [0, 5, 10, 15, 25, 30, 35, 40, 45])
        #expect(result.lines[0].width == 50)
        #expect(result.lines[1].width == 42.5)
        #expect(result.lines[1].positions.map(\.x) == [0, 5, 10, 15, 20, 25, 27.5, 32.5, 37.5])
    }

    @Test("truncation at the end, start and middle keeps what fits around a 10 pt ellipsis in 32 pt")
    func truncationModes() {
        let text = "abcdefghij"  // 50 pt
        let end = layout(text, width: 32, truncation: .end)
        #expect(end.lines[0].glyphs == F.glyphs("abcd…"))
        #expect(end.lines[0].width == 30)
        #expect(end.isTruncated)
        #expect(layout(text, width: 32, truncation: .start).lines[0].glyphs == F.glyphs("…ghij"))
        #expect(layout(text, width: 32, truncation: .middle).lines[0].glyphs == F.glyphs("ab…ij"))
        // Truncation off: the line overflows.
        #expect(layout(text, width: 32).lines[0].glyphs == F.glyphs(text))
        // A line that fits is left alone.
        let fits = layout(text, width: 50, truncation: .end)
        #expect(fits.lines[0].glyphs == F.glyphs(text))
        #expect(!fits.isTruncated)
    }

    @Test("spaces next to the ellipsis are dropped")
    func truncationTrimsSpaces() {
        #expect(layout("abc defgh", width: 30, truncation: .end).lines[0].glyphs == F.glyphs("abc…"))
        #expect(layout("abcde fgh", width: 29, truncation: .start).lines[0].glyphs == F.glyphs("…fgh"))
        #expect(layout("ab cdef gh", width: 32, truncation: .middle).lines[0].glyphs == F.glyphs("ab…gh"))
    }

    @Test("when not even the ellipsis fits, the line is the ellipsis alone")
    func onlyEllipsis() {
        #expect(layout("abcdef", width: 4, truncation: .end).lines[0].glyphs == [F.ellipsis])
        #expect(layout("abcdef", width: 4, truncation: .middle).lines[0].glyphs == [F.ellipsis])
    }

    @Test("a font without an ellipsis glyph truncates with three full stops")
    func periodsForEllipsis() {
        let font = LayoutTestFont.makeFont(withEllipsis: false)
        let result = TextLayout(string: "abcdefghij", font: font, fontSize: 10, width: 32, truncation: .end)
        // Three stops are 6 pt, leaving 26 pt: five letters.
        #expect(result.lines[0].glyphs == F.glyphs("abcde..."))
    }

    @Test("wrapped text taller than the height keeps the lines that fit and cuts the last one with an ellipsis")
    func wrappedHeightTruncation() {
        let result = layout("the quick brown fox", width: 30, height: 25, wraps: true, truncation: .end)
        #expect(result.lines.map(\.glyphs) == [F.glyphs("the"), F.glyphs("quic…")])
        #expect(result.isTruncated)
        #expect(result.lines[1].isTruncated)
        let untruncated = layout("the quick brown fox", width: 30, height: 25, wraps: true)
        #expect(untruncated.lines.map(\.glyphs) == [F.glyphs("the"), F.glyphs("quick")])
        #expect(untruncated.isTruncated)
        // Dropped paragraphs after a line that fits: the ellipsis is appended to it.
        let paragraphs = layout("ab\ncd", width: 30, height: 12, wraps: true, truncation: .end)
        #expect(paragraphs.lines.map(\.glyphs) == [F.glyphs("ab…")])
    }

    @Test("characters the font lacks use glyph 0 with its advance; controls and zero-width characters are dropped")
    func missingAndIgnorable() {
        let result = layout("aZ\u{0007}\u{200B}b\tc")
        #expect(result.lines[0].glyphs == [1, 0, 2, F.space, 3])
        #expect(result.lines[0].positions.map(\.x) == [0, 5, 10, 15, 17.5])
    }

    @Test("zero, negative and non-finite sizes lay out without crashing and measure nothing")
    func degenerateSizes() {
        for size in [0, -3, CGFloat.nan, .infinity] {
            let result = TextLayout(string: "abc", font: F.font, fontSize: size, width: 10, wraps: true)
            #expect(result.lines.count == 1)
            #expect(result.lines[0].width == 0)
        }
        let noWidth = TextLayout(string: "abc", font: F.font, fontSize: 10, width: .nan, wraps: true)
        #expect(noWidth.lines.count == 1)
    }
}
