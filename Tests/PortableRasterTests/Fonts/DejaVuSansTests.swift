@_spi(Engine) import PortableRaster
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where Debian installs DejaVu Sans; the suites using it are skipped when the file is absent.
let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
let dejaVuSansInstalled = access(dejaVuSansPath, R_OK) == 0

@Suite("DejaVu Sans (installed font)", .enabled(if: dejaVuSansInstalled, "DejaVu Sans is not installed"))
struct DejaVuSansTests {
    let typeface: Typeface

    init() throws {
        typeface = try FontFile(contentsOf: dejaVuSansPath).typeface()
    }

    @Test("head, hhea and name: 2048 units per em, ascender 1901, descender −483, family DejaVu Sans Book")
    func metrics() {
        #expect(typeface.unitsPerEm == 2048)
        #expect(typeface.ascender == 1901)
        #expect(typeface.descender == -483)
        #expect(typeface.lineGap == 0)
        #expect(typeface.names.family == "DejaVu Sans")
        #expect(typeface.names.subfamily == "Book")
        #expect(typeface.names.postScriptName == "DejaVuSans")
        #expect(typeface.outlineFormat == .trueType)
    }

    @Test("A is glyph 36 with an advance of 1401 units; A then V kerns by −131")
    func advanceAndKerning() {
        let a = typeface.glyph(for: "A")
        let v = typeface.glyph(for: "V")
        #expect(a == 36)
        #expect(typeface.advance(of: a) == 1401)
        #expect(typeface.kerning(a, v) == -131)
    }

    @Test("cap height and x height are measured from H and x: 1493 and 1120 units")
    func measuredHeights() {
        #expect(typeface.capHeight == 1493)
        #expect(typeface.xHeight == 1120)
    }

    @Test("every glyph of the font parses without error")
    func allGlyphsParse() throws {
        for glyph in 0..<typeface.glyphCount {
            _ = try typeface.outline(of: UInt16(glyph))
        }
    }

    @Test("rendered Hg at 48 px covers exactly the outlines' enclosed area (within 0.5 %)")
    func renderedCoverage() throws {
        var buffer = try PixelBuffer(width: 80, height: 64)
        var rasterizer = GlyphRasterizer()
        let scale = 48.0 / 2048
        let h = typeface.glyph(for: "H")
        let g = typeface.glyph(for: "g")
        rasterizer.begin(clip: buffer.bounds)
        var x = 4.0
        var exact = 0.0
        for glyph in [h, g] {
            let transform = Affine2D.scale(x: scale, y: -scale).concatenated(.translation(x: x, y: 48))
            rasterizer.addGlyph(glyph, of: typeface, transform: transform)
            exact += enclosedArea(try typeface.outline(of: glyph)) * scale * scale
            x += Double(typeface.advance(of: glyph)) * scale
        }
        rasterizer.finish(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), into: &buffer)
        var alphaSum = 0
        for row in 0..<buffer.height {
            for column in 0..<buffer.width { alphaSum += Int(buffer[x: column, y: row].a) }
        }
        let covered = Double(alphaSum) / 255
        #expect(abs(covered - exact) / exact < 0.005, "covered \(covered) px², exact \(exact) px²")
        // Ink stays inside the line box: nothing above the ascender or below the descender.
        let top = Int(48 - 1901 * scale)
        let bottom = Int((48 + 483 * scale).rounded(.up))
        for column in 0..<buffer.width {
            #expect(buffer[x: column, y: max(0, top - 1)].a == 0)
            #expect(buffer[x: column, y: min(buffer.height - 1, bottom + 1)].a == 0)
        }
    }
}

@Suite("System font lookup (installed fonts)", .enabled(if: dejaVuSansInstalled, "DejaVu Sans is not installed"))
struct SystemFontLookupTests {
    @Test("the standard folders contain DejaVu Sans; family and style names pick the right files")
    func lookup() throws {
        let locator = FontLocator()
        #expect(locator.match(name: "DejaVu Sans")?.path == dejaVuSansPath)
        #expect(locator.match(name: "DejaVuSans")?.path == dejaVuSansPath)
        let bold = try #require(locator.match(name: "DejaVu Sans Bold"))
        #expect(bold.path.hasSuffix("/DejaVuSans-Bold.ttf"))
        let resolution = try locator.resolve(name: "No Such Family")
        #expect(resolution.usedFallback)
        #expect(resolution.font.path == dejaVuSansPath)
    }
}
