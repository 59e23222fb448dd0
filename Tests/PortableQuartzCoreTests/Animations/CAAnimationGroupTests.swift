import Foundation
import PortableQuartzCore
import Testing

@Suite("CAAnimationGroup (SPEC §1.9, §6.1)")
struct CAAnimationGroupTests {
    typealias F = AnimationFixtures

    /// SPEC §1.9: group d 0.5, child beginTime 0.2, d 1, linear 0 → 100.
    static func example() -> CAAnimationGroup {
        let child = F.basic("position.x", from: 0, to: 100)
        child.beginTime = 0.2
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 0.5
        return group
    }

    @Test("members run in the group's time: group time 0.45 → child time 0.25 → 25")
    func childTime() {
        F.expectNumber(F.number(Self.example(), at: 0.45), 25)
        // Before the child's begin it shows nothing (no child fill).
        #expect(F.number(Self.example(), at: 0.1) == nil)
    }

    @Test("members are clipped to the group's active period: at 0.5 the group is over")
    func clipped() {
        #expect(F.number(Self.example(), at: 0.5) == nil)
    }

    @Test("with the group filling forwards the child freezes at group time 0.5 → child time 0.3 → 30")
    func groupFill() {
        let group = Self.example()
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        F.expectNumber(F.number(group, at: 0.5), 30)
        F.expectNumber(F.number(group, at: 3), 30)
    }

    /// Evidence: SPEC §1.9 (a member needs its own fill only when its active period ended before the group's), and
    /// lottie-ios's Core Animation engine, whose play-once animations hold their last frame on iOS (Apple's pictures
    /// at progress 100 in `../shared/lottie`) with a fill-less member of the group's duration in a group filling both.
    @Test("a fill-less member ending with its filled group holds its end: 0 → 100 over 2 s shows 100 at 2 s and 5 s")
    func memberEndingWithFilledGroup() {
        let member = F.basic("position.x", from: 0, to: 100, duration: 2)
        let group = CAAnimationGroup()
        group.animations = [member]
        group.duration = 2
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        F.expectNumber(F.number(group, at: 1), 50)
        F.expectNumber(F.number(group, at: 2), 100)
        F.expectNumber(F.number(group, at: 5), 100)
        // A member that ended earlier still needs its own fill.
        let short = F.basic("position.x", from: 0, to: 100, duration: 1)
        group.animations = [short]
        #expect(F.number(group, at: 5) == nil)
    }

    /// Evidence: lottie-ios's `timed(with:for:)` puts each property's group of runs (one frame longer than the
    /// composition) in a clipping group of the composition's length filling both; Apple's picture of its pr_1632_1
    /// at 100 % shows the last run, which ends on the last frame, at its last value (opacity 0).
    @Test("a held end passes through a group running inside its period: member 1…2 s of 0 → 100 shows 100 at 2 s")
    func heldEndThroughInteriorGroup() {
        let member = F.basic("position.x", from: 0, to: 100, duration: 1)
        member.beginTime = 1
        let runs = CAAnimationGroup()
        runs.animations = [member]
        runs.duration = 3
        let clipping = CAAnimationGroup()
        clipping.animations = [runs]
        clipping.duration = 2
        clipping.fillMode = .both
        clipping.isRemovedOnCompletion = false
        F.expectNumber(F.number(clipping, at: 1.5), 50)
        F.expectNumber(F.number(clipping, at: 2), 100)
        F.expectNumber(F.number(clipping, at: 5), 100)
        // Without the clipping group the member, filling nothing, shows nothing at its own end.
        #expect(F.number(runs, at: 2) == nil)
    }

    @Test("seed 000: a 5-s group shows only the first 5 s of a 10-s member, unscaled")
    func notScaled() {
        let member = F.basic("opacity", from: 0, to: 1, duration: 10)
        let group = CAAnimationGroup()
        group.animations = [member]
        group.duration = 5
        F.expectNumber(F.number(group, at: 2.5), 0.25)
        #expect(F.number(group, at: 5) == nil)
    }

    @Test("the group's repeat and speed apply to its members")
    func groupTiming() {
        let member = F.basic("opacity", from: 0, to: 1)
        let group = CAAnimationGroup()
        group.animations = [member]
        group.duration = 1
        group.repeatCount = 2
        group.speed = 2
        F.expectNumber(F.number(group, at: 0.25), 0.5)
        F.expectNumber(F.number(group, at: 0.75), 0.5)
    }

    @Test("the group's timing function paces its members (Apple's Core Animation Cookbook)")
    func groupTimingFunction() {
        let member = F.basic("opacity", from: 0, to: 1, duration: 2)
        let group = CAAnimationGroup()
        group.animations = [member]
        group.duration = 2
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        F.expectNumber(F.number(group, at: 1), 0.315357, tolerance: 2e-5)
    }

    @Test("every member becomes a track, nested groups included; the group's timing drives the callbacks")
    func tracks() {
        let inner = CAAnimationGroup()
        inner.animations = [F.basic("position.y", from: 0, to: 1)]
        inner.duration = 1
        let group = CAAnimationGroup()
        group.animations = [F.basic("opacity", from: 0, to: 1), inner, CATransition(), F.basic("nothing")]
        group.duration = 2
        group.beginTime = 1
        group.isRemovedOnCompletion = false
        let compiled = CompiledAnimation(group)
        #expect(compiled.tracks.map(\.propertyPath.keyPath) == ["opacity", "position.y"])
        #expect(!compiled.isRemovedOnCompletion)
        #expect(!compiled.hasStarted(atParentTime: 0.5))
        #expect(compiled.hasStarted(atParentTime: 1))
        #expect(!compiled.hasFinished(atParentTime: 2.9))
        #expect(compiled.hasFinished(atParentTime: 3))
        #expect(compiled.activeEndTime == 3)
        #expect(compiled.transition == nil)
    }

    /// Evidence: Apple's CAAnimationGroup documentation builds a group of a 1 s fade and a scale member with no
    /// duration, which grows while the fade runs; seed 000's group demo relies on the same (issue 17 §2.3).
    @Test("a member without a duration runs for the group's: 0 → 1 in a 1 s group shows 0.125 at 0.125, 0.5 at 0.5")
    func memberRunsForTheGroupsDuration() {
        let group = CAAnimationGroup()
        group.animations = [F.basic("opacity", from: 0, to: 1, duration: 0)]
        group.duration = 1
        F.expectNumber(F.number(group, at: 0.125), 0.125)
        F.expectNumber(F.number(group, at: 0.5), 0.5)
        // A nested group without a duration passes the outer group's on: 2 s here.
        let inner = CAAnimationGroup()
        inner.animations = [F.basic("opacity", from: 0, to: 1, duration: 0)]
        let outer = CAAnimationGroup()
        outer.animations = [inner]
        outer.duration = 2
        F.expectNumber(F.number(outer, at: 1), 0.5)
    }

    @Test("a group that contains itself is entered once and never loops")
    func selfContaining() {
        let group = CAAnimationGroup()
        group.duration = 1
        group.animations = [F.basic("opacity", from: 0, to: 1)]
        group.animations?.append(group)
        #expect(CompiledAnimation(group).tracks.count == 1)
    }

    @Test("the sample reports the member's own phase and the combined contribution")
    func sample() throws {
        let track = try #require(CompiledAnimation(Self.example()).tracks.first)
        let inside = track.sample(atParentTime: 0.45, model: .number(0), current: .number(0))
        #expect(inside.timing.phase == .active && inside.timing.contributes)
        F.expectNumber(inside.value?.doubleValue, 25)
        let after = track.sample(atParentTime: 0.6, model: .number(0), current: .number(0))
        #expect(!after.timing.contributes && after.value == nil)
    }
}
