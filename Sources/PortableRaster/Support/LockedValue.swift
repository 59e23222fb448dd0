#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that threads share, read and changed only inside ``withLock(_:)`` under a POSIX mutex (our helper).
///
/// It does what `Synchronization.Mutex` does. The difference is what the thread sanitizer sees: on Linux `Mutex`
/// locks with futex system calls the sanitizer knows nothing of, so every `withLock` that two threads enter one
/// after the other is reported as an access race on the guarded value; `pthread_mutex_lock` is one of the calls
/// the sanitizer follows, so its reports stay for real races. Caches that many threads use (glyph outlines and
/// bitmaps, the font locator, an image's bordered copy) keep their state in one.
package final class LockedValue<Value>: @unchecked Sendable {
    // Safe to share: `value` is only touched inside `withLock`, between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock (not reentrant: `body` must not call `withLock` again).
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
