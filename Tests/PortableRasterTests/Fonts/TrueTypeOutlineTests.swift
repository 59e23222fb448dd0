@_spi(Engine) import PortableRaster
import Testing

/// Flattens a path into `(verb, points)` pairs for exact comparisons.
func segments(_ path: RasterPath) -> [String] {
    var result: [String] = []
    var index = 0
    func text(_ point: RasterPoint) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        return "\(number(point.x)),\(number(point.y))"
    }
    for verb in path.verbs {
        let points = path.points[index..<(index + verb.pointCount)].map(text)
        switch verb {
        case .move: result.append("M \(points[0])")
        case .line: result.append("L \(points[0])")
        case .quadratic: result.append("Q \(points[0]) \(points[1])")
        case .cubic: result.append("C \(points[0]) \(points[1]) \(points[2])")
        case .close: result.append("Z")
        }
        index += verb.pointCount
    }
    return result
}

@Suite("TrueType outlines")
struct TrueTypeOutlineTests {
    static let notdef = SyntheticGlyph.box(advance: 500, 50, 0, 450, 700)

    @Test("an on-curve square becomes a move, three lines and a close, in font units with y up")
    func square() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef]))
        #expect(segments(try typeface.outline(of: 0)) == ["M 50,0", "L 50,700", "L 450,700", "L 450,0", "Z"])
    }

    @Test("one off-curve point between two on-curve points is the control point of a quadratic curve")
    func singleControlPoint() throws {
        let arch = SyntheticGlyph.simple(advance: 200, [[(0, 0, true), (100, 200, false), (200, 0, true)]])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, arch]))
        #expect(segments(try typeface.outline(of: 1)) == ["M 0,0", "Q 100,200 200,0", "Z"])
    }

    @Test("two consecutive off-curve points imply an on-curve point at their midpoint; start at the last point")
    func impliedMidpoint() throws {
        let glyph = SyntheticGlyph.simple(
            advance: 200, [[(0, 0, false), (100, 100, false), (200, 0, true), (100, -100, true)]])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, glyph]))
        #expect(
            segments(try typeface.outline(of: 1)) == [
                "M 100,-100", "Q 0,0 50,50", "Q 100,100 200,0", "Z",
            ])
    }

    @Test("a contour of only off-curve points starts at the midpoint of its first and last points")
    func allOffCurve() throws {
        let glyph = SyntheticGlyph.simple(
            advance: 100, [[(0, 0, false), (100, 0, false), (100, 100, false), (0, 100, false)]])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, glyph]))
        #expect(
            segments(try typeface.outline(of: 1)) == [
                "M 0,50", "Q 0,0 50,0", "Q 100,0 100,50", "Q 100,100 50,100", "Q 0,100 0,50", "Z",
            ])
    }

    @Test("two contours, long and short deltas, repeated flags and the long loca format read the same points")
    func twoContoursLongLoca() throws {
        let glyph = SyntheticGlyph.simple(
            advance: 1000,
            [
                [(0, 0, true), (0, 900, true), (900, 900, true), (900, 0, true)],
                [(300, 300, true), (600, 300, true), (600, 600, true), (300, 600, true)],
            ])
        for longLoca in [false, true] {
            let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, glyph], longLoca: longLoca))
            #expect(
                segments(try typeface.outline(of: 1)) == [
                    "M 0,0", "L 0,900", "L 900,900", "L 900,0", "Z",
                    "M 300,300", "L 600,300", "L 600,600", "L 300,600", "Z",
                ])
        }
    }

    @Test("a glyph with no data (a space) has an empty outline")
    func emptyGlyph() throws {
        let space = SyntheticGlyph(advance: 250)
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, space]))
        #expect(try typeface.outline(of: 1).isEmpty)
        #expect(typeface.bounds(of: 1) == nil)
    }

    @Test("a composite places its components with offsets, a uniform scale and word-sized arguments")
    func compositeOffsetsAndScale() throws {
        let arch = SyntheticGlyph.simple(advance: 200, [[(0, 0, true), (100, 200, false), (200, 0, true)]])
        let composite = SyntheticGlyph.composite(
            advance: 900,
            [
                .init(glyph: 1, dx: 300, dy: -20),
                .init(glyph: 0, dx: 10, dy: 5, scale: .uniform(0.5)),
            ])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, arch, composite]))
        #expect(
            segments(try typeface.outline(of: 2)) == [
                "M 300,-20", "Q 400,180 500,-20", "Z",
                "M 35,5", "L 35,355", "L 235,355", "L 235,5", "Z",
            ])
    }

    @Test("a 2×2 component matrix maps (x, y) to (a·x + c·y, b·x + d·y): a quarter turn gives (−y, x)")
    func compositeMatrix() throws {
        let arch = SyntheticGlyph.simple(advance: 200, [[(0, 0, true), (100, 200, false), (200, 0, true)]])
        let turned = SyntheticGlyph.composite(advance: 200, [.init(glyph: 1, scale: .matrix(0, 1, -1, 0))])
        let stretched = SyntheticGlyph.composite(advance: 200, [.init(glyph: 1, dx: 4, scale: .xy(1.5, 0.5))])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, arch, turned, stretched]))
        #expect(segments(try typeface.outline(of: 2)) == ["M 0,0", "Q -200,100 0,200", "Z"])
        #expect(segments(try typeface.outline(of: 3)) == ["M 4,0", "Q 154,100 304,0", "Z"])
    }

    @Test("SCALED_COMPONENT_OFFSET runs the offset through the component's matrix")
    func scaledOffset() throws {
        let composite = SyntheticGlyph.composite(
            advance: 200, [.init(glyph: 0, dx: 100, dy: 40, scale: .uniform(0.5), scaledOffset: true)])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, composite]))
        #expect(segments(try typeface.outline(of: 1)).first == "M 75,20")
    }

    @Test("matching points: the component is moved so its point 0 lands on the glyph's point 2")
    func anchoredComponent() throws {
        let arch = SyntheticGlyph.simple(advance: 200, [[(0, 0, true), (100, 200, false), (200, 0, true)]])
        let composite = SyntheticGlyph.composite(
            advance: 400, [.init(glyph: 1), .init(glyph: 1, anchor: (parent: 2, child: 0))])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, arch, composite]))
        #expect(
            segments(try typeface.outline(of: 2)) == [
                "M 0,0", "Q 100,200 200,0", "Z", "M 200,0", "Q 300,200 400,0", "Z",
            ])
    }

    @Test("a composite that contains itself, directly or through another glyph, is a typed error")
    func recursiveComposite() throws {
        let selfReferencing = SyntheticGlyph.composite(advance: 100, [.init(glyph: 1)])
        let first = SyntheticGlyph.composite(advance: 100, [.init(glyph: 3)])
        let second = SyntheticGlyph.composite(advance: 100, [.init(glyph: 2)])
        let typeface = try Typeface(
            bytes: SyntheticFont.trueType([Self.notdef, selfReferencing, first, second]))
        #expect(throws: FontError.compositeTooDeep(glyph: 1)) { try typeface.outline(of: 1) }
        #expect(throws: FontError.compositeTooDeep(glyph: 2)) { try typeface.outline(of: 2) }
        // The cached path degrades to an empty outline instead of failing.
        #expect(typeface.cachedOutline(of: 2).isEmpty)
    }

    @Test("composites nested deeper than the limit are refused; the limit itself is accepted")
    func compositeDepth() throws {
        var glyphs = [Self.notdef]
        for level in 1...(Typeface.maximumCompositeDepth + 1) {
            glyphs.append(.composite(advance: 100, [.init(glyph: level - 1)]))
        }
        let typeface = try Typeface(bytes: SyntheticFont.trueType(glyphs))
        #expect(segments(try typeface.outline(of: UInt16(Typeface.maximumCompositeDepth))).count == 5)
        let deepest = UInt16(Typeface.maximumCompositeDepth + 1)
        #expect(throws: FontError.compositeTooDeep(glyph: deepest)) { try typeface.outline(of: deepest) }
    }

    @Test("a loca entry beyond the end of glyf is a typed error for that glyph only")
    func locaOutOfRange() throws {
        var tables = SyntheticFont.trueTypeTables(
            [Self.notdef, .box(advance: 100, 0, 0, 10, 10)], info: SyntheticFontInfo())
        let index = tables.firstIndex { $0.tag == "loca" }!
        // Short offsets are halved: entry 2 (end of glyph 1) → 0x7000 × 2 bytes, far past glyf.
        tables[index].bytes[4] = 0x70
        tables[index].bytes[5] = 0x00
        let typeface = try Typeface(bytes: SyntheticFont.assemble(tables))
        #expect(throws: FontError.glyphDataOutOfRange(glyph: 1)) { try typeface.outline(of: 1) }
        #expect(segments(try typeface.outline(of: 0)).count == 5)
    }

    @Test("glyph data cut short inside its coordinates is a typed error, never a crash")
    func truncatedGlyph() throws {
        let full = SyntheticGlyph.box(advance: 100, 0, 0, 1000, 1000).encoded()
        // The builder pads each glyph to an even length, so every cut leaves at least one needed byte missing.
        for length in [5, 11, 13, full.count - 3, full.count - 4] {
            var glyph = SyntheticGlyph(advance: 100)
            glyph.raw = Array(full.prefix(length))
            let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, glyph]))
            #expect(throws: FontError.self) { try typeface.outline(of: 1) }
        }
    }

    @Test("contour end points that go backwards are a typed error")
    func decreasingContourEnds() throws {
        var writer = ByteWriter()
        for value in [2, 0, 0, 10, 10, 3, 1, 0] { writer.u16(value) }
        var glyph = SyntheticGlyph(advance: 100)
        glyph.raw = writer.bytes
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, glyph]))
        #expect(throws: FontError.invalidValue(table: "glyf", detail: "contour ends of glyph 1 are not increasing")) {
            try typeface.outline(of: 1)
        }
    }

    @Test("asking for a glyph id beyond maxp's count is a typed error")
    func glyphOutOfRange() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef]))
        #expect(throws: FontError.glyphOutOfRange(glyph: 7, count: 1)) { try typeface.outline(of: 7) }
        #expect(typeface.advance(of: 7) == 0)
    }

    @Test("the cache returns the parsed outline and keeps one entry per glyph")
    func cache() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef, .box(advance: 10, 0, 0, 5, 5)]))
        #expect(typeface.cachedOutlineCount == 0)
        let first = typeface.cachedOutline(of: 1)
        let again = typeface.cachedOutline(of: 1)
        #expect(first == again)
        #expect(first == (try typeface.outline(of: 1)))
        #expect(typeface.cachedOutlineCount == 1)
    }

    @Test("glyph bounds come from the glyph header")
    func bounds() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([Self.notdef]))
        #expect(typeface.bounds(of: 0) == FontBox(minX: 50, minY: 0, maxX: 450, maxY: 700))
    }
}
