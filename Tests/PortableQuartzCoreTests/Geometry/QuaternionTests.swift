import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("Quaternion")
struct QuaternionTests {
    typealias Fixtures = TransformFixtures

    @Test("the identity quaternion (0, 0, 0, 1) has the identity matrix")
    func identityMatrix() {
        #expect(Quaternion.identity.matrix == CATransform3DIdentity)
    }

    @Test("a quarter turn about z is (0, 0, sin π/4, cos π/4) = (0, 0, 0.70711, 0.70711)")
    func quarterTurnComponents() {
        let q = Quaternion(angle: .pi / 2, axisX: 0, axisY: 0, axisZ: 3)
        #expect(q.x == 0 && q.y == 0)
        #expect(abs(q.z - 0.707_106_781_186_547_5) < 1e-15 && abs(q.w - 0.707_106_781_186_547_6) < 1e-15)
    }

    @Test("the matrix of Quaternion(angle:axis:) equals CATransform3DMakeRotation for 300 seeded rotations (1e-15)")
    func matrixMatchesMakeRotation() {
        var random = SeededRandom(seed: 0x9A7E_0001)
        var worst: CGFloat = 0
        for _ in 0..<300 {
            let angle = Fixtures.value(&random, -7...7)
            let (x, y, z) = (
                Fixtures.value(&random, -2...2), Fixtures.value(&random, -2...2), Fixtures.value(&random, -2...2)
            )
            let q = Quaternion(angle: angle, axisX: x, axisY: y, axisZ: z)
            worst = Swift.max(worst, Fixtures.maxDifference(q.matrix, CATransform3DMakeRotation(angle, x, y, z)))
        }
        #expect(worst < 1e-15 * 4)
    }

    @Test(
        "a rotation matrix gives back its rotation, including half turns that use each pivot branch",
        arguments: [
            (0.5, 0.0, 0.0, 1.0), (.pi, 1, 0, 0), (.pi, 0, 1, 0), (.pi, 0, 0, 1), (3.0, 1, 2, 3), (-2.9, 3, -1, 2),
        ]
    )
    func fromRotationRows(angle: Double, x: Double, y: Double, z: Double) {
        let m = CATransform3DMakeRotation(CGFloat(angle), CGFloat(x), CGFloat(y), CGFloat(z))
        let q = Quaternion(rotationRows: m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33)
        #expect(Fixtures.maxDifference(q.matrix, m) < 1e-15 * 4)
        #expect(abs(q.dot(q) - 1) < 1e-15)
    }

    @Test("a.multiplied(by: b) is b followed by a: its matrix is Concat(b.matrix, a.matrix)")
    func productOrder() {
        let a = Quaternion(angle: 0.9, axisX: 1, axisY: 0, axisZ: 0)
        let b = Quaternion(angle: 0.4, axisX: 0, axisY: 0, axisZ: 1)
        let expected = CATransform3DConcat(b.matrix, a.matrix)
        #expect(Fixtures.maxDifference(a.multiplied(by: b).matrix, expected) < 1e-15)
        #expect(Fixtures.maxDifference(b.multiplied(by: a).matrix, expected) > 0.1)  // rotations do not commute
    }

    @Test("Euler (0.3, −0.4, 1.2) rotates about x, then y, then z and reads back the same angles")
    func eulerAngles() {
        let angles = EulerAngles(x: 0.3, y: -0.4, z: 1.2)
        let q = Quaternion(eulerAngles: angles)
        let expected = CATransform3DConcat(
            CATransform3DMakeRotation(0.3, 1, 0, 0),
            CATransform3DConcat(CATransform3DMakeRotation(-0.4, 0, 1, 0), CATransform3DMakeRotation(1.2, 0, 0, 1))
        )
        #expect(Fixtures.maxDifference(q.matrix, expected) < 1e-15)
        let back = q.eulerAngles
        #expect(abs(back.x - 0.3) < 1e-14 && abs(back.y + 0.4) < 1e-14 && abs(back.z - 1.2) < 1e-14)
    }

    @Test("at gimbal lock (y = π/2) the Euler angles stay finite and still describe the rotation")
    func gimbalLock() {
        let q = Quaternion(eulerAngles: EulerAngles(x: 0.5, y: .pi / 2, z: 0.25))
        let back = q.eulerAngles
        #expect(back.x.isFinite && back.y.isFinite && back.z.isFinite)
        #expect(abs(back.y - .pi / 2) < 1e-7)
        #expect(Fixtures.maxDifference(Quaternion(eulerAngles: back).matrix, q.matrix) < 1e-7)
    }

    @Test("slerp from the identity to a quarter turn about z passes 45° at progress 0.5 (z = sin π/8 = 0.38268)")
    func slerpMidpoint() {
        let quarter = Quaternion(angle: .pi / 2, axisX: 0, axisY: 0, axisZ: 1)
        let middle = Quaternion.identity.slerp(to: quarter, progress: 0.5)
        #expect(abs(middle.z - 0.382_683_432_365_089_8) < 1e-15)
        #expect(abs(middle.w - 0.923_879_532_511_286_7) < 1e-15)
        #expect(Fixtures.maxDifference(middle.matrix, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)) < 1e-15)
    }

    @Test("slerp takes the shorter arc: towards −q it goes exactly as towards q")
    func slerpShorterArc() {
        let q = Quaternion(angle: 2.0, axisX: 1, axisY: 1, axisZ: 0)
        let negated = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
        let viaQ = Quaternion.identity.slerp(to: q, progress: 0.3).matrix
        let viaNegated = Quaternion.identity.slerp(to: negated, progress: 0.3).matrix
        #expect(Fixtures.maxDifference(viaQ, viaNegated) < 1e-15)
        #expect(Fixtures.maxDifference(viaQ, CATransform3DMakeRotation(0.6, 1, 1, 0)) < 1e-15)
    }

    @Test("slerp extrapolates at constant speed: progress 1.5 of a quarter turn is 135°")
    func slerpExtrapolates() {
        let quarter = Quaternion(angle: .pi / 2, axisX: 0, axisY: 0, axisZ: 1)
        let beyond = Quaternion.identity.slerp(to: quarter, progress: 1.5)
        #expect(Fixtures.maxDifference(beyond.matrix, CATransform3DMakeRotation(3 * .pi / 4, 0, 0, 1)) < 1e-15)
    }

    @Test("slerp between (nearly) equal rotations stays finite and at that rotation")
    func slerpNearlyEqual() {
        let q = Quaternion(angle: 1.0, axisX: 0, axisY: 1, axisZ: 0)
        let r = Quaternion(angle: 1.0 + 1e-12, axisX: 0, axisY: 1, axisZ: 0)
        let mixed = q.slerp(to: r, progress: 0.5)
        #expect([mixed.x, mixed.y, mixed.z, mixed.w].allSatisfy { $0.isFinite })
        #expect(Fixtures.maxDifference(mixed.matrix, q.matrix) < 1e-12)
        #expect(q.slerp(to: q, progress: 0.7) == q)
    }

    @Test("normalized maps a zero quaternion to the identity instead of NaN")
    func normalizedZero() {
        #expect(Quaternion(x: 0, y: 0, z: 0, w: 0).normalized == .identity)
        #expect(Quaternion(x: 0, y: 0, z: 0, w: 2).normalized == .identity)
    }
}
