import PortableQuartzCoreTesting
import Testing

@testable import PortableQuartzCore

@Suite("Transform components written into a scaling matrix")
struct PropertyComponentScalingTests {
    @Test(
        "a matrix that only scales (by positive factors) and moves takes its components directly, as the decomposition gives them: rotation.z = π/2 on scale (2, 3) puts 2 at m12 and −3 at m21"
    )
    func scalingMatrixComponents() throws {
        // lottie-ios animates a layer's transform as `transform.scale.x`, `transform.scale.y` and
        // `transform.rotation.z` in turn, so the second and third see the matrix the first left: a scaling.
        var m = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 5, 6, 0)
        #expect(PropertyComponent.rotationZ.replace(inTransform: &m, number: .pi / 2))
        #expect(abs(m.m12 - 2) < 1e-15 && abs(m.m21 + 3) < 1e-15 && abs(m.m11) < 1e-15 && abs(m.m22) < 1e-15)
        #expect(m.m41 == 10 && m.m42 == 18)

        let components: [PropertyComponent] = [
            .rotationZ, .scale, .scaleXY, .scaleX, .scaleY, .scaleZ, .translationX, .translationY, .translationZ,
        ]
        var random = SeededRandom(seed: 0x5EED_0315)
        for _ in 0..<200 {
            let scaling = CATransform3DConcat(
                CATransform3DMakeScale(
                    random.nextDouble(in: 0.01...5), random.nextDouble(in: 0.01...5), random.nextDouble(in: 0.01...5)),
                CATransform3DMakeTranslation(
                    random.nextDouble(in: -90...90), random.nextDouble(in: -90...90), random.nextDouble(in: -9...9)))
            // A reflection is not a scaling: the decomposition moves it into the rotation, so it takes that route.
            let reflected = CATransform3DScale(scaling, -1, 1, 1)
            for component in components {
                let value = random.nextDouble(in: -4...4)
                for base in [scaling, reflected] {
                    var parts = TransformDecomposition(base)
                    #expect(component.write(.number(value), into: &parts))
                    let direct = try #require(component.replacing(inTransform: base, with: .number(value)))
                    var inPlace = base
                    #expect(component.replace(inTransform: &inPlace, number: value))
                    #expect(TransformFixtures.maxDifference(direct, parts.transform) < 1e-12, "\(component) \(value)")
                    #expect(inPlace == direct)
                }
            }
        }
    }
}
