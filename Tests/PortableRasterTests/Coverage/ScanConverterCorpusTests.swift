import Testing

@_spi(Engine) @testable import PortableRaster

/// Pins the exact output of ``ScanConverter`` (bounds, spans and the coverage bytes inside the spans) over a large
/// seeded corpus of outlines, so that changes made for speed provably leave every mask unchanged.
///
/// Each family of outlines is hashed (FNV-1a, 64 bits) into its own value; the expected values were recorded with
/// the converter as of the commit before the per-quad resolve and the two-piece row check (main at `5181e5a`) and
/// must never change unless coverage is meant to change. A family whose hash differs names the kind of outline
/// to look at.
@Suite("Scan converter corpus")
struct ScanConverterCorpusTests {
    /// FNV-1a over 64 bits.
    struct Hasher64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        mutating func add(_ number: Int) {
            var bits = UInt64(bitPattern: Int64(number))
            for _ in 0..<8 {
                add(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        }
    }

    /// The outlines of one family, filled with both rules, hashed; also how many masks were not empty and the
    /// sum of their coverage (so a family cannot pass by producing nothing).
    struct FamilyResult: Equatable, CustomStringConvertible {
        var hash: UInt64
        var nonEmpty: Int
        var coverage: Int

        var description: String { "hash 0x\(String(hash, radix: 16)), \(nonEmpty) non-empty, coverage \(coverage)" }
    }

    /// One case: a path, its transform and its clip.
    struct Case {
        var path: RasterPath
        var transform: Affine2D
        var clip: PixelRect
    }

    static func hash(_ cases: [Case]) -> FamilyResult {
        var hasher = Hasher64()
        var converter = ScanConverter()
        var mask = CoverageMask()
        var nonEmpty = 0
        var coverage = 0
        for item in cases {
            for rule in [FillRule.nonZero, .evenOdd] {
                converter.fill(item.path, transform: item.transform, rule: rule, clip: item.clip, into: &mask)
                let bounds = mask.bounds
                hasher.add(bounds.x)
                hasher.add(bounds.y)
                hasher.add(bounds.width)
                hasher.add(bounds.height)
                guard !bounds.isEmpty else { continue }
                if !mask.isEmpty { nonEmpty += 1 }
                coverage += mask.totalCoverage
                for y in bounds.y..<bounds.maxY {
                    mask.withRow(y) { columns, bytes in
                        hasher.add(columns.lowerBound)
                        hasher.add(columns.upperBound)
                        for byte in bytes { hasher.add(byte) }
                    }
                }
            }
        }
        return FamilyResult(hash: hasher.value, nonEmpty: nonEmpty, coverage: coverage)
    }

    static func rotation(_ angle: Double, scaleX: Double, scaleY: Double, tx: Double, ty: Double) -> Affine2D {
        let turn = Affine2D.rotation(radians: angle)
        let cosine = turn.a
        let sine = turn.b
        return Affine2D(
            a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY, tx: tx, ty: ty)
    }

    /// A clip: mostly a frame-sized one, sometimes a small one that cuts the shape, with odd widths.
    static func clip(_ random: inout SplitMix64) -> PixelRect {
        switch random.next() % 4 {
        case 0:
            return PixelRect(x: 0, y: 0, width: 1920, height: 1080)
        case 1:
            return PixelRect(
                x: Int(random.next() % 200), y: Int(random.next() % 200), width: 1 + Int(random.next() % 300),
                height: 1 + Int(random.next() % 300))
        case 2:
            return PixelRect(x: -37, y: -11, width: 400 + Int(random.next() % 33), height: 500)
        default:
            return PixelRect(x: 0, y: 0, width: 17 + Int(random.next() % 700), height: 1 + Int(random.next() % 700))
        }
    }

    static func rectangles(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        var cases: [Case] = []
        for index in 0..<count {
            var path = RasterPath()
            let width = 1 + random.unit() * 250
            let height = 1 + random.unit() * 250
            path.addRect(x: -width / 2, y: -height / 2, width: width, height: height)
            // A few exact angles (axis-aligned, 45°), the rest random; scales 0.05 … 1.5; subpixel centres.
            let angle: Double =
                switch index % 7 {
                case 0: 0
                case 1: Double.pi / 2
                case 2: Double.pi / 4
                default: random.unit() * 2 * Double.pi
                }
            let scale = 0.05 + random.unit() * 1.45
            let transform = rotation(
                angle, scaleX: scale, scaleY: scale * (0.5 + random.unit()), tx: random.unit() * 500 - 50,
                ty: random.unit() * 500 - 50)
            cases.append(Case(path: path, transform: transform, clip: clip(&random)))
        }
        return cases
    }

    static func polygons(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        var cases: [Case] = []
        for _ in 0..<count {
            var path = RasterPath()
            let vertices = 3 + Int(random.next() % 10)
            let centerX = random.unit() * 300
            let centerY = random.unit() * 300
            let radius = 0.5 + random.unit() * 150
            var points: [RasterPoint] = []
            for _ in 0..<vertices {
                // Random points around the centre: convex, concave and self-intersecting outlines alike.
                points.append(
                    RasterPoint(
                        x: centerX + (random.unit() * 2 - 1) * radius, y: centerY + (random.unit() * 2 - 1) * radius))
            }
            path.addPolygon(points)
            if random.next() % 3 == 0 {
                // A second subpath overlapping the first, in either direction.
                let x = centerX - radius / 2 + random.unit() * radius
                let y = centerY - radius / 2 + random.unit() * radius
                let side = 1 + random.unit() * radius
                if random.next() % 2 == 0 {
                    path.addRect(x: x, y: y, width: side, height: side)
                } else {
                    path.addPolygon([
                        RasterPoint(x: x, y: y), RasterPoint(x: x, y: y + side), RasterPoint(x: x + side, y: y + side),
                        RasterPoint(x: x + side, y: y),
                    ])
                }
            }
            cases.append(Case(path: path, transform: .identity, clip: clip(&random)))
        }
        return cases
    }

    static func regularPolygons(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        var cases: [Case] = []
        for index in 0..<count {
            // Convex regular polygons and stars (every second vertex pulled in, or a {n/2} star drawn in one go).
            let sides = 3 + Int(random.next() % 9)
            let radius = 1 + random.unit() * 120
            let centre = RasterPoint(x: 20 + random.unit() * 300, y: 20 + random.unit() * 300)
            let phase = random.unit() * 2 * Double.pi
            var points: [RasterPoint] = []
            let step = index % 3 == 2 ? 2 : 1
            let inner = index % 3 == 1 ? 0.4 : 1
            for vertex in 0..<sides {
                let angle = phase + 2 * Double.pi * Double(vertex * step) / Double(sides)
                let length = vertex % 2 == 1 ? radius * inner : radius
                let turn = Affine2D.rotation(radians: angle)
                points.append(RasterPoint(x: centre.x + length * turn.a, y: centre.y + length * turn.b))
            }
            var path = RasterPath()
            path.addPolygon(points)
            cases.append(Case(path: path, transform: .identity, clip: clip(&random)))
        }
        return cases
    }

    static func curves(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        var cases: [Case] = []
        for index in 0..<count {
            var path = RasterPath()
            let x = random.unit() * 300
            let y = random.unit() * 300
            if index % 2 == 0 {
                path.addEllipse(
                    center: RasterPoint(x: x, y: y), radiusX: 0.3 + random.unit() * 150,
                    radiusY: 0.3 + random.unit() * 150)
                if index % 4 == 0 {
                    // A ring (second ellipse inside) or a doubled ellipse.
                    path.addEllipse(
                        center: RasterPoint(x: x + random.unit() * 10, y: y), radiusX: 0.3 + random.unit() * 80,
                        radiusY: 0.3 + random.unit() * 80)
                }
            } else {
                func point() -> RasterPoint { RasterPoint(x: x + random.unit() * 200, y: y + random.unit() * 200) }
                path.move(to: point())
                for segment in 0..<(1 + Int(random.next() % 4)) {
                    if segment % 2 == 0 {
                        path.curve(to: point(), control1: point(), control2: point())
                    } else {
                        path.quadCurve(to: point(), control: point())
                    }
                }
                path.close()
            }
            let transform = rotation(
                random.unit() * 2 * Double.pi, scaleX: 0.3 + random.unit(), scaleY: 0.3 + random.unit(),
                tx: random.unit() * 100, ty: random.unit() * 100)
            cases.append(Case(path: path, transform: transform, clip: clip(&random)))
        }
        return cases
    }

    /// Degenerate and awkward outlines: slivers, near-horizontal edges, retraced rectangles, shapes beyond the clip
    /// on every side, huge shapes, points not finite.
    static func awkward(seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        var cases: [Case] = []
        let frame = PixelRect(x: 0, y: 0, width: 640, height: 480)
        for index in 0..<150 {
            var path = RasterPath()
            let x = random.unit() * 600
            let y = random.unit() * 400
            switch index % 6 {
            case 0:
                // A sliver: a few hundredths of a pixel thin, at a random angle.
                path.addRect(x: -100, y: -0.01 - random.unit() * 0.05, width: 200, height: 0.02 + random.unit() * 0.1)
                cases.append(
                    Case(
                        path: path,
                        transform: rotation(random.unit() * Double.pi, scaleX: 1, scaleY: 1, tx: x, ty: y),
                        clip: frame))
            case 1:
                // Nearly horizontal long edges.
                path.addPolygon([
                    RasterPoint(x: x - 300, y: y), RasterPoint(x: x + 300, y: y + random.unit() * 3),
                    RasterPoint(x: x + 250, y: y + 20 + random.unit() * 3), RasterPoint(x: x - 280, y: y + 19),
                ])
                cases.append(Case(path: path, transform: .identity, clip: frame))
            case 2:
                // The same rectangle twice (doubled edges), or once reversed (a hole that cancels it).
                let width = 1 + random.unit() * 100
                let height = 1 + random.unit() * 100
                path.addRect(x: x, y: y, width: width, height: height)
                if index % 12 == 2 {
                    path.addRect(x: x, y: y, width: width, height: height)
                } else {
                    path.addPolygon([
                        RasterPoint(x: x, y: y), RasterPoint(x: x, y: y + height),
                        RasterPoint(x: x + width, y: y + height), RasterPoint(x: x + width, y: y),
                    ])
                }
                cases.append(
                    Case(
                        path: path,
                        transform: rotation(random.unit(), scaleX: 1, scaleY: 1, tx: random.unit(), ty: random.unit()),
                        clip: frame))
            case 3:
                // Beyond the clip on some side, or covering all of it.
                let side = 100 + random.unit() * 2000
                path.addRect(x: x - side / 2, y: y - side / 2, width: side, height: side)
                cases.append(
                    Case(
                        path: path,
                        transform: rotation(random.unit() * 6, scaleX: 1, scaleY: 1, tx: 0, ty: 0),
                        clip: PixelRect(x: Int(random.next() % 100), y: 3, width: 129 + index, height: 97)))
            case 4:
                // A point that is not finite inside an outline.
                path.move(to: RasterPoint(x: x, y: y))
                path.line(to: RasterPoint(x: x + 50, y: y + 5))
                path.line(to: RasterPoint(x: .nan, y: y + 5))
                path.line(to: RasterPoint(x: x + 40, y: y + 60))
                path.line(to: RasterPoint(x: .infinity, y: 1))
                path.line(to: RasterPoint(x: x - 10, y: y + 30))
                path.close()
                cases.append(Case(path: path, transform: .identity, clip: frame))
            default:
                // Tiny shapes inside one or two pixels.
                path.addRect(x: x, y: y, width: random.unit() * 1.5, height: random.unit() * 1.5)
                cases.append(
                    Case(
                        path: path,
                        transform: rotation(random.unit() * 6, scaleX: 1, scaleY: 1, tx: 0, ty: 0),
                        clip: frame))
            }
        }
        return cases
    }

    @Test("rotated rectangles (1 400 cases × 2 rules) give the recorded masks")
    func rotatedRectangles() {
        let result = Self.hash(Self.rectangles(count: 1400, seed: 1))
        #expect(
            result == FamilyResult(hash: 0x7c7a_06c2_b099_ea77, nonEmpty: 1984, coverage: 4_147_256_392), "\(result)")
    }

    @Test("random polygons, some with an overlapping second subpath (600 × 2), give the recorded masks")
    func randomPolygons() {
        let result = Self.hash(Self.polygons(count: 600, seed: 2))
        #expect(result == FamilyResult(hash: 0x834a_03dd_94d9_e32d, nonEmpty: 1012, coverage: 990_784_791), "\(result)")
    }

    @Test("regular polygons and stars (300 × 2) give the recorded masks")
    func regularPolygonsAndStars() {
        let result = Self.hash(Self.regularPolygons(count: 300, seed: 3))
        #expect(result == FamilyResult(hash: 0x6683_898c_80e3_ca67, nonEmpty: 502, coverage: 801_645_109), "\(result)")
    }

    @Test("ellipses, rings and random curves (300 × 2) give the recorded masks")
    func curvedOutlines() {
        let result = Self.hash(Self.curves(count: 300, seed: 4))
        #expect(result == FamilyResult(hash: 0xb95e_ce10_9879_02c9, nonEmpty: 354, coverage: 253_508_580), "\(result)")
    }

    @Test("slivers, doubled edges, clipped, huge, tiny and non-finite outlines (150 × 2) give the recorded masks")
    func awkwardOutlines() {
        let result = Self.hash(Self.awkward(seed: 5))
        #expect(result == FamilyResult(hash: 0x67db_10f7_947c_303d, nonEmpty: 274, coverage: 302_229_688), "\(result)")
    }
}
