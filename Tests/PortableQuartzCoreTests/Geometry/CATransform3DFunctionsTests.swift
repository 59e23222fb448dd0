import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("CATransform3D functions")
struct CATransform3DFunctionsTests {
    typealias Fixtures = TransformFixtures

    /// True when two points agree to `tolerance` in every coordinate.
    private func same(
        _ p: (x: CGFloat, y: CGFloat, z: CGFloat), _ q: (CGFloat, CGFloat, CGFloat), tolerance: CGFloat = 1e-14
    ) -> Bool {
        abs(p.x - q.0) <= tolerance && abs(p.y - q.1) <= tolerance && abs(p.z - q.2) <= tolerance
    }

    // MARK: Make

    @Test("MakeTranslation(1, 2, 3) stores the offset in m41 m42 m43 and moves the origin to (1, 2, 3)")
    func makeTranslation() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        var expected = CATransform3DIdentity
        (expected.m41, expected.m42, expected.m43) = (1, 2, 3)
        #expect(t == expected)
        #expect(same(Fixtures.apply(t, x: 0, y: 0, z: 0), (1, 2, 3)))
    }

    @Test("MakeScale(2, 3, 4) is diag(2, 3, 4, 1) and maps (1, 1, 1) to (2, 3, 4)")
    func makeScale() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(Fixtures.elements(t) == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        #expect(same(Fixtures.apply(t, x: 1, y: 1, z: 1), (2, 3, 4)))
    }

    @Test("MakeRotation(π/6, 0, 0, 1) has m11 = cos, m12 = sin = 0.5, m21 = −0.5, m22 = cos (row vectors)")
    func makeRotationConvention() {
        let t = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let cosine: CGFloat = 0.866_025_403_784_438_6
        #expect(abs(t.m11 - cosine) < 1e-15 && abs(t.m12 - 0.5) < 1e-15)
        #expect(abs(t.m21 + 0.5) < 1e-15 && abs(t.m22 - cosine) < 1e-15)
        #expect(t.m33 == 1 && t.m44 == 1 && t.m13 == 0 && t.m31 == 0 && t.m41 == 0)
    }

    @Test("90° rotations are right-handed: about z (1,0,0)→(0,1,0), about x (0,1,0)→(0,0,1), about y (0,0,1)→(1,0,0)")
    func quarterTurnsAboutEachAxis() {
        let half = CGFloat.pi / 2
        #expect(same(Fixtures.apply(CATransform3DMakeRotation(half, 0, 0, 1), x: 1, y: 0, z: 0), (0, 1, 0)))
        #expect(same(Fixtures.apply(CATransform3DMakeRotation(half, 1, 0, 0), x: 0, y: 1, z: 0), (0, 0, 1)))
        #expect(same(Fixtures.apply(CATransform3DMakeRotation(half, 0, 1, 0), x: 0, y: 0, z: 1), (1, 0, 0)))
    }

    @Test("the axis is normalised: 120° about (1, 1, 1) cycles x→y→z, and axis (0, 0, 5) equals (0, 0, 1)")
    func rotationAxisIsNormalised() {
        let cycle = CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1)
        #expect(same(Fixtures.apply(cycle, x: 1, y: 0, z: 0), (0, 1, 0)))
        #expect(same(Fixtures.apply(cycle, x: 0, y: 1, z: 0), (0, 0, 1)))
        #expect(same(Fixtures.apply(cycle, x: 0, y: 0, z: 1), (1, 0, 0)))
        let long = CATransform3DMakeRotation(0.7, 0, 0, 5)
        #expect(Fixtures.maxDifference(long, CATransform3DMakeRotation(0.7, 0, 0, 1)) < 1e-16)
    }

    @Test("a rotation about a zero-length axis is the identity (Make) or leaves t unchanged (Rotate)")
    func zeroAxis() {
        #expect(CATransform3DMakeRotation(1.2, 0, 0, 0) == CATransform3DIdentity)
        let t = CATransform3DMakeTranslation(4, 5, 6)
        #expect(CATransform3DRotate(t, 1.2, 0, 0, 0) == t)
    }

    @Test("SPEC 3.5: rotateZ by π gives m11 = −1, m12 ≈ 0 (1.2e-16), m21 ≈ 0, m22 = −1")
    func halfTurnValueFunction() {
        let t = CATransform3DMakeRotation(.pi, 0, 0, 1)
        #expect(t.m11 == -1 && t.m22 == -1)
        #expect(abs(t.m12) < 2e-16 && abs(t.m21) < 2e-16)
        #expect(t.m12 != 0)  // sin(π) in double precision is 1.2246e-16, not 0
    }

    // MARK: Concat and modify

    @Test("Concat(a, b) applies a first: scale 2 then move 10 maps (1,1,1) to (12,2,2); the reverse to (22,2,2)")
    func concatOrder() {
        let scale = CATransform3DMakeScale(2, 2, 2)
        let move = CATransform3DMakeTranslation(10, 0, 0)
        #expect(same(Fixtures.apply(CATransform3DConcat(scale, move), x: 1, y: 1, z: 1), (12, 2, 2)))
        #expect(same(Fixtures.apply(CATransform3DConcat(move, scale), x: 1, y: 1, z: 1), (22, 2, 2)))
    }

    @Test("SPEC 11b: a 20×20 child at (50, 30) maps its (0, 0) to (40, 20), and to (20, 0) when scaled by 3")
    func layerConversionChain() {
        let toAnchor = CATransform3DMakeTranslation(-10, -10, 0)
        let toPosition = CATransform3DMakeTranslation(50, 30, 0)
        let plain = CATransform3DConcat(toAnchor, toPosition)
        #expect(same(Fixtures.apply(plain, x: 0, y: 0, z: 0), (40, 20, 0)))
        let scaled = CATransform3DConcat(CATransform3DConcat(toAnchor, CATransform3DMakeScale(3, 3, 1)), toPosition)
        #expect(scaled.m41 == 20 && scaled.m42 == 0)
    }

    @Test("Translate(t, …) = Concat(MakeTranslation(…), t): moving 5, then scaling by 2, puts the origin at (10, 0, 0)")
    func translatePrepends() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 5, 0, 0)
        #expect(same(Fixtures.apply(t, x: 0, y: 0, z: 0), (10, 0, 0)))
        var random = SeededRandom(seed: 0x7A_0001)
        for _ in 0..<100 {
            let base = Fixtures.wellConditioned(&random, perspective: true)
            let (tx, ty, tz) = (
                Fixtures.value(&random, -9...9), Fixtures.value(&random, -9...9), Fixtures.value(&random, -9...9)
            )
            #expect(
                CATransform3DTranslate(base, tx, ty, tz)
                    == CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), base))
        }
    }

    @Test("Scale(t, …) is Concat(MakeScale(…), t): scaling by 3 before moving 5 maps (1, 0, 0) to (8, 0, 0)")
    func scalePrepends() {
        let t = CATransform3DScale(CATransform3DMakeTranslation(5, 0, 0), 3, 3, 3)
        #expect(same(Fixtures.apply(t, x: 1, y: 0, z: 0), (8, 0, 0)))
        var random = SeededRandom(seed: 0x7A_0002)
        for _ in 0..<100 {
            let base = Fixtures.wellConditioned(&random, perspective: true)
            let (sx, sy, sz) = (
                Fixtures.value(&random, -3...3), Fixtures.value(&random, -3...3), Fixtures.value(&random, -3...3)
            )
            #expect(
                CATransform3DScale(base, sx, sy, sz) == CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), base))
        }
    }

    @Test("Rotate(t, …) is Concat(MakeRotation(…), t): turning 90° before moving 10 maps (1, 0, 0) to (10, 1, 0)")
    func rotatePrepends() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        #expect(same(Fixtures.apply(t, x: 1, y: 0, z: 0), (10, 1, 0)))
        let base = CATransform3DMakeScale(2, 3, 4)
        let expected = CATransform3DConcat(CATransform3DMakeRotation(0.4, 1, 2, 3), base)
        #expect(CATransform3DRotate(base, 0.4, 1, 2, 3) == expected)
    }

    // MARK: Invert

    @Test("Invert of a translation, a scale and a perspective: (1,2,3)→(−1,−2,−3), (2,4,8)→(½,¼,⅛), m34 −0.002→+0.002")
    func invertWorkedExamples() {
        #expect(CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)) == CATransform3DMakeTranslation(-1, -2, -3))
        #expect(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)) == CATransform3DMakeScale(0.5, 0.25, 0.125))
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        var expected = CATransform3DIdentity
        expected.m34 = 0.002
        #expect(Fixtures.maxDifference(CATransform3DInvert(perspective), expected) < 1e-18)
    }

    @Test("Invert of a shear-and-move matrix with integer inverse: rows (1,2,0,0)(0,1,0,0)(0,0,1,0)(3,4,5,1)")
    func invertIntegerMatrix() {
        let t = CATransform3D(
            m11: 1, m12: 2, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 3, m42: 4, m43: 5, m44: 1
        )
        // Undo the move (−3, −4, −5), then the shear: y' = y − 2x. So (−3, −4) maps to (−3, 2).
        let expected = CATransform3D(
            m11: 1, m12: -2, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: -3, m42: 2, m43: -5, m44: 1
        )
        #expect(CATransform3DInvert(t) == expected)
    }

    @Test("Invert returns a singular matrix unchanged: the zero matrix, scale (1, 0, 1), and one with NaN")
    func invertSingular() {
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
        var withNaN = CATransform3DMakeTranslation(1, 2, 3)
        withNaN.m11 = .nan
        let result = CATransform3DInvert(withNaN)
        #expect(result.m11.isNaN)
        #expect(Array(Fixtures.elements(result).dropFirst()) == Array(Fixtures.elements(withNaN).dropFirst()))
    }

    @Test("Concat(t, Invert(t)) and Concat(Invert(t), t) are the identity within 1e-12 for 500 seeded matrices")
    func inverseProperty() {
        var random = SeededRandom(seed: 0x1_4E_7E25)
        var worst: CGFloat = 0
        for index in 0..<500 {
            let t = Fixtures.wellConditioned(&random, perspective: index % 2 == 0)
            let inverse = CATransform3DInvert(t)
            worst = Swift.max(worst, Fixtures.maxDifference(CATransform3DConcat(t, inverse), CATransform3DIdentity))
            worst = Swift.max(worst, Fixtures.maxDifference(CATransform3DConcat(inverse, t), CATransform3DIdentity))
        }
        #expect(worst < 1e-12)
    }

    // MARK: Queries

    @Test("IsIdentity is exact: a zero translation is the identity, 1e-300 or a full turn (sin 2π ≠ 0) is not")
    func isIdentity() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 0)))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(1e-300, 0, 0)))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
    }

    @Test("IsIdentity agrees with == for one element changed to each of 0, −0, 1, 1 ± 1 ulp, 2, ±∞ and NaN (16 × 9)")
    func isIdentityAgreesWithEquality() {
        let values: [CGFloat] = [0, -0.0, 1, CGFloat(1).nextUp, CGFloat(1).nextDown, 2, .infinity, -.infinity, .nan]
        let elements: [WritableKeyPath<CATransform3D, CGFloat>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42,
            \.m43, \.m44,
        ]
        var identities = 0
        var mismatches = 0
        for element in elements {
            for value in values {
                var t = CATransform3DIdentity
                t[keyPath: element] = value
                let expected = t == CATransform3DIdentity
                if CATransform3DIsIdentity(t) != expected { mismatches += 1 }
                if expected { identities += 1 }
            }
        }
        #expect(mismatches == 0)
        // Per element, the identity's own value and, off the diagonal, −0 too: 4 + 12 × 2.
        #expect(identities == 28)
    }

    @Test("EqualToTransform compares all sixteen elements exactly (m44 1 vs 1.0000001 differs)")
    func equalToTransform() {
        #expect(
            CATransform3DEqualToTransform(
                CATransform3DMakeScale(2, 2, 2), CATransform3DScale(CATransform3DIdentity, 2, 2, 2)))
        var nearly = CATransform3DIdentity
        nearly.m44 = 1.000_000_1
        #expect(!CATransform3DEqualToTransform(nearly, CATransform3DIdentity))
    }

    @Test("IsAffine is true for 2-D transforms (z rotation, x/y scale and move) and the identity")
    func isAffineTrue() {
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.8, 0, 0, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeScale(2, -3, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeTranslation(7, 8, 0)))
        #expect(
            CATransform3DIsAffine(
                CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))))
    }

    @Test("SPEC 11b: IsAffine is false for z scale 2, rotation about x or y, z translation 1, and m34 = −1/500")
    func isAffineFalseForSpecCases() {
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }

    @Test(
        "IsAffine is false when any one of the ten constrained elements is off by 0.5",
        arguments: ["m13", "m14", "m23", "m24", "m31", "m32", "m34", "m43", "m33", "m44"]
    )
    func isAffineFalseForEachElement(element: String) throws {
        let paths: [String: WritableKeyPath<CATransform3D, CGFloat>] = [
            "m13": \.m13, "m14": \.m14, "m23": \.m23, "m24": \.m24, "m31": \.m31,
            "m32": \.m32, "m34": \.m34, "m43": \.m43, "m33": \.m33, "m44": \.m44,
        ]
        var t = CATransform3DIdentity
        t[keyPath: try #require(paths[element])] += 0.5
        #expect(!CATransform3DIsAffine(t))
    }

    @Test("MakeAffineTransform and GetAffineTransform exchange (1,2,3,4,5,6) with m11 m12 m21 m22 m41 m42")
    func affineConversion() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        #expect(Fixtures.elements(t) == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DGetAffineTransform(t) == affine)
        // The z parts are ignored when reading: scale (2, 3, 4) reads as the 2-D scale (2, 3).
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 4)) == CGAffineTransform(scaleX: 2, y: 3))
    }

    @Test("Concat of two affine matrices equals the 2-D concatenation for 200 seeded pairs (within 1e-12)")
    func affineConcatAgrees() {
        var random = SeededRandom(seed: 0xAF_F1_7E)
        func randomAffine() -> CGAffineTransform {
            CGAffineTransform(
                a: Fixtures.value(&random, -3...3), b: Fixtures.value(&random, -3...3),
                c: Fixtures.value(&random, -3...3), d: Fixtures.value(&random, -3...3),
                tx: Fixtures.value(&random, -50...50), ty: Fixtures.value(&random, -50...50)
            )
        }
        for _ in 0..<200 {
            let (a, b) = (randomAffine(), randomAffine())
            let viaMatrices = CATransform3DConcat(
                CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
            #expect(CATransform3DIsAffine(viaMatrices))
            #expect(Fixtures.maxDifference(CATransform3DGetAffineTransform(viaMatrices), a.concatenating(b)) < 1e-12)
        }
    }
}
