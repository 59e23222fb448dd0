import Foundation
import PortableCoreGraphics
import Testing

@Suite("CGPath stroke and dash copies")
struct CGPathStrokeCopyTests {
    /// Kinds and points of every element of `path`.
    private func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
        var result: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            result.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        return result
    }

    /// The open subpaths of a path of moves and lines, as point lists.
    private func polylines(of path: CGPath) -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        for (type, points) in elements(of: path) {
            switch type {
            case .moveToPoint: result.append(points)
            case .addLineToPoint: result[result.count - 1] += points
            default: break
            }
        }
        return result
    }

    private func line(_ from: CGPoint, _ to: CGPoint) -> CGPath {
        let path = CGMutablePath()
        path.move(to: from)
        path.addLine(to: to)
        return path
    }

    // MARK: copy(strokingWithWidth:…)

    @Test("stroking a rectangle with miter joins gives the band between the rectangle grown and shrunk by 5")
    func strokedRectangleBand() {
        let outline = CGPath(rect: CGRect(x: 10, y: 10, width: 100, height: 50), transform: nil)
            .copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let outer = CGRect(x: 5, y: 5, width: 110, height: 60)
        let inner = CGRect(x: 15, y: 15, width: 90, height: 40)
        var checked = 0
        for x in stride(from: 0.25, through: 120, by: 1.5) {
            for y in stride(from: 0.25, through: 70, by: 1.5) {
                let point = CGPoint(x: x, y: y)
                let expected = outer.contains(point) && !inner.contains(point)
                #expect(outline.contains(point) == expected, "(\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 3000)
        #expect(outline.contains(CGPoint(x: 5.5, y: 5.5)))
    }

    @Test("bevel joins cut the outer corners along x + y = 15; round joins keep the points within 5 of the corner")
    func bevelAndRoundCorners() {
        let rect = CGPath(rect: CGRect(x: 10, y: 10, width: 100, height: 50), transform: nil)
        let bevel = rect.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(!bevel.contains(CGPoint(x: 7, y: 7)))
        #expect(bevel.contains(CGPoint(x: 8, y: 8)))
        let round = rect.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        #expect(round.contains(CGPoint(x: 10 - 3.4, y: 10 - 3.4)))  // 4.81 from the corner
        #expect(!round.contains(CGPoint(x: 10 - 3.7, y: 10 - 3.7)))  // 5.23 from the corner
        // A low miter limit bevels: a right angle needs a limit of at least √2.
        let limited = rect.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4)
        #expect(!limited.contains(CGPoint(x: 7, y: 7)))
    }

    @Test("caps: butt stops at the end, square reaches half the width beyond, round a half disc")
    func caps() {
        let segment = line(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0))
        let butt = segment.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(butt.contains(CGPoint(x: 0.1, y: 4.9)) && !butt.contains(CGPoint(x: -0.1, y: 0)))
        let square = segment.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.contains(CGPoint(x: -4.9, y: 4.9)) && !square.contains(CGPoint(x: -5.1, y: 0)))
        let round = segment.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(CGPoint(x: -4.9, y: 0)) && !round.contains(CGPoint(x: -5.1, y: 0)))
        #expect(round.contains(CGPoint(x: 103, y: 3.9)) && !round.contains(CGPoint(x: 103.6, y: 3.6)))
    }

    @Test("the transform maps the outline after stroking: scale (3, 1) makes the band 30 long and 2 high")
    func transformAppliesToOutline() {
        let outline = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)).copy(
            strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
            transform: CGAffineTransform(scaleX: 3, y: 1))
        #expect(outline.contains(CGPoint(x: 15, y: 0.9)) && !outline.contains(CGPoint(x: 15, y: 1.1)))
        #expect(outline.contains(CGPoint(x: 29.9, y: 0)) && !outline.contains(CGPoint(x: 30.1, y: 0)))
        let box = outline.boundingBox
        #expect(abs(box.minX) < 1e-9 && abs(box.maxX - 30) < 1e-9 && abs(box.minY + 1) < 1e-9)
    }

    @Test("a width that is zero, negative or NaN gives an empty path")
    func invalidWidth() {
        let segment = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0))
        for width in [0, -2, CGFloat.nan, CGFloat.infinity] {
            #expect(segment.copy(strokingWithWidth: width, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        }
    }

    @Test("a curve's stroke contains the points within half the width of the curve and no others")
    func strokedCurve() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        let outline = path.copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        for step in 0..<72 {
            let angle = Double(step) * Double.pi / 36
            for (radius, inside) in [(45.8, false), (46.2, true), (50, true), (53.8, true), (54.2, false)] {
                let point = CGPoint(x: 50 + radius * cos(angle), y: 50 + radius * sin(angle))
                #expect(outline.contains(point) == inside, "angle \(angle), radius \(radius)")
            }
        }
    }

    // MARK: copy(dashingWithPhase:…)

    @Test("dashing a 100-point line with [10, 5] and phase 3 gives dashes 0–7, 12–22, …, 87–97")
    func dashedLine() {
        let dashed = line(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)).copy(dashingWithPhase: 3, lengths: [10, 5])
        let expected: [[CGPoint]] = [(0, 7), (12, 22), (27, 37), (42, 52), (57, 67), (72, 82), (87, 97)].map {
            [CGPoint(x: $0.0, y: 0), CGPoint(x: $0.1, y: 0)]
        }
        let got = polylines(of: dashed)
        #expect(got.count == expected.count)
        for (a, b) in zip(got, expected) {
            #expect(a.count == 2 && abs(a[0].x - b[0].x) < 1e-9 && abs(a[1].x - b[1].x) < 1e-9, "\(a) vs \(b)")
        }
        #expect(elements(of: dashed).allSatisfy { $0.0 == .moveToPoint || $0.0 == .addLineToPoint })
    }

    @Test("the dash transform maps the dashes; lengths are measured before it")
    func dashedTransform() {
        let dashed = line(CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0)).copy(
            dashingWithPhase: 0, lengths: [10, 5], transform: CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 1))
        let got = polylines(of: dashed).map { $0.map(\.x) }
        // The third dash starts exactly at the end (30): a zero-length dash there, as drawing would show it.
        #expect(got == [[1, 21], [31, 51], [61, 61]])
    }

    @Test("dashes of a circle lie on the circle and have the pattern's lengths")
    func dashedCircle() {
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [20, 10])
        let pieces = polylines(of: dashed)
        // Circumference ≈ 314.16: dashes start every 30; the one starting at 300 runs through the start point
        // into the first (0–20), making 10 pieces, one of them about 34.16 long.
        #expect(pieces.count == 10)
        for piece in pieces {
            for point in piece {
                #expect(abs(hypot(point.x - 50, point.y - 50) - 50) < 0.02)
            }
            let length = zip(piece, piece.dropFirst()).reduce(0.0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
            #expect(abs(length - 20) < 0.05 || abs(length - 34.16) < 0.1, "length \(length)")
        }
    }

    @Test("an empty or all-zero pattern returns the path itself, mapped by the transform, curves included")
    func solidPatternKeepsPath() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 3, y: 8))
        path.closeSubpath()
        let moved = CGAffineTransform(translationX: 10, y: 0)
        for lengths in [[], [0, 0], [4, -1]] as [[CGFloat]] {
            let copy = path.copy(dashingWithPhase: 1, lengths: lengths, transform: moved)
            let kinds = elements(of: copy).map(\.0)
            #expect(kinds == [.moveToPoint, .addQuadCurveToPoint, .closeSubpath])
            #expect(copy.currentPoint == CGPoint(x: 11, y: 2))
        }
    }

    @Test("stroking the dashed copy gives the same area as stroking with the dash pattern directly")
    func dashedThenStroked() {
        let path = line(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0))
        let stroked = path.copy(dashingWithPhase: 3, lengths: [10, 5])
            .copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        for x in stride(from: 0.5, to: 100, by: 1) {
            let on = x < 7 || (x > 12 && (x - 12).truncatingRemainder(dividingBy: 15) < 10)
            #expect(stroked.contains(CGPoint(x: x, y: 1)) == on, "x \(x)")
        }
    }
}
