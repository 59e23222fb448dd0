import Foundation
import PortableQuartzCore
import Testing

@Suite("CAValueFunction (SPEC §3.5)")
struct CAValueFunctionTests {
    typealias F = AnimationFixtures

    static let names: [CAValueFunctionName] = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate, .translateX, .translateY,
        .translateZ,
    ]

    @Test("every Apple name makes a function whose name round-trips; raw values equal the names")
    func names() throws {
        for name in Self.names {
            let function = try #require(CAValueFunction(name: name))
            #expect(function.name == name)
            #expect(name.rawValue == "\(name.rawValue)")
        }
        #expect(CAValueFunctionName.rotateZ.rawValue == "rotateZ")
        #expect(CAValueFunctionName.translate.rawValue == "translate")
    }

    @Test("an unknown name gives nil")
    func unknownName() {
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "rotateW")) == nil)
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "")) == nil)
    }

    @Test("the matrices match the CATransform3D constructors")
    func matrices() throws {
        let angle = 0.7
        func function(_ name: CAValueFunctionName) throws -> CAValueFunction {
            try #require(CAValueFunction(name: name))
        }
        F.expectTransform(try function(.rotateX).transform(for: angle), CATransform3DMakeRotation(angle, 1, 0, 0))
        F.expectTransform(try function(.rotateY).transform(for: angle), CATransform3DMakeRotation(angle, 0, 1, 0))
        F.expectTransform(try function(.rotateZ).transform(for: angle), CATransform3DMakeRotation(angle, 0, 0, 1))
        F.expectTransform(try function(.scale).transform(for: [2, 3, 4]), CATransform3DMakeScale(2, 3, 4))
        F.expectTransform(try function(.scaleX).transform(for: 2), CATransform3DMakeScale(2, 1, 1))
        F.expectTransform(try function(.scaleY).transform(for: 2), CATransform3DMakeScale(1, 2, 1))
        F.expectTransform(try function(.scaleZ).transform(for: 2), CATransform3DMakeScale(1, 1, 2))
        F.expectTransform(try function(.translate).transform(for: [2, 3, 4]), CATransform3DMakeTranslation(2, 3, 4))
        F.expectTransform(try function(.translateX).transform(for: 2), CATransform3DMakeTranslation(2, 0, 0))
        F.expectTransform(try function(.translateY).transform(for: 2), CATransform3DMakeTranslation(0, 2, 0))
        F.expectTransform(try function(.translateZ).transform(for: 2), CATransform3DMakeTranslation(0, 0, 2))
        // Count rules: one number on a three-input function is uniform; a short array fills in neutral values.
        F.expectTransform(try function(.scale).transform(for: 2), CATransform3DMakeScale(2, 2, 2))
        F.expectTransform(try function(.scale).transform(for: [2]), CATransform3DMakeScale(2, 1, 1))
        F.expectTransform(try function(.translate).transform(for: [2, 3]), CATransform3DMakeTranslation(2, 3, 0))
        F.expectTransform(try function(.rotateZ).transform(for: []), CATransform3DIdentity)
    }

    @Test("transform, rotateZ 0 → 2π at p 0.5: input π, m11 = −1, m12 ≈ 0, m21 ≈ 0, m22 = −1")
    func rotateZHalfway() throws {
        let animation = F.basic("transform", from: 0, to: 2 * Double.pi)
        animation.valueFunction = CAValueFunction(name: .rotateZ)
        let m = try #require(F.transform(animation, at: 0.5))
        F.expectNumber(Double(m.m11), -1, tolerance: 1e-12)
        F.expectNumber(Double(m.m12), 0, tolerance: 1e-12)
        F.expectNumber(Double(m.m21), 0, tolerance: 1e-12)
        F.expectNumber(Double(m.m22), -1, tolerance: 1e-12)
    }

    @Test("transform, scale [1,1,1] → [1.5,1.5,1.5] at p 0.5 is diag(1.25, 1.25, 1.25, 1) (seed 000)")
    func scaleHalfway() throws {
        let animation = F.basic("transform", from: [1, 1, 1], to: [1.5, 1.5, 1.5])
        animation.valueFunction = CAValueFunction(name: .scale)
        let m = try #require(F.transform(animation, at: 0.5))
        #expect(m == CATransform3DMakeScale(1.25, 1.25, 1.25))
    }

    @Test("a value function replaces the model transform unless the animation is additive")
    func replacesOrAdds() throws {
        let animation = F.basic("transform", from: 0, to: 10)
        animation.valueFunction = CAValueFunction(name: .translateX)
        let model = AnimatableValue.transform(CATransform3DMakeTranslation(0, 7, 0))
        guard case .transform(let replaced)? = F.value(animation, at: 0.5, model: model) else {
            Issue.record("expected a transform")
            return
        }
        #expect(replaced == CATransform3DMakeTranslation(5, 0, 0))
        animation.isAdditive = true
        guard case .transform(let added)? = F.value(animation, at: 0.5, model: model) else {
            Issue.record("expected a transform")
            return
        }
        #expect(added == CATransform3DMakeTranslation(5, 7, 0))
    }

    @Test("a missing end of a value-function animation is the function's neutral input")
    func neutralInput() throws {
        let animation = F.basic("transform", to: [3, 3, 3])
        animation.valueFunction = CAValueFunction(name: .scale)
        #expect(try #require(F.transform(animation, at: 0.5)) == CATransform3DMakeScale(2, 2, 2))
    }

    @Test("cumulative value-function animations accumulate the input: rotateZ turns on past 2π")
    func cumulativeInput() throws {
        let animation = F.basic("transform", from: 0, to: Double.pi)
        animation.valueFunction = CAValueFunction(name: .rotateZ)
        animation.isCumulative = true
        animation.repeatCount = 2
        let m = try #require(F.transform(animation, at: 1.5))
        F.expectTransform(m, CATransform3DMakeRotation(1.5 * Double.pi, 0, 0, 1))
    }

    @Test("keyframe animations use value functions too")
    func keyframes() throws {
        let animation = F.keyframes("transform", [0, 2, 6])
        animation.valueFunction = CAValueFunction(name: .translateY)
        #expect(try #require(F.transform(animation, at: 0.75)) == CATransform3DMakeTranslation(0, 4, 0))
    }

    @Test("a value function on a key path that is not a whole transform is ignored")
    func ignoredOffTransforms() {
        let animation = F.basic("transform.rotation.z", from: 0, to: 1)
        animation.valueFunction = CAValueFunction(name: .scale)
        F.expectNumber(F.number(animation, at: 0.5), 0.5)
    }

    @Test("functions with the same name are equal")
    func equality() {
        #expect(CAValueFunction(name: .scale) == CAValueFunction(name: .scale))
        #expect(CAValueFunction(name: .scale) != CAValueFunction(name: .scaleX))
    }
}
