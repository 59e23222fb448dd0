import Foundation
import Testing

@_spi(Engine) @testable import PortableRaster

/// Dashed strokes are flattened everywhere; the stretches of a dash the output cannot see keep only their ends and
/// corners.
@Suite("Stroker: stretches the output cannot see")
struct OutlineCoarseningTests {
    @Test("fuzz: an arc under a 10⁹ x-scale, dashed [2, 10⁻⁹], outlined for a 48 × 40 output it misses: 18 points")
    func invisibleDashIsCoarse() {
        // Found by FuzzPath (1 s under ASan): the half-unit arc needs 2.6·10⁵ steps for 1/256 of a pixel under the
        // scale, all far right of the output, and the outline held 1,352,766 points.
        var path = RasterPath()
        path.move(to: RasterPoint(x: 1, y: 0.5))
        path.addEllipse(center: RasterPoint(x: 0.5, y: 0.5), radiusX: 0.5, radiusY: 0.5)
        let style = StrokeStyle(width: 1, dashLengths: [2, 1e-9], dashPhase: 0.5)
        let transform = Affine2D(a: -1e9, b: Double.pi, c: 0, d: -1, tx: 2_147_483_648, ty: 0)
        var stroker = Stroker()
        let seen = stroker.outline(
            of: path, style: style, transform: transform, precise: PixelRect(x: 0, y: 0, width: 48, height: 40))
        let everywhere = stroker.outline(of: path, style: style, transform: transform)
        // A dash of the whole arc, kept as its two ends: caps, sides and the lobes of the one step.
        #expect(seen.points.count == 18)
        #expect(everywhere.points.count == 1_351_266)
    }

    @Test("a dashed circle of radius 100 crossing a 30 × 30 output: far fewer points, the same pixels as seen whole")
    func visibleStretchesKeepTheirSteps() {
        var circle = RasterPath()
        circle.addEllipse(center: RasterPoint(x: 110, y: 15), radiusX: 100, radiusY: 100)
        let style = StrokeStyle(width: 6, cap: .round, join: .round, dashLengths: [300, 20])
        let output = PixelRect(x: 0, y: 0, width: 30, height: 30)
        var stroker = Stroker()
        let seen = stroker.outline(of: circle, style: style, precise: output)
        let everywhere = stroker.outline(of: circle, style: style)
        // 128 points instead of 2,084: only the steps within 3 of the output keep their vertices.
        #expect(seen.points.count * 10 < everywhere.points.count)
        // The outline seen through the output fills it exactly as the whole outline does.
        var converter = ScanConverter()
        var coarse = CoverageMask()
        converter.fill(seen, rule: .nonZero, clip: output, into: &coarse)
        var fine = CoverageMask()
        converter.fill(everywhere, rule: .nonZero, clip: output, into: &fine)
        var differing = 0
        for y in 0..<30 {
            for x in 0..<30 where coarse.coverage(x: x, y: y) != fine.coverage(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        // The left of the circle, 314 along it, lies in the gap 300…320: the output sees the band 6 wide over
        // rows 0…30 cut by that gap and two round caps, about half of it (22,682 of 45,900).
        #expect(fine.totalCoverage > 20_000 && fine.totalCoverage < 25_000)
    }

    /// The winding number of the line-only `path` (each contour closed) round `point`.
    static func winding(of path: RasterPath, at point: RasterPoint) -> Int {
        var winding = 0
        var start: RasterPoint?
        var previous = RasterPoint(x: 0, y: 0)
        func edge(_ a: RasterPoint, _ b: RasterPoint) {
            let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
            if a.y <= point.y && point.y < b.y && side > 0 { winding += 1 }
            if b.y <= point.y && point.y < a.y && side < 0 { winding -= 1 }
        }
        var index = 0
        for verb in path.verbs {
            switch verb {
            case .move:
                if let first = start { edge(previous, first) }
                start = path.points[index]
                previous = path.points[index]
            case .line:
                edge(previous, path.points[index])
                previous = path.points[index]
            case .close:
                if let first = start { edge(previous, first) }
                previous = start ?? previous
                start = nil
            default:
                Issue.record("an outline holds only lines")
            }
            index += verb.pointCount
        }
        if let first = start { edge(previous, first) }
        return winding
    }

    @Test("120 random dashed strokes outlined for a 16 × 16 output wind round every pixel centre as in full")
    func randomDashedOutlinesKeepTheirWinding() {
        // Winding numbers, not coverage: the scan converter evaluates a row exactly only up to 32 edge pieces, and
        // the full outlines put more than that left of the output in some rows, which moves a few edge pixels
        // (by up to 96 levels here) while the coarse outlines stay exact.
        let output = PixelRect(x: 0, y: 0, width: 16, height: 16)
        var random = StrokeReference.Random(state: 29_112_026)
        var stroker = Stroker()
        var (differing, dropped) = (0, 0)
        for _ in 0..<120 {
            let path = StrokeCoveringTests.randomPath(&random)
            let caps: [StrokeStyle.Cap] = [.butt, .round, .square]
            let joins: [StrokeStyle.Join] = [.miter, .round, .bevel]
            let style = StrokeStyle(
                width: random.uniform(0.5...12), cap: caps[Int(random.next() % 3)],
                join: joins[Int(random.next() % 3)], dashLengths: [random.uniform(5...200), random.uniform(0...20)],
                dashPhase: random.uniform(0...20))
            let seen = stroker.outline(of: path, style: style, precise: output)
            let everywhere = stroker.outline(of: path, style: style)
            if seen.points.count < everywhere.points.count { dropped += 1 }
            for y in 0..<16 {
                for x in 0..<16 {
                    let centre = RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    if Self.winding(of: seen, at: centre) != Self.winding(of: everywhere, at: centre) {
                        differing += 1
                    }
                }
            }
        }
        #expect(differing == 0)
        // 99 of the 120 outlines dropped vertices (measured).
        #expect(dropped > 60)
    }

    @Test("60 random round strokes up to 240 wide, dashed or not, for a 16 × 16 output: centres in or out as in full")
    func randomWideOutlinesKeepTheirInside() {
        // Inside or outside (what the nonzero rule paints), not the winding itself: a piece whose pen holds the whole
        // output is taken as its chord, which changes how many times a centre is wound round, never whether. Round
        // caps and joins only: with the others a chord at a segment's end turns its cap or join (Stroker+Flattening,
        // `flatten`), which this test found (a butt cap's edge across nine pixels, one case in 120).
        let output = PixelRect(x: 0, y: 0, width: 16, height: 16)
        var random = StrokeReference.Random(state: 30_112_026)
        var stroker = Stroker()
        var differing = 0
        for _ in 0..<60 {
            let path = StrokeCoveringTests.randomPath(&random)
            let dashed = random.next() % 2 == 0
            let style = StrokeStyle(
                width: random.uniform(1...240), cap: .round, join: .round,
                dashLengths: dashed ? [random.uniform(5...200), random.uniform(0...20)] : [])
            let seen = stroker.outline(of: path, style: style, precise: output)
            let everywhere = stroker.outline(of: path, style: style)
            for y in 0..<16 {
                for x in 0..<16 {
                    let centre = RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    if (Self.winding(of: seen, at: centre) != 0) != (Self.winding(of: everywhere, at: centre) != 0) {
                        differing += 1
                    }
                }
            }
        }
        #expect(differing == 0)
    }
}
