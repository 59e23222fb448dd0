import Foundation
import Synchronization
import Testing

@testable import PortableQuartzCore

/// The start of display frame `frame` on a `rate` Hz grid, in seconds, computed as the link computes it.
private func frameTime(_ frame: Int, rate: Double = 60) -> CFTimeInterval {
    Double(frame) / rate
}

/// What one display-link callback saw.
private struct Tick: Equatable {
    var name: String
    var timestamp: CFTimeInterval
    var targetTimestamp: CFTimeInterval
    var duration: CFTimeInterval
    /// `CACurrentMediaTime()` during the callback.
    var now: CFTimeInterval

    /// The timestamp in 60 Hz display frames, rounded to a whole frame.
    var frame60: Int { Int((timestamp * 60).rounded()) }
}

/// A thread-safe record of callbacks.
private final class TickLog: Sendable {
    private let ticks = Mutex<[Tick]>([])

    /// A handler that records each callback under `name`.
    func recorder(_ name: String = "link") -> (CADisplayLink) -> Void {
        { link in self.record(name, link) }
    }

    func record(_ name: String, _ link: CADisplayLink) {
        let tick = Tick(
            name: name, timestamp: link.timestamp, targetTimestamp: link.targetTimestamp, duration: link.duration,
            now: CACurrentMediaTime())
        ticks.withLock { $0.append(tick) }
    }

    var all: [Tick] { ticks.withLock { $0 } }
}

/// A value shared with callbacks that may run on another thread.
private final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Applies `change` and returns the new value.
    func update(_ change: (inout Value) -> Void) -> Value {
        storage.withLock { value in
            change(&value)
            return value
        }
    }
}

/// A target for the selector forms.
private final class Stepper {
    var stepTimestamps: [CFTimeInterval] = []
    var plainCalls = 0

    func step(_ link: CADisplayLink) {
        stepTimestamps.append(link.timestamp)
    }

    func tick() {
        plainCalls += 1
    }
}

@Suite("CADisplayLink")
struct CADisplayLinkTests {
    // MARK: The frame grid

    @Test("at 60 Hz one second brings 60 callbacks, timestamps exactly k/60 for k = 1…60")
    func sixtyTicksPerSecond() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1)
            link.invalidate()
        }
        #expect(log.all.map(\.timestamp) == (1...60).map { frameTime($0) })
        #expect(log.all.allSatisfy { $0.now == $0.timestamp })
    }

    @Test("timestamps: 0 before the first callback; at frame 3, timestamp 3/60, target 4/60, duration 1/60")
    func timestampsAndDuration() {
        MediaClock.withManualTime { clock in
            let link = CADisplayLink { _ in }
            link.add(to: .main, forMode: .default)
            #expect(link.timestamp == 0 && link.targetTimestamp == 0 && link.duration == 0)
            clock.advance(to: 0.055)  // frames 1, 2, 3 (3/60 = 0.05)
            #expect(link.timestamp == frameTime(3))
            #expect(link.targetTimestamp == frameTime(4))
            #expect(link.duration == frameTime(1))
            #expect(abs(link.targetTimestamp - link.timestamp - link.duration) < 1e-12)
            link.invalidate()
        }
    }

    @Test("a link added off the grid (10.005 s) fires first at the next frame, 601/60 s")
    func offGridStart() {
        let log = TickLog()
        MediaClock.withManualTime(startingAt: 10.005) { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.add(to: .main, forMode: .common)
            #expect(clock.nextScheduledTime == frameTime(601))
            clock.advance(to: 10.03)  // 601/60 ≈ 10.0167, 602/60 ≈ 10.0333
            link.invalidate()
        }
        #expect(log.all.map(\.timestamp) == [frameTime(601)])
    }

    @Test("a link added exactly on a frame (1 s = frame 60) fires first at the following frame, 61/60 s")
    func onGridStart() {
        MediaClock.withManualTime(startingAt: 1) { clock in
            let link = CADisplayLink { _ in }
            link.add(to: .main, forMode: .common)
            #expect(clock.nextScheduledTime == frameTime(61))
            link.invalidate()
        }
    }

    // MARK: Rates

    @Test("preferredFramesPerSecond 30 on 60 Hz: 30 callbacks a second at even frames, interval 2/60")
    func thirtyFramesPerSecond() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.preferredFramesPerSecond = 30
            #expect(link.preferredFramesPerSecond == 30)
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1)
            link.invalidate()
        }
        #expect(log.all.map(\.timestamp) == (1...30).map { frameTime(2 * $0) })
        #expect(log.all.allSatisfy { $0.duration == frameTime(1) })
        #expect(log.all.allSatisfy { abs($0.targetTimestamp - $0.timestamp - frameTime(2)) < 1e-12 })
    }

    @Test("frameInterval 3 (default 1) fires every third frame: 20 callbacks a second")
    func frameIntervalThree() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            #expect(link.frameInterval == 1)
            link.frameInterval = 3
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1)
            link.invalidate()
        }
        #expect(log.all.map(\.frame60) == Array(stride(from: 3, through: 60, by: 3)))
    }

    @Test("on a 120 Hz display: 120 callbacks a second, duration 1/120; range 30…60 preferring 60 gives 60")
    func displayRefreshRate120() {
        let full = TickLog()
        let ranged = TickLog()
        CADisplayLink.$displayRefreshRate.withValue(120) {
            MediaClock.withManualTime { clock in
                let fast = CADisplayLink(handler: full.recorder())
                let slow = CADisplayLink(handler: ranged.recorder())
                slow.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
                fast.add(to: .main, forMode: .common)
                slow.add(to: .main, forMode: .common)
                clock.advance(by: 1)
                fast.invalidate()
                slow.invalidate()
            }
        }
        #expect(full.all.map(\.timestamp) == (1...120).map { frameTime($0, rate: 120) })
        #expect(full.all.allSatisfy { $0.duration == frameTime(1, rate: 120) })
        #expect(ranged.all.map(\.timestamp) == (1...60).map { frameTime(2 * $0, rate: 120) })
        #expect(CADisplayLink.displayRefreshRate == 60)
    }

    @Test("a refresh rate that is not finite and positive (NaN, 0, −5) counts as 60 Hz", arguments: [.nan, 0, -5.0])
    func unusableRefreshRate(rate: Double) {
        let log = TickLog()
        CADisplayLink.$displayRefreshRate.withValue(rate) {
            MediaClock.withManualTime { clock in
                let link = CADisplayLink(handler: log.recorder())
                link.add(to: .main, forMode: .common)
                clock.advance(by: 1)
                link.invalidate()
            }
        }
        #expect(log.all.count == 60)
        #expect(log.all.first?.duration == frameTime(1))
    }

    @Test("on a clock beyond 2⁵² frames (10¹⁷ s × 60 Hz) a link stays silent instead of trapping")
    func outOfRangeClock() {
        let log = TickLog()
        MediaClock.withManualTime(startingAt: 1e17) { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.add(to: .main, forMode: .common)
            #expect(clock.pendingActionCount == 0)
            clock.advance(by: 1)
            link.invalidate()
        }
        #expect(log.all.isEmpty)
    }

    @Test("a range other than .default overrides preferredFramesPerSecond: fps 30 with range 15…15 gives 15")
    func rangeWinsOverFramesPerSecond() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            #expect(link.preferredFrameRateRange == .default)
            link.preferredFramesPerSecond = 30
            link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 15, preferred: 15)
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1)
            link.invalidate()
        }
        #expect(log.all.map(\.frame60) == [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60])
    }

    @Test("changing the rate mid-run: 30 frames at 60 fps, then 15 fps from frame 32 on, 38 callbacks by 1 s")
    func rateChangeMidRun() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.add(to: .main, forMode: .common)
            clock.advance(to: 0.5)
            link.preferredFramesPerSecond = 15
            clock.advance(to: 1)
            link.invalidate()
        }
        let expected: [Int] = Array(1...30) + [32, 36, 40, 44, 48, 52, 56, 60]
        #expect(log.all.map(\.frame60) == expected)
    }

    @Test(
        "grid rate chosen for a request, on the refresh rate given",
        arguments: [
            // (refresh rate, minimum, maximum, preferred, expected stride)
            (60.0, 0.0, 0.0, 30.0, 2),  // 30 fps
            (60, 0, 0, 24, 3),  // 20 is 4 away, 30 is 6 away
            (60, 0, 0, 25, 2),  // 30 and 20 both 5 away: the higher rate wins
            (60, 0, 0, 45, 1),  // 60 and 30 both 15 away
            (60, 0, 0, 1, 60),
            (60, 0, 0, 200, 1),  // above the display: full rate
            (60, 0, 0, 0, 1),  // nothing asked: full rate
            (120, 0, 0, 24, 5),
            (60, 10, 60, 24, 3),
            (60, 30, 120, 120, 1),
            (60, 45, 50, 0, 1),  // no grid rate in 45…50: nearest to 50 is 60
            (120, 30, 60, 60, 2),
            (120, 0, 40, 0, 3),  // no preference: nearest to the maximum
            (60, 50, 40, 20, 3),  // minimum above maximum: the bounds are ignored
            (60, .nan, 30, .nan, 2),  // NaN counts as unset
            (60, 40, 0, 0, 1),  // maximum 0 is no upper bound; nothing preferred: full rate
            (60, 25, 35, 0, 2),
        ] as [(Double, Double, Double, Double, Int)])
    func strideForRequest(refresh: Double, minimum: Double, maximum: Double, preferred: Double, expected: Int) {
        let stride = CAFrameRateRange.displayFrameStride(
            refreshRate: refresh, minimum: minimum, maximum: maximum, preferred: preferred)
        #expect(stride == expected)
        let range = CAFrameRateRange(minimum: Float(minimum), maximum: Float(maximum), preferred: Float(preferred))
        #expect(range.displayFrameStride(refreshRate: refresh) == expected)
    }

    // MARK: Pausing, removing, invalidating

    @Test("paused from 0.5 s to 1.005 s: no callbacks in between, then back on the grid at 61/60")
    func pauseAndResume() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.add(to: .main, forMode: .common)
            clock.advance(to: 0.5)
            link.isPaused = true
            #expect(link.isPaused)
            #expect(clock.pendingActionCount == 0)
            clock.advance(to: 1.005)
            #expect(log.all.count == 30)
            link.isPaused = false
            clock.advance(to: 1.105)
            link.invalidate()
        }
        let expected: [Int] = Array(1...30) + Array(61...66)
        #expect(log.all.map(\.frame60) == expected)
    }

    @Test("a link created paused never fires until unpaused")
    func addedPaused() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.isPaused = true
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1)
            #expect(log.all.isEmpty)
            link.isPaused = false
            clock.advance(to: 1.02)
            link.invalidate()
        }
        #expect(log.all.map(\.frame60) == [61])
    }

    @Test("invalidate inside the callback: the third callback is the last, nothing stays scheduled")
    func invalidateInsideCallback() {
        MediaClock.withManualTime { clock in
            let count = Shared(0)
            let link = CADisplayLink { link in
                if count.update({ $0 += 1 }) == 3 { link.invalidate() }
            }
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1)
            #expect(count.value == 3)
            #expect(clock.pendingActionCount == 0)
            link.add(to: .main, forMode: .common)  // an invalidated link cannot come back
            clock.advance(by: 1)
            #expect(count.value == 3)
            #expect(clock.pendingActionCount == 0)
        }
    }

    @Test("the target is retained until invalidate() and released by it")
    func invalidateReleasesTarget() {
        weak var weakTarget: Stepper?
        let link: CADisplayLink
        do {
            let stepper = Stepper()
            weakTarget = stepper
            link = CADisplayLink(target: stepper, selector: Stepper.step)
        }
        #expect(weakTarget != nil)
        link.invalidate()
        #expect(weakTarget == nil)
    }

    @Test("removed from one of two modes it keeps firing; removed from the last it stops; added again it resumes")
    func removeFromModes() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let link = CADisplayLink(handler: log.recorder())
            link.add(to: .main, forMode: .default)
            link.add(to: .main, forMode: .common)
            link.add(to: .main, forMode: .common)  // already there: no second callback per frame
            clock.advance(to: 0.03)  // frame 1
            link.remove(from: .main, forMode: .default)
            clock.advance(to: 0.055)  // frames 2 and 3
            link.remove(from: .main, forMode: .common)
            #expect(clock.pendingActionCount == 0)
            clock.advance(to: 0.5)
            link.add(to: .main, forMode: .default)
            clock.advance(to: 0.54)  // frames 31, 32
            link.invalidate()
        }
        #expect(log.all.map(\.frame60) == [1, 2, 3, 31, 32])
    }

    // MARK: Targets and ordering

    @Test("target/selector forms call the method: step(_:) sees timestamps 1/60 and 2/60, tick() runs twice")
    func targetSelector() {
        let stepper = Stepper()
        MediaClock.withManualTime { clock in
            let withLink = CADisplayLink(target: stepper, selector: Stepper.step)
            let plain = CADisplayLink(target: stepper, selector: Stepper.tick)
            withLink.add(to: .main, forMode: .common)
            plain.add(to: .main, forMode: .common)
            clock.advance(to: 0.04)
            withLink.invalidate()
            plain.invalidate()
        }
        #expect(stepper.stepTimestamps == [frameTime(1), frameTime(2)])
        #expect(stepper.plainCalls == 2)
    }

    @Test("two links on one clock (20 and 30 fps) interleave in time order: B2 A3 B4 A6 B6")
    func twoLinksInterleave() {
        let log = TickLog()
        MediaClock.withManualTime { clock in
            let linkA = CADisplayLink(handler: log.recorder("A"))
            linkA.preferredFramesPerSecond = 20
            let linkB = CADisplayLink(handler: log.recorder("B"))
            linkB.preferredFramesPerSecond = 30
            linkA.add(to: .main, forMode: .common)
            linkB.add(to: .main, forMode: .common)
            clock.advance(to: 0.105)
            linkA.invalidate()
            linkB.invalidate()
        }
        #expect(log.all.map { "\($0.name)\($0.frame60)" } == ["B2", "A3", "B4", "A6", "B6"])
        #expect(log.all.allSatisfy { $0.now == $0.timestamp })
    }

    // MARK: Without a manual clock

    @Test("without a manual clock a run-loop timer delivers grid frames on the run loop's thread")
    func runLoopDriven() {
        let log = TickLog()
        let onRunLoopThread = Shared(true)
        let afterInvalidate = Shared(-1)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            let runLoopThread = Thread.current
            let link = CADisplayLink { link in
                log.record("timer", link)
                if Thread.current !== runLoopThread { onRunLoopThread.value = false }
            }
            link.add(to: .current, forMode: .default)
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
            link.invalidate()
            let count = log.all.count
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.1))
            afterInvalidate.value = log.all.count - count
            finished.signal()
        }
        thread.start()
        finished.wait()

        let ticks = log.all
        #expect(!ticks.isEmpty)
        #expect(onRunLoopThread.value)
        #expect(afterInvalidate.value == 0)
        for tick in ticks {
            let frames = tick.timestamp * 60
            #expect(abs(frames - frames.rounded()) < 1e-6)
            #expect(abs(tick.targetTimestamp - tick.timestamp - frameTime(1)) < 1e-9)
            #expect(tick.duration == frameTime(1))
            #expect(tick.timestamp <= tick.now + frameTime(1) / 4)
        }
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }
}

@Suite("CAFrameRateRange")
struct CAFrameRateRangeTests {
    @Test("default is minimum 0, maximum 0, preferred nil, and equals init()")
    func defaultRange() {
        let range = CAFrameRateRange.default
        #expect(range.minimum == 0 && range.maximum == 0 && range.preferred == nil)
        #expect(range == CAFrameRateRange())
        #expect(CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0) == .default)
    }

    @Test("values read back as given; a preferred rate of 0 reads back as nil")
    func storedValues() {
        var range = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        #expect(range.minimum == 30 && range.maximum == 120 && range.preferred == 60)
        #expect(CAFrameRateRange(minimum: 30, maximum: 120).preferred == nil)
        range.preferred = 0
        #expect(range.preferred == nil)
        range.preferred = 90
        #expect(range != CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60))
        #expect(range == CAFrameRateRange(minimum: 30, maximum: 120, preferred: 90))
    }
}
