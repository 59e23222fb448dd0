@_spi(Engine) import PortableRaster
import Testing

@Suite("Stroker dashing")
struct DashingTests {
    typealias Reference = StrokeReference

    /// The subpaths of a dashed path as lists of points (a close repeats nothing).
    static func subpaths(_ path: RasterPath) -> [[RasterPoint]] {
        var result: [[RasterPoint]] = []
        var index = 0
        for verb in path.verbs {
            switch verb {
            case .move: result.append([path.points[index]])
            case .line: result[result.count - 1].append(path.points[index])
            case .quadratic, .cubic, .close: break
            }
            index += verb.pointCount
        }
        return result
    }

    /// The "on" columns of row 50 (coverage 255) as half-open runs.
    static func runs(_ mask: CoverageMask, row: Int, columns: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for x in columns {
            let on = mask.coverage(x: x, y: row) == 255
            if on, start == nil { start = x }
            if !on, let first = start {
                result.append(first..<x)
                start = nil
            }
        }
        if let first = start { result.append(first..<columns.upperBound) }
        return result
    }

    @Test("pattern [10, 5] with phase 3 on a 100-pixel line gives dashes 0–7, 12–22, 27–37, … 87–97")
    func dashIntervals() {
        let line = Reference.polyline([(10, 50), (110, 50)])
        let mask = Reference.mask(line, StrokeStyle(width: 10, dashLengths: [10, 5], dashPhase: 3))
        let expected = [0..<7, 12..<22, 27..<37, 42..<52, 57..<67, 72..<82, 87..<97].map {
            ($0.lowerBound + 10)..<($0.upperBound + 10)
        }
        for row in 45..<55 {
            #expect(Self.runs(mask, row: row, columns: 0..<130) == expected, "row \(row)")
        }
        #expect(mask.totalCoverage == 67 * 10 * 255)
        // The dashed centre line has the same intervals.
        var stroker = Stroker()
        let dashed = stroker.dashedPath(line, lengths: [10, 5], phase: 3)
        let pieces = Self.subpaths(dashed).map { ($0.first!.x - 10, $0.last!.x - 10) }
        let wanted: [(Double, Double)] = [(0, 7), (12, 22), (27, 37), (42, 52), (57, 67), (72, 82), (87, 97)]
        #expect(pieces.count == wanted.count)
        for (piece, want) in zip(pieces, wanted) {
            #expect(abs(piece.0 - want.0) < 1e-9 && abs(piece.1 - want.1) < 1e-9, "\(piece) vs \(want)")
        }
    }

    @Test("an odd pattern is read twice: [5] is 5 on 5 off, [1, 2, 3] is 1 on, 2 off, 3 on, 1 off, 2 on, 3 off")
    func oddPatterns() {
        var stroker = Stroker()
        let line = Reference.polyline([(0, 0), (24, 0)])
        let five = Self.subpaths(stroker.dashedPath(line, lengths: [5], phase: 0)).map { [$0.first!.x, $0.last!.x] }
        #expect(five == [[0, 5], [10, 15], [20, 24]])
        let three = Self.subpaths(stroker.dashedPath(line, lengths: [1, 2, 3], phase: 0)).map {
            [$0.first!.x, $0.last!.x]
        }
        // The pattern's next "on" entry starts exactly at the end (24): a zero-length dash there.
        #expect(three == [[0, 1], [3, 6], [7, 9], [12, 13], [15, 18], [19, 21], [24, 24]])
    }

    @Test(
        "dash intervals are half-open: one ending at an open subpath's start draws nothing, one starting at its end a dot"
    )
    func halfOpenIntervals() {
        var stroker = Stroker()
        let line = Reference.polyline([(0, 0), (20, 0)])
        // [5, 5] with phase 5: on over [−5, 0), [5, 10), [15, 20) and [25, 30).
        let pieces = Self.subpaths(stroker.dashedPath(line, lengths: [5, 5], phase: 5)).map {
            [$0.first!.x, $0.last!.x]
        }
        #expect(pieces == [[5, 10], [15, 20]])
        // [5, 5] with phase 0 on 20: [0, 5), [10, 15), [20, 25) — the last is a zero-length dash at the end, a
        // disc of radius 2 round (40, 50.5) with round caps.
        let dots = Reference.mask(
            Reference.polyline([(20, 50.5), (40, 50.5)]), StrokeStyle(width: 4, cap: .round, dashLengths: [5, 5]))
        #expect(dots.coverage(x: 40, y: 50) == 255)
        #expect(dots.coverage(x: 19, y: 50) == 255)
        #expect(dots.coverage(x: 37, y: 50) < 5)  // between the cap of 10–15 (ends at 37) and the dot (starts at 38)
    }

    @Test("a negative phase starts that far before the pattern: [10, 5] with phase −3 on 30 pixels")
    func negativePhase() {
        var stroker = Stroker()
        let line = Reference.polyline([(0, 0), (30, 0)])
        let pieces = Self.subpaths(stroker.dashedPath(line, lengths: [10, 5], phase: -3)).map {
            [$0.first!.x, $0.last!.x]
        }
        #expect(pieces == [[3, 13], [18, 28]])
    }

    @Test(
        "empty, all-zero, negative or non-finite dash arrays draw a solid line",
        arguments: [[], [0.0, 0.0], [10, -5], [0], [.nan, 4], [.infinity, 2]] as [[Double]])
    func invalidPatternsAreSolid(lengths: [Double]) {
        let line = Reference.polyline([(10, 50), (110, 50)])
        let solid = Reference.mask(line, StrokeStyle(width: 10))
        let dashed = Reference.mask(line, StrokeStyle(width: 10, dashLengths: lengths, dashPhase: 2))
        #expect(dashed.totalCoverage == solid.totalCoverage)
        #expect(!StrokeStyle(width: 1, dashLengths: lengths).isDashed)
    }

    @Test("zero-length dashes with round caps are dots of area πr², including one at the very end")
    func dots() {
        let line = Reference.polyline([(20.37, 50.61), (120.37, 50.61)])
        let mask = Reference.mask(line, StrokeStyle(width: 6, cap: .round, dashLengths: [0, 20]))
        let area = Reference.area(mask)
        // Dots at 0, 20, 40, 60, 80 and 100.
        #expect(abs(area - 6 * 9 * Double.pi) / (6 * 9 * Double.pi) < 0.002, "area \(area)")
        #expect(mask.coverage(x: 120, y: 50) == 255 && mask.coverage(x: 30, y: 50) == 0)
        let butt = Reference.mask(line, StrokeStyle(width: 6, cap: .butt, dashLengths: [0, 20]))
        #expect(butt.isEmpty)
    }

    @Test("on a closed square the dash through the start point is one piece with a join, not two caps")
    func closedSquareStart() {
        let square = Reference.polyline([(20, 20), (60, 20), (60, 60), (20, 60)], closed: true)
        // Perimeter 160; [30, 10] with phase 20 is on over 0–10, 20–50, 60–90, 100–130 and 140–170, the last
        // running through the start point into 0–10.
        var stroker = Stroker()
        let pieces = Self.subpaths(stroker.dashedPath(square, lengths: [30, 10], phase: 20))
        #expect(pieces.count == 4)
        let joined = pieces.first { $0.contains(RasterPoint(x: 20, y: 20)) }
        #expect(
            joined == [RasterPoint(x: 20, y: 40), RasterPoint(x: 20, y: 20), RasterPoint(x: 30, y: 20)],
            "\(String(describing: joined))")
        // Stroked with miter joins the start corner is filled; separate butt-capped dashes would leave it empty.
        let mask = Reference.mask(square, StrokeStyle(width: 6, join: .miter, dashLengths: [30, 10], dashPhase: 20))
        #expect(mask.coverage(x: 17, y: 17) == 255)
        #expect(mask.coverage(x: 35, y: 20) == 0)  // the gap 10–20
        #expect(mask.coverage(x: 62, y: 35) == 0)  // the gap 50–60
        #expect(mask.coverage(x: 62, y: 45) == 255)
    }

    @Test("a dash longer than a closed subpath draws the closed stroke itself, with no caps")
    func dashCoversLoop() {
        let square = Reference.polyline([(20, 20), (60, 20), (60, 60), (20, 60)], closed: true)
        let style = StrokeStyle(width: 6, cap: .square, join: .bevel)
        var dashed = style
        dashed.dashLengths = [500, 10]
        dashed.dashPhase = 3
        #expect(Reference.mask(square, dashed).totalCoverage == Reference.mask(square, style).totalCoverage)
    }

    @Test("a dash runs round a corner with the style's join")
    func dashThroughCorner() {
        let corner = Reference.polyline([(10, 50), (60, 50), (60, 100)])
        let dashed = Reference.mask(corner, StrokeStyle(width: 10, join: .miter, dashLengths: [20, 10], dashPhase: 12))
        // On 0–8, 18–38, 48–68 (through the corner at 50) and 78–98. The third dash covers 2 × 10 before the
        // corner and 10 × 18 after it, overlapping by 2 × 5, plus the 5 × 5 miter square.
        #expect(dashed.coverage(x: 62, y: 47) == 255)
        #expect(dashed.coverage(x: 52, y: 50) == 0)
        #expect(dashed.totalCoverage == (80 + 200 + (20 + 180 - 10 + 25) + 200) * 255)
    }

    @Test("each subpath restarts the pattern at the phase")
    func restartPerSubpath() {
        var path = Reference.polyline([(10, 20), (50, 20)])
        path.move(to: RasterPoint(x: 10, y: 60))
        path.line(to: RasterPoint(x: 50, y: 60))
        let mask = Reference.mask(path, StrokeStyle(width: 4, dashLengths: [8, 4], dashPhase: 2))
        #expect(Self.runs(mask, row: 20, columns: 0..<60) == Self.runs(mask, row: 60, columns: 0..<60))
        #expect(Self.runs(mask, row: 20, columns: 0..<60) == [10..<16, 20..<28, 32..<40, 44..<50])
    }

    @Test("a dashed hairline measures its dashes in user space: [2.5, 2.5] under scale 4 is 10 pixels on, 10 off")
    func dashedHairline() {
        let line = Reference.polyline([(2.5, 2.625), (27.5, 2.625)])
        let mask = Reference.mask(line, StrokeStyle(width: 0, dashLengths: [2.5, 2.5]), transform: .scale(x: 4, y: 4))
        // Device 10 … 110; the dash starting exactly at the end has no length and butt caps draw nothing.
        #expect(Self.runs(mask, row: 10, columns: 0..<130) == [10..<20, 30..<40, 50..<60, 70..<80, 90..<100])
        #expect(mask.totalCoverage == 50 * 255)
    }

    @Test("a solid pattern gives the path back mapped, curves included")
    func solidDashedPath() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: 1, y: 2))
        path.curve(to: RasterPoint(x: 7, y: 8), control1: RasterPoint(x: 3, y: 4), control2: RasterPoint(x: 5, y: 6))
        var stroker = Stroker()
        let result = stroker.dashedPath(path, lengths: [], phase: 0, transform: .scale(x: 2, y: 2))
        #expect(result.verbs == [.move, .cubic])
        #expect(result.points.last == RasterPoint(x: 14, y: 16))
    }
}
