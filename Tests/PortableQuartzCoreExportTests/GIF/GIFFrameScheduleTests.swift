import PortableQuartzCoreExport
import Testing

@Suite("GIFFrameSchedule")
struct GIFFrameScheduleTests {
    @Test("60 fps with a 1 cs minimum: marks 0, 2, 3, 5, 7, 8 … give delays 2, 1, 2 repeating, 20 cs per 12 frames")
    func sixtyFramesPerSecondExact() {
        let schedule = GIFFrameSchedule(framesPerSecond: 60, range: 0..<12, minimumDelay: 1)
        #expect(schedule.map(\.delay) == [2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2])
        #expect(schedule.map(\.index) == Array(0..<12))
    }

    @Test("60 fps with the default 2 cs minimum keeps 40 of 60 frames, delays 2, 3 …, exactly 100 cs")
    func sixtyFramesPerSecondBrowserSafe() {
        let entries = Array(GIFFrameSchedule(framesPerSecond: 60, range: 0..<60))
        #expect(entries.count == 40)
        #expect(entries.prefix(4).map(\.delay) == [2, 3, 2, 3])
        #expect(entries.prefix(4).map(\.index) == [0, 1, 3, 4])
        #expect(entries.reduce(0) { $0 + $1.delay } == 100)
        #expect(entries.allSatisfy { $0.delay >= 2 })
    }

    @Test("30 fps: delays 3, 4, 3 repeating add to 20 cs over 6 frames")
    func thirtyFramesPerSecond() {
        #expect(GIFFrameSchedule(framesPerSecond: 30, range: 0..<6).map(\.delay) == [3, 4, 3, 3, 4, 3])
    }

    @Test("two halves of a 60 fps second add up to the whole: 50 + 50 = 100 cs")
    func splitRangesAddUp() {
        let first = GIFFrameSchedule(framesPerSecond: 60, range: 0..<30).reduce(0) { $0 + $1.delay }
        let second = GIFFrameSchedule(framesPerSecond: 60, range: 30..<60).reduce(0) { $0 + $1.delay }
        #expect(first == 50 && second == 50)
    }

    @Test("one frame at 120 fps still lasts 1 cs; 0.001 fps caps a delay at 65 535 cs")
    func extremes() {
        #expect(GIFFrameSchedule(framesPerSecond: 120, range: 0..<1).map { [$0.index, $0.delay] } == [[0, 1]])
        #expect(GIFFrameSchedule(framesPerSecond: 0.001, range: 0..<2).map(\.delay) == [65_535, 65_535])
        #expect(Array(GIFFrameSchedule(framesPerSecond: 30, range: 5..<5)).isEmpty)
    }

    @Test("frames 1-3 of a 60 fps timeline use absolute marks 2, 3, 5 and end 7: delays 1, 2, 2")
    func rangeUsesAbsoluteMarks() {
        let schedule = GIFFrameSchedule(framesPerSecond: 60, range: 1..<4, minimumDelay: 1)
        #expect(schedule.map(\.delay) == [1, 2, 2])
        #expect(schedule.mark(ofFrame: 3) == 5)
    }
}
