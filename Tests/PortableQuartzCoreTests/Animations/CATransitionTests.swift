import Foundation
import PortableQuartzCore
import Testing

@Suite("CATransition (SPEC §6.2)")
struct CATransitionTests {
    @Test("the effect's progress runs from startProgress to endProgress over the active period")
    func progress() throws {
        let transition = CATransition()
        transition.duration = 2
        let compiled = CompiledAnimation(transition)
        let track = try #require(compiled.transition)
        #expect(track.type == .fade && track.subtype == nil)
        #expect(compiled.tracks.isEmpty)
        TimingFixtures.expectClose(try #require(compiled.transitionProgress(atParentTime: 0)), 0, tolerance: 0)
        TimingFixtures.expectClose(try #require(compiled.transitionProgress(atParentTime: 0.5)), 0.25, tolerance: 1e-12)
        #expect(compiled.transitionProgress(atParentTime: 2) == nil)
    }

    @Test("startProgress 0.2, endProgress 0.6 at p 0.5 is 0.4; the timing function paces it")
    func partialRange() throws {
        let transition = CATransition()
        transition.duration = 1
        transition.startProgress = 0.2
        transition.endProgress = 0.6
        transition.type = .push
        transition.subtype = .fromLeft
        let compiled = CompiledAnimation(transition)
        TimingFixtures.expectClose(try #require(compiled.transitionProgress(atParentTime: 0.5)), 0.4, tolerance: 1e-6)
        #expect(compiled.transition?.type == .push && compiled.transition?.subtype == .fromLeft)
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        TimingFixtures.expectClose(
            try #require(CompiledAnimation(transition).transitionProgress(atParentTime: 0.25)),
            0.2 + 0.4 * 0.129162, tolerance: 1e-5)
    }

    @Test("the default duration applies, and fill modes work as for any animation")
    func timing() throws {
        let transition = CATransition()
        transition.fillMode = .forwards
        let compiled = CompiledAnimation(transition)
        #expect(compiled.timing.duration == 0.25)
        TimingFixtures.expectClose(try #require(compiled.transitionProgress(atParentTime: 1)), 1, tolerance: 0)
    }

    @Test("progress values are clamped to 0…1 and NaN reads as the default")
    func badProgress() throws {
        let transition = CATransition()
        transition.duration = 1
        transition.startProgress = .nan
        transition.endProgress = 7
        let track = try #require(CompiledAnimation(transition).transition)
        #expect(track.startProgress == 0 && track.endProgress == 1)
    }

    @Test("CompiledAnimation of a non-transition has no transition progress")
    func notATransition() {
        #expect(CompiledAnimation(CABasicAnimation(keyPath: "opacity")).transitionProgress(atParentTime: 0) == nil)
    }
}
