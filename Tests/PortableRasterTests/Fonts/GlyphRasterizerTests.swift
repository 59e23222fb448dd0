@_spi(Engine) import PortableRaster
import Testing

/// The exact area enclosed by an outline of lines and quadratic curves (cubic curves are not used here), in the
/// outline's units squared: the shoelace sum over the end points plus, for each quadratic curve, two thirds of
/// the signed triangle its control point makes with the chord.
func enclosedArea(_ path: RasterPath) -> Double {
    var twiceArea = 0.0
    var index = 0
    var start = RasterPoint.zero
    var current = RasterPoint.zero
    func cross(_ a: RasterPoint, _ b: RasterPoint) -> Double { a.x * b.y - a.y * b.x }
    for verb in path.verbs {
        switch verb {
        case .move:
            twiceArea += cross(current, start)
            start = path.points[index]
            current = start
        case .line:
            twiceArea += cross(current, path.points[index])
            current = path.points[index]
        case .quadratic:
            let control = path.points[index]
            let end = path.points[index + 1]
            twiceArea += cross(current, end)
            twiceArea += 2.0 / 3.0 * cross(control - current, end - current)
            current = end
        case .cubic:
            Issue.record("cubic curves are not measured")
        case .close:
            twiceArea += cross(current, start)
            current = start
        }
        index += verb.pointCount
    }
    return abs(twiceArea) / 2
}

@Suite("Glyph rasterizer")
struct GlyphRasterizerTests {
    @Test("a square glyph at 100 px per em covers exactly its 40 × 70 pixels, painted opaque")
    func squareGlyph() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([.box(advance: 500, 50, 0, 450, 700)]))
        var buffer = try PixelBuffer(width: 64, height: 96)
        var rasterizer = GlyphRasterizer()
        rasterizer.begin(clip: buffer.bounds)
        // Font units → pixels: scale 100/1000 with y flipped, origin (baseline start) at (10, 80).
        let transform = Affine2D.scale(x: 0.1, y: -0.1).concatenated(.translation(x: 10, y: 80))
        rasterizer.addGlyph(0, of: typeface, transform: transform)
        // The same glyph twice at the same place does not darken anything: one nonzero pass.
        rasterizer.addGlyph(0, of: typeface, transform: transform)
        rasterizer.finish(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), into: &buffer)
        var alphaSum = 0
        for y in 0..<96 {
            for x in 0..<64 {
                let inside = x >= 15 && x < 55 && y >= 10 && y < 80
                #expect(buffer[x: x, y: y].a == (inside ? 255 : 0), "pixel (\(x), \(y))")
                alphaSum += Int(buffer[x: x, y: y].a)
            }
        }
        #expect(alphaSum == 40 * 70 * 255)
    }

    @Test("unreadable glyphs and non-finite transforms add nothing")
    func badInput() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([.box(advance: 500, 50, 0, 450, 700)]))
        var rasterizer = GlyphRasterizer()
        var mask = CoverageMask()
        rasterizer.begin(clip: PixelRect(x: 0, y: 0, width: 32, height: 32))
        rasterizer.addGlyph(9, of: typeface, transform: .identity)
        rasterizer.addGlyph(0, of: typeface, transform: Affine2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        rasterizer.finish(into: &mask)
        #expect(mask.totalCoverage == 0)
    }

    @Test("the coverage of a curved glyph equals its exact enclosed area within 0.2 %")
    func curvedGlyphArea() throws {
        let disc = SyntheticGlyph.simple(
            advance: 1000,
            [
                [
                    (500, 0, true), (1000, 0, false), (1000, 500, true), (1000, 1000, false), (500, 1000, true),
                    (0, 1000, false), (0, 500, true), (0, 0, false),
                ]
            ])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([disc]))
        let exact = enclosedArea(try typeface.outline(of: 0)) * 0.0064  // (80 / 1000)²
        var rasterizer = GlyphRasterizer()
        var mask = CoverageMask()
        rasterizer.begin(clip: PixelRect(x: 0, y: 0, width: 100, height: 100))
        rasterizer.addGlyph(
            0, of: typeface, transform: Affine2D.scale(x: 0.08, y: -0.08).concatenated(.translation(x: 5.3, y: 90.1)))
        rasterizer.finish(into: &mask)
        let covered = Double(mask.totalCoverage) / 255
        #expect(abs(covered - exact) / exact < 0.002, "covered \(covered), exact \(exact)")
    }

    /// Renders `glyphs` of `typeface` at `size` px per em with origins at `origins`, returning the coverage.
    static func coverage(
        _ typeface: Typeface, _ glyphs: [UInt16], size: Double, origins: [RasterPoint], caching: Bool
    ) -> CoverageMask {
        var rasterizer = GlyphRasterizer(cachesGlyphBitmaps: caching)
        var mask = CoverageMask()
        let scale = size / Double(typeface.unitsPerEm)
        rasterizer.begin(clip: PixelRect(x: 0, y: 0, width: 200, height: 100))
        for (glyph, origin) in zip(glyphs, origins) {
            rasterizer.addGlyph(
                glyph, of: typeface,
                transform: Affine2D.scale(x: scale, y: -scale).concatenated(.translation(x: origin.x, y: origin.y)))
        }
        rasterizer.finish(into: &mask)
        return mask
    }

    @Test("cached bitmaps at quarter-pixel positions match exact outline rendering pixel for pixel")
    func cachedMatchesOutlines() throws {
        let disc = SyntheticGlyph.simple(
            advance: 1000,
            [
                [
                    (500, 0, true), (1000, 0, false), (1000, 500, true), (1000, 1000, false), (500, 1000, true),
                    (0, 1000, false), (0, 500, true), (0, 0, false),
                ]
            ])
        let typeface = try Typeface(bytes: SyntheticFont.trueType([disc]))
        let origins = [RasterPoint(x: 3.25, y: 40.5), RasterPoint(x: 50.75, y: 41), RasterPoint(x: -7.5, y: 90.25)]
        let cached = Self.coverage(typeface, [0, 0, 0], size: 37, origins: origins, caching: true)
        let exact = Self.coverage(typeface, [0, 0, 0], size: 37, origins: origins, caching: false)
        #expect(typeface.cachedBitmapCount == 3)  // three different quarter-pixel phases
        #expect(cached.totalCoverage == exact.totalCoverage)
        for y in 0..<100 {
            for x in 0..<200 {
                #expect(cached.coverage(x: x, y: y) == exact.coverage(x: x, y: y), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("cached positions round to the nearest quarter pixel: an origin at x = 10.1 draws as at 10.0")
    func quarterPixelRounding() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([.box(advance: 500, 0, 0, 500, 500)]))
        let rounded = Self.coverage(typeface, [0], size: 20, origins: [RasterPoint(x: 10.1, y: 30)], caching: true)
        let exact = Self.coverage(typeface, [0], size: 20, origins: [RasterPoint(x: 10, y: 30)], caching: false)
        #expect(rounded.coverage(x: 10, y: 25) == 255)
        #expect(rounded.coverage(x: 20, y: 25) == 0)
        #expect(rounded.totalCoverage == exact.totalCoverage)
        // Drawn again at another position with the same phase, nothing new is rasterized.
        _ = Self.coverage(typeface, [0], size: 20, origins: [RasterPoint(x: 42.05, y: 31)], caching: true)
        #expect(typeface.cachedBitmapCount == 1)
    }

    @Test("glyphs above 256 px per em use their outlines and are not cached")
    func largeGlyphsUseOutlines() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([.box(advance: 500, 0, 0, 100, 100)]))
        let mask = Self.coverage(typeface, [0], size: 400, origins: [RasterPoint(x: 0.5, y: 60)], caching: true)
        #expect(typeface.cachedBitmapCount == 0)
        // 40 × 40 px box starting half a pixel in: exact area, half-covered first and last columns.
        #expect(mask.totalCoverage == 40 * 40 * 255 + 40 * 1)
        #expect(mask.coverage(x: 0, y: 30) == 128)
    }

    @Test("overlapping cached glyphs add their coverage, capped at full")
    func overlappingBitmaps() throws {
        let typeface = try Typeface(bytes: SyntheticFont.trueType([.box(advance: 500, 0, 0, 500, 500)]))
        let mask = Self.coverage(
            typeface, [0, 0], size: 20, origins: [RasterPoint(x: 10, y: 30), RasterPoint(x: 15.5, y: 30)], caching: true
        )
        #expect(mask.coverage(x: 12, y: 25) == 255)
        #expect(mask.coverage(x: 19, y: 25) == 255)
        #expect(mask.coverage(x: 15, y: 25) == 255)  // 255 + 128, capped
        #expect(mask.coverage(x: 25, y: 25) == 128)
        #expect(mask.coverage(x: 26, y: 25) == 0)
    }
}
