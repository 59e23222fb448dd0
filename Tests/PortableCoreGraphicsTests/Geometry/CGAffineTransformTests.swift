import PortableCoreGraphics
import PortableQuartzCoreTesting
import Testing

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    @Test("init() and .identity are a = d = 1 with everything else 0")
    func identityFields() {
        let expected = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(CGAffineTransform() == expected)
        #expect(CGAffineTransform.identity == expected)
        #expect(CGAffineTransform.identity.isIdentity)
    }

    @Test("isIdentity is exact: a translation of 1e-300 is not the identity")
    func isIdentityIsExact() {
        #expect(!CGAffineTransform(translationX: 1e-300, y: 0).isIdentity)
        #expect(CGAffineTransform(translationX: 0, y: 0).isIdentity)
    }

    @Test("translation, scale and rotation initializers fill Apple's fields")
    func initializers() {
        #expect(CGAffineTransform(translationX: 3, y: -4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: -4))
        #expect(CGAffineTransform(scaleX: 2, y: 0.5) == CGAffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
        // rotation(θ) = (cos θ, sin θ, −sin θ, cos θ): 30° gives b = 0.5.
        let rotation = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(abs(rotation.a - 0.866_025_403_784_438_6) < 1e-15)
        #expect(abs(rotation.b - 0.5) < 1e-15)
        #expect(abs(rotation.c + 0.5) < 1e-15)
        #expect(abs(rotation.d - 0.866_025_403_784_438_6) < 1e-15)
        #expect(rotation.tx == 0 && rotation.ty == 0)
    }

    @Test("concatenating applies the receiver first: scale 2 then move 10 maps (1, 1) to (12, 2)")
    func concatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        let scaleThenMove = scale.concatenating(move)
        #expect(scaleThenMove == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        #expect(CGPoint(x: 1, y: 1).applying(scaleThenMove) == CGPoint(x: 12, y: 2))
        let moveThenScale = move.concatenating(scale)
        #expect(moveThenScale == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
        #expect(CGPoint(x: 1, y: 1).applying(moveThenScale) == CGPoint(x: 22, y: 2))
    }

    @Test("translatedBy, scaledBy and rotated put the new operation before the receiver")
    func modifiersPrependTheirOperation() {
        let base = CGAffineTransform(scaleX: 2, y: 3)
        // The offset (10, 10) is scaled by the existing transform: (20, 30).
        #expect(base.translatedBy(x: 10, y: 10) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 30))
        let moved = CGAffineTransform(translationX: 5, y: 7)
        // Scaling first leaves the translation untouched.
        #expect(moved.scaledBy(x: 4, y: 4) == CGAffineTransform(a: 4, b: 0, c: 0, d: 4, tx: 5, ty: 7))
        // Rotating (1, 0) by 90° first, then moving: (0, 1) + (5, 7) = (5, 8).
        let point = CGPoint(x: 1, y: 0).applying(moved.rotated(by: .pi / 2))
        #expect(abs(point.x - 5) < 1e-15 && abs(point.y - 8) < 1e-15)
    }

    @Test("inverted undoes a transform: (a 2, b 1, c 1, d 1, tx 3, ty 4) has inverse (1, −1, −1, 2, 1, −5)")
    func invertedWorkedExample() {
        let t = CGAffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 3, ty: 4)
        #expect(t.inverted() == CGAffineTransform(a: 1, b: -1, c: -1, d: 2, tx: 1, ty: -5))
        #expect(t.concatenating(t.inverted()).isIdentity)
    }

    @Test("inverted returns a singular transform unchanged (determinant 0)")
    func invertedSingular() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        #expect(singular.inverted() == singular)
        let zero = CGAffineTransform(scaleX: 0, y: 0)
        #expect(zero.inverted() == zero)
    }

    @Test("inverse ∘ T ≈ identity for 500 seeded well-conditioned transforms (field error < 1e-12)")
    func inverseProperty() {
        var random = SeededRandom(seed: 0xAFF1_0E01)
        var worst: CGFloat = 0
        for _ in 0..<500 {
            let t = AffineFixtures.wellConditionedTransform(&random)
            let inverse = t.inverted()
            worst = Swift.max(worst, AffineFixtures.maxDifference(t.concatenating(inverse), .identity))
            worst = Swift.max(worst, AffineFixtures.maxDifference(inverse.concatenating(t), .identity))
            let point = CGPoint(x: AffineFixtures.value(&random, -50...50), y: AffineFixtures.value(&random, -50...50))
            worst = Swift.max(worst, AffineFixtures.distance(point.applying(t).applying(inverse), point) / 100)
        }
        #expect(worst < 1e-12)
    }
}
