@_spi(Engine) import PortableRaster
import Testing

@Suite("RasterPoint")
struct RasterPointTests {
    @Test("arithmetic works component-wise")
    func arithmetic() {
        let a = RasterPoint(x: 1, y: 2)
        let b = RasterPoint(x: 4, y: 6)
        #expect(a + b == RasterPoint(x: 5, y: 8))
        #expect(b - a == RasterPoint(x: 3, y: 4))
        #expect(a * 3 == RasterPoint(x: 3, y: 6))
        #expect((b - a).length == 5)
        #expect(a.interpolated(to: b, by: 0.25) == RasterPoint(x: 1.75, y: 3))
    }

    @Test("NaN and infinite coordinates are not finite")
    func finiteness() {
        #expect(RasterPoint(x: 1, y: 2).isFinite)
        #expect(!RasterPoint(x: .nan, y: 2).isFinite)
        #expect(!RasterPoint(x: 0, y: -.infinity).isFinite)
    }
}
