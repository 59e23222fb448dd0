import Dispatch
import Foundation

/// Delivers animation delegate callbacks and transaction completion blocks in time order, for one clock (our
/// addition; SPEC §7, §8).
///
/// Each manual `MediaClock` has one (`MediaClock.animationEvents`); the system clock has `system`. After every
/// commit the center schedules a *sweep* at the earliest media time any tracked layer owes a callback; the sweep
/// collects what is due, delivers it outside the lock (earliest first: starts, stops, then the completion blocks
/// the stops release), and schedules the next. With a manual clock the sweeps are clock actions, so
/// `advance(to:)` delivers everything due on the way; with the system clock they are main-queue work items.
///
/// Every method except `sweep()` is called with `LayerTreeLock` held.
final class AnimationEventCenter: @unchecked Sendable {
    // Safety of `@unchecked Sendable`: the mutable state is only touched with `LayerTreeLock` held.

    /// The center of the system clock (no manual clock installed).
    static let system = AnimationEventCenter()

    /// The center of the clock installed for the current task, or the system one.
    static var current: AnimationEventCenter {
        MediaClock.current?.animationEvents ?? system
    }

    /// The manual clock, nil for the system center.
    weak var clock: MediaClock?
    private var isManual = false
    private var tracked: [CALayer] = []
    private var scheduledTime = Double.infinity
    private var scheduledAction: MediaClock.ActionID?
    private var isObservingTurns = false

    init() {}

    /// Binds the center to its manual clock (called once by `MediaClock.init`).
    func attach(to clock: MediaClock) {
        self.clock = clock
        isManual = true
    }

    private var now: Double {
        isManual ? (clock?.now ?? .infinity) : MediaClock.systemTime
    }

    // MARK: Implicit transactions

    /// Makes the clock commit the advancing thread's implicit transaction at the end of each of its turns.
    func installTransactionObserver(on clock: MediaClock) {
        guard !isObservingTurns else { return }
        isObservingTurns = true
        clock.addTurnObserver { _ in
            LayerTreeLock.withLock { TransactionStack.current.flush() }
        }
    }

    // MARK: Scheduling

    /// Adds `layer` to the layers whose callbacks are watched.
    func track(_ layer: CALayer) {
        guard !layer.flags.contains(.isTrackedForEvents) else { return }
        layer.flags.insert(.isTrackedForEvents)
        tracked.append(layer)
    }

    /// Schedules `block` for the next turn (the next advance of a manual clock, the next main-queue turn).
    func runSoon(_ block: @escaping () -> Void) {
        let box = UncheckedSendableBox(block)  // handed to the thread that runs the action, never shared
        schedule(at: now) { box.value() }
    }

    /// Schedules the `animationDidStop(_:finished: false)` of a removed animation, and the completion blocks its
    /// removal releases, for the next turn.
    func deliverRemoval(of entry: AttachedAnimation) {
        let event = AnimationEvent(
            time: now, kind: .stop(entry.animation, finished: false, completions: entry.completions))
        let box = UncheckedSendableBox(event)  // handed to the thread that runs the action, never shared
        schedule(at: now) { AnimationEventCenter.deliver([box.value]) }
    }

    /// Schedules a sweep at the earliest callback any tracked layer owes, unless one is already scheduled at or
    /// before it.
    func reschedule() {
        var earliest = Double.infinity
        for layer in tracked {
            earliest = Swift.min(earliest, layer.nextAnimationEventTime())
        }
        guard earliest.isFinite, earliest < scheduledTime else { return }
        if let scheduledAction, let clock { clock.cancel(scheduledAction) }
        scheduledTime = earliest
        scheduledAction = schedule(at: earliest) { [weak self] in self?.sweep() }
    }

    @discardableResult
    private func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) -> MediaClock.ActionID? {
        if isManual {
            guard let clock else { return nil }
            return clock.schedule(at: time) { [weak clock] in
                guard let clock else { return }
                MediaClock.withInstalled(clock) { _ in action() }
            }
        }
        let delay = Swift.max(0, time - MediaClock.systemTime)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: action)
        return nil
    }

    // MARK: Delivery

    /// Collects and delivers every callback due now, then schedules the next sweep.
    func sweep() {
        let events: [AnimationEvent] = LayerTreeLock.withLock {
            scheduledTime = .infinity
            scheduledAction = nil
            let time = now
            var events: [AnimationEvent] = []
            var remaining: [CALayer] = []
            for layer in tracked {
                if layer.collectAnimationEvents(atMediaTime: time, into: &events) {
                    remaining.append(layer)
                } else {
                    layer.flags.remove(.isTrackedForEvents)
                }
            }
            tracked = remaining
            reschedule()
            return events
        }
        Self.deliver(events)
    }

    /// Calls the delegates and blocks of `events`, earliest first (starts before stops at equal times), then the
    /// completion blocks the stops released.
    static func deliver(_ events: [AnimationEvent]) {
        let ordered = events.enumerated().sorted { lhs, rhs in
            if lhs.element.time != rhs.element.time { return lhs.element.time < rhs.element.time }
            return lhs.offset < rhs.offset
        }
        for (_, event) in ordered {
            switch event.kind {
            case .start(let animation):
                animation.delegate?.animationDidStart(animation)
            case .stop(let animation, let finished, let completions):
                animation.delegate?.animationDidStop(animation, finished: finished)
                let due = LayerTreeLock.withLock { completions.compactMap { $0.animationStopped() } }
                for block in due { block() }
            }
        }
    }
}
