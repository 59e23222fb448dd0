import Foundation
import PortableCoreGraphics

/// A timer that calls you once per display frame, in step with the display's refresh (Apple API).
///
/// ```swift
/// let link = CADisplayLink(target: self, selector: MyView.step)   // Apple: selector: #selector(step)
/// link.preferredFramesPerSecond = 30
/// link.add(to: .main, forMode: .common)
/// ...
/// link.invalidate()
/// ```
///
/// **The frame grid.** The simulated display refreshes `CADisplayLink.displayRefreshRate` times a second (60 unless
/// set, our addition); display frame *n* begins at media time `n / rate` seconds (`CACurrentMediaTime()` time,
/// computed from the integer *n*, never by adding up intervals). A link fires on every frame, or on every *k*-th
/// frame (the frames whose index is a multiple of *k*) when `preferredFramesPerSecond`, `preferredFrameRateRange`
/// or `frameInterval` ask for a lower rate (30 fps on 60 Hz: every other frame). The first callback comes at the
/// first such frame strictly after the moment the link was added (or resumed): a link added at 0 on a 60 Hz display
/// fires at 1/60, 2/60, … and so 60 times in the first second; one added at 0.005 also fires first at 1/60. Past
/// 2⁵² frames (about 2.4 million years of media time at 60 Hz) a `Double` time cannot tell frames apart, and a
/// link there stays silent.
///
/// **What the callback sees.** `timestamp` is the time of the frame being delivered, `targetTimestamp` the time of
/// the link's next callback (`timestamp + k / rate`), `duration` one display refresh (`1 / rate`, whatever *k*
/// is; use `targetTimestamp - timestamp` for the link's own interval, as Apple advises). Before the first callback
/// all three read 0 (Apple leaves them undefined).
///
/// **Which setting picks the rate.** A `preferredFrameRateRange` other than `.default` decides (see
/// `CAFrameRateRange` for how a range maps onto the grid); otherwise a positive `preferredFramesPerSecond` (the grid
/// rate nearest to it, ties to the higher rate: 24 on 60 Hz gives 20, 25 gives 30); otherwise `frameInterval`
/// (every n-th frame; values below 1 count as 1). A change applies from the next callback on.
///
/// **Who drives it.** `add(to:forMode:)` looks at the media clock at that moment:
/// * with a manual clock installed (`MediaClock.withManualTime`) each callback is an action scheduled on that clock
///   at its exact frame time, so `clock.advance(by: 1)` delivers every frame in between, in time order together
///   with the clock's other work, on the thread that advances the clock. The run loop and mode are bookkeeping
///   only. The link holds the clock weakly, so a forgotten link does not keep a finished clock alive;
/// * otherwise a Foundation `Timer` per mode, firing on the run loop's thread at the display refresh interval,
///   reads `CACurrentMediaTime()` and delivers the latest frame of the link's cadence that has begun (a late
///   wake-up skips frames rather than bunching them). The run loop has to be running for anything to happen.
///
/// **Lifetime.** As on Apple platforms, the link holds its target strongly until `invalidate()` (a view that owns
/// its link therefore forms a cycle that `invalidate()` breaks), and the run loop (or manual clock) keeps the link
/// alive while it is added in at least one mode. `invalidate()` removes it from every mode and releases the
/// target; an invalidated link never fires again and cannot be added again.
///
/// **Threads.** Every property may be read and set from any thread: the state sits behind a mutex that is never
/// held while your code runs, so the callback may pause, reconfigure, remove or invalidate its own link.
///
/// Deviations: Linux has no Objective-C selectors, so the target form takes an unapplied method reference:
/// `CADisplayLink(target: self, selector: MyView.step)` where Apple writes `selector: #selector(step)`; the method
/// takes the link or nothing. `init(handler:)` and `displayRefreshRate` are our additions. A link can be added to
/// one run loop at a time (Apple says the same); adding it to a second run loop while it is on a first is ignored.
open class CADisplayLink: NSObject {
    /// What `add(to:forMode:)` set up to deliver the frames.
    private enum Driver {
        /// Not added anywhere (or removed from every mode, or invalidated).
        case idle
        /// Frames are actions on a manual media clock.
        case clock(ClockDriver)
        /// Frames come from one repeating timer per run-loop mode.
        case timers([RunLoop.Mode: UncheckedSendableBox<Timer>])
    }

    /// The bookkeeping of a link driven by a manual clock.
    private struct ClockDriver {
        /// The clock the frames are scheduled on; weak, so that the clock's queue (which holds the link) does not
        /// make a cycle with it.
        weak var clock: MediaClock?
        /// The scheduled next callback: the clock's action id and the token the action must still match to fire.
        var pending: (id: MediaClock.ActionID, token: UInt64)?
    }

    /// Everything that changes after creation, guarded by `state`.
    private struct State {
        /// The call to make each frame; nil once invalidated, so the target is released.
        var callback: UncheckedSendableBox<(CADisplayLink) -> Void>?
        var isInvalidated = false
        var isPaused = false
        var timestamp: CFTimeInterval = 0
        var targetTimestamp: CFTimeInterval = 0
        var duration: CFTimeInterval = 0
        var preferredFramesPerSecond = 0
        var preferredFrameRateRange = CAFrameRateRange.default
        var frameInterval = 1
        /// The run loop the link is added to, while it is added in at least one mode.
        var runLoop: ObjectIdentifier?
        /// The modes the link is added in, in the order they were added.
        var modes: [RunLoop.Mode] = []
        /// The display refresh rate captured when the link was added.
        var refreshRate = 60.0
        var driver = Driver.idle
        /// The cadence slot (display frame / stride) delivered last by the timers, to drop duplicate wake-ups.
        var lastTimerSlot: Int64?
        /// The source of action tokens.
        var nextToken: UInt64 = 0

        /// Display frames between two callbacks, from the settings as described on `CADisplayLink`.
        var frameStride: Int {
            if preferredFrameRateRange != .default {
                return preferredFrameRateRange.displayFrameStride(refreshRate: refreshRate)
            }
            if preferredFramesPerSecond > 0 {
                return CAFrameRateRange.displayFrameStride(
                    refreshRate: refreshRate, minimum: 0, maximum: 0, preferred: Double(preferredFramesPerSecond))
            }
            return Swift.max(1, frameInterval)
        }
    }

    // Values handed to the thread that drives the link (the clock's advancing thread or the run loop's thread) travel
    // in an `UncheckedSendableBox`. They are of three kinds. The link itself, whose mutable state is all behind
    // `state`'s mutex; the callback, which is only ever called on the thread that drives the link, the thread the
    // caller chose by advancing the clock or by picking the run loop, which is Apple's contract for the target too;
    // and the timers, which are only invalidated, through Core Foundation's thread-safe `CFRunLoopTimerInvalidate`.

    private let state: LockedValue<State>

    /// The refresh rate of the simulated display in frames per second, read when a link is added (our addition,
    /// not Apple API). Default 60; set it for a scope with
    /// `CADisplayLink.$displayRefreshRate.withValue(120) { ... }`. It is a task-local value, so tests running in
    /// parallel can use different rates. A value that is not finite and positive counts as 60.
    @TaskLocal public static var displayRefreshRate: Double = 60

    // MARK: Creating a link

    /// A link that calls `handler` with itself once per frame (our addition; the closure form of
    /// `init(target:selector:)`). The closure is held strongly until `invalidate()`.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        state = LockedValue(State(callback: UncheckedSendableBox(handler)))
        super.init()
    }

    /// A link that calls `selector` on `target` with itself once per frame (Apple API, with the one spelling change
    /// described on the type: pass `MyView.step` for Apple's `#selector(step)`, where `step` is
    /// `func step(_ link: CADisplayLink)`). The target is held strongly until `invalidate()`, as on Apple platforms.
    public convenience init<Target: AnyObject>(
        target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void
    ) {
        self.init(handler: { link in selector(target)(link) })
    }

    /// A link that calls the parameterless method `selector` on `target` once per frame (Apple API with the
    /// spelling change described on the type: `MyView.step` for `#selector(step)` with `func step()`). The target
    /// is held strongly until `invalidate()`.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        self.init(handler: { _ in selector(target)() })
    }

    // MARK: Scheduling

    /// Starts delivering frames while `runloop` runs in `mode` (or, under a manual clock, as that clock advances;
    /// see the type's description). Adding in a further mode of the same run loop is allowed; adding in a mode it
    /// is already in, adding to a second run loop, and adding an invalidated link do nothing.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let clock = MediaClock.current
        let refreshRate = Self.usableRefreshRate(Self.displayRefreshRate)
        let link = UncheckedSendableBox(self)
        state.withLock { state in
            guard !state.isInvalidated, !state.modes.contains(mode) else { return }
            if let current = state.runLoop, current != ObjectIdentifier(runloop) { return }
            state.runLoop = ObjectIdentifier(runloop)
            state.modes.append(mode)
            switch state.driver {
            case .idle:
                state.refreshRate = refreshRate
                if let clock {
                    state.driver = .clock(ClockDriver(clock: clock))
                    Self.scheduleNextFrame(after: clock.now, in: &state, link: link)
                } else {
                    state.lastTimerSlot = nil
                    let timer = Self.startTimer(on: runloop, forMode: mode, state: state, link: link)
                    state.driver = .timers([mode: timer])
                }
            case .clock:
                break
            case .timers(var timers):
                timers[mode] = Self.startTimer(on: runloop, forMode: mode, state: state, link: link)
                state.driver = .timers(timers)
            }
        }
    }

    /// Stops delivering frames in `mode` of `runloop`. Once the link is in no mode it stops firing and the run loop
    /// (or clock) lets go of it; it can be added again. A run loop or mode it is not in is ignored.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let released = state.withLock { state -> [UncheckedSendableBox<Timer>] in
            guard state.runLoop == ObjectIdentifier(runloop), let index = state.modes.firstIndex(of: mode) else {
                return []
            }
            state.modes.remove(at: index)
            var released: [UncheckedSendableBox<Timer>] = []
            if case .timers(var timers) = state.driver, let timer = timers.removeValue(forKey: mode) {
                released.append(timer)
                state.driver = .timers(timers)
            }
            if state.modes.isEmpty {
                released += Self.stopDriving(&state)
            }
            return released
        }
        for timer in released {
            timer.value.invalidate()
        }
    }

    /// Removes the link from every mode for good and releases its target (or handler). It never fires again, even
    /// when called from inside its own callback, and adding it again does nothing.
    open func invalidate() {
        let (timers, callback) = state.withLock { state in
            state.isInvalidated = true
            state.modes = []
            let callback = state.callback
            state.callback = nil
            return (Self.stopDriving(&state), callback)
        }
        for timer in timers {
            timer.value.invalidate()
        }
        // Releasing the target may run its deinit, which must happen outside the lock.
        _ = consume callback
    }

    // MARK: Frame information

    /// The media time (seconds) of the frame delivered by the latest callback; 0 before the first callback.
    open var timestamp: CFTimeInterval {
        state.withLock { $0.timestamp }
    }

    /// The media time (seconds) of the link's next callback after the latest one (`timestamp` plus the link's
    /// interval at the rate chosen then); 0 before the first callback.
    open var targetTimestamp: CFTimeInterval {
        state.withLock { $0.targetTimestamp }
    }

    /// One display refresh in seconds (1/60 on the default 60 Hz display), whatever rate the link runs at; 0
    /// before the first callback.
    open var duration: CFTimeInterval {
        state.withLock { $0.duration }
    }

    // MARK: Rate and pausing

    /// When true the link skips its frames (default false). Unpausing resumes on the grid: the next callback is at
    /// the link's next frame strictly after the moment it was unpaused.
    open var isPaused: Bool {
        get { state.withLock { $0.isPaused } }
        set {
            let link = UncheckedSendableBox(self)
            state.withLock { state in
                guard state.isPaused != newValue else { return }
                state.isPaused = newValue
                Self.reschedule(&state, link: link)
            }
        }
    }

    /// The callback rate wanted, in frames per second (Apple API, which Apple now deprecates in favour of
    /// `preferredFrameRateRange`). 0 (the default) or negative asks for nothing (the display's full rate, unless
    /// `frameInterval` says otherwise); otherwise the grid
    /// rate nearest to it is used (30 on a 60 Hz display: every other frame). Ignored while
    /// `preferredFrameRateRange` is not `.default`.
    open var preferredFramesPerSecond: Int {
        get { state.withLock { $0.preferredFramesPerSecond } }
        set {
            let link = UncheckedSendableBox(self)
            state.withLock { state in
                state.preferredFramesPerSecond = newValue
                Self.reschedule(&state, link: link)
            }
        }
    }

    /// The range of callback rates wanted (Apple API); default `.default`, which defers to
    /// `preferredFramesPerSecond` and `frameInterval`. Any other range decides the rate as `CAFrameRateRange`
    /// describes.
    open var preferredFrameRateRange: CAFrameRateRange {
        get { state.withLock { $0.preferredFrameRateRange } }
        set {
            let link = UncheckedSendableBox(self)
            state.withLock { state in
                state.preferredFrameRateRange = newValue
                Self.reschedule(&state, link: link)
            }
        }
    }

    /// How many display frames pass between callbacks (Apple API, deprecated by Apple since iOS 10 in favour of
    /// `preferredFramesPerSecond`). Default 1 (every frame); 2 is every other frame; values below 1 count as 1.
    /// Used only while `preferredFramesPerSecond` is 0 and `preferredFrameRateRange` is `.default`.
    @available(iOS, introduced: 3.1, deprecated: 10.0, message: "use preferredFramesPerSecond")
    open var frameInterval: Int {
        get { state.withLock { $0.frameInterval } }
        set {
            let link = UncheckedSendableBox(self)
            state.withLock { state in
                state.frameInterval = newValue
                Self.reschedule(&state, link: link)
            }
        }
    }

    // MARK: Driving

    /// The refresh rate to use for `requested`: itself when finite and positive, else 60.
    private static func usableRefreshRate(_ requested: Double) -> Double {
        requested.isFinite && requested > 0 ? requested : 60
    }

    /// The first display frame at or after `frame` that is a multiple of `stride` (floor division, so negative
    /// frames before a clock origin below zero work too).
    private static func strideAligned(atOrAfter frame: Int64, stride: Int) -> Int64 {
        let stride = Int64(stride)
        let (quotient, remainder) = frame.quotientAndRemainder(dividingBy: stride)
        return remainder == 0 ? frame : (remainder > 0 ? quotient + 1 : quotient) * stride
    }

    /// `value` rounded down to a whole number of frames, or nil beyond ±2⁵² frames (about 2.4 million years at
    /// 60 Hz), where a `Double` time can no longer tell neighbouring frames apart; a link does not fire there.
    private static func wholeFrames(_ value: Double) -> Int64? {
        abs(value) < 0x1p52 ? Int64(value.rounded(.down)) : nil
    }

    /// The first display frame that begins strictly after media time `time` on a grid of `rate` frames a second,
    /// or nil when `time` is out of range (see `wholeFrames(_:)`).
    private static func firstFrame(after time: Double, rate: Double) -> Int64? {
        guard var frame = wholeFrames(time * rate).map({ $0 + 1 }) else { return nil }
        while Double(frame - 1) / rate > time { frame -= 1 }
        while Double(frame) / rate <= time { frame += 1 }
        return frame
    }

    /// Stops the clock action or hands back the timers to invalidate, leaving the link idle.
    private static func stopDriving(_ state: inout State) -> [UncheckedSendableBox<Timer>] {
        defer {
            state.driver = .idle
            state.runLoop = nil
        }
        switch state.driver {
        case .idle:
            return []
        case .clock(let driver):
            if let pending = driver.pending {
                driver.clock?.cancel(pending.id)
            }
            return []
        case .timers(let timers):
            return Array(timers.values)
        }
    }

    /// Re-plans the next clock callback after a change of pausing or rate (timers need nothing: they check the
    /// settings on every wake-up).
    private static func reschedule(_ state: inout State, link: UncheckedSendableBox<CADisplayLink>) {
        guard case .clock(var driver) = state.driver, let clock = driver.clock else { return }
        if let pending = driver.pending {
            clock.cancel(pending.id)
            driver.pending = nil
            state.driver = .clock(driver)
        }
        scheduleNextFrame(after: clock.now, in: &state, link: link)
    }

    /// Schedules the clock callback for the link's first frame strictly after `time`, unless the link is paused
    /// or invalidated.
    private static func scheduleNextFrame(
        after time: Double, in state: inout State, link: UncheckedSendableBox<CADisplayLink>
    ) {
        guard case .clock(var driver) = state.driver, let clock = driver.clock, !state.isPaused,
            !state.isInvalidated, let next = firstFrame(after: time, rate: state.refreshRate)
        else { return }
        let frame = strideAligned(atOrAfter: next, stride: state.frameStride)
        let token = state.nextToken
        state.nextToken += 1
        let id = clock.schedule(at: Double(frame) / state.refreshRate) {
            link.value.deliverClockFrame(frame, token: token)
        }
        driver.pending = (id, token)
        state.driver = .clock(driver)
    }

    /// Runs a clock action: records the frame, schedules the next one, then calls back outside the lock.
    private func deliverClockFrame(_ frame: Int64, token: UInt64) {
        let link = UncheckedSendableBox(self)
        let callback = state.withLock { state -> UncheckedSendableBox<(CADisplayLink) -> Void>? in
            guard case .clock(var driver) = state.driver, driver.pending?.token == token else { return nil }
            driver.pending = nil
            state.driver = .clock(driver)
            let stride = state.frameStride
            state.timestamp = Double(frame) / state.refreshRate
            state.targetTimestamp = Double(frame + Int64(stride)) / state.refreshRate
            state.duration = 1 / state.refreshRate
            Self.scheduleNextFrame(after: state.timestamp, in: &state, link: link)
            return state.callback
        }
        callback?.value(self)
    }

    /// Creates and installs the repeating timer for `mode`, its first firing at the next display frame.
    private static func startTimer(
        on runloop: RunLoop, forMode mode: RunLoop.Mode, state: State, link: UncheckedSendableBox<CADisplayLink>
    ) -> UncheckedSendableBox<Timer> {
        let rate = state.refreshRate
        let now = CACurrentMediaTime()
        let firstFireTime = firstFrame(after: now, rate: rate).map { Double($0) / rate } ?? now
        let timer = Timer(
            fire: Date(timeIntervalSinceNow: firstFireTime - now), interval: 1 / rate, repeats: true
        ) { _ in
            link.value.deliverTimerFrame()
        }
        runloop.add(timer, forMode: mode)
        return UncheckedSendableBox(timer)
    }

    /// Runs a timer wake-up: delivers the newest frame of the link's cadence that has begun, unless it was
    /// delivered already (another mode's timer, or an early wake-up) or the link is paused.
    private func deliverTimerFrame() {
        let now = CACurrentMediaTime()
        let callback = state.withLock { state -> UncheckedSendableBox<(CADisplayLink) -> Void>? in
            guard case .timers = state.driver, !state.isPaused else { return nil }
            let rate = state.refreshRate
            let stride = Int64(state.frameStride)
            // A wake-up up to a quarter frame early still counts for the frame it was aimed at.
            guard let frame = Self.wholeFrames(now * rate + 0.25) else { return nil }
            let slot = frame >= 0 ? frame / stride : (frame - stride + 1) / stride
            if let last = state.lastTimerSlot, slot <= last { return nil }
            state.lastTimerSlot = slot
            state.timestamp = Double(slot * stride) / rate
            state.targetTimestamp = Double((slot + 1) * stride) / rate
            state.duration = 1 / rate
            return state.callback
        }
        callback?.value(self)
    }
}
