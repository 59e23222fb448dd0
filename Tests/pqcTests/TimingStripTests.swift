import Foundation
import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Timing strips")
struct TimingStripTests {
    typealias Configuration = TimingStrip.Configuration

    @Test("duration 1, beginTime 0.5, fillMode backwards shows the from-colour at t = 0.25 and grey after 1.5 s")
    func backwardsFillShowsFromColour() {
        let strip = TimingStrip(Configuration(duration: 1, beginTime: 0.5, fillMode: .backwards))
        let before = strip.sample(atParentTime: 0.25)
        #expect(before.color == TimingStrip.fromColor)
        #expect(before.progress == 0)
        #expect(before.phase == .before)
        let after = strip.sample(atParentTime: 1.75)
        #expect(after.color == TimingStrip.modelColor)
        #expect(after.progress == nil)
    }

    @Test("without a fill the same strip shows the model grey at t = 0.25 and half way (progress 0.5) at t = 1.0")
    func noFillShowsModelBeforeBegin() {
        let strip = TimingStrip(Configuration(duration: 1, beginTime: 0.5))
        #expect(strip.sample(atParentTime: 0.25).color == TimingStrip.modelColor)
        #expect(strip.sample(atParentTime: 0.25).progress == nil)
        let middle = strip.sample(atParentTime: 1.0)
        #expect(middle.progress == 0.5)
        #expect(abs(middle.color.red - 0.5) < 1e-12)
        #expect(abs(middle.color.green - 0.25) < 1e-12)
        #expect(abs(middle.color.blue - 0.5) < 1e-12)
    }

    @Test("fill forwards needs removedOnCompletion false: d 1.5, begin 1 holds the to-colour at 4 s, else grey")
    func forwardsFillNeedsRemovedOnCompletionFalse() {
        let kept = TimingStrip(
            Configuration(duration: 1.5, beginTime: 1, fillMode: .forwards, isRemovedOnCompletion: false))
        #expect(kept.sample(atParentTime: 4).color == TimingStrip.toColor)
        #expect(kept.sample(atParentTime: 4).progress == 1)
        let removed = TimingStrip(Configuration(duration: 1.5, beginTime: 1, fillMode: .forwards))
        #expect(removed.sample(atParentTime: 4).color == TimingStrip.modelColor)
        #expect(removed.sample(atParentTime: 4).phase == .after)
    }

    @Test(
        "seed 003 worked progress (SPEC §1.14), e.g. d 3 timeOffset 1 at 2.5 s → 1/6, speed −1 at 0.5 s → 2/3",
        arguments: [
            (Configuration(duration: 1.5, autoreverses: true), 2.25, 0.5),
            (Configuration(duration: 2, repeatCount: 1.5), 2.5, 0.25),
            (Configuration(duration: 1.5, repeatDuration: 2), 1.6, 0.1 / 1.5),
            (Configuration(duration: 0.5, autoreverses: true, repeatCount: 2.5), 2.25, 0.5),
            (Configuration(duration: 3, speed: 2), 0.75, 0.5),
            (Configuration(duration: 3, timeOffset: 1), 2.5, 0.5 / 3),
            (Configuration(duration: 1, speed: 0, timeOffset: 0.3), 3.7, 0.3),
            (Configuration(duration: 1.5, speed: -1), 0.5, 1 / 1.5),
        ])
    func workedProgress(configuration: Configuration, time: Double, expected: Double) throws {
        let progress = try #require(TimingStrip(configuration).sample(atParentTime: time).progress)
        #expect(abs(progress - expected) < 1e-9)
    }

    @Test("d 3, speed 2 has ended (grey) at 1.5 s; d 1.5, repeatDuration 2 has ended at 2.0 s")
    func activePeriodEnds() {
        #expect(TimingStrip(Configuration(duration: 3, speed: 2)).sample(atParentTime: 1.5).progress == nil)
        #expect(TimingStrip(Configuration(duration: 1.5, repeatDuration: 2)).sample(atParentTime: 2).progress == nil)
    }

    @Test("captions name every non-default value: 'duration 1.5, beginTime 1.0, fillMode backwards'")
    func captions() {
        #expect(
            Configuration(duration: 1.5, beginTime: 1, fillMode: .backwards).caption
                == "duration 1.5, beginTime 1.0, fillMode backwards")
        #expect(
            Configuration(duration: 0.5, autoreverses: true, repeatCount: 2.5).caption
                == "duration 0.5, autoreverses, repeatCount 2.5")
        #expect(
            Configuration(duration: 1.5, fillMode: .both, isRemovedOnCompletion: false).caption
                == "duration 1.5, fillMode both, removedOnCompletion false")
        #expect(Configuration(duration: 1, speed: 0, timeOffset: 0.3, note: "paused").caption.hasSuffix("— paused"))
    }

    @Test("the seed list covers every timing property: 14 strips, with fill modes backwards, forwards and both")
    func seedListCoversTheProperties() {
        let list = Configuration.seedIllustrations
        #expect(list.count == 14)
        #expect(Set(list.map(\.fillMode)) == [.removed, .backwards, .forwards, .both])
        #expect(list.contains { $0.repeatCount == 2.5 && $0.autoreverses })
        #expect(list.contains { $0.repeatDuration == 2 })
        #expect(list.contains { $0.speed == 2 })
        #expect(list.contains { $0.timeOffset == 1 && $0.duration == 3 })
    }
}
