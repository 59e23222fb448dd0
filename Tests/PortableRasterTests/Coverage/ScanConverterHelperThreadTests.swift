import Foundation
import Testing

@_spi(Engine) @testable import PortableRaster

/// A shape at least `HelperThread.rowsWorthDividing` rows tall over two bands or more has its bands resolved on two
/// threads, those below a split point on `HelperThread`. Bands are independent, so the mask must be the one a
/// converter resolving every band itself gives, byte for byte and span for span.
@Suite("ScanConverter: large shapes resolved on two threads")
struct ScanConverterHelperThreadTests {
    static let clip = PixelRect(x: 0, y: 0, width: 400, height: 300)

    /// The masks of `path` from a converter that divides large shapes and from one that does not.
    static func bothWays(_ path: RasterPath, rule: FillRule) -> (divided: CoverageMask, whole: CoverageMask) {
        var divided = ScanConverter()
        var whole = ScanConverter()
        whole.usesHelperThread = false
        var dividedMask = CoverageMask()
        var wholeMask = CoverageMask()
        divided.fill(path, rule: rule, clip: clip, into: &dividedMask)
        whole.fill(path, rule: rule, clip: clip, into: &wholeMask)
        return (dividedMask, wholeMask)
    }

    /// Whether two masks have the same bounds, the same span for every row and the same coverage inside the spans.
    static func same(_ first: CoverageMask, _ second: CoverageMask) -> Bool {
        guard first.bounds == second.bounds, first.spans.count == second.spans.count else { return false }
        for row in first.spans.indices {
            let a = first.spans[row]
            let b = second.spans[row]
            guard a.start == b.start, a.end == b.end, a.solidStart == b.solidStart, a.solidEnd == b.solidEnd else {
                return false
            }
            let base = row * first.bounds.width
            for column in Int(a.start)..<Int(a.end)
            where first.coverage[base + column] != second.coverage[base + column] {
                return false
            }
        }
        return true
    }

    /// A seeded outline that crosses itself: a star polygon, two overlapping ellipses, or a polygon of random
    /// vertices; more than 64 rows tall, so it covers two bands of 64 rows or more.
    static func shape(_ random: inout SplitMix64) -> RasterPath {
        func value(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)
        }
        var path = RasterPath()
        switch random.next() % 3 {
        case 0:
            let points = 5 + Int(random.next() % 6)
            let center = RasterPoint(x: value(150...250), y: value(140...160))
            let radius = value(70...145)
            path.addPolygon(
                (0..<points).map { index in
                    let angle = Double(index * 2) * Double.pi * 2 / Double(points) + value(0...0.1)
                    return RasterPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                })
        case 1:
            path.addEllipse(center: RasterPoint(x: value(120...200), y: 150.3), radiusX: value(50...110), radiusY: 110)
            path.addEllipse(center: RasterPoint(x: value(180...260), y: 149.6), radiusX: value(50...110), radiusY: 80)
        default:
            path.addPolygon((0..<24).map { _ in RasterPoint(x: value(-20...420), y: value(5...295)) })
        }
        return path
    }

    @Test("a ring 240 px across (even-odd): the same mask both ways, covering π · (120² − 80²) = 25,132.7 px ± 0.5 %")
    func ring() {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 200.3, y: 150.7), radiusX: 120, radiusY: 120)
        path.addEllipse(center: RasterPoint(x: 200.3, y: 150.7), radiusX: 80, radiusY: 80)
        let masks = Self.bothWays(path, rule: .evenOdd)
        #expect(masks.divided.bounds.height >= HelperThread.rowsWorthDividing)
        #expect(Self.same(masks.divided, masks.whole))
        let area = Double.pi * (120 * 120 - 80 * 80)
        #expect(abs(Double(masks.divided.totalCoverage) / 255 - area) < 0.005 * area)
    }

    @Test("80 seeded self-crossing shapes, both rules: the same mask both ways")
    func seededShapes() {
        var random = SplitMix64(seed: 2_612)
        var differences = 0
        for index in 0..<80 {
            let path = Self.shape(&random)
            let rule: FillRule = index.isMultiple(of: 2) ? .nonZero : .evenOdd
            let masks = Self.bothWays(path, rule: rule)
            if masks.divided.bounds.height <= 64 || !Self.same(masks.divided, masks.whole) { differences += 1 }
        }
        #expect(differences == 0)
    }
}
