import Testing

@_spi(Engine) @testable import PortableRaster

/// Strokes with numbers an attacker or a careless user picks (issue 19): their work must follow the output, not
/// the numbers.
@Suite("Stroker with hostile input")
struct HostileStrokeTests {
    /// The number of points of a path.
    static func pointCount(_ path: RasterPath) -> Int { path.points.count }

    @Test("an ellipse 33 × 25,964 under a 2³² x-scale, pen 0.106: the outline near a 64 × 48 output stays small")
    func hugeTransformOutlineIsBoundedByTheOutput() {
        // Issue 19: `replacePathWithStrokedPath` took 114 s and 4.2 GB, the stroker cutting each curve into up to
        // 2²⁴ pieces to reach 1/256 of a device pixel along a curve 1.4·10¹¹ pixels long.
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 16.5, y: 12_982), radiusX: 16.5, radiusY: 12_982)
        let transform = Affine2D(a: 4_294_967_296, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        let style = StrokeStyle(width: 0.106)
        var stroker = Stroker()
        let visible = PixelRect(x: 0, y: 0, width: 64, height: 48)
        let precise = stroker.outline(of: path, style: style, transform: transform, precise: visible)
        // Measured: a few thousand points (the curves are fine only where they pass the output's corner).
        #expect(Self.pointCount(precise) < 200_000)
        // Without an output, each curve is cut into at most 2¹⁶ steps: four curves, two sides, a few joins.
        let unbounded = stroker.outline(of: path, style: style, transform: transform)
        #expect(Self.pointCount(unbounded) < 4 * 2 * (1 << 16) + 10_000)
    }

    @Test("a pen 2³¹ pixels wide on a circle 2³² pixels across: only pieces whose outline edge can cross the output")
    func hugePenCoveringTheOutput() {
        // Without the cover test every piece lies within the pen's reach of the output, and each curve would be cut
        // to the deepest level (2²⁴ pieces). The output lies inside the stroke near the circle, so it is painted.
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 0, y: 0), radiusX: 1, radiusY: 1)
        let transform = Affine2D(a: 4_294_967_296, b: 0, c: 0, d: 4_294_967_296, tx: -4_294_967_296 + 32, ty: 24)
        let style = StrokeStyle(width: 0.4)
        var stroker = Stroker()
        let visible = PixelRect(x: 0, y: 0, width: 64, height: 48)
        let outline = stroker.outline(of: path, style: style, transform: transform, precise: visible)
        #expect(Self.pointCount(outline) < 200_000)
        var converter = ScanConverter()
        var mask = CoverageMask()
        stroker.stroke(path, style: style, transform: transform, clip: visible, converter: &converter, into: &mask)
        #expect(mask.totalCoverage == 64 * 48 * 255)
    }

    @Test("fuzz: an ellipse under (2π, 2π, 2π, 2³²) with a unit pen ends within the stroke's budget of 2¹⁸ splits")
    func splitBudgetBoundsAThinPenUnderAHugeStretch() {
        // Found by FuzzPath (a timeout): the pen is 6 pixels wide across and 10⁹ along the stretch, so every piece
        // near the output could matter and none could be skipped; each curve went 24 levels deep everywhere.
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: .pi, y: -4 + .pi), radiusX: .pi, radiusY: .pi)
        let transform = Affine2D(a: 2 * .pi, b: 2 * .pi, c: 2 * .pi, d: 4_294_967_296, tx: 0, ty: 2 * .pi)
        var stroker = Stroker()
        var converter = ScanConverter()
        var mask = CoverageMask()
        stroker.stroke(
            path, style: StrokeStyle(width: 1), transform: transform,
            clip: PixelRect(x: 0, y: 0, width: 48, height: 40),
            converter: &converter, into: &mask)
        // The budget, not the curve, ended the splitting (the work is counted, not timed: a timed check failed
        // under the thread sanitizer's slowdown).
        #expect(stroker.splitsLeft == 0)
    }

    @Test("coarse pieces outside the output change no pixel inside it: a circle of radius 20 crossing a 30 × 30 clip")
    func cullingKeepsVisiblePixels() {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 10, y: 10), radiusX: 20, radiusY: 20)
        let style = StrokeStyle(width: 3, join: .miter)
        var stroker = Stroker()
        var converter = ScanConverter()
        var clipped = CoverageMask()
        stroker.stroke(
            path, style: style, clip: PixelRect(x: 0, y: 0, width: 30, height: 30), converter: &converter,
            into: &clipped)
        var whole = CoverageMask()
        stroker.stroke(
            path, style: style, clip: PixelRect(x: -40, y: -40, width: 100, height: 100), converter: &converter,
            into: &whole)
        var differing = 0
        for y in 0..<30 {
            for x in 0..<30 where abs(Int(clipped.coverage(x: x, y: y)) - Int(whole.coverage(x: x, y: y))) > 1 {
                differing += 1
            }
        }
        #expect(differing == 0)
        #expect(clipped.totalCoverage > 0)
    }

    @Test("the dash budget is per stroke: eight subpaths of 192,004 pattern entries each, only the first is dashed")
    func dashBudgetSpansTheWholeStroke() {
        // Each 1,500-unit line with pattern [1/128, 1/128] (exact in binary, so no dash is lost or gained to
        // rounding) walks (1,500 × 64 + 2) × 2 = 192,004 entries; the budget of 2¹⁸ = 262,144 covers one line
        // (96,000 dashes, plus the zero-length one starting exactly at its end), after which the rest are drawn
        // solid (one subpath each).
        var path = RasterPath()
        for index in 0..<8 {
            path.move(to: RasterPoint(x: 0, y: Double(index)))
            path.line(to: RasterPoint(x: 1_500, y: Double(index)))
        }
        var stroker = Stroker()
        let dashed = stroker.dashedPath(path, lengths: [1.0 / 128, 1.0 / 128], phase: 0)
        let subpaths = dashed.verbs.filter { $0 == .move }.count
        #expect(subpaths == 96_001 + 7)
        #expect(Stroker.maximumDashEntries == 1 << 18)
    }

    @Test(
        "a dashed line 10⁶ long, only its first 20 visible, in 1001 steps: 8 dashes cut, not 250,000 (fuzz: Lottie)"
    )
    func dashesOutsideTheOutputAreSkipped() throws {
        // Found by FuzzLottie (a timeout): a curve pulled a million points away by one tangent, dashed 3 on 2,
        // was cut into hundreds of thousands of dashes for a 24 × 18 picture.
        struct Counter: RunConsumer {
            var dashes = 0
            mutating func consume(_ run: UnsafeMutableBufferPointer<StrokeVertex>, closed: Bool) { dashes += 1 }
            // Only the part left of x = 20 can show.
            func canReach(from start: StrokeVertex, to end: StrokeVertex) -> Bool {
                Swift.min(start.point.x, end.point.x) < 20
            }
        }
        func vertex(_ x: Double) -> StrokeVertex {
            StrokeVertex(
                point: RasterPoint(x: x, y: 0), tangentIn: RasterPoint(x: 1, y: 0), tangentOut: RasterPoint(x: 1, y: 0),
                kind: .corner)
        }
        var stroker = Stroker()
        // The far part in 1000 steps of 1000, as a flattened curve far outside the picture comes.
        stroker.vertices = [vertex(0), vertex(20)] + (1...1000).map { vertex(20 + Double($0) * 1000) }
        // A budget above the 500,010 entries the whole line holds, so the line is dashed (not drawn solid) and only
        // the skipping is measured.
        stroker.dashEntriesLeft = 1 << 20
        let pattern = try #require(DashPattern(lengths: [2, 2], phase: 0))
        var counter = Counter()
        stroker.dash(closed: false, pattern: pattern, consumer: &counter)
        // [0, 20] holds dashes at 0, 4, 8, 12 and 16, and one starts at 20; the far steps are then skipped as one
        // stretch to within two periods of its end (1 000 020), where the dash at 1 000 016 and the zero-length one
        // at the end are cut.
        #expect(counter.dashes == 5 + 1 + 2)
    }
}
