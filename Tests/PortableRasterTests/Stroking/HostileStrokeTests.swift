import Foundation
import Testing

@_spi(Engine) @testable import PortableRaster

/// Strokes with numbers an attacker or a careless user picks (issue 19): their work must follow the output, not
/// the numbers.
@Suite("Stroker with hostile input")
struct HostileStrokeTests {
    /// The number of points of a path.
    static func pointCount(_ path: RasterPath) -> Int { path.points.count }

    /// The edge pieces the stroke of `path` hands the scan converter for `clip`, and the mask they resolve to.
    static func strokedEdges(
        _ path: RasterPath, _ style: StrokeStyle, transform: Affine2D = .identity, clip: PixelRect
    ) -> (edges: Int, mask: CoverageMask) {
        var stroker = Stroker()
        var converter = ScanConverter()
        converter.begin(clip: clip)
        stroker.addStroke(of: path, style: style, transform: transform, to: &converter)
        let edges = converter.pieces.count
        var mask = CoverageMask()
        converter.finish(rule: .nonZero, into: &mask)
        return (edges, mask)
    }

    /// `path` stroked into `output` (at the origin), and how many of its pixels differ by more than `levels`
    /// coverage levels from the same stroke drawn into the larger clip `whole`.
    static func strokedSeenWhole(
        _ path: RasterPath, _ style: StrokeStyle, output: Int, whole: PixelRect, levels: Int = 0
    ) -> (mask: CoverageMask, differing: Int) {
        var stroker = Stroker()
        var converter = ScanConverter()
        var clipped = CoverageMask()
        stroker.stroke(
            path, style: style, clip: PixelRect(x: 0, y: 0, width: output, height: output), converter: &converter,
            into: &clipped)
        var reference = CoverageMask()
        stroker.stroke(path, style: style, clip: whole, converter: &converter, into: &reference)
        var differing = 0
        for y in 0..<output {
            for x in 0..<output
            where abs(Int(clipped.coverage(x: x, y: y)) - Int(reference.coverage(x: x, y: y))) > levels {
                differing += 1
            }
        }
        return (clipped, differing)
    }

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
        let seen = Self.strokedSeenWhole(
            path, StrokeStyle(width: 3, join: .miter), output: 30,
            whole: PixelRect(x: -40, y: -40, width: 100, height: 100), levels: 1)
        #expect(seen.differing == 0)
        #expect(seen.mask.totalCoverage > 0)
    }

    @Test("the dash budget is per stroke: eight subpaths of 128,004 pattern entries each, only the first is dashed")
    func dashBudgetSpansTheWholeStroke() {
        // Each 1,000-unit line with pattern [1/128, 1/128] (exact in binary, so no dash is lost or gained to
        // rounding) walks (1,000 × 64 + 2) × 2 = 128,004 entries; the budget of 2¹⁷ = 131,072 covers one line
        // (64,000 dashes, plus the zero-length one starting exactly at its end), after which the rest are drawn
        // solid (one subpath each).
        var path = RasterPath()
        for index in 0..<8 {
            path.move(to: RasterPoint(x: 0, y: Double(index)))
            path.line(to: RasterPoint(x: 1_000, y: Double(index)))
        }
        var stroker = Stroker()
        let dashed = stroker.dashedPath(path, lengths: [1.0 / 128, 1.0 / 128], phase: 0)
        let subpaths = dashed.verbs.filter { $0 == .move }.count
        #expect(subpaths == 64_001 + 7)
        #expect(Stroker.maximumDashEntries == 1 << 17)
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

    /// A horizontal line from (0, 0) to (`length`, 0), dashed [0, 2] by the stroker: `length / 2` dots.
    static func dottedLine(length: Double) -> RasterPath {
        var line = RasterPath()
        line.move(to: RasterPoint(x: 0, y: 0))
        line.line(to: RasterPoint(x: length, y: 0))
        var stroker = Stroker()
        return stroker.dashedPath(line, lengths: [0, 2], phase: 0)
    }

    @Test("fuzz: 65,501 dots of a 10⁹-wide round pen outlined for a 48 × 40 output: 4 points a dot, not 6,286")
    func roundCapsCoveringTheOutputAreQuarterTurns() {
        // Found by FuzzPath (out of memory): `replacePathWithStrokedPath` of a path dashed [−0, 2] under a round pen
        // 10⁹ wide. Each cap was cut into 3,142 steps (the 10⁻³-radian floor) for 1/256 of a pixel on a 5·10⁸
        // radius, 8·10⁸ points in all: 13 GB. Every dot's disc holds the whole output, so nothing of its caps can
        // be seen, and each cap is two quarter-turn chords. (Half the reproduction's 131,000 dots: the dash budget
        // is now 2¹⁷ entries, two a dot.)
        let dots = Self.dottedLine(length: 131_000)
        #expect(dots.verbs.filter { $0 == .move }.count == 65_501)
        var stroker = Stroker()
        let style = StrokeStyle(width: 1e9, cap: .round)
        let output = PixelRect(x: 0, y: 0, width: 48, height: 40)
        let outline = stroker.outline(of: dots, style: style, precise: output)
        // Per dot: the start, one chord vertex and the end of each cap.
        #expect(Self.pointCount(outline) == 65_501 * 4)
        var converter = ScanConverter()
        var mask = CoverageMask()
        stroker.stroke(dots, style: style, clip: output, converter: &converter, into: &mask)
        #expect(mask.totalCoverage == 48 * 40 * 255)
    }

    @Test("a round cap of radius 1,000 crossing a 30 × 30 output: 11 precise vertices where it crosses, not 561")
    func roundCapIsPreciseOnlyWhereItCanBeSeen() {
        // The cap round (−985, 15) reaches x = 15 in the middle of the output. At 1/256 of a pixel a step turns
        // 2·acos(1 − (1/256) / 1000), 562 steps for the half turn (561 inner vertices). The output's circle (half
        // the diagonal of the output grown by a pixel, 22.6) is seen from the cap's centre under
        // ±asin(22.6 / 1000) = ±0.0226 round the quarter turn: vertices 276 … 286. The start cap, 3,015 away, is
        // out of sight: two chords, one vertex.
        var path = RasterPath()
        path.move(to: RasterPoint(x: -3_000, y: 15))
        path.line(to: RasterPoint(x: -985, y: 15))
        let style = StrokeStyle(width: 2_000, cap: .round)
        var stroker = Stroker()
        let output = PixelRect(x: 0, y: 0, width: 30, height: 30)
        let seen = stroker.outline(of: path, style: style, precise: output)
        let everywhere = stroker.outline(of: path, style: style)
        #expect(Self.pointCount(everywhere) - Self.pointCount(seen) == (561 - 11) + (561 - 1))
        // The vertices that can be seen are those of the precise polygon, so the pixels match a stroke whose clip
        // holds the whole cap.
        let seenStroke = Self.strokedSeenWhole(
            path, style, output: 30, whole: PixelRect(x: -1_990, y: -990, width: 2_030, height: 2_030))
        #expect(seenStroke.differing == 0)
        let clipped = seenStroke.mask
        // The cap's tip runs down the middle: column 13 is covered, column 16 is not.
        #expect(clipped.coverage(x: 13, y: 15) == 255)
        #expect(clipped.coverage(x: 16, y: 15) == 0)
    }

    @Test("a round join of a 2,000-wide pen seen through a 30 × 30 output draws the same pixels as seen whole")
    func roundJoinIsPreciseWhereItCanBeSeen() {
        // The corner at (−985, 15) turns a quarter; the outer arc of its join passes through the output.
        var path = RasterPath()
        path.move(to: RasterPoint(x: -985, y: -3_000))
        path.line(to: RasterPoint(x: -985, y: 15))
        path.line(to: RasterPoint(x: -3_000, y: 15))
        // Within one coverage level: the chords out of sight are other edges left of the output, whose rounding
        // can move a pixel's accumulated coverage by one (as in `cullingKeepsVisiblePixels`).
        let seen = Self.strokedSeenWhole(
            path, StrokeStyle(width: 2_000, join: .round), output: 30,
            whole: PixelRect(x: -1_990, y: -990, width: 2_030, height: 2_030), levels: 1)
        #expect(seen.differing == 0)
        #expect(seen.mask.totalCoverage > 0 && seen.mask.totalCoverage < 30 * 30 * 255)
    }

    @Test("10,001 dots of a 1,000-wide round pen, outlined with no output: 2²⁰ precise arc vertices, then chords")
    func fineArcStepsAreBudgetedPerStroke() {
        // At 1/256 of a unit a cap of radius 500 takes ⌈π / (2·acos(1 − (1/256) / 500))⌉ = 398 steps, 397 inner
        // vertices: 7.9·10⁶ for the 20,002 caps. The budget of 2²⁰ covers 2,641 caps (99 vertices are left,
        // too few for the next); each later cap is two chords, one vertex. Each dot adds its start point and the
        // end of its first cap.
        let dots = Self.dottedLine(length: 20_000)
        var stroker = Stroker()
        let outline = stroker.outline(of: dots, style: StrokeStyle(width: 1_000, cap: .round))
        let stepTurn: Double = 2 * acos(1 - (1.0 / 256) / 500)
        let steps = Int((Double.pi / stepTurn).rounded(.up))
        #expect(steps == 398)
        let (dotCount, capCount) = (10_001, 20_002)
        let preciseCaps = (1 << 20) / (steps - 1)
        #expect(preciseCaps == 2_641)
        let expected = 2 * dotCount + preciseCaps * (steps - 1) + (capCount - preciseCaps)
        #expect(Self.pointCount(outline) == expected)
        #expect(OutlineBuilder<PathReceiver>.maximumFineArcSteps == 1 << 20)
    }

    @Test("fuzz: a dotted line whose first dot's round pen holds the whole 30 × 30 output stops after that dot")
    func strokeStopsOnceTheOutputIsCovered() {
        // Found by FuzzLottie (a timeout): 1,000 repeater copies of a dashed stroke 11,000 points wide, each dash's
        // caps covering the 24 × 18 picture. The first dot here, at (0, 15) with radius 500, holds the output's
        // circle (radius 22.6 at distance 15 ≤ 500·cos(π/4) − 22.6), so it is drawn as the square round that
        // circle and the other 2,000 dots, of which 265 could reach the output, are not drawn.
        var line = RasterPath()
        line.move(to: RasterPoint(x: 0, y: 15))
        line.line(to: RasterPoint(x: 4_000, y: 15))
        let style = StrokeStyle(width: 1_000, cap: .round, dashLengths: [0, 2])
        let (edges, mask) = Self.strokedEdges(line, style, clip: PixelRect(x: 0, y: 0, width: 30, height: 30))
        #expect(mask.totalCoverage == 30 * 30 * 255)
        // The square's left side (x = −7.6; the converter keeps no horizontal edges, and none right of the output).
        #expect(edges == 1, "edges \(edges)")
    }

    @Test("fuzz: a dashed circle whose 2,000-wide pen holds a 48 × 40 output adds 1 edge, not 514,607")
    func coveringCurvedRunIsOneSquare() {
        // Found by FuzzPath (2 s under ASan): a circle of radius 26 dashed [2³¹] under a transform that stretches y
        // a million-fold, its pen 2,000 wide. Dashed strokes are flattened everywhere, so the circle became 2¹⁸
        // steps; the pen is wider than the circle is tight, so each step's far lobe reached from the circle's
        // centre, inside the output, to the far side: 514,607 edges, each crossing all 40 rows, for a picture
        // that is fully painted anyway. The whole circle is one dash within 1,000·cos(turn) of the output.
        var circle = RasterPath()
        circle.addEllipse(center: RasterPoint(x: 10, y: 0), radiusX: 26, radiusY: 26)
        let style = StrokeStyle(width: 2_000, dashLengths: [2_147_483_648])
        let transform = Affine2D(a: -1, b: 0, c: 0, d: -1_000_000, tx: 10.25, ty: 38)
        let (edges, mask) = Self.strokedEdges(
            circle, style, transform: transform, clip: PixelRect(x: 0, y: 0, width: 48, height: 40))
        #expect(mask.totalCoverage == 48 * 40 * 255)
        // The square's side at device x = −1 (its other side, at 49, lies right of the output).
        #expect(edges == 1, "edges \(edges)")
    }

    @Test("fuzz: an ellipse 10⁹ across stroked 2·10⁹ wide, outlined for a 17 × 23 output it never reaches: 34 points")
    func widePenFarFromTheOutputIsCoarse() {
        // Found by FuzzPath (1.5 s under ASan): the pen's box, grown by its radius times √2 on each axis, held the
        // output for every piece of the ellipse, whose nearest point is 1.41·10⁹ from it, farther than the pen
        // reaches; so the whole ellipse was cut to the tolerance, 2¹⁸ steps, each with a lobe: 2,097,578 points.
        var path = RasterPath()
        path.addEllipse(
            center: RasterPoint(x: 1.5e9, y: 1.5e9), radiusX: 5e8, radiusY: 5e8)
        var stroker = Stroker()
        let outline = stroker.outline(
            of: path, style: StrokeStyle(width: 2e9), precise: PixelRect(x: 0, y: 0, width: 17, height: 23))
        // 34: the four arcs, one step each, their joins, and their lobes (the pen is wider than the ellipse is tight).
        #expect(Self.pointCount(outline) == 34)
    }
}
