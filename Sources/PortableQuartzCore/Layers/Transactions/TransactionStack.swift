import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One thread's transactions: the open levels, innermost last, and the layers changed since the last commit (our
/// addition; SPEC §8 "stack per thread").
///
/// Reached through `TransactionStack.current`, a per-thread value. Every method is called with `LayerTreeLock`
/// held, because commits touch layers other threads may read.
final class TransactionStack {
    /// The open levels, outermost first. An implicit level, when there is one, is always the first.
    private(set) var levels: [TransactionLevel] = []
    /// Layers changed (or created) since the last commit of this thread, each once, in the order they changed.
    private var changedLayers: [CALayer] = []
    /// Completion groups of levels that were popped but whose outermost transaction has not committed yet.
    private var committedCompletions: [TransactionCompletion] = []
    /// How many `CATransaction.lock()` calls of this thread are not yet matched by `unlock()`. Only this thread
    /// reads or writes it, so it needs no lock.
    var explicitLockDepth = 0
    /// Set while `commitChanges()` runs: layout and display may change layers then, and those changes join the
    /// commit under way instead of opening a new transaction.
    private var isCommitting = false
    /// An animation a caller of this thread hands to one layer without a copy, while that layer's `add(_:forKey:)`
    /// runs (see `CALayer.add(ownedAnimation:forKey:typed:)`). Only this thread reads or writes it.
    var animationHandover: AnimationHandover?

    // MARK: The per-thread instance

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<TransactionStack>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "CATransaction: cannot create the per-thread transaction key (\(status))")
        return key
    }()

    /// The calling thread's stack, created on first use and released when the thread ends.
    static var current: TransactionStack {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<TransactionStack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let stack = TransactionStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    // MARK: Levels

    /// Whether any transaction, implicit or explicit, is open.
    var isOpen: Bool { !levels.isEmpty }

    /// Pushes an explicit level (`CATransaction.begin()`).
    func begin() {
        levels.append(TransactionLevel(isExplicit: true))
        observeClockTurns()
    }

    /// Makes sure the installed manual clock, if any, commits this thread's implicit transaction at the end of its
    /// turns: one may have been opened earlier under another clock (or none), and an explicit transaction nested in
    /// it only takes effect when it commits.
    private func observeClockTurns() {
        if let clock = MediaClock.current {
            clock.animationEvents.installTransactionObserver(on: clock)
        }
    }

    /// Pops the innermost explicit level (`CATransaction.commit()`); commits when it was the outermost level. An
    /// unmatched commit (no explicit level open) does nothing.
    func commitExplicit() {
        guard let last = levels.last, last.isExplicit else { return }
        popLevel()
        if levels.isEmpty, !isCommitting { commitChanges() }
    }

    /// Commits the implicit transaction if it is the only level open (`CATransaction.flush()` and the end of a
    /// run-loop turn). With explicit transactions still open, nothing happens: they commit it when they end.
    func flush() {
        if levels.count == 1, !levels[0].isExplicit {
            popLevel()
        }
        if levels.isEmpty, !isCommitting, !changedLayers.isEmpty || !committedCompletions.isEmpty {
            commitChanges()
        }
    }

    /// Makes sure a transaction is open before a layer changes: opens the implicit one when none is, and arranges
    /// for it to be committed at the end of the current run-loop turn (or the manual clock's turn).
    func ensureOpen() {
        guard levels.isEmpty, !isCommitting else { return }
        levels.append(TransactionLevel(isExplicit: false))
        if MediaClock.current != nil {
            observeClockTurns()
        } else {
            RunLoop.current.perform {
                LayerTreeLock.withLock { TransactionStack.current.flush() }
            }
        }
    }

    private func popLevel() {
        let level = levels.removeLast()
        committedCompletions.append(contentsOf: level.completions)
    }

    // MARK: Values

    /// The value for `key` on the innermost level that has one.
    func value(forKey key: String) -> Any? {
        for level in levels.reversed() {
            if let value = level.values[key] { return value }
        }
        return nil
    }

    /// The default duration of animations added now (`kCATransactionAnimationDuration`, innermost first; 0.25 s
    /// when unset).
    var animationDuration: Double {
        KeyValueCoercion.double(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Whether the open transactions disable actions (`kCATransactionDisableActions`, innermost first; false when
    /// unset).
    var actionsDisabled: Bool {
        KeyValueCoercion.bool(value(forKey: kCATransactionDisableActions)) ?? false
    }

    /// Stores `value` on the innermost level, opening the implicit transaction when none is open. `nil` stores a
    /// marker that hides outer values.
    func setValue(_ value: Any?, forKey key: String) {
        ensureOpen()
        levels[levels.count - 1].values[key] = value ?? NSNull()
    }

    /// Starts a completion group on the innermost level.
    func addCompletion(_ block: @escaping () -> Void) {
        ensureOpen()
        levels[levels.count - 1].completions.append(TransactionCompletion(block))
    }

    /// The completion groups an animation added now counts for: every group begun on an open level.
    var openCompletions: [TransactionCompletion] {
        var result: [TransactionCompletion] = []
        for level in levels where !level.completions.isEmpty {
            result.append(contentsOf: level.completions)
        }
        return result
    }

    // MARK: Changed layers

    /// Records that `layer` changed in the current transaction (opening the implicit one if needed).
    func register(_ layer: CALayer) {
        ensureOpen()
        guard !layer.isRegisteredForCommit else { return }
        layer.isRegisteredForCommit = true
        changedLayers.append(layer)
        observeClockTurns()
    }

    /// The outermost transaction ended: lay out and display what needs it, commit every changed layer at the
    /// current media time, and release the completion groups.
    private func commitChanges() {
        isCommitting = true
        defer { isCommitting = false }
        let now = CACurrentMediaTime()
        let center = AnimationEventCenter.current
        // Layout and display may change more layers, which then join the list being walked. Layout walks the
        // trees of the changed layers once each, from their roots down (ancestors before descendants); layers that
        // layout changes are laid out in another such round.
        var index = 0
        while index < changedLayers.count {
            let roots = CALayer.treeRoots(of: changedLayers[index...])
            index = changedLayers.count
            for root in roots { root.layoutSubtreeIfNeeded() }
        }
        index = 0
        while index < changedLayers.count {
            changedLayers[index].displayIfNeeded()
            index += 1
        }
        index = 0
        while index < changedLayers.count {
            changedLayers[index].commit(atMediaTime: now, events: center)
            index += 1
        }
        changedLayers.removeAll(keepingCapacity: true)
        let completions = committedCompletions
        committedCompletions.removeAll()
        for completion in completions {
            if let due = completion.transactionCommitted() {
                center.runSoon(due)
            }
        }
        center.reschedule()
    }
}

/// An animation handed to one layer without a copy (our helper): `CALayer.add(_:forKey:)` takes `animation` itself
/// when it is called on `layer` with exactly that object.
struct AnimationHandover {
    let animation: CAAnimation
    let layer: CALayer
    let typed: TypedAnimationValues?
}
