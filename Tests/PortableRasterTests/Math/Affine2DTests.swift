@_spi(Engine) import PortableRaster
import Testing

@Suite("Affine2D")
struct Affine2DTests {
    @Test("maps points with the row-vector convention x' = a·x + c·y + tx, y' = b·x + d·y + ty")
    func appliesRowVectorConvention() {
        let transform = Affine2D(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let mapped = transform.apply(to: RasterPoint(x: 1, y: 10))
        #expect(mapped == RasterPoint(x: 2 * 1 + 5 * 10 + 11, y: 3 * 1 + 7 * 10 + 13))
        #expect(transform.applyLinear(to: RasterPoint(x: 1, y: 10)) == RasterPoint(x: 52, y: 73))
    }

    @Test("concatenated applies the receiver first, then the argument")
    func concatenationOrder() {
        let scale = Affine2D.scale(x: 2, y: 3)
        let move = Affine2D.translation(x: 10, y: 20)
        let point = RasterPoint(x: 1, y: 1)
        #expect(scale.concatenated(move).apply(to: point) == RasterPoint(x: 12, y: 23))
        #expect(move.concatenated(scale).apply(to: point) == RasterPoint(x: 22, y: 63))
    }

    @Test("a quarter turn sends the x axis to the y axis")
    func rotationDirection() {
        let quarter = Affine2D.rotation(radians: Double.pi / 2)
        let mapped = quarter.apply(to: RasterPoint(x: 1, y: 0))
        #expect(abs(mapped.x) < 1e-15)
        #expect(abs(mapped.y - 1) < 1e-15)
    }

    @Test("inverse undoes the transform; singular transforms have none")
    func inversion() throws {
        let transform = Affine2D(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let inverse = try #require(transform.inverted())
        let point = RasterPoint(x: 3.5, y: -2.25)
        let roundTrip = inverse.apply(to: transform.apply(to: point))
        #expect(abs(roundTrip.x - point.x) < 1e-12 && abs(roundTrip.y - point.y) < 1e-12)
        #expect(transform.determinant == 7)
        #expect(Affine2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted() == nil)
        #expect(Affine2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test("identity is recognised and non-finite coefficients are reported")
    func identityAndFiniteness() {
        #expect(Affine2D.identity.isIdentity)
        #expect(!Affine2D.translation(x: 1, y: 0).isIdentity)
        #expect(Affine2D.identity.isFinite)
        #expect(!Affine2D(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0).isFinite)
    }
}
