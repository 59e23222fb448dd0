import Foundation
import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("CABasicAnimation (SPEC §3.2–§3.4)")
struct CABasicAnimationTests {
    typealias F = AnimationFixtures

    // MARK: §3.2 the seven cases, M = 100, p = 0.5

    @Test("from + to interpolates from → to: 0→300 at p 0.5 is 150")
    func fromTo() {
        F.expectNumber(F.number(F.basic("opacity", from: 0, to: 300), at: 0.5, model: 100), 150)
    }

    @Test("from + by interpolates from → from+by: 10 by 5 at p 0.5 is 12.5")
    func fromBy() {
        F.expectNumber(F.number(F.basic("opacity", from: 10, by: 5), at: 0.5, model: 100), 12.5)
    }

    @Test("by + to interpolates to−by → to: by 0.5, to 3 starts at 2.5 and is 2.75 at p 0.5 (seed 000 scale.y)")
    func byTo() {
        let animation = F.basic("transform.scale.y", to: 3, by: 0.5)
        F.expectNumber(F.number(animation, at: 0, model: 1), 2.5)
        F.expectNumber(F.number(animation, at: 0.5, model: 1), 2.75)
    }

    @Test("from only interpolates from → M: 0 → 100 at p 0.5 is 50")
    func fromOnly() {
        F.expectNumber(F.number(F.basic("opacity", from: 0), at: 0.5, model: 100), 50)
    }

    @Test("to only interpolates M → to: 100 → 300 at p 0.5 is 200")
    func toOnly() {
        F.expectNumber(F.number(F.basic("opacity", to: 300), at: 0.5, model: 100), 200)
    }

    @Test("by only interpolates M → M+by: 100 → 150 at p 0.5 is 125")
    func byOnly() {
        F.expectNumber(F.number(F.basic("opacity", by: 50), at: 0.5, model: 100), 125)
    }

    @Test("none set interpolates the captured presentation value → M")
    func noneSet() {
        let animation = F.basic("position.x")
        F.expectNumber(F.value(animation, at: 0.25, model: .number(100), presentation: .number(20))?.doubleValue, 40)
        // Nothing captured: the model value shows.
        F.expectNumber(F.number(animation, at: 0.25, model: 100), 100)
    }

    @Test("all three set: byValue is ignored")
    func allThree() {
        F.expectNumber(F.number(F.basic("opacity", from: 0, to: 10, by: 1000), at: 0.5, model: 100), 5)
    }

    @Test("the open end follows the model value live: a later model change is seen at the next evaluation")
    func openEndFollowsModel() throws {
        let compiled = CompiledAnimation(F.basic("opacity", from: 0))
        let track = try #require(compiled.tracks.first)
        F.expectNumber(track.evaluate(atParentTime: 0.5, model: .number(100), current: .number(100))?.doubleValue, 50)
        F.expectNumber(track.evaluate(atParentTime: 0.5, model: .number(200), current: .number(200))?.doubleValue, 100)
    }

    @Test("points from arrays of numbers, seed 000: position from [0, 100] to [100, 300]")
    func pointsFromArrays() {
        let animation = F.basic("position", from: [0, 100], to: [100, 300])
        F.expectPoint(F.point(animation, at: 0.5), CGPoint(x: 50, y: 200))
    }

    @Test("points wrapped in NSValue and CGPoint values interpolate alike")
    func nsValuePoints() {
        let animation = F.basic(
            "position", from: NSValue(cgPoint: CGPoint(x: 10, y: 20)), to: CGPoint(x: 30, y: 60))
        F.expectPoint(F.point(animation, at: 0.25), CGPoint(x: 15, y: 30))
    }

    @Test("colours mix per component, not premultiplied: red → blue at p 0.5 is (0.5, 0, 0.5, 1) (SPEC §3.6)")
    func colours() {
        let animation = F.basic(
            "backgroundColor", from: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1),
            to: CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        guard case .color(let color)? = F.value(animation, at: 0.5, model: .null) else {
            Issue.record("expected a colour")
            return
        }
        F.expectNumber(color.red, 0.5, tolerance: 1e-9)
        F.expectNumber(color.green, 0, tolerance: 1e-9)
        F.expectNumber(color.blue, 0.5, tolerance: 1e-9)
        F.expectNumber(color.alpha, 1, tolerance: 1e-9)
    }

    @Test("transforms mix by decomposition: identity → R(90°)·S(2) at p 0.5 is a = b = 1.0607 (SPEC §3.6)")
    func transformsDecompose() throws {
        let end = CATransform3DMakeAffineTransform(CGAffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 0))
        let animation = F.basic("transform", from: CATransform3DIdentity, to: end)
        let matrix = try #require(F.transform(animation, at: 0.5))
        F.expectNumber(Double(matrix.m11), 1.0607, tolerance: 1e-4)
        F.expectNumber(Double(matrix.m12), 1.0607, tolerance: 1e-4)
        F.expectNumber(Double(matrix.m21), -1.0607, tolerance: 1e-4)
        F.expectNumber(Double(matrix.m22), 1.0607, tolerance: 1e-4)
    }

    @Test("a timing function paces progress: easeIn at x 0.5 gives p 0.315357")
    func timingFunction() {
        let animation = F.basic("opacity", from: 0, to: 1)
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        F.expectNumber(F.number(animation, at: 0.5), 0.315357, tolerance: 2e-5)
    }

    // MARK: Timing through the animation class (SPEC §1.6, §1.14)

    @Test("outside the active period it shows nothing unless filled (d 1.5, begin 1)")
    func fills() {
        let removed = F.basic("opacity", from: 0, to: 1, duration: 1.5)
        removed.beginTime = 1
        #expect(F.number(removed, at: 0) == nil)
        F.expectNumber(F.number(removed, at: 1.75), 0.5)
        #expect(F.number(removed, at: 2.5) == nil)

        let backwards = F.basic("opacity", from: 0, to: 1, duration: 1.5, fillMode: .backwards)
        backwards.beginTime = 1
        F.expectNumber(F.number(backwards, at: 0), 0)

        let forwards = F.basic("opacity", from: 0, to: 1, duration: 1.5, fillMode: .forwards)
        forwards.beginTime = 1
        #expect(F.number(forwards, at: 0) == nil)
        F.expectNumber(F.number(forwards, at: 2.5), 1)
        F.expectNumber(F.number(forwards, at: 4), 1)
    }

    @Test("a duration ≤ 0 takes the default duration when compiled")
    func defaultDuration() {
        let animation = F.basic("opacity", from: 0, to: 1, duration: 0)
        F.expectNumber(F.number(animation, at: 0.125), 0.5)
        let compiled = CompiledAnimation(animation, defaultDuration: 2)
        #expect(compiled.timing.duration == 2)
        #expect(CompiledAnimation(F.basic("opacity", duration: -3)).timing.duration == 0.25)
    }

    // MARK: §3.3 additive

    @Test("additive adds to the running value: model 100, −100 → 0 at p 0.25 is 25, at the end 100")
    func additive() {
        let animation = F.basic("position.x", from: -100, to: 0, fillMode: .forwards)
        animation.isAdditive = true
        F.expectNumber(F.number(animation, at: 0.25, model: 100), 25)
        F.expectNumber(F.number(animation, at: 1, model: 100), 100)
    }

    @Test("two overlapping additive animations sum")
    func additiveStack() throws {
        let first = F.basic("position.x", from: -100, to: 0)
        first.isAdditive = true
        let second = F.basic("position.x", from: -50, to: 0)
        second.isAdditive = true
        let model = AnimatableValue.number(100)
        let a = CompiledAnimation(first).tracks[0]
        let b = CompiledAnimation(second).tracks[0]
        let afterFirst = try #require(a.evaluate(atParentTime: 0.5, model: model, current: model))
        let afterSecond = b.evaluate(atParentTime: 0.5, model: model, current: afterFirst)
        F.expectNumber(afterSecond?.doubleValue, 100 - 50 - 25)
    }

    @Test("additive transforms concatenate: translations add")
    func additiveTransform() {
        let animation = F.basic(
            "transform", from: CATransform3DMakeTranslation(10, 0, 0), to: CATransform3DMakeTranslation(20, 0, 0))
        animation.isAdditive = true
        let base = AnimatableValue.transform(CATransform3DMakeTranslation(0, 5, 0))
        guard case .transform(let m)? = F.value(animation, at: 0.5, model: base) else {
            Issue.record("expected a transform")
            return
        }
        F.expectNumber(Double(m.m41), 15, tolerance: 1e-9)
        F.expectNumber(Double(m.m42), 5, tolerance: 1e-9)
    }

    // MARK: §3.4 cumulative

    @Test("cumulative: rotation.z 0 → π/2, repeatCount 4, iteration 2 at p 0.5 is 3.9270; the end is 2π")
    func cumulative() {
        let animation = F.basic("transform.rotation.z", from: 0, to: Double.pi / 2, fillMode: .forwards)
        animation.repeatCount = 4
        animation.isCumulative = true
        F.expectNumber(F.number(animation, at: 2.5), 3.9270, tolerance: 1e-4)
        F.expectNumber(F.number(animation, at: 4), 2 * Double.pi, tolerance: 1e-12)
        // Without isCumulative every iteration restarts.
        animation.isCumulative = false
        F.expectNumber(F.number(animation, at: 2.5), Double.pi / 4, tolerance: 1e-12)
    }

    // MARK: Bad input

    @Test("mismatched types: a value that is not the key path's type counts as not set")
    func mismatchedTypes() {
        // position is a point: the number 5 cannot be a point, so this is "from only" → M.
        let animation = F.basic("position", from: CGPoint(x: 0, y: 0), to: 5)
        F.expectPoint(F.point(animation, at: 0.5, model: CGPoint(x: 100, y: 50)), CGPoint(x: 50, y: 25))
        // opacity is a number: a point for it is ignored, the to-value alone animates from M.
        F.expectNumber(F.number(F.basic("opacity", from: CGPoint(x: 1, y: 2), to: 1), at: 0.5, model: 0), 0.5)
    }

    @Test("a key path that names no property makes no track, but the timing and callbacks remain")
    func unknownKeyPath() {
        for keyPath in ["noSuchProperty", "position.q", "", "frame"] {
            let compiled = CompiledAnimation(F.basic(keyPath, from: 0, to: 1))
            #expect(compiled.tracks.isEmpty, "\(keyPath)")
            #expect(compiled.hasStarted(atParentTime: 0))
            #expect(compiled.hasFinished(atParentTime: 1))
        }
        #expect(CompiledAnimation(CABasicAnimation()).tracks.isEmpty)
    }

    @Test("NaN and infinite values count as not set")
    func nanValues() {
        F.expectNumber(F.number(F.basic("opacity", from: Double.nan, to: 1), at: 0.5, model: 0), 0.5)
        F.expectNumber(F.number(F.basic("opacity", from: 0, to: Double.infinity), at: 0.5, model: 1), 0.5)
        F.expectPoint(
            F.point(F.basic("position", from: CGPoint(x: Double.nan, y: 0), to: CGPoint(x: 10, y: 10)), at: 0.5),
            CGPoint(x: 5, y: 5))
    }

    @Test("NaN and infinite durations and times never produce NaN")
    func nanTiming() {
        for duration in [Double.nan, .infinity, -.infinity, 0, -1] {
            for time in [Double.nan, .infinity, -.infinity, 0, 0.5, 1e300] {
                let animation = F.basic("opacity", from: 0, to: 1, duration: duration, fillMode: .both)
                animation.repeatCount = -3
                if let value = F.number(animation, at: time) {
                    #expect(value.isFinite, "duration \(duration), time \(time)")
                }
            }
        }
    }

    @Test("a nil (NSNull) value is used only for properties that accept nil")
    func nullValues() {
        // backgroundColor accepts nil: red → nil fades towards transparent black.
        let fade = F.basic("backgroundColor", from: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), to: NSNull())
        guard case .color(let color)? = F.value(fade, at: 0.5, model: .null) else {
            Issue.record("expected a colour")
            return
        }
        F.expectNumber(color.alpha, 0.5, tolerance: 1e-9)
        // opacity does not: NSNull counts as not set.
        F.expectNumber(F.number(F.basic("opacity", from: NSNull(), to: 1), at: 0.5, model: 0), 0.5)
    }

    @Test("no NaN for finite input: seeded random basic, spring and grouped animations", arguments: 1...20)
    func noNaN(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func number() -> Double { random.nextDouble(in: -1e3...1e3) }
        for kind in 0..<3 {
            let animation: CABasicAnimation =
                kind == 1 ? CASpringAnimation(keyPath: "position") : CABasicAnimation(keyPath: "position")
            if random.next() % 2 == 0 { animation.fromValue = CGPoint(x: number(), y: number()) }
            if random.next() % 2 == 0 { animation.toValue = CGPoint(x: number(), y: number()) }
            if random.next() % 2 == 0 { animation.byValue = CGPoint(x: number(), y: number()) }
            animation.duration = random.nextDouble(in: 0...3)
            animation.beginTime = random.nextDouble(in: -1...1)
            animation.speed = Float(random.nextDouble(in: -3...3))
            animation.timeOffset = random.nextDouble(in: -2...2)
            animation.repeatCount = Float(random.nextDouble(in: 0...3))
            animation.autoreverses = random.next() % 2 == 0
            animation.fillMode = .both
            animation.isAdditive = random.next() % 2 == 0
            animation.isCumulative = random.next() % 2 == 0
            animation.timingFunction = CAMediaTimingFunction(
                controlPoints: Float(random.nextUnitDouble()), Float(random.nextDouble(in: -1...2)),
                Float(random.nextUnitDouble()), Float(random.nextDouble(in: -1...2)))
            if let spring = animation as? CASpringAnimation {
                spring.mass = random.nextDouble(in: 0.1...10)
                spring.stiffness = random.nextDouble(in: 1...2000)
                spring.damping = random.nextDouble(in: 0...100)
                spring.initialVelocity = random.nextDouble(in: -50...50)
                spring.allowsOverdamping = random.next() % 2 == 0
            }
            var subject: CAAnimation = animation
            if kind == 2 {
                let group = CAAnimationGroup()
                group.animations = [animation]
                group.duration = random.nextDouble(in: 0.1...3)
                group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                group.fillMode = .both
                subject = group
            }
            let model = CGPoint(x: number(), y: number())
            for _ in 0..<50 {
                let time = random.nextDouble(in: -3...10)
                if let point = F.point(subject, at: time, model: model) {
                    #expect(point.x.isFinite && point.y.isFinite, "seed \(seed), kind \(kind), time \(time)")
                }
            }
        }
    }
}
