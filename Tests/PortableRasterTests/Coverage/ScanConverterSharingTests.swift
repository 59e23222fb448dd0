import Dispatch
@_spi(Engine) import PortableRaster
import Synchronization
import Testing

/// A converter is a value: copies share its scratch only until one of them resolves a shape (`BandScratch`).
/// This suite also runs under the thread sanitizer in CI.
@Suite("ScanConverter copies")
struct ScanConverterSharingTests {
    static let clip = PixelRect(x: 0, y: 0, width: 120, height: 120)

    /// An ellipse whose radii change with `step`, so consecutive shapes cover different cells.
    static func ellipse(_ step: Int) -> RasterPath {
        var path = RasterPath()
        let radius = 10 + Double(step % 7) * 7.25
        path.addEllipse(center: RasterPoint(x: 60.4, y: 59.6), radiusX: radius, radiusY: radius * 0.75)
        return path
    }

    /// Whether `mask` has the coverage a new converter gives `path`, pixel by pixel over the clip.
    static func matchesFresh(_ mask: CoverageMask, _ path: RasterPath, rule: FillRule) -> Bool {
        let fresh = CoverageReference.rasterize(path, rule: rule, width: clip.width, height: clip.height)
        guard mask.bounds == fresh.bounds else { return false }
        for y in 0..<clip.height {
            for x in 0..<clip.width where mask.coverage(x: x, y: y) != fresh.coverage(x: x, y: y) {
                return false
            }
        }
        return true
    }

    @Test(
        "two copies resolving shapes in turn each give a new converter's masks; the first covers π·10·7.5 = 235.6 px within 0.5 %"
    )
    func copiesInTurn() {
        var first = ScanConverter()
        var mask = CoverageMask()
        first.fill(Self.ellipse(0), rule: .nonZero, clip: Self.clip, into: &mask)
        #expect(abs(Double(mask.totalCoverage) / 255 - Double.pi * 75) < 0.005 * Double.pi * 75)
        var second = first
        for step in 1...12 {
            let rule: FillRule = step.isMultiple(of: 2) ? .evenOdd : .nonZero
            first.fill(Self.ellipse(step), rule: rule, clip: Self.clip, into: &mask)
            #expect(Self.matchesFresh(mask, Self.ellipse(step), rule: rule), "first copy, step \(step)")
            second.fill(Self.ellipse(step + 3), rule: rule, clip: Self.clip, into: &mask)
            #expect(Self.matchesFresh(mask, Self.ellipse(step + 3), rule: rule), "second copy, step \(step)")
        }
    }

    @Test("copies of one converter used on two threads at once each give a new converter's masks (40 shapes each)")
    func copiesOnTwoThreads() {
        var original = ScanConverter()
        var scratchMask = CoverageMask()
        original.fill(Self.ellipse(6), rule: .nonZero, clip: Self.clip, into: &scratchMask)
        let copies = [original, original]
        let matched = Mutex([0, 0])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var converter = copies[thread]
            var mask = CoverageMask()
            var count = 0
            for step in 0..<40 {
                let path = Self.ellipse(step + thread)
                converter.fill(path, rule: .nonZero, clip: Self.clip, into: &mask)
                if Self.matchesFresh(mask, path, rule: .nonZero) { count += 1 }
            }
            matched.withLock { $0[thread] = count }
        }
        #expect(matched.withLock { $0 } == [40, 40])
    }
}
