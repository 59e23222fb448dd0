import Foundation
import Synchronization

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
}

/// The animations of one layer, in the order they were added (our helper; SPEC §3.3 evaluation order), and their
/// flat per-frame form.
final class LayerAnimations {
    /// The layer that owns these animations (it keeps them for its whole life).
    unowned let layer: CALayer

    /// The attached animations. Any change marks the program out of date and gives the layer a new presentation
    /// stamp (its on-screen animations may have changed), and is a change of the layer world (`PresentationEpoch`).
    var entries: [AttachedAnimation] = [] {
        didSet {
            isProgramCurrent = false
            layer.presentationStamp = PresentationStamp.next()
            PresentationEpoch.advance()
        }
    }

    /// The on-screen entries flattened for evaluation; current only while `isProgramCurrent` (see
    /// `updateProgram()`).
    private(set) var program = PresentationProgram()
    /// Names the current `program`: a new stamp each time it is rebuilt, so a copy of the steps can be recognised.
    private(set) var programStamp = PresentationStamp.next()
    /// Whether `program` reflects `entries`.
    private(set) var isProgramCurrent = true

    init(layer: CALayer) {
        self.layer = layer
    }

    /// Rebuilds `program` from `entries` when they changed since it was built. Called with the lock held.
    @inline(__always)
    func updateProgram() {
        if isProgramCurrent { return }
        program = PresentationProgram(entries)
        programStamp = PresentationStamp.next()
        isProgramCurrent = true
    }

    /// Whether any entry still owes a start or stop callback (or its removal on completion).
    var hasPendingEvents: Bool {
        entries.contains { $0.status != .pending && !$0.hasStopped }
    }
}

/// A counter of changes to the layer world (our helper): it moves on every change that can alter what any layer
/// presents — every `noteChange()` (model values, timing, hierarchy, animations added or removed, display), every
/// commit, every change to a layer's attached animations. While it stands still, a tree that was committed and
/// contains no presentation copies presents the same committed values and animations as before, so
/// `PresentationEvaluator` may replay its recorded plan without visiting the layers. Changed and read with the layer
/// tree's lock held.
enum PresentationEpoch {
    private static let counter = Atomic<UInt64>(0)

    /// The current value.
    static var current: UInt64 {
        counter.load(ordering: .relaxed)
    }

    /// Records a change.
    @inline(__always)
    static func advance() {
        counter.wrappingAdd(1, ordering: .relaxed)
    }
}

/// The source of presentation stamps (our helper): every call of `next()` gives a value never given before, so a
/// stamp names one layer's presentation inputs at one moment (see `CALayer.updatePresentation`).
enum PresentationStamp {
    private static let counter = Atomic<UInt64>(0)

    /// A new stamp, never 0.
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
