import Foundation

/// The one recursive lock that guards every layer's model state, its animations and the transaction machinery
/// (our addition; `CATransaction.lock()` and `unlock()` take it, as Apple's take Core Animation's global lock).
///
/// Layer setters and getters take it for the few nanoseconds they touch state, so layers can be read and written
/// from any thread, as on Apple platforms. It is recursive because actions, delegates and layout run while a setter
/// or a commit holds it and may touch layers again. It is never held while delegate callbacks or completion blocks
/// run from the clock.
enum LayerTreeLock {
    static let shared = NSRecursiveLock()

    /// Runs `body` with the lock held.
    @inline(__always)
    static func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        shared.lock()
        defer { shared.unlock() }
        return try body()
    }
}
