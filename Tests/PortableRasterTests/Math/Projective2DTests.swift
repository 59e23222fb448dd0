@_spi(Engine) import PortableRaster
import Testing

@Suite("Projective2D")
struct Projective2DTests {
    static func close(_ a: RasterPoint?, _ b: RasterPoint, tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test("an affine transform lifted to 3×3 maps points exactly as the affine one")
    func liftsAffine() throws {
        let affine = Affine2D(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let projective = Projective2D(affine)
        #expect(projective.isAffine)
        #expect(projective.affine == affine)
        #expect(projective.apply(to: RasterPoint(x: 1, y: 10)) == RasterPoint(x: 63, y: 86))
        #expect(Projective2D.identity.apply(to: RasterPoint(x: -4, y: 9)) == RasterPoint(x: -4, y: 9))
    }

    @Test("the homogeneous divide: (1, 2) with m13 = 0.5 and m23 = 0.25 has W = 2 and lands at half of (X, Y)")
    func dividesByW() {
        let transform = Projective2D(m11: 1, m12: 0, m13: 0.5, m21: 0, m22: 1, m23: 0.25, m31: 0, m32: 0, m33: 1)
        // W = 0.5·1 + 0.25·2 + 1 = 2, so (1, 2) → (0.5, 1).
        #expect(transform.homogeneous(RasterPoint(x: 1, y: 2)) == (x: 1, y: 2, w: 2))
        #expect(transform.apply(to: RasterPoint(x: 1, y: 2)) == RasterPoint(x: 0.5, y: 1))
        // W = 0.5·(−2) + 0 + 1 = 0: on the viewer's plane; W < 0 behind it.
        #expect(transform.apply(to: RasterPoint(x: -2, y: 0)) == nil)
        #expect(transform.apply(to: RasterPoint(x: -4, y: 0)) == nil)
    }

    @Test("concatenated applies the receiver first, then the argument")
    func concatenationOrder() throws {
        let scale = Projective2D(.scale(x: 2, y: 3))
        let move = Projective2D(.translation(x: 10, y: 20))
        let point = RasterPoint(x: 1, y: 1)
        #expect(scale.concatenated(move).apply(to: point) == RasterPoint(x: 12, y: 23))
        #expect(move.concatenated(scale).apply(to: point) == RasterPoint(x: 22, y: 63))
    }

    @Test("mapping sends the rectangle's corners to the given quad, and its centre to the diagonals' crossing")
    func squareToQuad() throws {
        let corners = [
            RasterPoint(x: 10, y: 5), RasterPoint(x: 70, y: 20), RasterPoint(x: 65, y: 50), RasterPoint(x: 5, y: 80),
        ]
        let transform = try #require(Projective2D.mapping(x: 0, y: 0, width: 64, height: 32, to: corners))
        #expect(Self.close(transform.apply(to: RasterPoint(x: 0, y: 0)), corners[0]))
        #expect(Self.close(transform.apply(to: RasterPoint(x: 64, y: 0)), corners[1]))
        #expect(Self.close(transform.apply(to: RasterPoint(x: 64, y: 32)), corners[2]))
        #expect(Self.close(transform.apply(to: RasterPoint(x: 0, y: 32)), corners[3]))
        // A homography keeps straight lines straight, so the rectangle's centre lands where the quad's
        // diagonals cross; solve for that crossing directly.
        let p = corners[0]
        let r = corners[2] - corners[0]
        let q = corners[1]
        let s = corners[3] - corners[1]
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / (r.x * s.y - r.y * s.x)
        #expect(Self.close(transform.apply(to: RasterPoint(x: 32, y: 16)), p + r * t))
        // A parallelogram gives an affine transform.
        let parallelogram = [
            RasterPoint(x: 0, y: 0), RasterPoint(x: 4, y: 1), RasterPoint(x: 5, y: 4), RasterPoint(x: 1, y: 3),
        ]
        #expect(try #require(Projective2D.mapping(x: 0, y: 0, width: 1, height: 1, to: parallelogram)).isAffine)
        // Three collinear corners: no homography.
        let degenerate = [
            RasterPoint(x: 0, y: 0), RasterPoint(x: 1, y: 0), RasterPoint(x: 2, y: 0), RasterPoint(x: 0, y: 1),
        ]
        #expect(Projective2D.mapping(x: 0, y: 0, width: 1, height: 1, to: degenerate) == nil)
    }

    @Test("the inverse undoes the transform and keeps W positive for points in front")
    func inversion() throws {
        let transform = Projective2D(
            m11: 1.2, m12: 0.1, m13: 0.002, m21: -0.3, m22: 0.9, m23: -0.001, m31: 40, m32: 25, m33: 1)
        let inverse = try #require(transform.inverted())
        for point in [RasterPoint(x: 0, y: 0), RasterPoint(x: 100, y: 50), RasterPoint(x: -30, y: 80)] {
            let image = try #require(transform.apply(to: point))
            #expect(inverse.homogeneous(image).w > 0)
            #expect(Self.close(inverse.apply(to: image), point, tolerance: 1e-9))
        }
        let product = transform.concatenated(inverse)
        #expect(abs(product.m11 / product.m33 - 1) < 1e-12 && abs(product.m13) < 1e-12)
        // The inverse of an affine transform is affine.
        #expect(try #require(Projective2D(.rotation(radians: 0.3)).inverted()).isAffine)
        let singular = Projective2D(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 0, m32: 0, m33: 1)
        #expect(singular.inverted() == nil)
        #expect(
            Projective2D(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1).inverted() == nil)
    }
}
