import PortableQuartzCore
import Testing

@Suite("CATransform3D value")
struct CATransform3DTests {
    @Test("init() fills all sixteen elements with zero, like Apple's imported C struct, so it is not the identity")
    func initIsZero() {
        let zero = CATransform3D()
        #expect(TransformFixtures.elements(zero) == Array(repeating: 0, count: 16))
        #expect(zero != CATransform3DIdentity)
    }

    @Test("CATransform3DIdentity has ones on the diagonal and zeros elsewhere")
    func identityElements() {
        let expected: [CGFloat] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(TransformFixtures.elements(CATransform3DIdentity) == expected)
    }

    @Test("the memberwise initializer takes Apple's labels m11…m44 in row order")
    func memberwiseLabels() {
        let t = CATransform3D(
            m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
            m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16
        )
        #expect(TransformFixtures.elements(t) == (1...16).map { CGFloat($0) })
        #expect(t.m23 == 7 && t.m41 == 13)
    }

    @Test("equal transforms hash alike and 0 equals −0; a NaN element makes a transform unequal to itself")
    func hashableSemantics() {
        var negativeZero = CATransform3DIdentity
        negativeZero.m12 = -0.0
        #expect(negativeZero == CATransform3DIdentity)
        #expect(
            Set([CATransform3DIdentity, CATransform3DMakeScale(1, 1, 1), CATransform3DMakeScale(2, 2, 2)]).count == 2)
        var withNaN = CATransform3DIdentity
        withNaN.m43 = .nan
        #expect(withNaN != withNaN)
    }
}
