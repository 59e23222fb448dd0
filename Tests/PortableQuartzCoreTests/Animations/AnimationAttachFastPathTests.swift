import Foundation
import Testing

@testable import PortableQuartzCore

/// The shortcuts taken when an animation is attached (issue 7): they must give exactly what the general path gives.
@Suite("Attaching animations: fast paths")
struct AnimationAttachFastPathTests {
    /// Values of the Swift types the direct conversion handles, with the kind they are read as.
    static var directCases: [(value: Any, kind: AnimatableValue.Kind)] {
        [
            (CGPoint(x: -100, y: 0.5), .point),
            (0.75, .number),
            (CGRect(x: 1, y: 2, width: 30, height: 40), .rect),
            (CGSize(width: 3, height: 4), .size),
            (CATransform3DMakeScale(2, 3, 1), .transform),
            (CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25), .color),
            (Optional(CGPoint(x: 7, y: 8)) as Any, .point),
            // `as? CGPoint` reads an `NSValue` boxing a point, as on Apple platforms (the bridging of
            // PortableCoreGraphics).
            (NSValue(cgPoint: CGPoint(x: 1, y: 2)), .point),
        ]
    }

    @Test("a CGPoint (−100, 0.5), its NSValue, 0.75, a rectangle, a size, a scale and a colour convert as generally")
    func directConversionMatchesGeneral() throws {
        for (value, kind) in Self.directCases {
            let direct = try #require(AnimationCompiler.directValue(value, kind: kind), "\(value)")
            #expect(direct == AnimatableValue(converting: value, as: kind), "\(value)")
        }
        #expect(
            AnimationCompiler.directValue(CGPoint(x: -100, y: 0.5), kind: .point) == .point(CGPoint(x: -100, y: 0.5)))
    }

    @Test("an NSValue size as a point (not converted), [10, 20] and a Float 0.5 are left to the general path")
    func otherValuesTakeTheGeneralPath() {
        let others: [(value: Any, kind: AnimatableValue.Kind, converted: AnimatableValue?)] = [
            (NSValue(cgSize: CGSize(width: 1, height: 2)), .point, nil),
            ([10, 20], .point, .point(CGPoint(x: 10, y: 20))),
            (Float(0.5), .number, .number(0.5)),
        ]
        for (value, kind, converted) in others {
            #expect(AnimationCompiler.directValue(value, kind: kind) == nil, "\(value)")
            #expect(AnimatableValue(converting: value, as: kind) == converted, "\(value)")
        }
        // A point is not a size for the direct path; the general one reads its numbers as a size (issue 17 §2.12).
        #expect(AnimationCompiler.directValue(CGPoint(x: 1, y: 2), kind: .size) == nil)
        #expect(
            AnimationCompiler.convert(CGPoint(x: 1, y: 2), for: PropertyPath(.bounds, .size)!)
                == .size(CGSize(width: 1, height: 2)))
    }

    @Test("compiling `position` from [10, 20] to (300, −40) still reads the array: (155, −10) at 0.5 s")
    func arraysStillConvert() {
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = [10, 20]
        animation.toValue = CGPoint(x: 300, y: -40)
        animation.duration = 1
        #expect(AnimationFixtures.point(animation, at: 0.5) == CGPoint(x: 155, y: -10))
    }

    @Test("vector ends: from (10, 20) by (5, 5) is fixed (10, 20) → (15, 25); a point with a number is not a vector")
    func vectorEndpoints() throws {
        let endpoints = try #require(
            AnimationCompiler.vectorEndpoints(
                from: .point(CGPoint(x: 10, y: 20)), to: nil, by: .point(CGPoint(x: 5, y: 5)), captured: nil))
        let (from, to) = endpoints.ends(model: VectorValue(kind: .point, components: .zero))
        #expect(from.components == SIMD4(10, 20, 0, 0))
        #expect(to.components == SIMD4(15, 25, 0, 0))
        #expect(
            AnimationCompiler.vectorEndpoints(
                from: .point(CGPoint(x: 10, y: 20)), to: .number(1), by: nil, captured: nil) == nil)
        #expect(
            AnimationCompiler.vectorEndpoints(from: .string("a"), to: nil, by: nil, captured: nil) == nil)
        let captured = try #require(
            AnimationCompiler.vectorEndpoints(from: nil, to: nil, by: nil, captured: .number(0.25)))
        #expect(
            captured.ends(model: VectorValue(kind: .number, components: SIMD4(1, 0, 0, 0))).from.components.x == 0.25)
    }

    @Test("key paths split at the dot: position.x, bounds.size.width and transform.rotation (z) parse; odd dots do not")
    func keyPathParsing() {
        #expect(PropertyPath(keyPath: "position.x")?.keyPath == "position.x")
        #expect(PropertyPath(keyPath: "bounds.size.width")?.keyPath == "bounds.size.width")
        #expect(PropertyPath(keyPath: "transform.rotation")?.keyPath == "transform.rotation.z")
        #expect(PropertyPath(keyPath: "position")?.keyPath == "position")
        for bad in ["position.", ".x", "position..x", "position.\u{301}x", "positio\u{301}n", "po.sition", ""] {
            #expect(PropertyPath(keyPath: bad) == nil, "\(bad)")
        }
    }

    @Test("typed values compile as the animation's own: additive (−100, 0) → 0 over 0.5 s eases to x = 60 of 110")
    func typedValuesMatchTheObject() {
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: -100, y: 0)
        animation.toValue = CGPoint.zero
        animation.isAdditive = true
        animation.duration = 0.5
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.fillMode = .both
        let typed = TypedAnimationValues(
            path: PropertyPath(.position), from: .point(CGPoint(x: -100, y: 0)), to: .point(.zero))
        let fromObject = CompiledAnimation(animation, defaultDuration: 0.25)
        let fromTyped = CompiledAnimation(animation, defaultDuration: 0.25, typed: typed) { _ in nil }
        #expect(fromTyped.timing == fromObject.timing)
        #expect(fromTyped.tracks.count == 1)
        let model = AnimatableValue.point(CGPoint(x: 110, y: 10))
        for time in [-0.1, 0, 0.1, 0.25, 0.4, 0.5, 0.7] {
            let expected = fromObject.tracks[0].evaluate(atParentTime: time, model: model, current: model)
            #expect(fromTyped.tracks[0].evaluate(atParentTime: time, model: model, current: model) == expected)
        }
        let half = fromTyped.tracks[0].evaluate(atParentTime: 0.25, model: model, current: model)
        guard case .point(let point)? = half else {
            Issue.record("no point at 0.25 s")
            return
        }
        #expect(abs(point.x - 60) < 1e-6 && point.y == 10)
    }

    @Test("typed values go through the usual checks: a NaN from counts as not set, as (NaN, 0) in fromValue does")
    func typedValuesAreChecked() {
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: Double.nan, y: 0)
        animation.toValue = CGPoint(x: 100, y: 0)
        animation.duration = 1
        let typed = TypedAnimationValues(
            path: PropertyPath(.position), from: .point(CGPoint(x: Double.nan, y: 0)), to: .point(CGPoint(x: 100, y: 0))
        )
        let fromObject = CompiledAnimation(animation, defaultDuration: 0.25)
        let fromTyped = CompiledAnimation(animation, defaultDuration: 0.25, typed: typed) { _ in nil }
        let model = AnimatableValue.point(CGPoint(x: 20, y: 0))
        let expected = fromObject.tracks[0].evaluate(atParentTime: 0.5, model: model, current: model)
        #expect(expected == .point(CGPoint(x: 60, y: 0)), "model 20 → 100")
        #expect(fromTyped.tracks[0].evaluate(atParentTime: 0.5, model: model, current: model) == expected)
    }

    @Test("add(ownedAnimation:) attaches the object itself: its delegate hears that object, duration 0 becomes 0.25")
    func ownedAnimationIsAttachedItself() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let recorder = StopRecorder()
            let animation = basicAnimation("opacity", from: 0, to: 1, duration: 0)
            animation.delegate = recorder
            layer.add(ownedAnimation: animation, forKey: "fade")
            #expect(animation.duration == 0.25, "the layer owns it and fills in the default")
            clock.advance(by: 0.125)
            #expect(layer.presentation()?.opacity == 0.5)
            clock.advance(by: 0.125)
            #expect(recorder.stopped.count == 1)
            #expect(recorder.stopped.first === animation)
        }
    }

    @Test("add(_:forKey:) still attaches a copy: the delegate hears another object with the same 0.25 s")
    func publicAddCopies() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let recorder = StopRecorder()
            let animation = basicAnimation("opacity", from: 0, to: 1, duration: 0)
            animation.delegate = recorder
            layer.add(animation, forKey: "fade")
            #expect(animation.duration == 0, "the caller's object is untouched")
            clock.advance(by: 0.25)
            #expect(recorder.stopped.count == 1)
            #expect(recorder.stopped.first !== animation)
            #expect(recorder.stopped.first?.duration == 0.25)
        }
    }

    @Test("a group of 1 s whose member has duration 0 gives the member its own 1 s, not the transaction's 2 s")
    func groupMemberTakesTransactionDuration() throws {
        try MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let member = basicAnimation("opacity", from: 0, to: 1, duration: 0)
            let group = CAAnimationGroup()
            group.animations = [member]
            group.duration = 1
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            layer.add(group, forKey: "group")
            CATransaction.commit()
            let entry = try #require(layer.animationStorage?.entries.first)
            #expect(entry.compiled.timing.duration == 1)
            #expect(entry.compiled.tracks.first?.timing.duration == 1)
        }
    }

    @Test("an animation with its own 1.5 s keeps it inside a transaction that sets 2 s")
    func ownDurationWins() throws {
        try MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 1.5), forKey: "fade")
            CATransaction.commit()
            let entry = try #require(layer.animationStorage?.entries.first)
            #expect(entry.compiled.timing.duration == 1.5)
            #expect(layer.animation(forKey: "fade")?.duration == 1.5)
        }
    }

    @Test("an animation with no values starts at the value on screen: 0.5 half way through another fade")
    func capturedPresentationValue() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 1), forKey: "first")
            clock.advance(by: 0.5)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0
            CATransaction.commit()
            let noValues = CABasicAnimation(keyPath: "opacity")
            noValues.duration = 1
            layer.add(noValues, forKey: "first")
            clock.advance(by: 0)
            #expect(layer.presentation()?.opacity == 0.5, "from the 0.5 on screen towards the model's 0")
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.opacity == 0.25)
        }
    }
}

/// Records the animation objects `animationDidStop(_:finished:)` receives.
private final class StopRecorder: CAAnimationDelegate, @unchecked Sendable {
    private(set) var stopped: [CAAnimation] = []

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stopped.append(anim)
    }
}
