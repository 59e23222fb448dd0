import Foundation
import Testing

@testable import PortableUIKit

@Suite("Keyframe timelines and block settings")
struct AnimationEngineTests {
    @Test("timeline: a→b in 0…0.5 and b→c in 0.7…1 gives a@0, b@0.5, b@0.7, c@1")
    func timelineHolds() {
        let timeline = KeyframeTimeline(
            initial: "a", changes: [.init(start: 0.7, end: 1, value: "c"), .init(start: 0, end: 0.5, value: "b")])
        #expect(timeline.values == ["a", "b", "b", "c"])
        #expect(timeline.keyTimes == [0, 0.5, 0.7, 1])
        #expect(timeline.changesValue)
    }

    @Test("timeline: a change in 0.2…0.4 only holds the start before and the value after: a@0 a@0.2 b@0.4 b@1")
    func timelinePadsBothEnds() {
        let timeline = KeyframeTimeline(initial: 1, changes: [.init(start: 0.2, end: 0.4, value: 2)])
        #expect(timeline.values == [1, 1, 2, 2])
        #expect(timeline.keyTimes == [0, 0.2, 0.4, 1])
    }

    @Test("timeline: overlaps start where the previous change ended (0, 0.6, 1, 1); NaN and out-of-range windows clamp")
    func timelineOverlapAndClamp() {
        let timeline = KeyframeTimeline(
            initial: 0,
            changes: [
                .init(start: 0, end: 0.6, value: 1), .init(start: 0.5, end: 0.8, value: 2),
                .init(start: .nan, end: 2, value: 3),
            ])
        // Sorted by start (NaN → 0, stable): 1 in 0…0.6, then 3 from 0.6 to 1, then 2 squeezed at 1.
        #expect(timeline.keyTimes == [0, 0.6, 1, 1])
        #expect(timeline.values == [0, 1, 3, 2])
        let unchanged = KeyframeTimeline(initial: 5, changes: [.init(start: 0, end: 1, value: 5)])
        #expect(!unchanged.changesValue)
    }

    @Test("settings: a nested block inherits 6 s and the curve, never the 1 s delay or repeat")
    func nestedSettings() {
        let parent = AnimationSettings(
            duration: 6, delay: 1, options: [.curveEaseIn, .repeat, .autoreverse], requested: .curve, parent: nil,
            animationsEnabled: true)
        let child = AnimationSettings(
            duration: 2, delay: 0, options: [], requested: .curve, parent: parent, animationsEnabled: true)
        #expect(child.duration == 6 && child.delay == 0 && child.curve == .easeIn)
        #expect(child.repeatCount == 0 && !child.autoreverses)
        #expect(parent.repeatCount == Float.greatestFiniteMagnitude)
        let overriding = AnimationSettings(
            duration: 2, delay: -1, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveLinear],
            requested: .curve, parent: parent, animationsEnabled: true)
        #expect(overriding.duration == 2 && overriding.curve == .linear && overriding.delay == 0)
    }

    @Test("settings: a spring parent records the linear curve; its child leaving the spring is linear")
    func springParentIsLinear() {
        let spring = AnimationSettings(
            duration: 5, delay: 0, options: .curveEaseIn, requested: .spring(.dampingRatio(0.2, velocity: 0.5)),
            parent: nil, animationsEnabled: true)
        #expect(spring.curve == .linear)
        let child = AnimationSettings(
            duration: 1, delay: 0, options: .overrideInheritedOptions, requested: .curve, parent: spring,
            animationsEnabled: true)
        #expect(!child.kind.isSpring && child.curve == .linear && child.duration == 5)
        let fitted = AnimationSettings(
            duration: 3, delay: 0, options: .overrideInheritedDuration, requested: .curve, parent: spring,
            animationsEnabled: true)
        #expect(
            fitted.springSolution?.stiffness
                == SpringSolution(uiKitDuration: 3, dampingRatio: 0.2, initialVelocity: 0.5).stiffness)
    }

    @Test("settings: disabled when animations are off or the duration is 0, NaN or negative")
    func disabledSettings() {
        for duration in [0, -1, Double.nan] {
            let settings = AnimationSettings(
                duration: duration, delay: 0, options: [], requested: .curve, parent: nil, animationsEnabled: true)
            #expect(!settings.isEnabled)
        }
        let off = AnimationSettings(
            duration: 1, delay: 0, options: [], requested: .curve, parent: nil, animationsEnabled: false)
        #expect(!off.isEnabled)
    }

    @Test("additive offsets: points and rectangles subtract, transforms give old × new⁻¹, equal values give nil")
    func additiveOffsets() throws {
        let point = try #require(
            ViewAnimatedKey.additiveOffset(from: .point(CGPoint(x: 1, y: 2)), to: .point(CGPoint(x: 4, y: 8))))
        #expect(point.from as? CGPoint == CGPoint(x: -3, y: -6))
        #expect(ViewAnimatedKey.additiveOffset(from: .point(.zero), to: .point(.zero)) == nil)
        let old = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let new = CATransform3DMakeScale(2, 2, 1)
        let transform = try #require(ViewAnimatedKey.additiveOffset(from: .transform(old), to: .transform(new)))
        let offset = try #require(transform.from as? CATransform3D)
        let rebuilt = CATransform3DConcat(offset, new)
        #expect(abs(rebuilt.m11 - old.m11) < 1e-12 && abs(rebuilt.m12 - old.m12) < 1e-12)
        #expect(
            ViewAnimatedKey.additiveOffset(from: .transform(old), to: .transform(CATransform3DMakeScale(0, 0, 1)))
                == nil)
    }
}
