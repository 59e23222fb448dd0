@_spi(Engine) import PortableRaster
import Testing

@Suite("CoverageMask")
struct CoverageMaskTests {
    @Test("an empty mask covers nothing anywhere")
    func emptyMask() {
        let mask = CoverageMask()
        #expect(mask.isEmpty)
        #expect(mask.coverage(x: 0, y: 0) == 0)
        #expect(mask.span(row: 0).isEmpty)
        #expect(mask.totalCoverage == 0)
    }

    @Test("a mask from bytes trims each row's span to its nonzero bytes")
    func fromBytes() {
        let mask = CoverageMask(
            bounds: PixelRect(x: 10, y: 5, width: 4, height: 3),
            coverage: [0, 9, 0, 7, 0, 0, 0, 0, 255, 0, 0, 0])
        #expect(mask.span(row: 5) == 11..<14)
        #expect(mask.span(row: 6).isEmpty)
        #expect(mask.span(row: 7) == 10..<11)
        #expect(mask.coverage(x: 13, y: 5) == 7)
        #expect(mask.coverage(x: 10, y: 7) == 255)
        #expect(mask.totalCoverage == 9 + 7 + 255)
        mask.withRow(5) { columns, bytes in
            #expect(columns == 11..<14)
            #expect(Array(bytes) == [9, 0, 7])
        }
    }

    @Test("intersecting with a clip keeps only the overlap and multiplies coverage")
    func intersection() {
        var shape = CoverageMask(filling: PixelRect(x: 0, y: 0, width: 10, height: 10), coverage: 200)
        let clip = CoverageMask(filling: PixelRect(x: 5, y: 8, width: 10, height: 10), coverage: 128)
        shape.intersect(with: clip)
        #expect(shape.span(row: 7).isEmpty)
        #expect(shape.span(row: 8) == 5..<10)
        // round(200 · 128 / 255) = 100.
        #expect(shape.coverage(x: 5, y: 9) == 100)
        #expect(shape.totalCoverage == 2 * 5 * 100)
        shape.intersect(with: CoverageMask())
        #expect(shape.isEmpty)
    }

    @Test("nested anti-aliased clips combine: a circle clipped by a half-plane keeps half its area")
    func nestedClips() {
        var converter = ScanConverter()
        let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)
        var circle = RasterPath()
        circle.addEllipse(center: RasterPoint(x: 32, y: 32), radiusX: 20, radiusY: 20)
        var left = RasterPath()
        left.addRect(x: 0, y: 0, width: 32, height: 64)
        var shape = CoverageMask()
        var clipMask = CoverageMask()
        converter.fill(circle, rule: .nonZero, clip: clip, into: &shape)
        converter.fill(left, rule: .nonZero, clip: clip, into: &clipMask)
        let whole = shape.totalCoverage
        shape.intersect(with: clipMask)
        #expect(abs(shape.totalCoverage * 2 - whole) <= 2 * 255)
        #expect(shape.coverage(x: 32, y: 32) == 0)
        #expect(shape.coverage(x: 31, y: 32) == 255)
    }
}
