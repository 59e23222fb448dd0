import Foundation

/// A transaction completion block with the count of animations it waits for (our addition; SPEC §8).
///
/// A completion is created by `CATransaction.setCompletionBlock(_:)`. Every animation added to a layer after that,
/// while the transaction that set it (or a transaction nested in it) is open, counts for it; the block runs once
/// all of them have stopped (finished or removed) and the outermost transaction has committed — never inside
/// `commit()` itself, but from the clock or run loop afterwards, exactly once. Guarded by `LayerTreeLock`.
final class TransactionCompletion: @unchecked Sendable {
    /// The block; cleared once it has been handed out to run.
    private var block: (() -> Void)?
    /// Animations that count for the block and have not stopped yet.
    private var pendingAnimations = 0
    /// Whether the outermost transaction is still open (the block may not run yet).
    private var isHeldByTransaction = true

    init(_ block: @escaping () -> Void) {
        self.block = block
    }

    /// Counts one more animation.
    func animationAdded() {
        pendingAnimations += 1
    }

    /// An animation that counted has stopped. Returns the block when it is now due.
    func animationStopped() -> (() -> Void)? {
        pendingAnimations -= 1
        return takeIfDue()
    }

    /// The outermost transaction has committed. Returns the block when it is now due.
    func transactionCommitted() -> (() -> Void)? {
        isHeldByTransaction = false
        return takeIfDue()
    }

    private func takeIfDue() -> (() -> Void)? {
        guard !isHeldByTransaction, pendingAnimations <= 0, let due = block else { return nil }
        block = nil
        return due
    }
}
