import Testing

@testable import pqc

@Suite("Swift highlighter")
struct SwiftHighlighterTests {
    @Test("keywords, numbers and a line comment: let x = 1 // one")
    func declaration() {
        #expect(
            SwiftHighlighter.html("let x = 1 // one")
                == "<span class=\"k\">let</span> x = <span class=\"n\">1</span> <span class=\"c\">// one</span>")
    }

    @Test("a string with an interpolation colours the code inside it and escapes < and &")
    func interpolation() {
        #expect(
            SwiftHighlighter.html("\"a < \\(b + 2) & c\"")
                == "<span class=\"s\">\"a &lt; \\(</span>b + <span class=\"n\">2</span>"
                + "<span class=\"s\">) &amp; c\"</span>")
    }

    @Test("types, attributes, member names that are keywords, and nested block comments")
    func typesAndAttributes() {
        #expect(
            SwiftHighlighter.html("@MainActor CALayer.default /* a /* b */ c */ x")
                == "<span class=\"a\">@MainActor</span> <span class=\"t\">CALayer</span>.default "
                + "<span class=\"c\">/* a /* b */ c */</span> x")
    }

    @Test("numbers with exponents, hex and underscores stay whole: 1.5e-3, 0xFF, 1_000")
    func numbers() {
        #expect(
            SwiftHighlighter.html("1.5e-3 0xFF 1_000")
                == "<span class=\"n\">1.5e-3</span> <span class=\"n\">0xFF</span> <span class=\"n\">1_000</span>")
    }

    @Test("unterminated strings and comments end with the text and still close their span")
    func unterminated() {
        #expect(SwiftHighlighter.html("\"abc") == "<span class=\"s\">\"abc</span>")
        #expect(SwiftHighlighter.html("/* abc") == "<span class=\"c\">/* abc</span>")
        #expect(SwiftHighlighter.html("\"\"\"\nx") == "<span class=\"s\">\"\"\"\nx</span>")
    }

    @Test("raw strings keep backslashes and end only at their own delimiter")
    func rawString() {
        #expect(SwiftHighlighter.html("#\"a\\n\"b\"# x") == "<span class=\"s\">#\"a\\n\"b\"#</span> x")
    }
}
