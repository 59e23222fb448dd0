import PortableQuartzCoreTesting
import Synchronization
import Testing

/// A thread-safe list of events for clock tests.
final class ClockEventLog: Sendable {
    private let events = Mutex<[String]>([])

    func record(_ event: String) {
        events.withLock { $0.append(event) }
    }

    var all: [String] {
        events.withLock { $0 }
    }
}

@Suite("MediaClock and CACurrentMediaTime")
struct MediaClockTests {
    @Test("the documented shape: advance by 0.25 from 100, CACurrentMediaTime follows the clock")
    func documentedShape() {
        let result = MediaClock.withManualTime(startingAt: 100) { clock in
            #expect(CACurrentMediaTime() == 100)
            clock.advance(by: 0.25)
            #expect(CACurrentMediaTime() == 100.25)
            return clock.now
        }
        #expect(result == 100.25)
    }

    @Test("outside a manual clock, CACurrentMediaTime is the system's monotonic time in seconds")
    func systemTime() {
        #expect(MediaClock.current == nil)
        let first = CACurrentMediaTime()
        let system = MediaClock.systemTime
        let second = CACurrentMediaTime()
        #expect(first <= system && system <= second)
        #expect(second - first < 1)
        #expect(first > 0)
    }

    @Test("MediaClock.current names the installed clock, and nested installations shadow and restore")
    func currentClock() {
        MediaClock.withManualTime(startingAt: 1) { outer in
            #expect(MediaClock.current === outer)
            MediaClock.withManualTime(startingAt: 50) { inner in
                #expect(MediaClock.current === inner)
                #expect(CACurrentMediaTime() == 50)
            }
            #expect(MediaClock.current === outer)
            #expect(CACurrentMediaTime() == 1)
        }
        let prepared = MediaClock(startingAt: 7)
        MediaClock.withInstalled(prepared) { clock in
            #expect(clock === prepared)
            #expect(CACurrentMediaTime() == 7)
        }
        #expect(MediaClock.current == nil)
    }

    @Test("actions run in time order, ties in scheduling order, each with now at its own time")
    func ordering() {
        let log = ClockEventLog()
        MediaClock.withManualTime(startingAt: 0) { clock in
            clock.schedule(at: 3) { log.record("c@\(CACurrentMediaTime())") }
            clock.schedule(at: 1) { log.record("a1@\(CACurrentMediaTime())") }
            clock.schedule(at: 2) { log.record("b@\(clock.now)") }
            clock.schedule(at: 1) { log.record("a2@\(clock.now)") }
            clock.schedule(at: 5) { log.record("late") }
            #expect(clock.pendingActionCount == 5)
            #expect(clock.nextScheduledTime == 1)
            clock.advance(to: 3)
            #expect(clock.now == 3)
            #expect(clock.pendingActionCount == 1)
            #expect(clock.nextScheduledTime == 5)
        }
        #expect(log.all == ["a1@1.0", "a2@1.0", "b@2.0", "c@3.0"])
    }

    @Test("work scheduled by an action inside the interval runs in the same advance; later work waits")
    func chainedActions() {
        let log = ClockEventLog()
        MediaClock.withManualTime(startingAt: 0) { clock in
            @Sendable func tick() {
                log.record("\(clock.now)")
                clock.schedule(after: 0.5, tick)
            }
            clock.schedule(at: 0.5, tick)
            clock.advance(by: 2)
            #expect(log.all == ["0.5", "1.0", "1.5", "2.0"])
            #expect(clock.nextScheduledTime == 2.5)
            clock.advance(by: 0.25)
            #expect(log.all.count == 4)
        }
    }

    @Test("an action scheduled in the past runs at the next advance without moving time backwards")
    func pastActions() {
        let log = ClockEventLog()
        MediaClock.withManualTime(startingAt: 10) { clock in
            clock.schedule(at: 4) { log.record("\(clock.now)") }
            clock.advance(by: 0)
            #expect(log.all == ["10.0"])
            #expect(clock.now == 10)
        }
    }

    @Test("cancelled, infinite and NaN-time actions never run")
    func cancelAndNever() {
        let log = ClockEventLog()
        MediaClock.withManualTime(startingAt: 0) { clock in
            let id = clock.schedule(at: 1) { log.record("cancelled") }
            clock.schedule(at: .infinity) { log.record("infinite") }
            clock.schedule(at: .nan) { log.record("nan") }
            #expect(clock.cancel(id))
            #expect(!clock.cancel(id))
            clock.advance(by: 1e12)
            #expect(clock.pendingActionCount == 2)
        }
        #expect(log.all.isEmpty)
    }

    @Test("turn observers run at the start of each advance and after every action, in registration order")
    func turnObservers() {
        let log = ClockEventLog()
        MediaClock.withManualTime(startingAt: 0) { clock in
            let first = clock.addTurnObserver { clock in log.record("first@\(clock.now)") }
            clock.addTurnObserver { _ in log.record("second") }
            clock.schedule(at: 1) { log.record("action") }
            clock.advance(by: 2)
            #expect(log.all == ["first@0.0", "second", "action", "first@1.0", "second"])
            #expect(clock.removeTurnObserver(first))
            #expect(!clock.removeTurnObserver(first))
            clock.advance(by: 0)
            #expect(log.all.suffix(1) == ["second"])
            #expect(log.all.count == 6)
        }
    }

    @Test("an observer that schedules work at now sees it run in the same advance (run-loop hand-off)")
    func observerSchedulesWork() {
        let log = ClockEventLog()
        MediaClock.withManualTime(startingAt: 5) { clock in
            let once = Mutex(false)
            clock.addTurnObserver { clock in
                let first = once.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { clock.schedule(at: clock.now) { log.record("next turn@\(clock.now)") } }
            }
            clock.advance(by: 0)
        }
        #expect(log.all == ["next turn@5.0"])
    }

    @Test("withManualTime returns the body's result and rethrows its errors")
    func resultAndErrors() {
        struct Failure: Error {}
        #expect(MediaClock.withManualTime { _ in "done" } == "done")
        #expect(throws: Failure.self) {
            try MediaClock.withManualTime(startingAt: 3) { _ in throw Failure() }
        }
    }

    @Test("the async overload installs the clock across suspension points and for child tasks")
    func asyncOverload() async {
        let value = await MediaClock.withManualTime(startingAt: 20) { clock in
            await Task.yield()
            clock.advance(by: 1)
            async let child = CACurrentMediaTime()
            let inherited = await child
            let unstructured = await Task { CACurrentMediaTime() }.value
            #expect(inherited == 21)
            #expect(unstructured == 21)
            return CACurrentMediaTime()
        }
        #expect(value == 21)
    }

    @Test("clocks in parallel tasks are independent")
    func parallelClocks() async {
        let results = await withTaskGroup(of: (Double, Double).self) { group in
            for start in 0..<8 {
                group.addTask {
                    await MediaClock.withManualTime(startingAt: Double(start) * 100) { clock in
                        for _ in 0..<100 {
                            clock.advance(by: 0.5)
                            await Task.yield()
                        }
                        return (Double(start), CACurrentMediaTime())
                    }
                }
            }
            var collected: [(Double, Double)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 8)
        for (start, end) in results {
            #expect(end == start * 100 + 50)
        }
    }

    @Test("scheduling from many threads at once loses nothing")
    func concurrentScheduling() async {
        let clock = MediaClock(startingAt: 0)
        let log = ClockEventLog()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    clock.schedule(at: Double(index % 10)) { log.record("\(index)") }
                }
            }
        }
        #expect(clock.pendingActionCount == 200)
        clock.advance(to: 10)
        #expect(log.all.count == 200)
        #expect(Set(log.all).count == 200)
    }

    @Test("moving backwards traps")
    func backwardsTraps() async {
        await #expect(processExitsWith: .failure) {
            MediaClock(startingAt: 5).advance(to: 4)
        }
        await #expect(processExitsWith: .failure) {
            MediaClock(startingAt: 5).advance(by: -1)
        }
    }

    @Test("non-finite targets and start times trap")
    func nonFiniteTraps() async {
        await #expect(processExitsWith: .failure) {
            MediaClock(startingAt: 0).advance(by: .nan)
        }
        await #expect(processExitsWith: .failure) {
            MediaClock(startingAt: 0).advance(to: .infinity)
        }
        await #expect(processExitsWith: .failure) {
            _ = MediaClock(startingAt: .nan)
        }
    }

    @Test("advancing from inside an action traps (advance is not reentrant)")
    func reentrancyTraps() async {
        await #expect(processExitsWith: .failure) {
            let clock = MediaClock(startingAt: 0)
            clock.schedule(at: 1) { clock.advance(by: 1) }
            clock.advance(by: 2)
        }
    }
}
