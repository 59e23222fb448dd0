import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("AffineDecomposition")
struct AffineDecompositionTests {
    typealias Fixtures = TransformFixtures

    private func mix(_ from: CGAffineTransform, _ to: CGAffineTransform, _ progress: CGFloat) -> CGAffineTransform {
        AffineDecomposition.interpolate(from: from, to: to, progress: progress)
    }

    // MARK: Reading the parts

    @Test("the identity decomposes to the neutral parts exactly")
    func identity() {
        #expect(AffineDecomposition(.identity) == .identity)
        #expect(AffineDecomposition.identity.transform == .identity)
    }

    @Test("scale (2, 3), shear 0.25, rotation 0.5 and move (10, 20), composed in that order, read back")
    func readsComposedParts() {
        let t = CGAffineTransform(scaleX: 2, y: 3)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: 0.25, d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: 0.5))
            .concatenating(CGAffineTransform(translationX: 10, y: 20))
        let d = AffineDecomposition(t)
        #expect(abs(d.scaleX - 2) < 1e-15 && abs(d.scaleY - 3) < 1e-15)
        #expect(abs(d.shear - 0.25) < 1e-15 && abs(d.rotation - 0.5) < 1e-15)
        #expect(d.translationX == 10 && d.translationY == 20)
        #expect(Fixtures.maxDifference(d.transform, t) < 1e-14)
    }

    @Test("a horizontal mirror is scale (−1, 1) with no rotation; a vertical one is scale (1, −1)")
    func mirrors() {
        let horizontal = AffineDecomposition(CGAffineTransform(scaleX: -1, y: 1))
        #expect(horizontal.scaleX == -1 && horizontal.scaleY == 1 && horizontal.rotation == 0)
        let vertical = AffineDecomposition(CGAffineTransform(scaleX: 1, y: -1))
        #expect(vertical.scaleX == 1 && vertical.scaleY == -1 && vertical.rotation == 0)
    }

    @Test("recompose ∘ decompose gives back 1000 seeded transforms (any determinant sign) within 1e-12")
    func roundTrip() {
        var random = SeededRandom(seed: 0xAFDE_0001)
        var worst: CGFloat = 0
        for _ in 0..<1000 {
            let t = CGAffineTransform(
                a: Fixtures.value(&random, -3...3), b: Fixtures.value(&random, -3...3),
                c: Fixtures.value(&random, -3...3), d: Fixtures.value(&random, -3...3),
                tx: Fixtures.value(&random, -50...50), ty: Fixtures.value(&random, -50...50)
            )
            // Skip the few nearly singular draws, whose shear is ill-conditioned.
            guard abs(t.a * t.d - t.b * t.c) > 0.05 else { continue }
            worst = Swift.max(worst, Fixtures.maxDifference(AffineDecomposition(t).transform, t))
        }
        #expect(worst < 1e-12)
    }

    // MARK: Degenerate input

    @Test("scale (0, 0) decomposes to zero scale and rotation 0 and recomposes exactly")
    func zeroScale() {
        let t = CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 3, ty: 4)
        let d = AffineDecomposition(t)
        #expect(d == AffineDecomposition(translationX: 3, translationY: 4, scaleX: 0, scaleY: 0))
        #expect(d.transform == t)
    }

    @Test("a zero x scale keeps the rotation from the y axis: scale (0, 2) then 0.5 rad reads rotation 0.5")
    func zeroScaleX() {
        let t = CGAffineTransform(scaleX: 0, y: 2).concatenating(CGAffineTransform(rotationAngle: 0.5))
        let d = AffineDecomposition(t)
        #expect(d.scaleX == 0 && abs(d.scaleY - 2) < 1e-15 && abs(d.rotation - 0.5) < 1e-15)
        #expect(Fixtures.maxDifference(d.transform, t) < 1e-15)
    }

    @Test("a zero y scale gives shear 0 and no NaN: rows (2, 0) and (4, 0) read scale (2, 0)")
    func zeroScaleY() {
        let d = AffineDecomposition(CGAffineTransform(a: 2, b: 0, c: 4, d: 0, tx: 0, ty: 0))
        #expect(d.scaleX == 2 && d.scaleY == 0 && d.shear == 0 && d.rotation == 0)
    }

    @Test("NaN or infinite fields decompose to .collapsed")
    func nonFinite() {
        #expect(AffineDecomposition(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)) == .collapsed)
        #expect(AffineDecomposition(CGAffineTransform(translationX: .infinity, y: 0)) == .collapsed)
        #expect(AffineDecomposition.collapsed.transform == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    // MARK: Interpolation (SPEC 3.6)

    @Test("SPEC 3.6: identity → (a 0, b 2, c −2, d 0) at 0.5 is 45° and scale 1.5: (1.0607, 1.0607, −1.0607, 1.0607)")
    func specWorkedExample() {
        let middle = mix(.identity, CGAffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 0), 0.5)
        let expected: CGFloat = 1.5 * 0.5.squareRoot()
        #expect(abs(expected - 1.0607) < 1e-4)
        #expect(abs(middle.a - expected) < 1e-15 && abs(middle.b - expected) < 1e-15)
        #expect(abs(middle.c + expected) < 1e-15 && abs(middle.d - expected) < 1e-15)
        // Not the component-wise mix (0.5, 1, −1, 0.5).
        #expect(abs(middle.a - 0.5) > 0.5)
    }

    @Test("identity → rotation(π + 0.1) turns the short way, −(π − 0.1): at 0.5 the angle is −1.5208 (b < 0)")
    func shortWayNegative() {
        let middle = mix(.identity, CGAffineTransform(rotationAngle: .pi + 0.1), 0.5)
        #expect(Fixtures.maxDifference(middle, CGAffineTransform(rotationAngle: -(.pi - 0.1) / 2)) < 1e-15)
        #expect(middle.b < 0)
    }

    @Test("identity → rotation(π − 0.1) turns positively: at 0.5 the angle is +1.5208 (b > 0)")
    func shortWayPositive() {
        let middle = mix(.identity, CGAffineTransform(rotationAngle: .pi - 0.1), 0.5)
        #expect(Fixtures.maxDifference(middle, CGAffineTransform(rotationAngle: (.pi - 0.1) / 2)) < 1e-15)
        #expect(middle.b > 0)
    }

    @Test("170° → −170° crosses ±180° (a 20° turn), not 340° back through 0: at 0.5 it is the half turn")
    func shortWayAcrossHalfTurn() {
        let degrees = CGFloat.pi / 180
        let middle = mix(
            CGAffineTransform(rotationAngle: 170 * degrees), CGAffineTransform(rotationAngle: -170 * degrees), 0.5)
        #expect(abs(middle.a + 1) < 1e-14 && abs(middle.b) < 1e-14)
    }

    @Test("a stored rotation of 4π + 0.2 still mixes the short way towards 0: at ¼ the angle is 0.15 (mod 2π)")
    func shortWayFromLargeStoredAngle() {
        let start = AffineDecomposition(rotation: 4 * .pi + 0.2)
        let quarter = start.interpolated(to: .identity, progress: 0.25)
        // The long way (straight towards the stored 0) would be at 3π + 0.15, a half turn away.
        #expect(Fixtures.maxDifference(quarter.transform, CGAffineTransform(rotationAngle: 0.15)) < 1e-14)
    }

    @Test("identity → mirror in x at ¼ only shrinks x: (a 0.5, b 0, c 0, d 1), no rotation")
    func mirrorShrinksWithoutTurning() {
        let quarter = mix(.identity, CGAffineTransform(scaleX: -1, y: 1), 0.25)
        #expect(Fixtures.maxDifference(quarter, CGAffineTransform(scaleX: 0.5, y: 1)) < 1e-15)
    }

    @Test("mirror in x → mirror in y trades the flips for a half turn, so the determinant stays −1 throughout")
    func oppositeMirrors() {
        for step in 0...10 {
            let t = mix(CGAffineTransform(scaleX: -1, y: 1), CGAffineTransform(scaleX: 1, y: -1), CGFloat(step) / 10)
            #expect(abs(t.a * t.d - t.b * t.c + 1) < 1e-14)
        }
    }

    @Test("scale 0 → identity at 0.5 is scale 0.5 with no rotation")
    func growFromZero() {
        let middle = mix(CGAffineTransform(scaleX: 0, y: 0), .identity, 0.5)
        #expect(Fixtures.maxDifference(middle, CGAffineTransform(scaleX: 0.5, y: 0.5)) < 1e-15)
    }

    @Test("progress 0 and 1 reproduce both ends of 300 seeded pairs within 1e-12, and 1.5 stays finite")
    func endpoints() {
        var random = SeededRandom(seed: 0xAFE0_0001)
        var worst: CGFloat = 0
        for _ in 0..<300 {
            let from = CATransform3DGetAffineTransform(Fixtures.wellConditioned(&random, perspective: false))
            let to = CATransform3DGetAffineTransform(Fixtures.wellConditioned(&random, perspective: false))
            guard abs(from.a * from.d - from.b * from.c) > 0.05, abs(to.a * to.d - to.b * to.c) > 0.05 else { continue }
            worst = Swift.max(worst, Fixtures.maxDifference(mix(from, to, 0), from))
            worst = Swift.max(worst, Fixtures.maxDifference(mix(from, to, 1), to))
            let beyond = mix(from, to, 1.5)
            #expect([beyond.a, beyond.b, beyond.c, beyond.d, beyond.tx, beyond.ty].allSatisfy { $0.isFinite })
        }
        #expect(worst < 1e-12)
    }

    // MARK: Component accessors (key-path registry, 2-D subset)

    @Test("replacing the rotation of scale 2 · turn 0.3 · move (5, 6) with 1.0 recomposes scale 2 · turn 1.0 · move")
    func replaceRotation() {
        let t = CGAffineTransform(scaleX: 2, y: 2)
            .concatenating(CGAffineTransform(rotationAngle: 0.3))
            .concatenating(CGAffineTransform(translationX: 5, y: 6))
        var d = AffineDecomposition(t)
        #expect(abs(d.rotation - 0.3) < 1e-15)
        d.rotation = 1.0
        let expected = CGAffineTransform(scaleX: 2, y: 2)
            .concatenating(CGAffineTransform(rotationAngle: 1.0))
            .concatenating(CGAffineTransform(translationX: 5, y: 6))
        #expect(Fixtures.maxDifference(d.transform, expected) < 1e-14)
    }

    @Test("replacing scaleY and translationX leaves the other parts: scale (2, 2) → (2, 5), move (5, 6) → (−1, 6)")
    func replaceScaleAndTranslation() {
        var d = AffineDecomposition(CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        d.scaleY = 5
        d.translationX = -1
        #expect(d.transform == CGAffineTransform(a: 2, b: 0, c: 0, d: 5, tx: -1, ty: 6))
    }
}
