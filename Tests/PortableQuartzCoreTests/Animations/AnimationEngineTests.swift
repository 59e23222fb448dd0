import Foundation
import PortableQuartzCoreTesting
import Testing

@testable import PortableQuartzCore

/// Checks on the engine's internal fast paths: each must agree exactly with the reference it shortcuts.
@Suite("Animation engine internals (TimingPlan, VectorValue)")
struct AnimationEngineTests {
    /// A value drawn from a small set of awkward numbers or a random one.
    static func awkward(_ random: inout SeededRandom, _ range: ClosedRange<Double>) -> Double {
        let specials: [Double] = [0, -0.0, 1, -1, .nan, .infinity, -.infinity, 0.5, 1e-300, 1e300]
        return random.next() % 4 == 0
            ? specials[Int(random.next() % UInt64(specials.count))] : random.nextDouble(in: range)
    }

    @Test(
        "TimingPlan agrees with TimingParameters.sample on fraction, iteration and whether it shows", arguments: 1...40)
    func timingPlanMatchesReference(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let fills: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
        for _ in 0..<50 {
            let parameters = TimingParameters(
                beginTime: Self.awkward(&random, -2...2), duration: Self.awkward(&random, 0...3),
                speed: Float(Self.awkward(&random, -3...3)), timeOffset: Self.awkward(&random, -2...2),
                repeatCount: Float(Self.awkward(&random, -1...4)), repeatDuration: Self.awkward(&random, -1...5),
                autoreverses: random.next() % 2 == 0, fillMode: fills[Int(random.next() % 4)])
            let plan = TimingPlan(parameters)
            for _ in 0..<40 {
                let time = Self.awkward(&random, -3...12)
                let reference = parameters.sample(atParentTime: time)
                let fast = plan.progress(atParentTime: time)
                #expect(reference.contributes == (fast != nil), "\(parameters) at \(time)")
                if reference.contributes, let fast {
                    #expect(
                        fast.fraction.bitPattern == reference.fraction.bitPattern, "\(parameters) at \(time)")
                    #expect(fast.iteration == reference.iteration, "\(parameters) at \(time)")
                }
            }
        }
    }

    @Test("VectorValue arithmetic is bit-identical to AnimatableValue's for every vector kind", arguments: 1...20)
    func vectorMatchesGeneral(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        func number() -> Double { random.nextDouble(in: -1e3...1e3) }
        let makers: [() -> AnimatableValue] = [
            { .number(number()) },
            { .point(CGPoint(x: number(), y: number())) },
            { .size(CGSize(width: number(), height: number())) },
            { .rect(CGRect(x: number(), y: number(), width: number(), height: number())) },
            { .color(ColorComponents(red: number(), green: number(), blue: number(), alpha: number())) },
        ]
        for make in makers {
            let a = make()
            let b = make()
            let p = random.nextDouble(in: -0.5...1.5)
            let k = random.nextDouble(in: -3...3)
            let va = try #require(VectorValue(a))
            let vb = try #require(VectorValue(b))
            #expect(
                VectorValue.interpolate(from: va, to: vb, progress: p).animatableValue
                    == AnimatableValue.interpolate(from: a, to: b, progress: p))
            #expect(va.adding(vb).animatableValue == a.adding(b))
            #expect(va.subtracting(vb).animatableValue == a.subtracting(b))
            #expect(va.scaled(by: k).animatableValue == a.scaled(by: k))
            #expect(va.animatableValue == a)
        }
        #expect(VectorValue(.transform(CATransform3DIdentity)) == nil)
        #expect(VectorValue(.null) == nil)
    }

    @Test("evaluate and apply agree, additive included")
    func evaluateMatchesApply() throws {
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: 1, y: 2)
        animation.toValue = CGPoint(x: 11, y: 22)
        animation.duration = 1
        for additive in [false, true] {
            animation.isAdditive = additive
            let track = try #require(CompiledAnimation(animation).tracks.first)
            let model = AnimatableValue.point(CGPoint(x: 100, y: 100))
            for time in stride(from: -0.5, through: 1.5, by: 0.25) {
                var value = model
                let shows = track.apply(atParentTime: time, model: model, to: &value)
                let evaluated = track.evaluate(atParentTime: time, model: model, current: model)
                #expect(shows == (evaluated != nil))
                if shows { #expect(value == evaluated) } else { #expect(value == model) }
            }
        }
    }

    @Test("a vector track whose model value is of another kind falls back to the general rules without trapping")
    func modelOfAnotherKind() throws {
        let animation = CABasicAnimation(keyPath: "position")
        animation.toValue = CGPoint(x: 10, y: 10)
        animation.duration = 1
        let track = try #require(CompiledAnimation(animation).tracks.first)
        let value = track.evaluate(atParentTime: 0.25, model: .number(3), current: .number(3))
        #expect(value == .number(3))
        let late = track.evaluate(atParentTime: 0.75, model: .number(3), current: .number(3))
        #expect(late == .point(CGPoint(x: 10, y: 10)))
    }

    @Test("SineCosine agrees with the C library's sin and cos to a few units in the last place", arguments: 1...10)
    func sineCosine(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<2_000 {
            let magnitude = [1.0, 10, 1e3, 9e4][Int(random.next() % 4)]
            let x = random.nextDouble(in: -magnitude...magnitude)
            let (sine, cosine) = SineCosine.of(x)
            #expect(abs(sine - sin(x)) <= 4e-16, "sin \(x)")
            #expect(abs(cosine - cos(x)) <= 4e-16, "cos \(x)")
        }
        for special in [0.0, -0.0, Double.pi / 4, Double.pi / 2, Double.pi, 1e5, 1e300] {
            #expect(abs(SineCosine.of(special).sin - sin(special)) <= 4e-16)
            #expect(abs(SineCosine.of(special).cos - cos(special)) <= 4e-16)
        }
        #expect(SineCosine.of(.nan).sin.isNaN && SineCosine.of(.infinity).cos.isNaN)
    }

    @Test(
        "SpringSolution.position with SineCosine equals the underdamped formula on the C library's sin and cos within 1e-14",
        arguments: 1...10)
    func springPosition(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let spring = SpringSolution(
                mass: random.nextDouble(in: 0.1...10), stiffness: random.nextDouble(in: 1...3000),
                damping: random.nextDouble(in: 0...60), initialVelocity: random.nextDouble(in: -50...50),
                allowsOverdamping: random.next() % 2 == 0)
            for _ in 0..<20 {
                let t = random.nextDouble(in: -1...20)
                guard spring.regime == .underdamped, t > 0 else { continue }
                let reference =
                    1 - exp(-spring.rate1 * t)
                    * (cos(spring.rate2 * t) + spring.coefficient1 * sin(spring.rate2 * t))
                #expect(abs(spring.position(at: t) - reference) <= 1e-14, "\(spring) at \(t)")
            }
        }
    }
}
