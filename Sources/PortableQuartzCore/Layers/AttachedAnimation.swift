import Foundation

/// One animation attached to a layer (our helper): the layer's own copy, its compiled form, and the bookkeeping of
/// its callbacks.
struct AttachedAnimation {
    /// Where the animation is in the layer's life.
    enum Status {
        /// Added in a transaction that has not committed yet: listed by `animationKeys()`, not yet on screen.
        case pending
        /// Committed: on screen.
        case active
        /// Removed (or replaced) in a transaction that has not committed yet: still on screen until it commits.
        case removing
    }

    /// The key it was added under (nil keys are allowed and never match a lookup).
    let key: String?
    /// The layer's private copy (what delegates receive and `animation(forKey:)` copies).
    let animation: CAAnimation
    /// The compiled form, evaluated every frame.
    let compiled: CompiledAnimation
    /// Subtracted from the layer's time before evaluating: the commit time for an animation added with
    /// `beginTime` 0 ("start now"), else 0. Evaluating `compiled` (built with `beginTime` 0) at `t − shift` is
    /// exactly evaluating it with `beginTime = shift` at `t`.
    var beginShift: Double = 0
    /// Whether `beginTime` was 0 when added, so the commit stamps it.
    let startsAtCommit: Bool
    var status: Status = .pending
    var hasStarted = false
    var hasStopped = false
    /// Whether removal after the active period matters for what shows (removed on completion and filling
    /// forwards): only then must evaluation check for the end.
    let hidesWhenFinished: Bool
    /// The transaction completion groups counting this animation.
    var completions: [TransactionCompletion]

    /// Whether anything waits for the animation's start or stop: its delegate, a transaction's completion block,
    /// or its own removal on completion. Only such animations keep their layer watched for callbacks; a tree of
    /// animations with none (`isRemovedOnCompletion = false` and no delegate, as Lottie players build them) costs
    /// a commit nothing, however many layers it has. (The copy a layer keeps is immutable, so this never changes.)
    var owesCallbacks: Bool {
        !completions.isEmpty || compiled.isRemovedOnCompletion || animation.delegate != nil
    }
}
