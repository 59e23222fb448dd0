import CRasterKernels
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A second thread that does one part of a divisible piece of work while the caller does the other (our helper):
/// the rows of a large shape's coverage, or of its compositing, split in two.
///
/// The parts are tens of microseconds long, shorter than a thread takes to wake from sleep, so the helper waits for
/// its next part by spinning on an atomic (with the processor's spin-wait hint), and sleeps (on a POSIX condition)
/// after ``checksBeforeSleeping`` checks without one, a fraction of a millisecond. Between the shapes of a frame it is
/// awake.
///
/// One caller at a time: a caller that finds the helper taken by another thread (several renderers drawing at once,
/// or a part that itself divides) runs both parts itself, one after the other, and so does a thread marked with
/// ``keepWorkOnThisThread()`` (the exporter's workers, which already use every core). A
/// caller that finishes its own part before the helper has started the other (the helper was asleep, as it is at the
/// first shape of a frame drawn long after the last) takes that part back and runs it too, so dividing never costs
/// more than a few atomic operations over doing both parts in turn. The parts must touch disjoint memory; both have
/// finished when ``run(_:alongside:)`` returns, and the caller sees all that the helper's part wrote.
@_spi(Engine) public final class HelperThread: @unchecked Sendable {
    // Unchecked: `part` is written only by the caller that holds `claimed`, before `state` publishes it with
    // sequentially consistent order, and read only by the helper after it has seen that state. The condition and
    // its mutex are POSIX objects used as documented.
    static let shared = HelperThread()

    /// Whether work is divided at all (default true). When false every caller runs both parts itself, so drawing uses
    /// one core: the comparisons with single-threaded peers (cairo) turn it off.
    @_spi(Engine) public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }
    private static let enabled = Atomic<Bool>(true)

    /// Marks the calling thread as one of several that draw at once (the exporter's workers): its work is never
    /// divided, since the other threads already keep the cores busy and a spinning helper would only take time from
    /// them. For the life of the thread.
    @_spi(Engine) public static func keepWorkOnThisThread() {
        pthread_setspecific(undividedThreads, UnsafeRawPointer(bitPattern: 1))
    }

    /// The thread-local key whose value is non-nil on threads marked by ``keepWorkOnThisThread()``.
    private static let undividedThreads: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Work at least this many rows tall is worth dividing (shorter work ends before the division pays).
    static let rowsWorthDividing = 64

    /// Whether work divided on this thread may go to the helper: dividing is enabled and the thread is not marked
    /// with ``keepWorkOnThisThread()``. Callers check it before preparing a second part's scratch.
    static var isAvailableHere: Bool {
        enabled.load(ordering: .relaxed) && pthread_getspecific(undividedThreads) == nil
    }

    /// How many empty checks the helper makes before it sleeps: with a spin-wait hint each (31 ns on the AMD EPYC
    /// machine the benchmarks run on), about a quarter of a millisecond.
    static let checksBeforeSleeping = 8_192

    private enum State: Int {
        /// No part, or a part the caller took back.
        case idle
        case posted, running, done
    }

    private let state = Atomic<Int>(State.idle.rawValue)
    private let claimed = Atomic<Bool>(false)
    private let sleeping = Atomic<Bool>(false)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// The posted part; an empty closure between parts.
    private var part: () -> Void = {}

    private init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
        var thread = pthread_t()
        // The thread keeps the (never released) shared instance; a failure to start leaves `claimed` set, so every
        // caller runs both parts itself.
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<HelperThread>.fromOpaque(context!).takeUnretainedValue().serve()
                return nil
            }, Unmanaged.passUnretained(self).toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            claimed.store(true, ordering: .sequentiallyConsistent)
        }
    }

    /// Runs `helperPart` on the helper thread and `callerPart` on this one; returns when both are done.
    func run(_ helperPart: () -> Void, alongside callerPart: () -> Void) {
        guard Self.isAvailableHere,
            claimed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else {
            callerPart()
            helperPart()
            return
        }
        withoutActuallyEscaping(helperPart) { escaping in
            part = escaping
            state.store(State.posted.rawValue, ordering: .sequentiallyConsistent)
            if sleeping.load(ordering: .sequentiallyConsistent) {
                // The helper holds the mutex from announcing its sleep until it waits, so it cannot miss this.
                pthread_mutex_lock(mutex)
                pthread_cond_signal(condition)
                pthread_mutex_unlock(mutex)
            }
            callerPart()
            if state.compareExchange(
                expected: State.posted.rawValue, desired: State.idle.rawValue, ordering: .acquiring
            ).exchanged {
                // The helper has not started (it was asleep, or another process had its core): the caller does the
                // part itself rather than wait for it to wake.
                escaping()
            } else {
                while state.load(ordering: .acquiring) != State.done.rawValue { prk_spin_pause() }
            }
            part = {}
        }
        state.store(State.idle.rawValue, ordering: .relaxed)
        claimed.store(false, ordering: .releasing)
    }

    /// The helper's loop: run each posted part, spin between parts, sleep when none comes for a while.
    private func serve() {
        var checks = 0
        while true {
            if state.load(ordering: .relaxed) == State.posted.rawValue,
                state.compareExchange(
                    expected: State.posted.rawValue, desired: State.running.rawValue, ordering: .acquiring
                ).exchanged
            {
                part()
                state.store(State.done.rawValue, ordering: .releasing)
                checks = 0
            } else if checks < Self.checksBeforeSleeping {
                checks += 1
                prk_spin_pause()
            } else {
                pthread_mutex_lock(mutex)
                sleeping.store(true, ordering: .sequentiallyConsistent)
                while state.load(ordering: .sequentiallyConsistent) != State.posted.rawValue {
                    pthread_cond_wait(condition, mutex)
                }
                sleeping.store(false, ordering: .sequentiallyConsistent)
                pthread_mutex_unlock(mutex)
                checks = 0
            }
        }
    }
}
