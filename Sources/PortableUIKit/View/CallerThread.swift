/// Runs the main-actor code of views on whatever thread asks for it (our helper), as UIKit does for code that
/// reaches it without isolation checks.
///
/// UIKit's classes are main-actor isolated for Swift 6 code, which can only call them on the main actor. Code
/// compiled in the Swift 5 language mode (most iOS libraries) sees them as `@preconcurrency` and may call them from
/// any thread, as it may on Apple platforms. A layer then calls back into its view (layout, drawing) on the thread
/// that is driving the layer, which is the thread that caller uses for that view. `run(_:)` enters the view's code
/// there instead of trapping the way `MainActor.assumeIsolated` would off the main thread.
///
/// Safety: the compiler's main-actor promise holds for every Swift 6 caller, which reaches these callbacks only from
/// the main actor. A Swift 5 caller that uses one view from two threads at once races, exactly as with Apple's
/// UIKit, which is not thread-safe either; nothing here makes that worse.
enum CallerThread {
    /// Calls `body`, isolated to the main actor for the compiler, on the current thread.
    static func run<T>(_ body: @MainActor () throws -> T) rethrows -> T {
        try withoutActuallyEscaping(body) { escapable in
            // The same step `MainActor.assumeIsolated` takes after its check: a main-actor function and a plain one
            // have the same representation.
            try unsafeBitCast(escapable, to: (() throws -> T).self)()
        }
    }
}
