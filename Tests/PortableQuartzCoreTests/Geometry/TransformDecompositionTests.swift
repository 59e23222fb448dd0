import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("TransformDecomposition")
struct TransformDecompositionTests {
    typealias Fixtures = TransformFixtures

    private func allFinite(_ d: TransformDecomposition) -> Bool {
        [
            d.translationX, d.translationY, d.translationZ, d.scaleX, d.scaleY, d.scaleZ,
            d.shearXY, d.shearXZ, d.shearYZ, d.perspectiveX, d.perspectiveY, d.perspectiveZ, d.perspectiveW,
            d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w,
        ].allSatisfy(\.isFinite)
    }

    // MARK: Reading the parts

    @Test("the identity decomposes to the neutral parts exactly")
    func identity() {
        #expect(TransformDecomposition(CATransform3DIdentity) == .identity)
        #expect(TransformDecomposition.identity.transform == CATransform3DIdentity)
    }

    @Test("translation (10, −20, 30) and scale (2, 3, 4) are read directly")
    func translationAndScale() {
        let d = TransformDecomposition(CATransform3DScale(CATransform3DMakeTranslation(10, -20, 30), 2, 3, 4))
        #expect((d.translationX, d.translationY, d.translationZ) == (10, -20, 30))
        #expect((d.scaleX, d.scaleY, d.scaleZ) == (2, 3, 4))
        #expect(d.rotation == .identity)
        #expect((d.shearXY, d.shearXZ, d.shearYZ) == (0, 0, 0))
    }

    @Test("a rotation of 0.7 rad about x, y or z reads back as rotationX, rotationY or rotationZ = 0.7")
    func singleAxisRotations() {
        let aboutX = TransformDecomposition(CATransform3DMakeRotation(0.7, 1, 0, 0))
        #expect(abs(aboutX.rotationX - 0.7) < 1e-14 && abs(aboutX.rotationY) < 1e-14 && abs(aboutX.rotationZ) < 1e-14)
        let aboutY = TransformDecomposition(CATransform3DMakeRotation(0.7, 0, 1, 0))
        #expect(abs(aboutY.rotationY - 0.7) < 1e-14 && abs(aboutY.rotationX) < 1e-14 && abs(aboutY.rotationZ) < 1e-14)
        let aboutZ = TransformDecomposition(CATransform3DMakeRotation(0.7, 0, 0, 1))
        #expect(abs(aboutZ.rotationZ - 0.7) < 1e-14 && abs(aboutZ.rotationX) < 1e-14 && abs(aboutZ.rotationY) < 1e-14)
        #expect(abs(aboutZ.scaleX - 1) < 1e-15 && abs(aboutZ.scaleZ - 1) < 1e-15)
    }

    @Test("Euler angles follow x, then y, then z: Rx(0.3)·Ry(−0.4)·Rz(1.2) reads (0.3, −0.4, 1.2)")
    func eulerOrder() {
        let m = CATransform3DConcat(
            CATransform3DMakeRotation(0.3, 1, 0, 0),
            CATransform3DConcat(CATransform3DMakeRotation(-0.4, 0, 1, 0), CATransform3DMakeRotation(1.2, 0, 0, 1))
        )
        let d = TransformDecomposition(m)
        #expect(abs(d.rotationX - 0.3) < 1e-14 && abs(d.rotationY + 0.4) < 1e-14 && abs(d.rotationZ - 1.2) < 1e-14)
    }

    @Test("shear is relative to the row's scale: row 2 = (1, 2, 0) gives scaleY 2 and shearXY 0.5")
    func shear() {
        var m = CATransform3DIdentity
        (m.m21, m.m22) = (1, 2)
        let d = TransformDecomposition(m)
        #expect(d.scaleY == 2 && d.shearXY == 0.5)
        #expect(d.scaleX == 1 && d.shearXZ == 0 && d.shearYZ == 0)
        #expect(d.rotation == .identity)
    }

    @Test("perspective m34 = −1/500 after a z move of 100 reads as perspectiveZ −0.002 and perspectiveW 1.2")
    func perspective() {
        var m = CATransform3DMakeTranslation(0, 0, 100)
        m.m34 = -0.002
        let d = TransformDecomposition(m)
        #expect(abs(d.perspectiveZ + 0.002) < 1e-18 && d.perspectiveX == 0 && d.perspectiveY == 0)
        #expect(abs(d.perspectiveW - 1.2) < 1e-15)
        #expect(d.translationZ == 100)
        #expect(Fixtures.maxDifference(d.transform, m) < 1e-15)
    }

    @Test("a mirror (scale −1, 1, 1) becomes scales (−1, −1, −1) with a half turn about x, and recomposes")
    func reflection() {
        let m = CATransform3DMakeScale(-1, 1, 1)
        let d = TransformDecomposition(m)
        #expect((d.scaleX, d.scaleY, d.scaleZ) == (-1, -1, -1))
        #expect(abs(abs(d.rotation.x) - 1) < 1e-15)
        #expect(Fixtures.maxDifference(d.transform, m) < 1e-15)
    }

    @Test("the matrix is read divided by m44: scale 2 with m44 = 2 is the identity")
    func normalisesByM44() {
        var m = CATransform3DMakeScale(2, 2, 2)
        m.m44 = 2
        let d = TransformDecomposition(m)
        #expect(abs(d.scaleX - 1) < 1e-15 && abs(d.scaleZ - 1) < 1e-15)
        #expect(Fixtures.maxDifference(d.transform, CATransform3DIdentity) < 1e-15)
        var random = SeededRandom(seed: 0xD1_0044)
        let general = Fixtures.wellConditioned(&random, perspective: true)
        var scaled = general
        for path in [\CATransform3D.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24] {
            scaled[keyPath: path] *= -3
        }
        for path in [\CATransform3D.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44] {
            scaled[keyPath: path] *= -3
        }
        #expect(Fixtures.maxDifference(TransformDecomposition(scaled).transform, general) < 1e-9)
    }

    // MARK: Round trips

    @Test("recompose ∘ decompose gives back 1000 seeded well-conditioned matrices (half with perspective) within 1e-9")
    func roundTripMatrices() {
        var random = SeededRandom(seed: 0xDEC0_0001)
        var worst: CGFloat = 0
        for index in 0..<1000 {
            let m = Fixtures.wellConditioned(&random, perspective: index % 2 == 0)
            worst = Swift.max(worst, Fixtures.maxDifference(TransformDecomposition(m).transform, m))
        }
        #expect(worst < 1e-9)
    }

    @Test("decompose ∘ recompose gives back 500 seeded sets of parts (positive scales, m44 = 1) within 1e-9")
    func roundTripParts() {
        var random = SeededRandom(seed: 0xDEC0_0002)
        var worst: CGFloat = 0
        for _ in 0..<500 {
            var rotation = Quaternion(
                angle: Fixtures.value(&random, -3...3), axisX: Fixtures.value(&random, -1...1),
                axisY: Fixtures.value(&random, -1...1), axisZ: Fixtures.value(&random, -1...1)
            )
            if rotation.w < 0 { rotation = Quaternion(x: -rotation.x, y: -rotation.y, z: -rotation.z, w: -rotation.w) }
            var parts = TransformDecomposition(
                translationX: Fixtures.value(&random, -50...50), translationY: Fixtures.value(&random, -50...50),
                translationZ: Fixtures.value(&random, -50...50),
                scaleX: Fixtures.value(&random, 0.5...2), scaleY: Fixtures.value(&random, 0.5...2),
                scaleZ: Fixtures.value(&random, 0.5...2),
                shearXY: Fixtures.value(&random, -0.5...0.5), shearXZ: Fixtures.value(&random, -0.5...0.5),
                shearYZ: Fixtures.value(&random, -0.5...0.5),
                perspectiveX: Fixtures.value(&random, -0.001...0.001),
                perspectiveY: Fixtures.value(&random, -0.001...0.001),
                perspectiveZ: Fixtures.value(&random, -0.004...0.004),
                rotation: rotation
            )
            // Choose W so that the composed m44 is 1: decomposition reads the matrix divided by m44.
            parts.perspectiveW =
                1
                - (parts.translationX * parts.perspectiveX + parts.translationY * parts.perspectiveY
                    + parts.translationZ * parts.perspectiveZ)
            var back = TransformDecomposition(parts.transform)
            if back.rotation.w < 0 {
                back.rotation = Quaternion(
                    x: -back.rotation.x, y: -back.rotation.y, z: -back.rotation.z, w: -back.rotation.w)
            }
            let differences = [
                back.translationX - parts.translationX, back.translationY - parts.translationY,
                back.translationZ - parts.translationZ,
                back.scaleX - parts.scaleX, back.scaleY - parts.scaleY, back.scaleZ - parts.scaleZ,
                back.shearXY - parts.shearXY, back.shearXZ - parts.shearXZ, back.shearYZ - parts.shearYZ,
                back.perspectiveX - parts.perspectiveX, back.perspectiveY - parts.perspectiveY,
                back.perspectiveZ - parts.perspectiveZ, back.perspectiveW - parts.perspectiveW,
                back.rotation.x - parts.rotation.x, back.rotation.y - parts.rotation.y,
                back.rotation.z - parts.rotation.z, back.rotation.w - parts.rotation.w,
            ]
            worst = Swift.max(worst, differences.map(abs).max()!)
        }
        #expect(worst < 1e-9)
    }

    @Test("nearly dependent rows (row 2 = 2 × row 1 + 1e-9 along z) still recompose within 1e-11 for 50 rotations")
    func nearlyDependentRows() {
        var worst: CGFloat = 0
        for step in 0..<50 {
            var m = CATransform3DMakeRotation(0.1 + CGFloat(step) * 0.13, 1, 2, 3)
            (m.m21, m.m22, m.m23) = (2 * m.m11, 2 * m.m12, 2 * m.m13 + 1e-9)
            let d = TransformDecomposition(m)
            #expect(abs(d.scaleY) < 1e-8)
            worst = Swift.max(worst, Fixtures.maxDifference(d.transform, m))
        }
        // A single Gram–Schmidt projection leaves errors near 3e-4 here; the repeated projection keeps ~1e-13.
        #expect(worst < 1e-11)
    }

    // MARK: Degenerate input

    @Test("scale (0, 0, 0) then a move of (5, 6, 7) decomposes to zero scale, identity rotation, the same move")
    func zeroScale() {
        let m = CATransform3DConcat(CATransform3DMakeScale(0, 0, 0), CATransform3DMakeTranslation(5, 6, 7))
        let d = TransformDecomposition(m)
        #expect((d.scaleX, d.scaleY, d.scaleZ) == (0, 0, 0))
        #expect(d.rotation == .identity)
        #expect((d.translationX, d.translationY, d.translationZ) == (5, 6, 7))
        #expect(d.transform == m)
    }

    @Test("a zero x scale keeps the rotation: scale (0, 1, 1) then 0.5 rad about z reads rotationZ 0.5")
    func zeroScaleOnOneAxis() {
        let m = CATransform3DConcat(CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(0.5, 0, 0, 1))
        let d = TransformDecomposition(m)
        #expect(d.scaleX == 0 && d.scaleY == 1 && d.scaleZ == 1)
        #expect(abs(d.rotationZ - 0.5) < 1e-15)
        #expect(Fixtures.maxDifference(d.rotation.matrix, CATransform3DMakeRotation(0.5, 0, 0, 1)) < 1e-15)
        #expect(Fixtures.maxDifference(d.transform, m) < 1e-15)
        let two = CATransform3DConcat(CATransform3DMakeScale(0, 0, 1), CATransform3DMakeRotation(0.5, 0, 0, 1))
        let dTwo = TransformDecomposition(two)
        #expect(allFinite(dTwo) && dTwo.scaleZ == 1 && dTwo.scaleX == 0 && dTwo.scaleY == 0)
        #expect(Fixtures.maxDifference(dTwo.transform, two) < 1e-15)
    }

    @Test("m44 = 0, NaN and infinite elements decompose to .collapsed, which recomposes to a finite matrix")
    func unnormalisable() {
        var zeroW = CATransform3DIdentity
        zeroW.m44 = 0
        var nan = CATransform3DIdentity
        nan.m22 = .nan
        var infinite = CATransform3DIdentity
        infinite.m41 = .infinity
        var subnormalW = CATransform3DIdentity
        subnormalW.m44 = .leastNormalMagnitude / 4  // subnormal: 1 / m44 overflows
        for m in [zeroW, nan, infinite, subnormalW] {
            let d = TransformDecomposition(m)
            #expect(d == .collapsed)
            #expect(Fixtures.isFinite(d.transform))
        }
        #expect(TransformDecomposition.collapsed.transform.m11 == 0)
        #expect(TransformDecomposition.collapsed.transform.m44 == 1)
    }

    @Test("1000 seeded degenerate matrices (zeroed, repeated or scaled rows) decompose, recompose and mix without NaN")
    func degenerateMatricesStayFinite() {
        var random = SeededRandom(seed: 0xDE6E_0001)
        let rows: [[WritableKeyPath<CATransform3D, CGFloat>]] = [
            [\.m11, \.m12, \.m13, \.m14], [\.m21, \.m22, \.m23, \.m24], [\.m31, \.m32, \.m33, \.m34],
        ]
        for _ in 0..<1000 {
            var m = Fixtures.wellConditioned(&random, perspective: random.nextUnitDouble() < 0.5)
            let target = Int(random.next() % 3)
            let source = (target + 1 + Int(random.next() % 2)) % 3
            switch random.next() % 3 {
            case 0:
                for path in rows[target] { m[keyPath: path] = 0 }
            case 1:
                let factor = Fixtures.value(&random, -2...2)
                for (to, from) in zip(rows[target], rows[source]) { m[keyPath: to] = m[keyPath: from] * factor }
            default:
                for path in rows[target] + rows[source] { m[keyPath: path] = 0 }
            }
            let d = TransformDecomposition(m)
            #expect(allFinite(d))
            #expect(Fixtures.isFinite(d.transform))
            let mixed = d.interpolated(to: TransformDecomposition(Fixtures.randomRotation(&random)), progress: 0.5)
            #expect(Fixtures.isFinite(mixed.transform))
        }
    }

    // MARK: Interpolation

    @Test("identity → quarter turn about z at progress 0.5 is the 45° turn (m11 = m12 = 0.70711)")
    func interpolateRotation() {
        let from = TransformDecomposition(CATransform3DIdentity)
        let to = TransformDecomposition(CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let middle = from.interpolated(to: to, progress: 0.5).transform
        #expect(abs(middle.m11 - 0.707_106_781_186_547_6) < 1e-15 && abs(middle.m12 - 0.707_106_781_186_547_5) < 1e-15)
    }

    @Test("rotation takes the shorter arc: identity → π + 0.1 about z turns by −(π − 0.1)/2 = −1.5208 at 0.5")
    func interpolateShorterArc() {
        let from = TransformDecomposition(CATransform3DIdentity)
        let past = from.interpolated(
            to: TransformDecomposition(CATransform3DMakeRotation(.pi + 0.1, 0, 0, 1)), progress: 0.5)
        #expect(abs(past.rotationZ + (.pi - 0.1) / 2) < 1e-14)
        let short = from.interpolated(
            to: TransformDecomposition(CATransform3DMakeRotation(.pi - 0.1, 0, 0, 1)), progress: 0.5)
        #expect(abs(short.rotationZ - (.pi - 0.1) / 2) < 1e-14)
    }

    @Test("non-affine pairs use the full decomposition: identity → Rx(π/2) at 0.5 is Rx(π/4) (m23 = 0.70711)")
    func interpolateNonAffinePair() {
        let middle = TransformDecomposition.interpolate(
            from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 1, 0, 0), progress: 0.5
        )
        #expect(Fixtures.maxDifference(middle, CATransform3DMakeRotation(.pi / 4, 1, 0, 0)) < 1e-15)
        #expect(abs(middle.m23 - 0.707_106_781_186_547_5) < 1e-15)
    }

    @Test("scale, move and perspective mix linearly: scale 1→3 is 2, move (10,20,30) at ¼ is (2.5,5,7.5), m34 halves")
    func interpolateLinearParts() {
        let scaled = TransformDecomposition.interpolate(
            from: CATransform3DIdentity, to: CATransform3DMakeScale(3, 3, 3), progress: 0.5
        )
        #expect(Fixtures.maxDifference(scaled, CATransform3DMakeScale(2, 2, 2)) < 1e-15)
        let moved = TransformDecomposition.interpolate(
            from: CATransform3DIdentity, to: CATransform3DMakeTranslation(10, 20, 30), progress: 0.25
        )
        #expect(Fixtures.maxDifference(moved, CATransform3DMakeTranslation(2.5, 5, 7.5)) < 1e-15)
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.01
        let halfway = TransformDecomposition.interpolate(from: CATransform3DIdentity, to: perspective, progress: 0.5)
        #expect(abs(halfway.m34 + 0.005) < 1e-17 && halfway.m44 == 1)
    }

    @Test("SPEC 3.6 through the CATransform3D entry point: affine identity → (0, 2, −2, 0) at 0.5 is 1.0607 each")
    func interpolateAffinePair() {
        let target = CATransform3DMakeAffineTransform(CGAffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 0))
        let middle = TransformDecomposition.interpolate(from: CATransform3DIdentity, to: target, progress: 0.5)
        let expected: CGFloat = 1.5 * 0.5.squareRoot()  // 1.0607
        #expect(abs(middle.m11 - expected) < 1e-15 && abs(middle.m12 - expected) < 1e-15)
        #expect(abs(middle.m21 + expected) < 1e-15 && abs(middle.m22 - expected) < 1e-15)
        #expect(CATransform3DIsAffine(middle))
        // A mirror shows the 2-D path: x shrinks through zero with no turn, where the 3-D mix would tilt about x.
        let mirror = CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: -1, y: 1))
        let quarter = TransformDecomposition.interpolate(from: CATransform3DIdentity, to: mirror, progress: 0.25)
        #expect(Fixtures.maxDifference(quarter, CATransform3DMakeScale(0.5, 1, 1)) < 1e-15)
    }

    @Test("progress 0 and 1 reproduce both ends of 300 seeded non-affine pairs within 1e-9")
    func interpolateEndpoints() {
        var random = SeededRandom(seed: 0xE0D5_0001)
        var worst: CGFloat = 0
        for _ in 0..<300 {
            let from = Fixtures.wellConditioned(&random, perspective: true)
            let to = Fixtures.wellConditioned(&random, perspective: true)
            worst = Swift.max(
                worst, Fixtures.maxDifference(TransformDecomposition.interpolate(from: from, to: to, progress: 0), from)
            )
            worst = Swift.max(
                worst, Fixtures.maxDifference(TransformDecomposition.interpolate(from: from, to: to, progress: 1), to))
        }
        #expect(worst < 1e-9)
    }

    // MARK: Component accessors (key-path registry)

    @Test("setting rotationZ to π/3 on scale 2 + move (5, 6, 7) recomposes as scale, turn, move")
    func replaceRotationZ() {
        var d = TransformDecomposition(
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(5, 6, 7))
        )
        d.rotationZ = .pi / 3
        let expected = CATransform3DConcat(
            CATransform3DMakeScale(2, 2, 2),
            CATransform3DConcat(CATransform3DMakeRotation(.pi / 3, 0, 0, 1), CATransform3DMakeTranslation(5, 6, 7))
        )
        #expect(Fixtures.maxDifference(d.transform, expected) < 1e-14)
    }

    @Test("SPEC 3.1: rotationZ = 1.5π (beyond a half turn) recomposes to the 270° rotation")
    func rotationZBeyondHalfTurn() {
        var d = TransformDecomposition.identity
        d.rotationZ = 1.5 * .pi
        #expect(Fixtures.maxDifference(d.transform, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)) < 1e-15)
    }

    @Test("setting rotationX keeps y and z: Euler (0.3, −0.4, 1.2) with x → 0.8 reads (0.8, −0.4, 1.2)")
    func replaceRotationX() {
        var d = TransformDecomposition.identity
        d.eulerAngles = EulerAngles(x: 0.3, y: -0.4, z: 1.2)
        d.rotationX = 0.8
        #expect(abs(d.rotationX - 0.8) < 1e-14 && abs(d.rotationY + 0.4) < 1e-14 && abs(d.rotationZ - 1.2) < 1e-14)
        d.rotationY = 0.2
        #expect(abs(d.rotationX - 0.8) < 1e-14 && abs(d.rotationY - 0.2) < 1e-14 && abs(d.rotationZ - 1.2) < 1e-14)
    }

    @Test("replacing scaleX and translationZ of a rotated, moved matrix changes only those parts")
    func replaceScaleAndTranslation() {
        let rotation = CATransform3DMakeRotation(0.6, 1, 1, 0)
        var d = TransformDecomposition(CATransform3DConcat(rotation, CATransform3DMakeTranslation(1, 2, 3)))
        d.scaleX = 4
        d.translationZ = -9
        let expected = CATransform3DConcat(
            CATransform3DMakeScale(4, 1, 1), CATransform3DConcat(rotation, CATransform3DMakeTranslation(1, 2, -9))
        )
        #expect(Fixtures.maxDifference(d.transform, expected) < 1e-14)
    }
}
