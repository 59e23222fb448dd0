import PortableQuartzCoreExport
import Testing

@Suite("FrameTimeline")
struct FrameTimelineTests {
    @Test("frame i is at start + i / fps, computed from the index")
    func frameTimeFromIndex() throws {
        let timeline = try FrameTimeline(start: 2, framesPerSecond: 30, frameCount: 90)
        #expect(timeline.time(ofFrame: 0) == 2)
        #expect(timeline.time(ofFrame: 45) == 3.5)
        #expect(timeline.time(ofFrame: 89) == 2 + 89.0 / 30)
    }

    @Test("frame 3600 at 60 fps is exactly 60 s, where accumulating 1/60 drifts")
    func noAccumulatedDrift() throws {
        let timeline = try FrameTimeline(framesPerSecond: 60, frameCount: 3_601)
        var accumulated = 0.0
        for _ in 0..<3_600 { accumulated += 1.0 / 60 }
        #expect(timeline.time(ofFrame: 3_600) == 60)
        #expect(accumulated != 60)
    }

    @Test(
        "a duration covers the half-open interval [start, start + duration)",
        arguments: [(2.0, 30.0, 60), (0.1, 30.0, 3), (1.0 / 3, 60.0, 20), (0.0, 24.0, 0), (0.01, 24.0, 1)]
    )
    func frameCountForDuration(duration: Double, fps: Double, expected: Int) throws {
        #expect(try FrameTimeline(framesPerSecond: fps, duration: duration).frameCount == expected)
    }

    @Test("frame(at:) inverts time(ofFrame:) for every frame of a 29.97 fps minute")
    func frameAtInvertsTimeOfFrame() throws {
        let timeline = try FrameTimeline(start: 0.1, framesPerSecond: 29.97, duration: 60)
        #expect(timeline.frameCount == 1_799)
        for index in 0..<timeline.frameCount {
            #expect(timeline.frame(at: timeline.time(ofFrame: index)) == index)
        }
        #expect(timeline.frame(at: 0.1 + 0.5 / 29.97) == 0)
        #expect(timeline.frame(at: 0.05) == -2)
    }

    @Test("bad frame rates and durations throw instead of producing NaN times")
    func invalidInputThrows() {
        #expect(throws: FrameTimeline.Failure.invalidFrameRate(0)) {
            try FrameTimeline(framesPerSecond: 0, frameCount: 1)
        }
        #expect(throws: FrameTimeline.Failure.self) { try FrameTimeline(framesPerSecond: .nan, duration: 1) }
        #expect(throws: FrameTimeline.Failure.invalidDuration(-1)) {
            try FrameTimeline(framesPerSecond: 30, duration: -1)
        }
        #expect(throws: FrameTimeline.Failure.self) { try FrameTimeline(framesPerSecond: 30, duration: .infinity) }
        #expect(throws: FrameTimeline.Failure.self) { try FrameTimeline(framesPerSecond: 1e9, duration: 1e9) }
    }

    @Test("frame(at:) answers NaN with 0 and clamps infinite times")
    func frameAtNonFinite() throws {
        let timeline = try FrameTimeline(framesPerSecond: 30, frameCount: 10)
        #expect(timeline.frame(at: .nan) == 0)
        #expect(timeline.frame(at: .infinity) > 1_000_000)
        #expect(timeline.frame(at: -.infinity) < -1_000_000)
    }

    @Test("times lists every frame time in order")
    func timesList() throws {
        #expect(try FrameTimeline(start: 1, framesPerSecond: 4, frameCount: 3).times == [1, 1.25, 1.5])
    }
}
