import PortableCoreGraphics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A media clock whose time moves only when told to: deterministic time for tests, previews and frame export
/// (our addition, not Apple API).
///
/// Install one for a scope with `withManualTime(startingAt:_:)`; inside it `CACurrentMediaTime()` returns the
/// clock's `now`, and the layer tree, transactions and display links use it instead of the system clock:
///
/// ```swift
/// let end = MediaClock.withManualTime(startingAt: 100) { clock in
///     clock.advance(by: 0.25)   // runs everything due in (100, 100.25], in time order
///     return clock.now          // 100.25
/// }
/// ```
///
/// The installation is a task-local value, so tests running in parallel each see their own clock. Child tasks
/// (`async let`, task groups, `Task { }`) inherit it; `Task.detached` and threads started by other means do not.
/// `MediaClock.current` tells engine code which clock, if any, is installed.
///
/// **Scheduling.** `schedule(at:_:)` registers work for a media time. `advance(to:)` and `advance(by:)` run every
/// action due up to and including the target time, earliest first (equal times in the order they were
/// scheduled), with `now` set to the action's time while it runs; actions that schedule more work inside the
/// interval see it run in the same advance. Afterwards `now` is the target time.
///
/// **Turns.** The clock also stands in for the run loop. Each `advance` begins with a turn end for the code that
/// ran before it (at the unchanged `now`), and every action it runs is a turn of its own; at the end of each turn
/// the clock calls its turn observers (`addTurnObserver(_:)`) in registration order. This is where work that Core
/// Animation does "at the end of the run-loop turn" belongs, such as committing the implicit transaction.
/// `advance(by: 0)` therefore ends a turn without moving time.
///
/// **Floating point.** Times are `Double` seconds. Stepping by sums such as `0.2 + 0.8` does not necessarily land
/// exactly on 1.0; when a test needs to sit exactly on a boundary (the end of an animation, say), use
/// `advance(to:)` with the exact time. The timing rules decide what happens at exact boundaries.
///
/// The clock is thread safe: its state sits behind a mutex that is never held while actions or observers run.
/// Advancing is not reentrant: calling `advance` from inside an action or observer, or from two threads at once,
/// traps.
public final class MediaClock: Sendable {
    /// The identity of a scheduled action, for `cancel(_:)`.
    public struct ActionID: Hashable, Sendable {
        let sequence: UInt64
    }

    /// The identity of a turn observer, for `removeTurnObserver(_:)`.
    public struct ObserverID: Hashable, Sendable {
        let sequence: UInt64
    }

    private struct ScheduledAction: Sendable {
        let time: Double
        let sequence: UInt64
        let action: @Sendable () -> Void

        /// Whether `self` runs before `other`: earlier time first, then earlier scheduling.
        func precedes(_ other: ScheduledAction) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private struct TurnObserver: Sendable {
        let sequence: UInt64
        let body: @Sendable (MediaClock) -> Void
    }

    private struct State: Sendable {
        var now: Double
        /// Pending actions sorted so that the next one to run is last.
        var queue: [ScheduledAction] = []
        var observers: [TurnObserver] = []
        var nextSequence: UInt64 = 0
        var isAdvancing = false

        mutating func takeSequence() -> UInt64 {
            defer { nextSequence += 1 }
            return nextSequence
        }
    }

    private let state: LockedValue<State>

    /// The layer tree's delivery of animation callbacks and completion blocks on this clock.
    let animationEvents = AnimationEventCenter()

    /// A clock that reads `start` seconds. The clock is not installed until passed to `withInstalled(_:_:)`
    /// (or created by `withManualTime(startingAt:_:)`).
    ///
    /// - Precondition: `start` is finite.
    public init(startingAt start: Double = 0) {
        precondition(start.isFinite, "MediaClock(startingAt:) needs a finite start time, got \(start)")
        state = LockedValue(State(now: start))
        animationEvents.attach(to: self)
    }

    /// The clock's current media time in seconds.
    public var now: Double {
        state.withLock { $0.now }
    }

    /// The time of the next pending action, or nil when nothing is scheduled.
    public var nextScheduledTime: Double? {
        state.withLock { $0.queue.last?.time }
    }

    /// How many actions are waiting to run.
    public var pendingActionCount: Int {
        state.withLock { $0.queue.count }
    }

    // MARK: Scheduling

    /// Registers `action` to run when an advance reaches media time `time` (seconds).
    ///
    /// A time at or before `now` runs at the very next advance, without moving time backwards. An infinite or NaN
    /// time never comes, so the action waits until cancelled. The action runs on the thread that advances the
    /// clock, with the clock still installed.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) -> ActionID {
        let time = time.isNaN ? Double.infinity : time
        return state.withLock { state in
            let entry = ScheduledAction(time: time, sequence: state.takeSequence(), action: action)
            // Binary search for the first position whose entry runs before the new one (the queue runs back to
            // front, so entries that run later come first).
            var low = 0
            var high = state.queue.count
            while low < high {
                let middle = (low + high) / 2
                if state.queue[middle].precedes(entry) {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            state.queue.insert(entry, at: low)
            return ActionID(sequence: entry.sequence)
        }
    }

    /// Registers `action` to run `delay` seconds after `now`.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ActionID {
        schedule(at: now + delay, action)
    }

    /// Removes a pending action. Returns false when it already ran or was cancelled before.
    @discardableResult
    public func cancel(_ id: ActionID) -> Bool {
        state.withLock { state in
            guard let index = state.queue.firstIndex(where: { $0.sequence == id.sequence }) else { return false }
            state.queue.remove(at: index)
            return true
        }
    }

    // MARK: Turn observers

    /// Registers `observer` to be called at the end of every turn (see the type's description), with the clock
    /// as its argument and `now` at the time of that turn. Observers run in registration order.
    @discardableResult
    public func addTurnObserver(_ observer: @escaping @Sendable (MediaClock) -> Void) -> ObserverID {
        state.withLock { state in
            let entry = TurnObserver(sequence: state.takeSequence(), body: observer)
            state.observers.append(entry)
            return ObserverID(sequence: entry.sequence)
        }
    }

    /// Unregisters a turn observer. Returns false when it was not registered.
    @discardableResult
    public func removeTurnObserver(_ id: ObserverID) -> Bool {
        state.withLock { state in
            guard let index = state.observers.firstIndex(where: { $0.sequence == id.sequence }) else {
                return false
            }
            state.observers.remove(at: index)
            return true
        }
    }

    // MARK: Advancing

    /// Moves time forward by `interval` seconds, running everything due on the way (see `advance(to:)`).
    ///
    /// - Precondition: `interval` is finite and not negative.
    public func advance(by interval: Double) {
        precondition(
            interval.isFinite && interval >= 0,
            "MediaClock.advance(by:) needs a finite, non-negative interval, got \(interval)")
        advance(to: now + interval)
    }

    /// Moves time forward to `time`, running every action due at or before it in time order, each with `now` at
    /// its own time and followed by a turn end; then sets `now` to `time`.
    ///
    /// - Precondition: `time` is finite and not earlier than `now`; no advance of this clock is under way.
    public func advance(to time: Double) {
        state.withLock { state in
            precondition(time.isFinite, "MediaClock.advance(to:) needs a finite time, got \(time)")
            precondition(
                time >= state.now, "MediaClock cannot go backwards: advance(to: \(time)) while now is \(state.now)")
            precondition(
                !state.isAdvancing,
                "MediaClock.advance is not reentrant: it was called from an action or observer, or from two "
                    + "threads at once")
            state.isAdvancing = true
        }
        defer { state.withLock { $0.isAdvancing = false } }

        endTurn()
        while let due = takeNextAction(until: time) {
            due()
            endTurn()
        }
    }

    /// Pops the next action due at or before `end`, moving `now` to its time; or, when none is due, sets `now`
    /// to `end` and returns nil.
    private func takeNextAction(until end: Double) -> (@Sendable () -> Void)? {
        state.withLock { state in
            if let next = state.queue.last, next.time <= end {
                state.queue.removeLast()
                state.now = Swift.max(state.now, next.time)
                return next.action
            }
            state.now = end
            return nil
        }
    }

    /// Calls the turn observers registered at this moment, outside the lock.
    private func endTurn() {
        let observers = state.withLock { $0.observers }
        for observer in observers {
            observer.body(self)
        }
    }
}

// MARK: - Installation

extension MediaClock {
    /// The clock installed for the current task, if any.
    @TaskLocal static var installed: MediaClock?

    /// The manual clock installed for the current task (by `withManualTime` or `withInstalled`), or nil when
    /// media time comes from the system's monotonic clock. Engine code asks this to find where to schedule work
    /// and whose time to read.
    public static var current: MediaClock? {
        installed
    }

    /// The system's monotonic time in seconds (`CLOCK_MONOTONIC`: arbitrary origin, not affected by wall-clock
    /// changes, not advancing while the machine sleeps), what `CACurrentMediaTime()` returns when no manual
    /// clock is installed.
    public static var systemTime: Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Runs `body` with a new manual clock reading `start` seconds installed, and returns what `body` returns.
    public static func withManualTime<Result>(
        startingAt start: Double = 0, _ body: (MediaClock) throws -> Result
    ) rethrows -> Result {
        try withInstalled(MediaClock(startingAt: start), body)
    }

    /// Runs the asynchronous `body` with a new manual clock reading `start` seconds installed, and returns what
    /// `body` returns.
    public static func withManualTime<Result>(
        startingAt start: Double = 0,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MediaClock) async throws -> Result
    ) async rethrows -> Result {
        try await withInstalled(MediaClock(startingAt: start), isolation: isolation, body)
    }

    /// Runs `body` with `clock` installed (for a clock prepared in advance, or shared between scopes).
    public static func withInstalled<Result>(
        _ clock: MediaClock, _ body: (MediaClock) throws -> Result
    ) rethrows -> Result {
        try $installed.withValue(clock) { try body(clock) }
    }

    /// Runs the asynchronous `body` with `clock` installed.
    public static func withInstalled<Result>(
        _ clock: MediaClock,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MediaClock) async throws -> Result
    ) async rethrows -> Result {
        try await $installed.withValue(clock, operation: { try await body(clock) }, isolation: isolation)
    }
}

/// The current absolute media time in seconds (Apple API).
///
/// Inside `MediaClock.withManualTime` (or `withInstalled`) this is the manual clock's `now`; otherwise it is the
/// system's monotonic clock (`MediaClock.systemTime`), like Apple's, which counts from an arbitrary origin.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let clock = MediaClock.current {
        return clock.now
    }
    return MediaClock.systemTime
}
