@_spi(Engine) import PortableRaster
import Testing

@Suite("Stroker")
struct StrokerTests {
    typealias Reference = StrokeReference

    static let horizontal = Reference.polyline([(10, 50), (110, 50)])

    // MARK: Caps

    @Test("a butt-capped segment of length 100 and width 10 covers exactly 1000 pixels, 255 inside")
    func buttSegment() {
        let mask = Reference.mask(Self.horizontal, StrokeStyle(width: 10))
        #expect(mask.totalCoverage == 1000 * 255)
        for y in 40..<60 {
            for x in 0..<120 {
                let inside = x >= 10 && x < 110 && y >= 45 && y < 55
                #expect(mask.coverage(x: x, y: y) == (inside ? 255 : 0), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("square caps extend the segment by half the width at both ends: 1100 pixels")
    func squareCaps() {
        let mask = Reference.mask(Self.horizontal, StrokeStyle(width: 10, cap: .square))
        #expect(mask.totalCoverage == 1100 * 255)
        #expect(mask.coverage(x: 5, y: 50) == 255)
        #expect(mask.coverage(x: 4, y: 50) == 0)
        #expect(mask.coverage(x: 114, y: 45) == 255)
        #expect(mask.coverage(x: 115, y: 45) == 0)
    }

    @Test("round caps add a disc of radius 5: 1000 + 25π pixels within 0.05")
    func roundCaps() {
        let area = Reference.area(Reference.mask(Self.horizontal, StrokeStyle(width: 10, cap: .round)))
        #expect(abs(area - (1000 + 25 * Double.pi)) < 0.05, "area \(area)")
    }

    @Test(
        "the covered area does not depend on the segment's direction",
        arguments: [StrokeStyle.Cap.butt, .square, .round], [0.0, 0.3, 0.785, 1.2, 2.5, 4.0])
    func rotatedSegment(cap: StrokeStyle.Cap, angle: Double) {
        let rotation = Affine2D.rotation(radians: angle)
        let direction = rotation.applyLinear(to: RasterPoint(x: 1, y: 0))
        let start = RasterPoint(x: 100.37, y: 100.61) - direction * 40
        let end = start + direction * 80
        var path = RasterPath()
        path.move(to: start)
        path.line(to: end)
        let area = Reference.area(Reference.mask(path, StrokeStyle(width: 12, cap: cap)))
        let expected: Double
        switch cap {
        case .butt: expected = 80 * 12
        case .square: expected = 92 * 12
        case .round: expected = 80 * 12 + 36 * Double.pi
        }
        #expect(abs(area - expected) < 0.15, "area \(area), expected \(expected)")
    }

    // MARK: Joins

    /// An L from (x, y) right 50 then down 50, width 10.
    static func corner(_ x: Double, _ y: Double) -> RasterPath {
        Reference.polyline([(x, y), (x + 50, y), (x + 50, y + 50)])
    }

    @Test("a 90° miter join fills the outer corner square: coverage equals the exact L shape pixel by pixel")
    func miterCornerExact() {
        let x = 10.37
        let y = 50.61
        let mask = Reference.mask(Self.corner(x, y), StrokeStyle(width: 10, join: .miter))
        let arms = [
            Reference.rectangle(x, y - 5, x + 55, y + 5), Reference.rectangle(x + 45, y + 5, x + 55, y + 50),
        ]
        var largest = 0.0
        for row in 40..<105 {
            for column in 5..<70 {
                let exact = Reference.exactCoverage(of: arms, column: column, row: row)
                largest = Swift.max(largest, abs(Double(mask.coverage(x: column, y: row)) - exact))
            }
        }
        #expect(largest <= 0.5 + 1e-9, "largest difference \(largest) levels")
        #expect(abs(Reference.area(mask) - 1000) < 0.05)
    }

    @Test("at a 90° corner bevel adds half the corner square (987.5) and round a quarter disc (975 + 25π/4)")
    func bevelAndRoundCorner() {
        let bevel = Reference.area(Reference.mask(Self.corner(10.37, 50.61), StrokeStyle(width: 10, join: .bevel)))
        let round = Reference.area(Reference.mask(Self.corner(10.37, 50.61), StrokeStyle(width: 10, join: .round)))
        #expect(abs(bevel - 987.5) < 0.05, "bevel \(bevel)")
        #expect(abs(round - (975 + 25 * Double.pi / 4)) < 0.05, "round \(round)")
    }

    /// Two segments of length 60 meeting at `angle` radians (the angle between them), width 10, from a point
    /// placed so that neither touches the clip.
    static func wedge(angle: Double) -> RasterPath {
        // y = 100.6 puts the first segment's edges at row fractions whose coverage (0.4 · 255 = 102) needs no
        // rounding, so no rounding bias accumulates along them.
        let apex = RasterPoint(x: 100.37, y: 100.6)
        let a = apex + RasterPoint(x: -60, y: 0)
        let b = apex + Affine2D.rotation(radians: angle).applyLinear(to: RasterPoint(x: -60, y: 0))
        var path = RasterPath()
        path.move(to: a)
        path.line(to: apex)
        path.line(to: b)
        return path
    }

    /// The area a miter adds over a bevel at a corner with angle `angle` between the segments and radius `r`:
    /// the kite up to the tip minus the bevel triangle, `r²·tan(θ/2) − r²·sin(θ)/2` with `θ = π − angle`.
    static func miterTipArea(angle: Double, radius r: Double) -> Double {
        let turn = Double.pi - angle
        let half = Affine2D.rotation(radians: turn / 2)
        let full = Affine2D.rotation(radians: turn)
        return r * r * (half.b / half.a) - r * r * full.b / 2
    }

    @Test(
        "the miter limit switches to bevel exactly where 1/sin(φ/2) exceeds it",
        arguments: [1.5, 2.0, 4.0, 10.0])
    func miterLimitSwitch(limit: Double) {
        // The critical angle φ* with 1/sin(φ*/2) = limit.
        var critical = Double.pi / 2
        var low = 0.0
        var high = Double.pi
        for _ in 0..<60 {
            critical = (low + high) / 2
            let sine = Affine2D.rotation(radians: critical / 2).b
            if 1 / sine > limit { low = critical } else { high = critical }
        }
        for factor in [0.97, 1.03] {
            let angle = critical * factor
            let miter = Reference.area(
                Reference.mask(Self.wedge(angle: angle), StrokeStyle(width: 10, join: .miter, miterLimit: limit)))
            let bevel = Reference.area(Reference.mask(Self.wedge(angle: angle), StrokeStyle(width: 10, join: .bevel)))
            let expected = factor < 1 ? 0 : Self.miterTipArea(angle: angle, radius: 5)
            #expect(
                abs((miter - bevel) - expected) < 0.05,
                "limit \(limit), angle \(angle): \(miter - bevel) vs \(expected)")
        }
    }

    @Test("a right angle is mitered at limit √2 (ratio equal to the limit) and bevelled just below it")
    func miterLimitBoundary() {
        let path = Self.corner(10.37, 50.61)
        let atLimit = Reference.area(Reference.mask(path, StrokeStyle(width: 10, miterLimit: 2.0.squareRoot())))
        let below = Reference.area(Reference.mask(path, StrokeStyle(width: 10, miterLimit: 1.414)))
        #expect(abs(atLimit - 1000) < 0.05)
        #expect(abs(below - 987.5) < 0.05)
    }

    @Test("a round join adds the circular sector between the outer edges: r²θ/2 − r²·sin(θ)/2 over bevel")
    func roundJoinArea() {
        for angle in [0.5, 1.2, 2.0, 2.8] {
            let round = Reference.area(Reference.mask(Self.wedge(angle: angle), StrokeStyle(width: 10, join: .round)))
            let bevel = Reference.area(Reference.mask(Self.wedge(angle: angle), StrokeStyle(width: 10, join: .bevel)))
            let turn = Double.pi - angle
            let expected = 25 * turn / 2 - 25 * Affine2D.rotation(radians: turn).b / 2
            #expect(abs((round - bevel) - expected) < 0.05, "angle \(angle): \(round - bevel) vs \(expected)")
        }
    }

    @Test("a path that doubles back on itself gets the join on the far side: round makes a half disc")
    func reversal() {
        // On pixel boundaries, so that the doubled-back part overlaps only whole pixels (overlaps inside partly
        // covered pixels are where area accumulation over-covers; see ScanConverter).
        let path = Reference.polyline([(20.37, 50), (80, 50), (40.37, 50)])
        let butt = Reference.area(Reference.mask(path, StrokeStyle(width: 10, join: .miter)))
        let round = Reference.area(Reference.mask(path, StrokeStyle(width: 10, join: .round)))
        #expect(abs(butt - 59.63 * 10) < 0.05)
        #expect(abs(round - (59.63 * 10 + 25 * Double.pi / 2)) < 0.05)
    }

    // MARK: Closed subpaths and degenerate pieces

    @Test("a closed square has joins at all four corners (its start included) and no caps")
    func closedSquare() {
        let closed = Reference.polyline([(20, 20), (80, 20), (80, 80), (20, 80)], closed: true)
        let mask = Reference.mask(closed, StrokeStyle(width: 10, cap: .round, join: .miter))
        // Outer square 70 × 70 minus inner 50 × 50.
        #expect(mask.totalCoverage == (70 * 70 - 50 * 50) * 255)
        #expect(mask.coverage(x: 15, y: 15) == 255)
        #expect(mask.coverage(x: 50, y: 50) == 0)
        let bevel = Reference.mask(closed, StrokeStyle(width: 10, join: .bevel))
        #expect(bevel.coverage(x: 15, y: 15) == 0)
        #expect(abs(Reference.area(bevel) - (2400 - 4 * 12.5)) < 0.1)
    }

    @Test("a zero-length segment draws a disc of area πr² with round caps, a w × w square with square caps")
    func zeroLengthSegment() {
        let dot = Reference.polyline([(50.37, 50.61), (50.37, 50.61)])
        let round = Reference.area(Reference.mask(dot, StrokeStyle(width: 10, cap: .round)))
        #expect(abs(round - 25 * Double.pi) / (25 * Double.pi) < 0.001, "area \(round)")
        let square = Reference.mask(Reference.polyline([(50, 50), (50, 50)]), StrokeStyle(width: 10, cap: .square))
        #expect(square.totalCoverage == 100 * 255)
        #expect(square.coverage(x: 45, y: 45) == 255 && square.coverage(x: 54, y: 54) == 255)
        #expect(Reference.mask(dot, StrokeStyle(width: 10, cap: .butt)).isEmpty)
    }

    @Test("a lone move draws nothing; a move and a close draws a dot with round caps")
    func loneMoveAndClose() {
        var move = RasterPath()
        move.move(to: RasterPoint(x: 50, y: 50))
        #expect(Reference.mask(move, StrokeStyle(width: 10, cap: .round)).isEmpty)
        var closed = move
        closed.close()
        let area = Reference.area(Reference.mask(closed, StrokeStyle(width: 10, cap: .round)))
        #expect(abs(area - 25 * Double.pi) < 0.1)
    }

    @Test("zero-length segments inside a path are dropped without disturbing the join")
    func zeroLengthInside() {
        let plain = Reference.mask(Self.corner(10.37, 50.61), StrokeStyle(width: 10))
        let doubled = Reference.mask(
            Reference.polyline([(10.37, 50.61), (60.37, 50.61), (60.37, 50.61), (60.37, 100.61)]),
            StrokeStyle(width: 10))
        #expect(plain.totalCoverage == doubled.totalCoverage)
        #expect(plain.coverage(x: 63, y: 47) == doubled.coverage(x: 63, y: 47))
    }

    // MARK: Hairlines and transforms

    @Test("width 0 is a hairline exactly one device pixel wide whatever the scale")
    func hairline() {
        // User (2.5, 2.625) → (12.5, 2.625) under scale 4 is device (10, 10.5) → (50, 10.5).
        let path = Reference.polyline([(2.5, 2.625), (12.5, 2.625)])
        let mask = Reference.mask(path, StrokeStyle(width: 0), transform: .scale(x: 4, y: 4))
        for x in 0..<60 {
            #expect(mask.coverage(x: x, y: 10) == (x >= 10 && x < 50 ? 255 : 0), "column \(x)")
            #expect(mask.coverage(x: x, y: 9) == 0 && mask.coverage(x: x, y: 11) == 0)
        }
        // A diagonal hairline covers one pixel of area per pixel of length.
        let diagonal = Reference.mask(
            Reference.polyline([(5, 5), (35, 45)]), StrokeStyle(width: 0), transform: .scale(x: 2, y: 2))
        #expect(abs(Reference.area(diagonal) - 100) < 0.05)
    }

    @Test("an uneven scale turns the round pen into an ellipse: a circle's stroke area scales with the determinant")
    func ellipticalPen() {
        var circle = RasterPath()
        circle.addEllipse(center: RasterPoint(x: 30, y: 100), radiusX: 20, radiusY: 20)
        let mask = Reference.mask(circle, StrokeStyle(width: 6), transform: .scale(x: 3, y: 1))
        // Annulus 17 … 23 around the centre, area π(23² − 17²) = 240π, times 3.
        let area = Reference.area(mask)
        #expect(abs(area - 720 * Double.pi) / (720 * Double.pi) < 0.002, "area \(area)")
        // Device centre (90, 100): the band is 18 pixels thick across x (21 … 39), 6 across y (77 … 83).
        #expect(mask.coverage(x: 22, y: 100) == 255 && mask.coverage(x: 38, y: 100) == 255)
        #expect(mask.coverage(x: 19, y: 100) == 0 && mask.coverage(x: 40, y: 100) == 0)
        #expect(mask.coverage(x: 90, y: 78) == 255 && mask.coverage(x: 90, y: 82) == 255)
        #expect(mask.coverage(x: 90, y: 75) == 0 && mask.coverage(x: 90, y: 84) == 0)
    }

    // MARK: Curves

    @Test("a stroke much wider than a tight curve has no holes: a circle of radius 5, width 40, is a full disc")
    func thickStrokeOnTightCircle() {
        var circle = RasterPath()
        circle.addEllipse(center: RasterPoint(x: 100.37, y: 100.61), radiusX: 5, radiusY: 5)
        let mask = Reference.mask(circle, StrokeStyle(width: 40))
        for row in 70..<131 {
            for column in 70..<131 {
                let distance =
                    (RasterPoint(x: Double(column) + 0.5, y: Double(row) + 0.5)
                    - RasterPoint(x: 100.37, y: 100.61)).length
                if distance < 24 { #expect(mask.coverage(x: column, y: row) == 255, "(\(column), \(row))") }
                if distance > 26 { #expect(mask.coverage(x: column, y: row) == 0, "(\(column), \(row))") }
            }
        }
        #expect(abs(Reference.area(mask) - 625 * Double.pi) / (625 * Double.pi) < 0.002)
    }

    @Test(
        "a thick stroke on a tight hairpin curve is fully covered within its half width",
        arguments: [.butt, StrokeStyle.Cap.round])
    func thickHairpin(cap: StrokeStyle.Cap) {
        let p0 = RasterPoint(x: 60, y: 140)
        let p1 = RasterPoint(x: 60, y: 60)
        let p2 = RasterPoint(x: 75, y: 60)
        let p3 = RasterPoint(x: 75, y: 140)
        var path = RasterPath()
        path.move(to: p0)
        path.curve(to: p3, control1: p1, control2: p2)
        let mask = Reference.mask(path, StrokeStyle(width: 50, cap: cap))
        let samples = Reference.cubicSamples(p0, p1, p2, p3, count: 400)
        var holes = 0
        for row in 30..<170 {
            for column in 20..<120 {
                let centre = RasterPoint(x: Double(column) + 0.5, y: Double(row) + 0.5)
                // Inside the stroke: near the curve, and for butt caps not beyond the end lines (y < 140).
                if Reference.distance(from: centre, toPolyline: samples) < 24 && (cap == .round || centre.y < 139)
                    && mask.coverage(x: column, y: row) != 255
                {
                    holes += 1
                }
            }
        }
        #expect(holes == 0)
    }

    @Test(
        "a cusp (coincident tangents reversing) is stroked without holes and rounded",
        arguments: [StrokeStyle.Join.miter, .bevel, .round])
    func cusp(join: StrokeStyle.Join) {
        // This cubic's derivative vanishes at t = 1/2: a cusp at (80, 110).
        let p0 = RasterPoint(x: 20, y: 20)
        let p1 = RasterPoint(x: 140, y: 140)
        let p2 = RasterPoint(x: 20, y: 140)
        let p3 = RasterPoint(x: 140, y: 20)
        var path = RasterPath()
        path.move(to: p0)
        path.curve(to: p3, control1: p1, control2: p2)
        let radius = 8.0
        let mask = Reference.mask(path, StrokeStyle(width: 2 * radius, cap: .round, join: join))
        let samples = Reference.cubicSamples(p0, p1, p2, p3, count: 300)
        var worst = 0.0
        for row in 5..<160 {
            for column in 5..<160 {
                let centre = RasterPoint(x: Double(column) + 0.5, y: Double(row) + 0.5)
                let distance = Reference.distance(from: centre, toPolyline: samples)
                let got = Double(mask.coverage(x: column, y: row))
                if distance < radius - 1 { #expect(got == 255, "(\(column), \(row))") }
                if distance > radius + 1 { #expect(got == 0, "(\(column), \(row))") }
                if abs(distance - radius) <= 1 {
                    let expected = Reference.sampledRoundStroke(
                        samples, radius: radius, column: column, row: row, samples: 6)
                    worst = Swift.max(worst, abs(got - expected))
                }
            }
        }
        #expect(worst < 24, "largest difference from the sampled reference \(worst)")
    }

    @Test("round caps and joins match the set of points within half the width (seeded random paths)")
    func randomRoundStrokes() {
        var random = Reference.Random(state: 20_240_611)
        for _ in 0..<8 {
            var path = RasterPath()
            var samples: [RasterPoint] = []
            var current = RasterPoint(x: random.uniform(15...80), y: random.uniform(15...80))
            path.move(to: current)
            samples.append(current)
            for _ in 0..<3 {
                func point() -> RasterPoint { RasterPoint(x: random.uniform(10...86), y: random.uniform(10...86)) }
                if random.next() % 2 == 0 {
                    let end = point()
                    path.line(to: end)
                    samples.append(end)
                    current = end
                } else {
                    let c1 = point()
                    let c2 = point()
                    let end = point()
                    path.curve(to: end, control1: c1, control2: c2)
                    samples += Reference.cubicSamples(current, c1, c2, end, count: 100).dropFirst()
                    current = end
                }
            }
            let radius = random.uniform(0.5...9)
            let mask = Reference.mask(
                path, StrokeStyle(width: 2 * radius, cap: .round, join: .round), width: 96, height: 96)
            var over = 0
            var under = 0.0
            var sum = 0.0
            for row in 0..<96 {
                for column in 0..<96 {
                    let centre = RasterPoint(x: Double(column) + 0.5, y: Double(row) + 0.5)
                    let distance = Reference.distance(from: centre, toPolyline: samples)
                    let got = Double(mask.coverage(x: column, y: row))
                    let expected: Double
                    if distance < radius - 0.75 {
                        expected = 255
                    } else if distance > radius + 0.75 {
                        expected = 0
                    } else {
                        expected = Reference.sampledRoundStroke(
                            samples, radius: radius, column: column, row: row, samples: 6)
                    }
                    if got - expected > 24 { over += 1 }
                    under = Swift.max(under, expected - got)
                    sum += abs(got - expected)
                }
            }
            // Never visibly short (no gaps or holes). Too dark only in the few pixels where the stroke's own
            // boundaries cross inside one pixel (area accumulation adds overlapping coverage there).
            #expect(under < 24, "radius \(radius): largest shortfall \(under)")
            #expect(over <= 10, "radius \(radius): \(over) pixels more than 24 levels too dark")
            #expect(sum / (96 * 96) < 0.5, "radius \(radius): mean \(sum / (96 * 96))")
        }
    }

    // MARK: Bad input and consistency

    @Test("NaN and infinite points are dropped: the stroke equals the one without them")
    func nonFinitePoints() {
        var bad = RasterPath()
        bad.move(to: RasterPoint(x: 20, y: 20))
        bad.line(to: RasterPoint(x: 80, y: 20))
        bad.line(to: RasterPoint(x: .nan, y: 50))
        bad.curve(
            to: RasterPoint(x: 80, y: 80), control1: RasterPoint(x: .infinity, y: 0),
            control2: RasterPoint(x: 90, y: 90))
        bad.line(to: RasterPoint(x: 80, y: 80))
        bad.line(to: RasterPoint(x: 20, y: 80))
        let good = Reference.polyline([(20, 20), (80, 20), (80, 80), (20, 80)])
        let style = StrokeStyle(width: 6, cap: .round, join: .round)
        let a = Reference.mask(bad, style)
        let b = Reference.mask(good, style)
        #expect(a.totalCoverage == b.totalCoverage)
        #expect(a.coverage(x: 80, y: 50) == 255)
        var nanWidth = StrokeStyle(width: .nan)
        #expect(Reference.mask(good, nanWidth).isEmpty)
        nanWidth.width = -3
        #expect(Reference.mask(good, nanWidth).isEmpty)
    }

    @Test("the outline path filled with the nonzero rule gives the same coverage as stroking directly")
    func outlineMatchesDirectStroke() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: 20.3, y: 30.7))
        path.curve(
            to: RasterPoint(x: 150.2, y: 60.9), control1: RasterPoint(x: 60, y: 180),
            control2: RasterPoint(x: 90, y: -40))
        path.line(to: RasterPoint(x: 120.5, y: 150.1))
        path.quadCurve(to: RasterPoint(x: 30.8, y: 120.4), control: RasterPoint(x: 40, y: 190))
        path.close()
        let transform = Affine2D.rotation(radians: 0.3).concatenated(.translation(x: 20, y: -10))
        for style in [
            StrokeStyle(width: 9, cap: .round, join: .round),
            StrokeStyle(width: 14, cap: .square, join: .miter, dashLengths: [30, 12, 5, 12], dashPhase: 7),
        ] {
            let direct = Reference.mask(path, style, transform: transform)
            var stroker = Stroker()
            let outline = stroker.outline(of: path, style: style, transform: transform, tolerance: 1.0 / 32)
            let filled = CoverageReference.rasterize(outline, width: 200, height: 200)
            var worst = 0
            for row in 0..<200 {
                for column in 0..<200 {
                    worst = Swift.max(
                        worst, abs(Int(direct.coverage(x: column, y: row)) - Int(filled.coverage(x: column, y: row))))
                }
            }
            #expect(worst <= 2, "largest difference \(worst)")
        }
    }

    @Test("pieces far outside the clip are skipped without changing the coverage inside it")
    func partlyOutsideClip() {
        // A path that leaves the 200 × 200 clip on every side, dashed so that many dashes lie outside.
        var path = RasterPath()
        path.move(to: RasterPoint(x: -300, y: 100.3))
        path.line(to: RasterPoint(x: 500, y: 90.7))
        path.curve(
            to: RasterPoint(x: 100.2, y: -400), control1: RasterPoint(x: 900, y: 300),
            control2: RasterPoint(x: 300, y: -600))
        path.line(to: RasterPoint(x: 60.5, y: 700))
        path.close()
        for style in [
            StrokeStyle(width: 12, cap: .square, join: .miter, dashLengths: [17, 9], dashPhase: 4),
            StrokeStyle(width: 30, cap: .round, join: .round),
        ] {
            let direct = Reference.mask(path, style, transform: .rotation(radians: 0.1))
            var stroker = Stroker()
            let outline = stroker.outline(
                of: path, style: style, transform: .rotation(radians: 0.1), tolerance: 1.0 / 32)
            let filled = CoverageReference.rasterize(outline, width: 200, height: 200)
            var worst = 0
            for row in 0..<200 {
                for column in 0..<200 {
                    worst = Swift.max(
                        worst, abs(Int(direct.coverage(x: column, y: row)) - Int(filled.coverage(x: column, y: row))))
                }
            }
            #expect(worst <= 2, "largest difference \(worst)")
            #expect(!direct.isEmpty)
        }
    }

    @Test("a stroker and converter reused across strokes give the same result as fresh ones")
    func reuse() {
        var stroker = Stroker()
        var converter = ScanConverter()
        var mask = CoverageMask()
        let clip = PixelRect(x: 0, y: 0, width: 200, height: 200)
        let paths = [Self.corner(10.37, 50.61), Self.horizontal, Self.wedge(angle: 1)]
        let style = StrokeStyle(width: 7, cap: .round, join: .miter, dashLengths: [9, 4])
        for _ in 0..<2 {
            for path in paths {
                stroker.stroke(path, style: style, clip: clip, converter: &converter, into: &mask)
                #expect(mask.totalCoverage == Reference.mask(path, style).totalCoverage)
            }
        }
    }
}
