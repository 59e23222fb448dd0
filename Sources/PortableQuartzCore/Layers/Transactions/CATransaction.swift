import Foundation

/// Groups layer changes so they reach the presentation together, and carries the settings for the animations those
/// changes create (Apple API; SPEC §8).
///
/// Transactions nest, per thread: `begin()` opens one, `commit()` closes it, and the changes made while any is
/// open take effect (animations get their begin times, `presentation()` starts showing the new values) when the
/// outermost one commits. A change made with no transaction open opens an *implicit* transaction, committed at the
/// end of the current run-loop turn: when a manual `MediaClock` is installed, at the start of its next
/// `advance`; otherwise when the thread's `RunLoop` next runs. `flush()` commits it at once.
///
/// Settings (`animationDuration`, `animationTimingFunction`, `disableActions`, `completionBlock` and any key of
/// your own) are looked up from the innermost open transaction outwards; a setter writes the innermost one, so a
/// value set in a nested transaction does not leak out. With no transaction open, reads give the defaults: 0.25 s,
/// no timing function, actions enabled, no completion block.
///
/// Unlike Apple's, every class method here is safe to call in any order: an unmatched `commit()` or `unlock()`
/// does nothing.
open class CATransaction: NSObject {
    /// Opens a transaction on the calling thread, nested in any already open.
    open class func begin() {
        LayerTreeLock.withLock { TransactionStack.current.begin() }
    }

    /// Closes the innermost transaction `begin()` opened on this thread; when it is the outermost open, commits
    /// its changes. Completion blocks and animation delegates are called later, never from inside this call.
    open class func commit() {
        LayerTreeLock.withLock { TransactionStack.current.commitExplicit() }
    }

    /// Commits the implicit transaction now, unless explicit transactions are open on this thread (they then
    /// commit it when the outermost of them commits).
    open class func flush() {
        LayerTreeLock.withLock { TransactionStack.current.flush() }
    }

    /// Takes the layer tree's global recursive lock (the one every layer access takes briefly).
    open class func lock() {
        LayerTreeLock.shared.lock()
        TransactionStack.current.explicitLockDepth += 1
    }

    /// Releases the lock taken by `lock()`. Unlike Apple's, a call without a matching `lock()` on this thread is
    /// ignored.
    open class func unlock() {
        let stack = TransactionStack.current
        guard stack.explicitLockDepth > 0 else { return }
        stack.explicitLockDepth -= 1
        LayerTreeLock.shared.unlock()
    }

    // MARK: Settings

    /// The default duration, in seconds, of animations added to layers while this transaction is open with a
    /// duration ≤ 0, implicit ones included. Default 0.25.
    open class func animationDuration() -> CFTimeInterval {
        LayerTreeLock.withLock { TransactionStack.current.animationDuration }
    }

    /// Sets the default duration of the innermost transaction.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to implicit animations and to added animations that have none. Default nil (the
    /// implicit animations then use the `default` curve, other animations stay linear).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of the innermost transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip their actions (no implicit animations). Default false.
    open class func disableActions() -> Bool {
        LayerTreeLock.withLock { TransactionStack.current.actionsDisabled }
    }

    /// Sets whether actions are disabled in the innermost transaction.
    open class func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block most recently set on the open transactions (innermost first), or nil.
    open class func completionBlock() -> (() -> Void)? {
        (value(forKey: kCATransactionCompletionBlock) as? CompletionBlockBox)?.block
    }

    /// Adds a completion block: it runs once, on a later turn of the run loop (or of the manual clock), when every
    /// animation added from now on while this transaction is open has stopped, finished or removed, and the
    /// outermost transaction has committed — with none added, on the turn after that commit. Setting a second
    /// block adds it (both run); setting nil reads back nil but does not cancel a block already set.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        LayerTreeLock.withLock {
            let stack = TransactionStack.current
            if let block {
                stack.addCompletion(block)
                stack.setValue(CompletionBlockBox(block: block), forKey: kCATransactionCompletionBlock)
            } else {
                stack.setValue(nil, forKey: kCATransactionCompletionBlock)
            }
        }
    }

    /// The value stored for `key` in the open transactions (innermost first), or nil.
    open class func value(forKey key: String) -> Any? {
        LayerTreeLock.withLock {
            let value = TransactionStack.current.value(forKey: key)
            return value is NSNull ? nil : value
        }
    }

    /// Stores any value under `key` in the innermost transaction (opening the implicit one when none is open).
    /// The four documented keys have typed accessors; `completionBlock` must be set with `setCompletionBlock`.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        LayerTreeLock.withLock { TransactionStack.current.setValue(anObject, forKey: key) }
    }
}

/// A completion block stored as a transaction value (closures are not objects on Linux).
struct CompletionBlockBox {
    let block: () -> Void
}

/// The transaction key for the default animation duration (`Double`, seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key for the disable-actions flag (`Bool`).
public let kCATransactionDisableActions = "disableActions"
/// The transaction key for the timing function of implicit animations (`CAMediaTimingFunction`).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key for the completion block.
public let kCATransactionCompletionBlock = "completionBlock"
