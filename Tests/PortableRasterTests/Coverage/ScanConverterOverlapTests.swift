@_spi(Engine) import PortableRaster
import Testing

/// Coverage where edges overlap, coincide or cross inside a pixel: the cases area averaging alone gets wrong
/// (see `OverlapScratch.swift`). Every expectation is the exact area of the filled region per pixel.
@Suite("ScanConverter overlapping edges")
struct ScanConverterOverlapTests {
    typealias Reference = CoverageReference

    static func polygon(_ points: [(Double, Double)]) -> [RasterPoint] {
        points.map { RasterPoint(x: $0.0, y: $0.1) }
    }

    static func path(_ polygons: [[RasterPoint]]) -> RasterPath {
        var path = RasterPath()
        for polygon in polygons { path.addPolygon(polygon) }
        return path
    }

    /// The largest per-pixel difference between two masks over `width × height` pixels.
    static func largestDifference(_ a: CoverageMask, _ b: CoverageMask, width: Int = 100, height: Int = 100) -> Int {
        var largest = 0
        for y in 0..<height {
            for x in 0..<width {
                largest = max(largest, abs(Int(a.coverage(x: x, y: y)) - Int(b.coverage(x: x, y: y))))
            }
        }
        return largest
    }

    @Test("a square drawn twice in the same direction: nonzero equals the square drawn once, even-odd is empty")
    func doubledSquare() {
        var once = RasterPath()
        once.addRect(x: 10.3, y: 12.2, width: 20.3, height: 13.5)
        var twice = once
        twice.addRect(x: 10.3, y: 12.2, width: 20.3, height: 13.5)
        let single = Reference.rasterize(once)
        let doubled = Reference.rasterize(twice)
        // Corner pixel (10, 12): 0.7 × 0.8 = 0.56 of the pixel → 142.8 → 143 (area averaging gave 2 × 0.56 → 255).
        #expect(single.coverage(x: 10, y: 12) == 143)
        #expect(doubled.coverage(x: 10, y: 12) == 143)
        // Top edge pixel (20, 12): 0.8 → 204; bottom-right corner (30, 25): 0.6 × 0.7 = 0.42 → 107.1 → 107.
        #expect(doubled.coverage(x: 20, y: 12) == 204)
        #expect(doubled.coverage(x: 30, y: 25) == 107)
        #expect(Self.largestDifference(single, doubled) <= 1)
        #expect(Reference.rasterize(twice, rule: .evenOdd).totalCoverage == 0)
    }

    @Test("a triangle traced twice in one subpath covers each pixel by its exact area")
    func doubledTriangle() {
        // A = (10.5, 10.25), B = (40.5, 10.25), C = (10.5, 40.25); the hypotenuse is x + y = 50.75.
        let triangle = Self.polygon([(10.5, 10.25), (40.5, 10.25), (10.5, 40.25)])
        var path = RasterPath()
        path.move(to: triangle[0])
        for point in triangle[1...] + triangle + [triangle[0]] { path.line(to: point) }
        path.close()
        let mask = Reference.rasterize(path)
        // Pixel (10, 10): x ∈ [10.5, 11], y ∈ [10.25, 11] → 0.5 × 0.75 = 0.375 → 95.6 → 96.
        #expect(mask.coverage(x: 10, y: 10) == 96)
        // Pixel (25, 25): below u + v = 0.75 in the unit square → 0.75² / 2 = 0.28125 → 71.7 → 72.
        #expect(mask.coverage(x: 25, y: 25) == 72)
        for y in 0..<50 {
            for x in 0..<50 {
                let exact = Reference.area(ofConvex: triangle, column: x, row: y) * 255
                #expect(abs(Double(mask.coverage(x: x, y: y)) - exact) <= 1, "pixel (\(x), \(y))")
            }
        }
        // Even-odd: traced twice cancels; traced three times is traced once.
        #expect(Reference.rasterize(path, rule: .evenOdd).totalCoverage == 0)
        let thrice = Self.path([triangle, triangle, triangle])
        #expect(
            Self.largestDifference(
                Reference.rasterize(thrice, rule: .evenOdd), Reference.rasterize(Self.path([triangle]))) <= 1)
    }

    @Test("the stroke of a closed subpath that doubles back (A→B→A) equals the butt-capped stroke of A→B")
    func retracedStroke() {
        func stroke(_ path: RasterPath, _ style: StrokeStyle, size: Int) -> CoverageMask {
            var stroker = Stroker()
            var converter = ScanConverter()
            var mask = CoverageMask()
            stroker.stroke(
                path, style: style, clip: PixelRect(x: 0, y: 0, width: size, height: size), converter: &converter,
                into: &mask)
            return mask
        }
        // Horizontal, width 1.2 about y = 10.5: rows 9 and 11 are covered by 0.1 → 25.5 → 26 (ties to even);
        // area averaging of the two coincident outlines gave 0.2 → 51.
        var back = RasterPath()
        back.move(to: RasterPoint(x: 10, y: 10.5))
        back.line(to: RasterPoint(x: 30, y: 10.5))
        back.close()
        let retraced = stroke(back, StrokeStyle(width: 1.2, cap: .square, join: .bevel), size: 40)
        #expect(retraced.coverage(x: 20, y: 9) == 26)
        #expect(retraced.coverage(x: 20, y: 10) == 255)
        #expect(retraced.coverage(x: 20, y: 11) == 26)
        #expect(retraced.coverage(x: 9, y: 10) == 0 && retraced.coverage(x: 30, y: 10) == 0)
        // The cairo comparison's case 1: a long diagonal, width 1.195, square caps, bevel joins.
        let a = RasterPoint(x: 26.68333174344084, y: 14.823986443270256)
        let b = RasterPoint(x: 224.12468922491996, y: 228.9690894395535)
        var closed = RasterPath()
        closed.move(to: a)
        closed.line(to: b)
        closed.close()
        var open = RasterPath()
        open.move(to: a)
        open.line(to: b)
        let doubledBack = stroke(closed, StrokeStyle(width: 1.1950020547493552, cap: .square, join: .bevel), size: 256)
        let single = stroke(open, StrokeStyle(width: 1.1950020547493552, cap: .butt), size: 256)
        #expect(Self.largestDifference(doubledBack, single, width: 256, height: 256) <= 1)
    }

    @Test("overlapping thin rectangles whose edges share pixels are covered by their union")
    func stackedThinRectangles() {
        // A: x 5…100, y 10.2…10.6; B: x 50…150, y 10.3…10.7, same direction. Pixel (60, 10) holds winding 0, 1
        // and 2: the union covers y 10.2…10.7 → 0.5 → 127.5 → 128 (area averaging: 0.1 + 2·0.3 + 0.1 → 204).
        var path = RasterPath()
        path.addRect(x: 5, y: 10.2, width: 95, height: 0.4)
        path.addRect(x: 50, y: 10.3, width: 100, height: 0.4)
        let nonZero = Reference.rasterize(path, width: 160, height: 20)
        #expect(nonZero.coverage(x: 60, y: 10) == 128)
        #expect(nonZero.coverage(x: 20, y: 10) == 102)  // A alone: 0.4 → 102
        #expect(nonZero.coverage(x: 120, y: 10) == 102)  // B alone
        // Even-odd keeps y 10.2…10.3 and 10.6…10.7 → 0.2 → 51.
        let evenOdd = Reference.rasterize(path, rule: .evenOdd, width: 160, height: 20)
        #expect(evenOdd.coverage(x: 60, y: 10) == 51)
    }

    @Test("two rectangles of opposite orientation stacked inside one pixel row cover the whole row")
    func stackedOppositeRectangles() {
        // The top half of row 10 has winding +1, the bottom half −1: their average is 0, the true coverage 1.
        var path = RasterPath()
        path.addRect(x: 10, y: 10, width: 20, height: 0.5)
        path.addPolygon(Self.polygon([(10, 10.5), (10, 11), (30, 11), (30, 10.5)]))
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Reference.rasterize(path, rule: rule, width: 40, height: 20)
            for x in 10..<30 { #expect(mask.coverage(x: x, y: 10) == 255, "pixel (\(x), 10), \(rule)") }
            #expect(mask.totalCoverage == 20 * 255)
        }
    }

    @Test("a bow-tie whose edges cross inside a pixel is covered exactly there, under both rules")
    func bowTie() {
        // Edges (10.3, 10.1)–(30.3, 30.1) and (30.3, 10.1)–(10.3, 30.1) cross at (20.3, 20.1), inside pixel
        // (20, 20). Its lobes, wound oppositely, cover 0.07 and 0.31 of that pixel → 0.38 → 96.9 → 97 (area
        // averaging: |0.07 − 0.31| → 61).
        let corners = Self.polygon([(10.3, 10.1), (30.3, 30.1), (30.3, 10.1), (10.3, 30.1)])
        let lobes = [
            Self.polygon([(10.3, 10.1), (20.3, 20.1), (10.3, 30.1)]),
            Self.polygon([(30.3, 10.1), (30.3, 30.1), (20.3, 20.1)]),
        ]
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Reference.rasterize(Self.path([corners]), rule: rule, width: 40, height: 40)
            #expect(mask.coverage(x: 20, y: 20) == 97, "\(rule)")
            for y in 0..<40 {
                for x in 0..<40 {
                    let exact = lobes.reduce(0) { $0 + Reference.area(ofConvex: $1, column: x, row: y) } * 255
                    #expect(abs(Double(mask.coverage(x: x, y: y)) - exact) <= 1, "pixel (\(x), \(y)), \(rule)")
                }
            }
        }
    }

    @Test("a five-pointed star is exact at its inner vertices too, under both rules")
    func starInnerVertices() {
        let radius = 40.0
        let center = RasterPoint(x: 50.3, y: 49.6)
        let path = Reference.pentagram(center: center, radius: radius)
        let inner = radius * Reference.cosine(.pi * 0.4) / Reference.cosine(.pi * 0.2)
        func vertex(_ r: Double, degrees: Double) -> RasterPoint {
            let angle = degrees * .pi / 180
            return RasterPoint(x: center.x + r * Reference.cosine(angle), y: center.y + r * Reference.sine(angle))
        }
        let pentagon = (0..<5).map { vertex(inner, degrees: -54 + 72 * Double($0)) }
        let tips = (0..<5).map { k in
            [vertex(radius, degrees: -90 + 72 * Double(k)), pentagon[k], pentagon[(k + 4) % 5]]
        }
        let nonZero = Reference.rasterize(path, rule: .nonZero)
        let evenOdd = Reference.rasterize(path, rule: .evenOdd)
        for y in 0..<100 {
            for x in 0..<100 {
                let tip = tips.reduce(0) { $0 + Reference.area(ofConvex: $1, column: x, row: y) }
                let middle = Reference.area(ofConvex: pentagon, column: x, row: y)
                #expect(abs(Double(nonZero.coverage(x: x, y: y)) - (tip + middle) * 255) <= 1, "(\(x), \(y))")
                #expect(abs(Double(evenOdd.coverage(x: x, y: y)) - tip * 255) <= 1, "(\(x), \(y))")
            }
        }
    }

    @Test(
        "a random triangle drawn k times in one direction, or with its reverse, covers its exact area",
        arguments: 0..<24)
    func repeatedTriangles(seed: Int) {
        var random = Lcg(seed: UInt64(seed) &* 7919 &+ 17)
        let triangle = (0..<3).map { _ in RasterPoint(x: random.next(5, 45), y: random.next(5, 45)) }
        let reversed = Array(triangle.reversed())
        let times = 1 + seed % 3
        let single = Reference.rasterize(Self.path([triangle]), width: 50, height: 50)
        let repeated = Self.path(Array(repeating: triangle, count: times))
        #expect(
            Self.largestDifference(Reference.rasterize(repeated, width: 50, height: 50), single, width: 50, height: 50)
                <= 1)
        let evenOdd = Reference.rasterize(repeated, rule: .evenOdd, width: 50, height: 50)
        if times % 2 == 1 {
            #expect(Self.largestDifference(evenOdd, single, width: 50, height: 50) <= 1)
        } else {
            #expect(evenOdd.totalCoverage == 0)
        }
        for rule in [FillRule.nonZero, .evenOdd] {
            let cancelled = Reference.rasterize(Self.path([triangle, reversed]), rule: rule, width: 50, height: 50)
            #expect(cancelled.totalCoverage <= 255, "\(rule)")
        }
    }

    @Test("seven doubled squares side by side (28 edges a row) are each covered once")
    func manyEdgesInARow() {
        var path = RasterPath()
        var squares: [[RasterPoint]] = []
        for k in 0..<7 {
            let x = 2.25 + 5.1 * Double(k)
            let square = Self.polygon([(x, 10.3), (x + 3.3, 10.3), (x + 3.3, 13.6), (x, 13.6)])
            squares.append(square)
            path.addPolygon(square)
            path.addPolygon(square)
        }
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Reference.rasterize(path, rule: rule, width: 40, height: 20)
            for y in 0..<20 {
                for x in 0..<40 {
                    let exact =
                        rule == .evenOdd
                        ? 0 : squares.reduce(0) { $0 + Reference.area(ofConvex: $1, column: x, row: y) } * 255
                    #expect(abs(Double(mask.coverage(x: x, y: y)) - exact) <= 1, "pixel (\(x), \(y)), \(rule)")
                }
            }
        }
    }

    @Test(
        "random self-intersecting polygons, some doubled or reversed, match a line-by-line reference (±3 levels)",
        arguments: 0..<16)
    func randomPolygons(seed: Int) {
        var random = Lcg(seed: UInt64(seed) &* 104_729 &+ 3)
        var polygons: [[RasterPoint]] = []
        for _ in 0..<(1 + seed % 3) {
            let count = 3 + Int(random.next(0, 6))
            let polygon = (0..<count).map { _ in RasterPoint(x: random.next(2, 38), y: random.next(2, 38)) }
            polygons.append(polygon)
            switch seed % 4 {
            case 1: polygons.append(polygon)
            case 2: polygons.append(polygon.reversed())
            case 3: polygons.append(polygon.map { RasterPoint(x: $0.x + 0.37, y: $0.y) })
            default: break
            }
        }
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Reference.rasterize(Self.path(polygons), rule: rule, width: 40, height: 40)
            let reference = LineReference.coverage(of: polygons, rule: rule, width: 40, height: 40)
            for y in 0..<40 {
                for x in 0..<40 {
                    let expected = reference[y * 40 + x] * 255
                    #expect(abs(Double(mask.coverage(x: x, y: y)) - expected) <= 3, "pixel (\(x), \(y)), \(rule)")
                }
            }
        }
    }
}

/// A small deterministic generator for the parameterized sweeps.
struct Lcg {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }

    /// A value in `low ..< high`.
    mutating func next(_ low: Double, _ high: Double) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return low + (high - low) * Double(state >> 11) / Double(1 << 53)
    }
}

/// Reference coverage of polygons under a fill rule, exact along x and sampled along y: each pixel row is cut by
/// 256 horizontal lines through the middles of equal strips; on each line the crossings are sorted, the winding
/// is walked left to right, and the lengths where the rule fills are added to the pixels they pass. The error
/// per pixel comes only from strips that hold a vertex or a crossing, at most 1/256 of a pixel each.
enum LineReference {
    static func coverage(of polygons: [[RasterPoint]], rule: FillRule, width: Int, height: Int) -> [Double] {
        let lines = 256
        var result = [Double](repeating: 0, count: width * height)
        var edges: [(RasterPoint, RasterPoint)] = []
        for polygon in polygons {
            for index in polygon.indices { edges.append((polygon[index], polygon[(index + 1) % polygon.count])) }
        }
        for row in 0..<height {
            for line in 0..<lines {
                let y = Double(row) + (Double(line) + 0.5) / Double(lines)
                var crossings: [(x: Double, direction: Int)] = []
                for (a, b) in edges where (a.y <= y) != (b.y <= y) {
                    crossings.append((a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), b.y > a.y ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for index in crossings.indices {
                    winding += crossings[index].direction
                    let filled = rule == .nonZero ? winding != 0 : winding % 2 != 0
                    guard filled, index + 1 < crossings.count else { continue }
                    let start = max(crossings[index].x, 0)
                    let end = min(crossings[index + 1].x, Double(width))
                    var x = start
                    while x < end {
                        let column = Int(x)
                        let next = min(Double(column + 1), end)
                        result[row * width + column] += (next - x) / Double(lines)
                        x = next
                    }
                }
            }
        }
        return result
    }
}
