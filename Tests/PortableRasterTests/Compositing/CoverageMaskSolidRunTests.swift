import Testing

@_spi(Engine) @testable import PortableRaster

/// Masks record per row a run of columns known to be fully covered (`CoverageMask.solidRun(row:)`); clipping
/// leaves those columns alone or copies the other mask's bytes there, and a shape that covers its clip is painted
/// through the clip's mask. These cases check the runs hold only 255 and that clipping with them gives exactly the
/// pixel-by-pixel product `round(a · b / 255)` it is defined as.
@Suite("Solid runs of coverage masks")
struct CoverageMaskSolidRunTests {
    /// A seeded shape inside a 96 × 80 area: a rectangle with fractional sides, a rounded rectangle, an ellipse, a
    /// ring (even-odd), a triangle, or a rectangle on whole pixels.
    static func shape(_ random: inout SplitMix64) -> (RasterPath, FillRule) {
        func value(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)
        }
        var path = RasterPath()
        var rule = FillRule.nonZero
        switch random.next() % 6 {
        case 0:
            path.addRect(x: value(-10...60), y: value(-10...50), width: value(0...70), height: value(0...60))
        case 1:
            let x = value(-5...40)
            let y = value(-5...30)
            let width = value(8...60)
            let height = value(8...50)
            let radius = value(0...(Swift.min(width, height) / 2))
            path.move(to: RasterPoint(x: x + radius, y: y))
            path.line(to: RasterPoint(x: x + width - radius, y: y))
            path.curve(
                to: RasterPoint(x: x + width, y: y + radius), control1: RasterPoint(x: x + width, y: y),
                control2: RasterPoint(x: x + width, y: y))
            path.line(to: RasterPoint(x: x + width, y: y + height - radius))
            path.curve(
                to: RasterPoint(x: x + width - radius, y: y + height),
                control1: RasterPoint(x: x + width, y: y + height), control2: RasterPoint(x: x + width, y: y + height))
            path.line(to: RasterPoint(x: x + radius, y: y + height))
            path.curve(
                to: RasterPoint(x: x, y: y + height - radius), control1: RasterPoint(x: x, y: y + height),
                control2: RasterPoint(x: x, y: y + height))
            path.line(to: RasterPoint(x: x, y: y + radius))
            path.curve(
                to: RasterPoint(x: x + radius, y: y), control1: RasterPoint(x: x, y: y),
                control2: RasterPoint(x: x, y: y))
            path.close()
        case 2:
            path.addEllipse(
                center: RasterPoint(x: value(0...96), y: value(0...80)), radiusX: value(2...60), radiusY: value(2...50))
        case 3:
            let center = RasterPoint(x: value(20...76), y: value(20...60))
            let outer = value(10...40)
            path.addEllipse(center: center, radiusX: outer, radiusY: outer)
            path.addEllipse(center: center, radiusX: outer * value(0.2...0.8), radiusY: outer * value(0.2...0.8))
            rule = .evenOdd
        case 4:
            path.addPolygon((0..<3).map { _ in RasterPoint(x: value(-10...106), y: value(-10...90)) })
        default:
            path.addRect(
                x: value(-5...60).rounded(), y: value(-5...50).rounded(), width: value(0...70).rounded(),
                height: value(0...60).rounded())
        }
        return (path, rule)
    }

    static let area = PixelRect(x: 0, y: 0, width: 96, height: 80)

    static func rasterize(_ shape: (RasterPath, FillRule)) -> CoverageMask {
        var converter = ScanConverter()
        var mask = CoverageMask()
        converter.fill(shape.0, rule: shape.1, clip: area, into: &mask)
        return mask
    }

    /// A seeded mask: mostly scan-converted shapes, sometimes a uniform one (solid or not) or the alpha of seeded
    /// pixels.
    static func mask(_ random: inout SplitMix64) -> CoverageMask {
        switch random.next() % 8 {
        case 0:
            let rect = PixelRect(
                x: Int(random.next() % 60) - 5, y: Int(random.next() % 50) - 5, width: Int(random.next() % 70),
                height: Int(random.next() % 60))
            return CoverageMask(filling: rect, coverage: random.next() % 2 == 0 ? 255 : UInt8(random.next() % 256))
        case 1:
            var pixels = try! PixelBuffer(width: 96, height: 80)
            for y in 0..<80 {
                for x in 0..<96 where random.next() % 3 != 0 {
                    pixels[x: x, y: y] = RGBA8(
                        r: 0, g: 0, b: 0, a: random.next() % 2 == 0 ? 255 : UInt8(random.next() % 256))
                }
            }
            var mask = CoverageMask()
            mask.loadAlpha(of: pixels, in: PixelRect(x: 5, y: 3, width: 80, height: 70))
            return mask
        default:
            return rasterize(shape(&random))
        }
    }

    /// Every pixel of `area` with the coverage `mask` reports.
    static func pixels(_ mask: CoverageMask) -> [UInt8] {
        (0..<area.height).flatMap { y in (0..<area.width).map { x in mask.coverage(x: x, y: y) } }
    }

    /// Whether every recorded solid run lies in its row's span and holds only 255.
    static func runsAreSolid(_ mask: CoverageMask) -> Bool {
        (mask.bounds.y..<mask.bounds.maxY).allSatisfy { y in
            let run = mask.solidRun(row: y)
            let span = mask.span(row: y)
            return run.isEmpty
                || (run.lowerBound >= span.lowerBound && run.upperBound <= span.upperBound)
                    && run.allSatisfy { mask.coverage(x: $0, y: y) == 255 }
        }
    }

    @Test("a rectangle from x = 2.5 to 20.25 records columns 6 … 17 as its solid run; its edge pixels are 128 and 64")
    func rectangleRun() {
        var path = RasterPath()
        path.addRect(x: 2.5, y: 1, width: 17.75, height: 4)
        let mask = Self.rasterize((path, .nonZero))
        for y in 1..<5 {
            // The mask starts at column 2, so its quads of four cells are columns 2 … 5, 6 … 9, …; the edges touch
            // the quads of columns 2 … 5 and 18 … 21, and the run is the untouched quads between. Columns 3 … 5 and
            // 18 … 19 are fully covered too, but not in the run.
            #expect(mask.solidRun(row: y) == 6..<18)
            #expect(mask.coverage(x: 3, y: y) == 255)
            // Half of pixel 2 (127.5, ties to even) and a quarter of pixel 20 (63.75).
            #expect(mask.coverage(x: 2, y: y) == 128)
            #expect(mask.coverage(x: 20, y: y) == 64)
        }
        #expect(mask.solidRun(row: 0).isEmpty)
    }

    @Test("solid runs from the scan converter hold only 255, on 200 seeded shapes; most rows of them have one")
    func scanConvertedRunsAreSolid() {
        var random = SplitMix64(seed: 4_041)
        var rowsWithRuns = 0
        var rows = 0
        for _ in 0..<200 {
            let mask = Self.rasterize(Self.shape(&random))
            #expect(Self.runsAreSolid(mask))
            for y in mask.bounds.y..<mask.bounds.maxY where !mask.span(row: y).isEmpty {
                rows += 1
                if !mask.solidRun(row: y).isEmpty { rowsWithRuns += 1 }
            }
        }
        #expect(rowsWithRuns * 2 > rows)
    }

    @Test(
        "intersecting gives round(a · b / 255) at every pixel, as without runs, on 300 seeded pairs; 200 × 128 gives 100"
    )
    func intersectionIsTheProduct() {
        // Worked number: round(200 · 128 / 255) = round(100.39) = 100.
        var worked = CoverageMask(filling: PixelRect(x: 0, y: 0, width: 4, height: 1), coverage: 200)
        worked.intersect(with: CoverageMask(filling: PixelRect(x: 2, y: 0, width: 4, height: 1), coverage: 128))
        #expect(Self.pixels(worked).prefix(5) == [0, 0, 100, 100, 0])

        var random = SplitMix64(seed: 1_501)
        var mismatches = 0
        var unsolid = 0
        for _ in 0..<300 {
            var shape = Self.mask(&random)
            let clip = Self.mask(&random)
            let expected = zip(Self.pixels(shape), Self.pixels(clip)).map { a, b in
                UInt8((Int(a) * Int(b) + 127) / 255)
            }
            shape.intersect(with: clip)
            if Self.pixels(shape) != expected { mismatches += 1 }
            if !Self.runsAreSolid(shape) { unsolid += 1 }
        }
        #expect(mismatches == 0)
        #expect(unsolid == 0)
    }

    @Test(
        "a mask inside another's solid runs is what intersecting the two gives, from either side: bytes, spans and runs"
    )
    func coveredMasksAreTheIntersection() {
        // `CGContext` paints through the clip when the shape covers it; the renderer skips the intersection when the
        // clip covers the shape (RenderSurface's coverage lookup). Both are right only if intersecting would change
        // nothing the compositor reads.
        var random = SplitMix64(seed: 4_243)
        var covered = 0
        var mismatches = 0
        for index in 0..<400 {
            var outer = Self.mask(&random)
            var inner = Self.mask(&random)
            if index % 3 == 0 {
                // A rectangle whose edges fall inside pixels (not solid as a whole) around a seeded ellipse well inside
                // it: the case of a shape inside a precomposition.
                var rectangle = RasterPath()
                rectangle.addRect(x: 4.5, y: 3.25, width: 80.5, height: 70.75)
                outer = Self.rasterize((rectangle, .nonZero))
                var ellipse = RasterPath()
                ellipse.addEllipse(
                    center: RasterPoint(x: 20 + Double(random.next() % 50), y: 20 + Double(random.next() % 40)),
                    radiusX: 2 + Double(random.next() % 100) / 10, radiusY: 2 + Double(random.next() % 100) / 10)
                inner = Self.rasterize((ellipse, .nonZero))
            } else if index % 3 == 1 {
                // A rectangle around the whole area, so that seeded masks of every kind are covered.
                var rectangle = RasterPath()
                rectangle.addRect(x: -3.5, y: -2.25, width: 110, height: 90)
                outer = Self.rasterize((rectangle, .nonZero))
            }
            guard outer.covers(inner) else { continue }
            covered += 1
            var innerCut = inner
            innerCut.intersect(with: outer)
            var outerCut = outer
            outerCut.intersect(with: inner)
            let sameRows = (inner.bounds.y..<inner.bounds.maxY).allSatisfy { y in
                innerCut.span(row: y) == inner.span(row: y) && innerCut.solidRun(row: y) == inner.solidRun(row: y)
            }
            let expected = Self.pixels(inner)
            if Self.pixels(innerCut) != expected || Self.pixels(outerCut) != expected || !sameRows { mismatches += 1 }
        }
        #expect(covered > 180)
        #expect(mismatches == 0)
    }
}
