@_spi(Engine) import PortableRaster
import Testing

@Suite("ScanConverter")
struct ScanConverterTests {
    typealias Reference = CoverageReference

    @Test("an integer-aligned rectangle is exactly 255 inside and 0 outside")
    func integerRectangle() {
        var path = RasterPath()
        path.addRect(x: 10, y: 20, width: 30, height: 15)
        let mask = Reference.rasterize(path)
        for y in 0..<100 {
            for x in 0..<100 {
                let inside = x >= 10 && x < 40 && y >= 20 && y < 35
                #expect(mask.coverage(x: x, y: y) == (inside ? 255 : 0), "pixel (\(x), \(y))")
            }
        }
        #expect(mask.totalCoverage == 30 * 15 * 255)
    }

    @Test("a rectangle starting at x = 0.5 covers its first column by half: 128")
    func halfPixelEdge() {
        var path = RasterPath()
        path.addRect(x: 0.5, y: 2, width: 5, height: 3)
        let mask = Reference.rasterize(path)
        for y in 2..<5 {
            #expect(mask.coverage(x: 0, y: y) == 128)
            #expect(mask.coverage(x: 1, y: y) == 255)
            #expect(mask.coverage(x: 4, y: y) == 255)
            #expect(mask.coverage(x: 5, y: y) == 128)
            #expect(mask.coverage(x: 6, y: y) == 0)
        }
        #expect(mask.coverage(x: 0, y: 1) == 0)
    }

    @Test("a diagonal through pixel corners covers each cell it crosses by exactly one half")
    func diagonalHalfCells() {
        var path = RasterPath()
        path.addPolygon([RasterPoint(x: 0, y: 0), RasterPoint(x: 8, y: 8), RasterPoint(x: 0, y: 8)])
        let mask = Reference.rasterize(path)
        for row in 0..<8 {
            for column in 0..<10 {
                let expected: UInt8 = column < row ? 255 : (column == row ? 128 : 0)
                #expect(mask.coverage(x: column, y: row) == expected, "pixel (\(column), \(row))")
            }
        }
    }

    @Test("a circle of radius 50 covers π·50² pixels within 0.1 %")
    func circleArea() {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 60.3, y: 59.7), radiusX: 50, radiusY: 50)
        let mask = Reference.rasterize(path, width: 128, height: 128)
        let area = Double(mask.totalCoverage) / 255
        let exact = Double.pi * 2500
        #expect(abs(area - exact) / exact < 0.001, "area \(area), exact \(exact)")
    }

    @Test("coverage equals the exact pixel–triangle intersection area for random triangles (±1 level)")
    func matchesExactArea() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let triangle = (0..<3).map { _ in
                RasterPoint(x: generator.unit() * 30 - 3, y: generator.unit() * 30 - 3)
            }
            var path = RasterPath()
            path.addPolygon(triangle)
            let mask = Reference.rasterize(path, width: 24, height: 24)
            for row in 0..<24 {
                for column in 0..<24 {
                    let exact = Reference.area(ofConvex: triangle, column: column, row: row) * 255
                    let got = Double(mask.coverage(x: column, y: row))
                    #expect(abs(got - exact) <= 1, "triangle \(triangle) pixel (\(column), \(row))")
                }
            }
        }
    }

    @Test("bars 2.5 pixels wide with gaps of 1 … 40 pixels between them: 0 in every gap, the exact area elsewhere")
    func barsWithGapsMatchExactArea() {
        // Bars start at 0.25 past a whole pixel, so each covers a quarter pixel, two whole pixels, and a quarter.
        var bars: [[RasterPoint]] = []
        var x = 1.25
        for gap in [1.0, 2, 3, 5, 9, 12, 16, 17, 29, 31, 32, 33, 40] {
            bars.append([
                RasterPoint(x: x, y: 0.5), RasterPoint(x: x + 2.5, y: 0.5), RasterPoint(x: x + 2.5, y: 5.5),
                RasterPoint(x: x, y: 5.5),
            ])
            x += 2.5 + gap
        }
        var path = RasterPath()
        for bar in bars { path.addPolygon(bar) }
        let width = Int(x) + 3
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Reference.rasterize(path, rule: rule, width: width, height: 7)
            // Worked number: the first bar's left pixel (1) in row 1 is three quarters covered: 191.
            #expect(mask.coverage(x: 1, y: 1) == 191)
            for row in 0..<7 {
                for column in 0..<width {
                    let exact = bars.reduce(0) { $0 + Reference.area(ofConvex: $1, column: column, row: row) } * 255
                    #expect(abs(Double(mask.coverage(x: column, y: row)) - exact) <= 1, "pixel (\(column), \(row))")
                    if exact == 0 { #expect(mask.coverage(x: column, y: row) == 0) }
                }
            }
        }
    }

    @Test("wide triangles (resolved sixteen cells at a time) also match the exact intersection area")
    func matchesExactAreaWide() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let triangle = (0..<3).map { _ in
                RasterPoint(x: generator.unit() * 70 - 3, y: generator.unit() * 20 - 2)
            }
            var path = RasterPath()
            path.addPolygon(triangle)
            for rule in [FillRule.nonZero, .evenOdd] {
                let mask = Reference.rasterize(path, rule: rule, width: 61, height: 16)
                for row in 0..<16 {
                    for column in 0..<61 {
                        let exact = Reference.area(ofConvex: triangle, column: column, row: row) * 255
                        #expect(abs(Double(mask.coverage(x: column, y: row)) - exact) <= 1)
                    }
                }
            }
        }
    }

    @Test("two overlapping squares drawn the same way: nonzero fills the overlap, even-odd leaves it empty")
    func fillRulesOnOverlap() {
        var path = RasterPath()
        path.addRect(x: 10, y: 10, width: 40, height: 40)
        path.addRect(x: 30, y: 30, width: 40, height: 40)
        let nonZero = Reference.rasterize(path, rule: .nonZero)
        let evenOdd = Reference.rasterize(path, rule: .evenOdd)
        #expect(nonZero.coverage(x: 40, y: 40) == 255)
        #expect(evenOdd.coverage(x: 40, y: 40) == 0)
        #expect(nonZero.coverage(x: 20, y: 20) == 255 && evenOdd.coverage(x: 20, y: 20) == 255)
        #expect(nonZero.coverage(x: 60, y: 60) == 255 && evenOdd.coverage(x: 60, y: 60) == 255)
        #expect(nonZero.totalCoverage == (1600 + 1600 - 400) * 255)
        #expect(evenOdd.totalCoverage == (1600 + 1600 - 800) * 255)
    }

    @Test("a five-pointed star: nonzero fills the centre pentagon, even-odd leaves it empty; areas match")
    func starInBothRules() {
        let radius = 40.0
        let center = RasterPoint(x: 50, y: 50)
        let path = Reference.pentagram(center: center, radius: radius)
        let nonZero = Reference.rasterize(path, rule: .nonZero)
        let evenOdd = Reference.rasterize(path, rule: .evenOdd)
        #expect(nonZero.coverage(x: 50, y: 50) == 255)
        #expect(evenOdd.coverage(x: 50, y: 50) == 0)
        // The star is five tip triangles (winding 1) around a pentagon (winding 2), all convex, so the exact
        // coverage of every pixel is a sum of convex areas. Inner vertices sit at r = R·cos 72°/cos 36°.
        let inner = radius * Reference.cosine(.pi * 0.4) / Reference.cosine(.pi * 0.2)
        func vertex(_ r: Double, degrees: Double) -> RasterPoint {
            let angle = degrees * .pi / 180
            return RasterPoint(x: center.x + r * Reference.cosine(angle), y: center.y + r * Reference.sine(angle))
        }
        let innerVertices = (0..<5).map { vertex(inner, degrees: -54 + 72 * Double($0)) }
        let tips = (0..<5).map { k in
            [vertex(radius, degrees: -90 + 72 * Double(k)), innerVertices[k], innerVertices[(k + 4) % 5]]
        }
        // Where the winding jumps from 0 to 2 inside one pixel (the five inner vertices), an area-averaged
        // winding cannot tell "half 0, half 2" from "all 1"; those pixels are checked loosely below.
        func nearInnerVertex(_ x: Int, _ y: Int) -> Bool {
            innerVertices.contains { abs($0.x - Double(x) - 0.5) < 1.5 && abs($0.y - Double(y) - 0.5) < 1.5 }
        }
        var tipArea = 0.0
        var pentagonArea = 0.0
        for y in 0..<100 {
            for x in 0..<100 {
                let tip = tips.reduce(0) { $0 + Reference.area(ofConvex: $1, column: x, row: y) }
                let pentagon = Reference.area(ofConvex: innerVertices, column: x, row: y)
                tipArea += tip
                pentagonArea += pentagon
                let tolerance = nearInnerVertex(x, y) ? 128.0 : 1.0
                #expect(abs(Double(nonZero.coverage(x: x, y: y)) - (tip + pentagon) * 255) <= tolerance)
                #expect(abs(Double(evenOdd.coverage(x: x, y: y)) - tip * 255) <= tolerance)
            }
        }
        // Closed forms: star (decagon, radii R and r) 5·R·r·sin 36°; pentagon 2.5·r²·sin 72°.
        #expect(abs(tipArea + pentagonArea - 5 * radius * inner * Reference.sine(.pi * 0.2)) < 1e-9)
        #expect(abs(pentagonArea - 2.5 * inner * inner * Reference.sine(.pi * 0.4)) < 1e-9)
        #expect(abs(Double(nonZero.totalCoverage) / 255 - (tipArea + pentagonArea)) < 2)
        #expect(abs(Double(evenOdd.totalCoverage) / 255 - tipArea) < 2)
    }

    @Test("winding of a shape cut off at the left still fills the pixels to its right")
    func leftClippedWinding() {
        var path = RasterPath()
        path.addPolygon([
            RasterPoint(x: -50, y: 0), RasterPoint(x: 20.5, y: 0), RasterPoint(x: 20.5, y: 10),
            RasterPoint(x: -70, y: 10),
        ])
        let mask = Reference.rasterize(path, width: 40, height: 20)
        for y in 0..<10 {
            for x in 0..<20 { #expect(mask.coverage(x: x, y: y) == 255) }
            #expect(mask.coverage(x: 20, y: y) == 128)
            #expect(mask.coverage(x: 21, y: y) == 0)
        }
        #expect(mask.totalCoverage == 10 * (20 * 255 + 128))
    }

    @Test("a shape cut off at the right keeps full coverage up to the clip edge")
    func rightClipped() {
        var path = RasterPath()
        path.addRect(x: 5, y: 3, width: 500, height: 2)
        let mask = Reference.rasterize(path, width: 40, height: 20)
        #expect(mask.span(row: 3) == 5..<40)
        #expect(mask.coverage(x: 39, y: 4) == 255)
        #expect(mask.totalCoverage == 35 * 2 * 255)
    }

    @Test("a path a million pixels across on a small clip is correct and bounded by the clip")
    func hugePath() {
        var path = RasterPath()
        // A circle of radius 10⁶ whose right edge passes through x = 50 at y = 32.
        path.addEllipse(center: RasterPoint(x: 50 - 1_000_000, y: 32), radiusX: 1_000_000, radiusY: 1_000_000)
        path.addRect(x: -1_000_000, y: 40, width: 2_000_000, height: 1_000_000)
        let mask = Reference.rasterize(path, rule: .evenOdd, width: 100, height: 64)
        #expect(mask.bounds.width <= 100 && mask.bounds.height <= 64)
        // Rows 0–39: the circle only, its edge at x ≈ 50 (curving away by at most 32²/(2·10⁶) ≈ 0.0005 px);
        // flattening may cut inside the edge by up to the tolerance, 1/32 px ≈ 8 levels.
        for y in [0, 16, 32, 39] {
            for x in [0, 25, 48] { #expect(mask.coverage(x: x, y: y) == 255) }
            #expect(mask.coverage(x: 49, y: y) >= 247)
            #expect(mask.coverage(x: 50, y: y) <= 1)
            #expect(mask.coverage(x: 99, y: y) == 0)
        }
        // Rows 40–63: circle and rectangle overlap (even-odd: empty), rectangle alone right of x = 50.
        for y in [40, 63] {
            #expect(mask.coverage(x: 10, y: y) == 0)
            #expect(mask.coverage(x: 60, y: y) == 255)
            #expect(mask.coverage(x: 99, y: y) == 255)
        }
    }

    @Test("NaN and infinite points are dropped and the rest of the outline is kept")
    func nonFinitePointsDropped() {
        var square = RasterPath()
        square.addRect(x: 2, y: 2, width: 10, height: 10)
        var damaged = RasterPath()
        damaged.move(to: RasterPoint(x: 2, y: 2))
        damaged.line(to: RasterPoint(x: 12, y: 2))
        damaged.line(to: RasterPoint(x: .nan, y: 5))
        damaged.quadCurve(to: RasterPoint(x: 40, y: 40), control: RasterPoint(x: .infinity, y: 0))
        damaged.line(to: RasterPoint(x: 12, y: 12))
        damaged.curve(
            to: RasterPoint(x: 3, y: 3), control1: RasterPoint(x: 1, y: -.infinity), control2: .zero)
        damaged.line(to: RasterPoint(x: 2, y: 12))
        damaged.close()
        let expected = Reference.rasterize(square)
        let mask = Reference.rasterize(damaged)
        #expect(mask.totalCoverage == expected.totalCoverage)
        for y in 0..<20 {
            for x in 0..<20 { #expect(mask.coverage(x: x, y: y) == expected.coverage(x: x, y: y)) }
        }
    }

    @Test("a move to a NaN point ends the subpath; the next good point starts a new one")
    func nonFiniteMove() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: .nan, y: .nan))
        path.line(to: RasterPoint(x: 0, y: 0))
        path.line(to: RasterPoint(x: 4, y: 0))
        path.line(to: RasterPoint(x: 4, y: 4))
        path.line(to: RasterPoint(x: 0, y: 4))
        #expect(Reference.rasterize(path).totalCoverage == 16 * 255)
    }

    @Test("a non-finite or overflowing transform draws nothing and does not crash")
    func nonFiniteTransform() {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 5, y: 5), radiusX: 4, radiusY: 4)
        let infinite = Affine2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(Reference.rasterize(path, transform: infinite).isEmpty)
        let enormous = Affine2D.scale(x: 1e300, y: 1e300)
        #expect(Reference.rasterize(path, transform: enormous).isEmpty)
    }

    @Test("the transform is applied before scan conversion")
    func transformApplied() {
        var path = RasterPath()
        path.addRect(x: 0, y: 0, width: 1, height: 1)
        let transform = Affine2D.scale(x: 10, y: 4).concatenated(.translation(x: 3, y: 5))
        let mask = Reference.rasterize(path, transform: transform)
        #expect(mask.bounds == PixelRect(x: 3, y: 5, width: 11, height: 4))
        #expect(mask.totalCoverage == 40 * 255)
        #expect(mask.coverage(x: 12, y: 8) == 255 && mask.coverage(x: 13, y: 8) == 0)
    }

    @Test("the clip rectangle may sit anywhere; coverage outside it is zero")
    func offsetClip() {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 50, y: 50), radiusX: 30, radiusY: 30)
        var converter = ScanConverter()
        var mask = CoverageMask()
        let clip = PixelRect(x: 40, y: 45, width: 30, height: 10)
        converter.fill(path, rule: .nonZero, clip: clip, into: &mask)
        #expect(clip.intersection(mask.bounds) == mask.bounds)
        #expect(mask.totalCoverage == 300 * 255)
        #expect(mask.coverage(x: 39, y: 50) == 0 && mask.coverage(x: 40, y: 50) == 255)
    }

    @Test("tall shapes crossing many bands match the single-band result row for row")
    func bandsAgree() {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 20.25, y: 700.5), radiusX: 18, radiusY: 690)
        let tall = Reference.rasterize(path, width: 41, height: 1400)
        // Compare rows of the tall mask with the same rows rasterized through a one-row clip (one band).
        var converter = ScanConverter()
        var rowMask = CoverageMask()
        for y in stride(from: 3, to: 1400, by: 97) {
            converter.fill(path, rule: .nonZero, clip: PixelRect(x: 0, y: y, width: 41, height: 1), into: &rowMask)
            for x in 0..<41 {
                // Float rounding differs between the two splittings, so a value near a half level may round
                // either way.
                #expect(abs(Int(tall.coverage(x: x, y: y)) - Int(rowMask.coverage(x: x, y: y))) <= 1)
            }
        }
    }

    @Test("a converter reused for different shapes gives the same masks as a fresh one")
    func reuseIsClean() {
        var converter = ScanConverter()
        var mask = CoverageMask()
        var big = RasterPath()
        big.addEllipse(center: RasterPoint(x: 50, y: 50), radiusX: 45, radiusY: 30)
        converter.fill(big, rule: .evenOdd, clip: PixelRect(x: 0, y: 0, width: 100, height: 100), into: &mask)
        var small = RasterPath()
        small.addPolygon([RasterPoint(x: 3.3, y: 1), RasterPoint(x: 9, y: 7.5), RasterPoint(x: 1, y: 6)])
        converter.fill(small, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 100, height: 100), into: &mask)
        let fresh = Reference.rasterize(small)
        #expect(mask.bounds == fresh.bounds)
        for y in 0..<12 {
            for x in 0..<12 { #expect(mask.coverage(x: x, y: y) == fresh.coverage(x: x, y: y)) }
        }
    }

    @Test("a shape cut by the clip's left border matches the same shape drawn fully and shifted (±1 level)")
    func leftProjectionMatchesUnclipped() {
        var cut = RasterPath()
        cut.addEllipse(center: RasterPoint(x: -20.3, y: 50.6), radiusX: 40, radiusY: 35)
        cut.addPolygon([RasterPoint(x: -90, y: 5), RasterPoint(x: 30.5, y: 20), RasterPoint(x: -10, y: 95)])
        var converter = ScanConverter()
        var clipped = CoverageMask()
        converter.fill(cut, rule: .evenOdd, clip: PixelRect(x: 0, y: 0, width: 64, height: 100), into: &clipped)
        var whole = CoverageMask()
        let shift = Affine2D.translation(x: 128, y: 0)
        converter.fill(
            cut, transform: shift, rule: .evenOdd, clip: PixelRect(x: 0, y: 0, width: 200, height: 100), into: &whole)
        for y in 0..<100 {
            for x in 0..<64 {
                let difference = Int(clipped.coverage(x: x, y: y)) - Int(whole.coverage(x: x + 128, y: y))
                #expect(abs(difference) <= 1, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("edges can be streamed: begin, add lines and curves in device space, finish")
    func streamingInterface() {
        var converter = ScanConverter()
        var mask = CoverageMask()
        converter.begin(clip: PixelRect(x: 0, y: 0, width: 50, height: 50))
        let a = RasterPoint(x: 10, y: 10)
        let b = RasterPoint(x: 40, y: 10)
        let c = RasterPoint(x: 40, y: 40)
        converter.addLine(from: a, to: b)
        converter.addQuadratic(from: b, control: RasterPoint(x: 40, y: 25), to: c)
        converter.addCubic(from: c, control1: RasterPoint(x: 30, y: 40), control2: RasterPoint(x: 20, y: 40), to: a)
        converter.finish(rule: .nonZero, into: &mask)
        var path = RasterPath()
        path.move(to: a)
        path.line(to: b)
        path.quadCurve(to: c, control: RasterPoint(x: 40, y: 25))
        path.curve(to: a, control1: RasterPoint(x: 30, y: 40), control2: RasterPoint(x: 20, y: 40))
        let expected = Reference.rasterize(path, width: 50, height: 50)
        #expect(mask.totalCoverage == expected.totalCoverage)
        #expect(mask.bounds == expected.bounds)
        // Edges added without `begin` are ignored.
        var idle = ScanConverter()
        idle.addLine(from: a, to: c)
        idle.finish(rule: .nonZero, into: &mask)
        #expect(mask.isEmpty)
    }

    @Test("a clip larger than the biggest buffer side is cut to that size")
    func oversizedClip() {
        var path = RasterPath()
        path.addRect(x: -10, y: 0, width: 100_000, height: 1)
        var converter = ScanConverter()
        var mask = CoverageMask()
        converter.fill(path, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 1 << 40, height: 4), into: &mask)
        #expect(mask.bounds == PixelRect(x: 0, y: 0, width: PixelBuffer.maximumSide, height: 1))
        #expect(mask.totalCoverage == PixelBuffer.maximumSide * 255)
    }

    @Test("empty paths, horizontal-only paths and empty clips give empty masks")
    func emptyCases() {
        #expect(Reference.rasterize(RasterPath()).isEmpty)
        var flat = RasterPath()
        flat.move(to: RasterPoint(x: 1, y: 5))
        flat.line(to: RasterPoint(x: 50, y: 5))
        #expect(Reference.rasterize(flat).isEmpty)
        var path = RasterPath()
        path.addRect(x: 0, y: 0, width: 10, height: 10)
        #expect(Reference.rasterize(path, width: 0, height: 10).isEmpty)
        var offscreen = RasterPath()
        offscreen.addRect(x: 200, y: 0, width: 10, height: 10)
        #expect(Reference.rasterize(offscreen).isEmpty)
    }

    @Test("quadratic curves flatten within the tolerance: a parabola's area matches the integral")
    func quadraticArea() {
        // Triangle (10,90),(10,10),(90,90) plus the region between the chord (10,10)–(90,90) and the curve.
        var path = RasterPath()
        path.move(to: RasterPoint(x: 10, y: 90))
        path.line(to: RasterPoint(x: 10, y: 10))
        path.quadCurve(to: RasterPoint(x: 90, y: 90), control: RasterPoint(x: 90, y: 10))
        path.close()
        let mask = Reference.rasterize(path)
        // Segment between chord (10,10)–(90,90) and the curve = 2/3 of the triangle (10,10),(90,10),(90,90).
        let expected = 0.5 * 80 * 80 + (2.0 / 3.0) * (0.5 * 80 * 80)
        #expect(abs(Double(mask.totalCoverage) / 255 - expected) < 0.001 * expected)
    }

    @Test("tolerance is clamped to a usable range")
    func toleranceClamp() {
        var converter = ScanConverter(tolerance: 0)
        #expect(converter.tolerance == 1.0 / 1024)
        converter.tolerance = 100
        #expect(converter.tolerance == 4)
        converter.tolerance = .nan
        #expect(converter.tolerance == ScanConverter.defaultTolerance)
    }
}

/// A small deterministic generator for reproducible random cases.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
