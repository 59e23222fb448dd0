@_spi(Engine) import PortableRaster
import Testing

private typealias C = Charstring

/// The .notdef square: width 500, then (50, 0) → (450, 0) → (450, 700) → (50, 700).
private let squareCharstring = C.op([500, 50, 0], C.rmoveto) + C.op([400, 700, -400], C.hlineto) + C.op([], C.endchar)

private func compactTypeface(
    _ charStrings: [[UInt8]], global: [[UInt8]] = [], local: [[UInt8]] = [], fontMatrix: [Double]? = nil,
    charset: [Int]? = nil
) throws -> Typeface {
    try Typeface(
        bytes: SyntheticFont.compact(
            charStrings: charStrings, globalSubroutines: global, localSubroutines: local, fontMatrix: fontMatrix,
            charset: charset))
}

@Suite("CFF outlines")
struct CompactOutlineTests {
    @Test("a CFF font reads as cubic outlines; the width operand before rmoveto is skipped")
    func square() throws {
        let typeface = try compactTypeface([squareCharstring])
        #expect(typeface.outlineFormat == .compact)
        #expect(typeface.glyphCount == 1)
        #expect(segments(try typeface.outline(of: 0)) == ["M 50,0", "L 450,0", "L 450,700", "L 50,700", "Z"])
        #expect(typeface.bounds(of: 0) == FontBox(minX: 50, minY: 0, maxX: 450, maxY: 700))
    }

    @Test("local and global subroutine calls subtract the bias of 107 for small INDEXes")
    func subroutines() throws {
        let glyph =
            C.op([100, 100], C.rmoveto) + C.op([-107], C.callsubr) + C.op([-106], C.callgsubr) + C.op([], C.endchar)
        let local = [C.op([200, 0], C.rlineto) + C.op([], C.ret)]
        let global = [
            C.op([], C.ret),
            C.op([0, 50, 100, 50, 100, 0], C.rrcurveto) + C.op([], C.ret),
        ]
        let typeface = try compactTypeface([squareCharstring, glyph], global: global, local: local)
        #expect(
            segments(try typeface.outline(of: 1)) == [
                "M 100,100", "L 300,100", "C 300,150 400,200 500,200", "Z",
            ])
    }

    @Test("stem hints and hint masks are skipped; hvcurveto and vhcurveto alternate tangents")
    func hintsAndAlternatingCurves() throws {
        let glyph =
            C.op([0, 50], C.hstem) + C.op([10, 20, 30, 40], C.vstem) + C.op([], C.hintmask) + [0xE0]
            + C.op([0, 0], C.rmoveto) + C.op([100, 50, 50, 100], C.hvcurveto)
            + C.op([100, -50, 50, -100, 30], C.vhcurveto) + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph])
        #expect(
            segments(try typeface.outline(of: 1)) == [
                "M 0,0", "C 100,0 150,50 150,150", "C 150,250 100,300 0,330", "Z",
            ])
    }

    @Test("operands before hintmask are implicit vertical stems, which change the mask length")
    func implicitStems() throws {
        // 2 + 8 = 10 stems → two mask bytes; a wrong count would read the second byte as an operator.
        let glyph =
            C.op([0, 10, 20, 10], C.hstemhm)
            + C.op([0, 5, 10, 5, 20, 5, 30, 5, 40, 5, 50, 5, 60, 5, 70, 5], C.hintmask)
            + [0xFF, 0x0B] + C.op([10, 20], C.rmoveto) + C.op([30], C.hlineto) + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph])
        #expect(segments(try typeface.outline(of: 1)) == ["M 10,20", "L 40,20", "Z"])
    }

    @Test("hhcurveto and vvcurveto take an optional leading cross-axis offset; rcurveline and rlinecurve mix")
    func straightCurves() throws {
        let glyph =
            C.op([0, 0], C.rmoveto) + C.op([5, 10, 20, 30, 40], C.hhcurveto) + C.op([7, 10, 20, 30, 40], C.vvcurveto)
            + C.op([1, 2, 3, 4, 5, 6, 10, 0], C.rcurveline) + C.op([0, 10, 1, 1, 1, 1, 1, 1], C.rlinecurve)
            + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph])
        #expect(
            segments(try typeface.outline(of: 1)) == [
                "M 0,0",
                "C 10,5 30,35 70,35",  // hhcurveto: dy1 = 5
                "C 77,45 97,75 97,115",  // vvcurveto: dx1 = 7
                "C 98,117 101,121 106,127", "L 116,127",  // rcurveline
                "L 116,137", "C 117,138 118,139 119,140",  // rlinecurve
                "Z",
            ])
    }

    @Test("flex, hflex, hflex1 and flex1 draw their two curves; the h forms return to the starting height")
    func flexForms() throws {
        let start = C.op([0, 0], C.rmoveto)
        let end = C.op([], C.endchar)
        let glyphs = [
            squareCharstring,
            start + C.op([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 50], C.flex) + end,
            start + C.op([10, 20, 30, 40, 50, 60, 70], C.hflex) + end,
            start + C.op([10, 5, 20, 10, 30, 40, 50, -5, 60], C.hflex1) + end,
            start + C.op([10, 10, 20, 20, 30, 0, 30, 0, 20, -20, 25], C.flex1) + end,
            start + C.op([10, 10, 0, 20, 0, 30, 0, 30, -20, 20, 25], C.flex1) + end,
        ]
        let typeface = try compactTypeface(glyphs)
        #expect(
            segments(try typeface.outline(of: 1)) == [
                "M 0,0", "C 10,20 40,60 90,120", "C 160,200 250,300 360,420", "Z",
            ])
        #expect(
            segments(try typeface.outline(of: 2)) == ["M 0,0", "C 10,0 30,30 70,30", "C 120,30 180,0 250,0", "Z"])
        #expect(
            segments(try typeface.outline(of: 3)) == ["M 0,0", "C 10,5 30,15 60,15", "C 100,15 150,10 210,0", "Z"])
        // |Σdx| = 110 > |Σdy| = 10: the last operand is dx6 and the curve ends at y = 0.
        #expect(
            segments(try typeface.outline(of: 4)) == ["M 0,0", "C 10,10 30,30 60,30", "C 90,30 110,10 135,0", "Z"])
        // |Σdx| = 10 < |Σdy| = 110: the last operand is dy6 and the curve ends at x = 0.
        #expect(
            segments(try typeface.outline(of: 5)) == ["M 0,0", "C 10,10 10,30 10,60", "C 10,90 -10,110 0,135", "Z"])
    }

    @Test("arithmetic and storage operators compute operands: add mul div exch put get ifelse roll drop")
    func arithmetic() throws {
        let glyph =
            C.op([3, 4], C.add) + C.op([2], C.mul) + C.op([20, 2], C.div) + C.op([], C.exch) + C.op([], C.rmoveto)
            + C.op([50, 0], C.put) + C.op([0], C.get) + C.op([0], C.rlineto)
            + C.op([1, 2, 3, 4], C.ifelse) + C.op([0], C.exch) + C.op([], C.rlineto)
            + C.op([1, 2, 3, 3, 1], C.roll) + C.op([], C.drop) + C.op([], C.rlineto)
            + C.op([9], C.sqrt) + C.op([-2], C.absolute) + C.op([], C.sub) + C.op([5], C.neg) + C.op([], C.rlineto)
            + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph])
        #expect(
            segments(try typeface.outline(of: 1)) == ["M 10,14", "L 60,14", "L 60,15", "L 63,16", "L 64,11", "Z"])
    }

    @Test("fractional operands (16.16 fixed) keep their fraction")
    func fixedOperands() throws {
        let glyph = C.op([0.5, 1.25], C.rmoveto) + C.op([2.75], C.hlineto) + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph])
        #expect(segments(try typeface.outline(of: 1)) == ["M 0.5,1.25", "L 3.25,1.25", "Z"])
    }

    @Test("a FontMatrix of 1/2000 in a 1000-unit font halves every coordinate")
    func fontMatrix() throws {
        let typeface = try compactTypeface([squareCharstring], fontMatrix: [0.0005, 0, 0, 0.0005, 0, 0])
        #expect(segments(try typeface.outline(of: 0)) == ["M 25,0", "L 225,0", "L 225,350", "L 25,350", "Z"])
    }

    @Test("endchar with four operands draws a base glyph and an accent moved by (adx, ady)")
    func accentedCharacter() throws {
        let base = C.op([0, 0], C.rmoveto) + C.op([100], C.hlineto) + C.op([], C.endchar)
        let accent = C.op([0, 0], C.rmoveto) + C.op([10], C.vlineto) + C.op([], C.endchar)
        let accented = C.op([600, 30, 500, 65, 194], C.endchar)
        // Glyph names: .notdef, A (string id 34), acute (string id 125), Aacute (string id 200).
        let typeface = try compactTypeface(
            [squareCharstring, base, accent, accented], charset: [0, 34, 125, 200])
        #expect(segments(try typeface.outline(of: 3)) == ["M 0,0", "L 100,0", "Z", "M 30,500", "L 30,510", "Z"])
    }

    @Test("a CID-keyed font gives each glyph the local subroutines of the font FDSelect assigns it")
    func cidKeyed() throws {
        let glyph = C.op([0, 0], C.rmoveto) + C.op([-107], C.callsubr) + C.op([], C.endchar)
        let bytes = SyntheticFont.compactCID(
            charStrings: [glyph, glyph, glyph], fontOfGlyph: [0, 1, 0],
            localSubroutines: [[C.op([100], C.hlineto) + C.op([], C.ret)], [C.op([200], C.vlineto) + C.op([], C.ret)]])
        let typeface = try Typeface(bytes: bytes)
        #expect(segments(try typeface.outline(of: 0)) == ["M 0,0", "L 100,0", "Z"])
        #expect(segments(try typeface.outline(of: 1)) == ["M 0,0", "L 0,200", "Z"])
        #expect(segments(try typeface.outline(of: 2)) == ["M 0,0", "L 100,0", "Z"])
    }

    @Test("49 operands overflow the 48-entry stack: a typed error")
    func stackOverflow() throws {
        let glyph = Array(repeating: 0.0, count: 49).flatMap(C.number) + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph])
        #expect(throws: FontError.invalidCharstring(glyph: 1, detail: "operand stack overflow")) {
            try typeface.outline(of: 1)
        }
        #expect(typeface.cachedOutline(of: 1).isEmpty)
    }

    @Test("a subroutine that calls itself stops at the nesting limit of 10")
    func recursiveSubroutine() throws {
        let glyph = C.op([-107], C.callsubr) + C.op([], C.endchar)
        let local = [C.op([-107], C.callsubr)]
        let typeface = try compactTypeface([squareCharstring, glyph], local: local)
        #expect(throws: FontError.invalidCharstring(glyph: 1, detail: "subroutines nested deeper than 10")) {
            try typeface.outline(of: 1)
        }
    }

    @Test("subroutines that fan out stop at the operator limit instead of running for minutes")
    func fanOut() throws {
        // Global subroutine k calls subroutine k + 1 four times; 4⁹ leaf calls exceed 100 000 operators.
        var global: [[UInt8]] = []
        for level in 0..<9 {
            global.append(Array(repeating: C.op([Double(level + 1 - 107)], C.callgsubr), count: 4).flatMap { $0 })
        }
        global.append(C.op([], C.ret))
        let glyph = C.op([-107], C.callgsubr) + C.op([], C.endchar)
        let typeface = try compactTypeface([squareCharstring, glyph], global: global)
        #expect(throws: FontError.invalidCharstring(glyph: 1, detail: "more than 100000 operators")) {
            try typeface.outline(of: 1)
        }
    }

    @Test(
        "malformed charstrings give typed errors",
        arguments: [
            (C.op([1], 2), "unknown operator 2"),
            (C.op([5], C.callsubr), "subroutine 5.0 does not exist"),
            (C.op([1, 2, 3], C.rrcurveto), "rrcurveto needs 6n operands"),
            (C.op([1, 0], C.div), "division by zero"),
            (C.op([], C.rmoveto), "operand stack underflow"),
            (C.op([], C.ret), "return outside a subroutine"),
            (C.op([1, 2, 3], C.endchar), "endchar with 3 operands"),
            (C.op([30000, 30000], C.mul) + C.op([0], C.rmoveto) + C.op([], C.endchar), "coordinates out of range"),
            (C.op([1, 2, 1e4], C.roll), "roll out of range"),
        ])
    func malformed(charstring: [UInt8], detail: String) throws {
        let typeface = try compactTypeface([squareCharstring, charstring], local: [C.op([], C.ret)])
        #expect(throws: FontError.invalidCharstring(glyph: 1, detail: detail)) { try typeface.outline(of: 1) }
    }

    @Test("a CFF table cut short is a typed error when the font is opened")
    func truncatedTable() throws {
        let bytes = SyntheticFont.compact(charStrings: [squareCharstring])
        // Shrink the CFF table's recorded length to 20 bytes: its INDEXes then run past the table.
        var patched = bytes
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for entry in 0..<count where Array(bytes[(12 + 16 * entry)..<(16 + 16 * entry)]) == Array("CFF ".utf8) {
            patched[12 + 16 * entry + 12..<12 + 16 * entry + 16] = [0, 0, 0, 20]
        }
        #expect(throws: FontError.truncatedTable("CFF ")) { try Typeface(bytes: patched) }
    }
}
