@_spi(Engine) import PortableRaster
import Testing

@Suite("RasterPath")
struct RasterPathTests {
    @Test("verbs consume their points in order")
    func storage() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: 0, y: 0))
        path.line(to: RasterPoint(x: 1, y: 0))
        path.quadCurve(to: RasterPoint(x: 2, y: 2), control: RasterPoint(x: 2, y: 0))
        path.curve(to: RasterPoint(x: 0, y: 3), control1: RasterPoint(x: 2, y: 3), control2: RasterPoint(x: 1, y: 3))
        path.close()
        #expect(path.verbs == [.move, .line, .quadratic, .cubic, .close])
        #expect(path.points.count == path.verbs.reduce(0) { $0 + $1.pointCount })
        #expect(path.points[2] == RasterPoint(x: 2, y: 0))
        #expect(path.currentPoint == RasterPoint(x: 0, y: 0))
    }

    @Test("a segment without a current point only moves there")
    func segmentWithoutCurrentPoint() {
        var path = RasterPath()
        path.line(to: RasterPoint(x: 5, y: 5))
        #expect(path.verbs == [.move])
        #expect(path.currentPoint == RasterPoint(x: 5, y: 5))
    }

    @Test("a segment after close starts a new subpath at the closed subpath's start")
    func segmentAfterClose() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: 1, y: 1))
        path.line(to: RasterPoint(x: 4, y: 1))
        path.close()
        path.close()
        path.line(to: RasterPoint(x: 1, y: 6))
        #expect(path.verbs == [.move, .line, .close, .move, .line])
        #expect(path.points[2] == RasterPoint(x: 1, y: 1))
    }

    @Test("removeAll empties the path")
    func removal() {
        var path = RasterPath()
        path.addRect(x: 0, y: 0, width: 1, height: 1)
        path.removeAll(keepingCapacity: true)
        #expect(path.isEmpty && path.points.isEmpty && path.currentPoint == nil)
    }
}
