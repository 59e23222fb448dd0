/// A value the compiler cannot prove `Sendable`, carried across a concurrency boundary anyway (our helper, for every
/// module of the package).
///
/// Use it to hand a value to a closure the compiler requires to be `@Sendable` (a media-clock action, a main-queue
/// block, a display link's timer, `MainActor.assumeIsolated`) when the value is in fact never used by two threads at
/// once. The box checks nothing and adds no synchronisation; it only silences the compiler.
///
/// The caller's obligation: the value is handed over, never shared. Either it moves to one thread and is used only
/// there, or every use of its mutable state is behind a lock, or the closure runs synchronously on the calling
/// thread. Say which, in a comment at the place the box is made.
package struct UncheckedSendableBox<Value>: @unchecked Sendable {
    /// The carried value.
    package let value: Value

    /// Boxes `value`.
    package init(_ value: Value) {
        self.value = value
    }
}
