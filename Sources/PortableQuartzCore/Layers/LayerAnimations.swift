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
}

/// The animations of one layer, in the order they were added (our helper; SPEC §3.3 evaluation order).
final class LayerAnimations {
    var entries: [AttachedAnimation] = []

    /// Whether any entry still owes a start or stop callback (or its removal on completion).
    var hasPendingEvents: Bool {
        entries.contains { $0.status != .pending && !$0.hasStopped }
    }
}

extension LayerState {
    /// Applies `animations` at the layer's local time `layerTime` on top of the committed values `model` (SPEC
    /// Appendix A): each on-screen animation in order, each of its tracks reading the running value and the model
    /// value of its key path. `self` must start equal to `model`.
    ///
    /// Allocation-free for numbers, geometry, colours and transform components.
    mutating func applyAnimations(_ animations: LayerAnimations, model: LayerState, layerTime: Double) {
        // Walked through buffer pointers so entries and tracks are borrowed, not copied (a copy would retain every
        // reference inside them).
        animations.entries.withUnsafeBufferPointer { entries in
            for entryIndex in entries.indices {
                if entries[entryIndex].status == .pending { continue }
                let time = layerTime - entries[entryIndex].beginShift
                if entries[entryIndex].hidesWhenFinished,
                    entries[entryIndex].compiled.hasFinished(atParentTime: time)
                {
                    continue
                }
                entries[entryIndex].compiled.tracks.withUnsafeBufferPointer { tracks in
                    for trackIndex in tracks.indices {
                        applyTrack(tracks[trackIndex], model: model, time: time)
                    }
                }
            }
        }
    }

    @inline(__always)
    private mutating func applyTrack(_ track: AnimationTrack, model: LayerState, time: Double) {
        let path = track.propertyPath
        let modelValue = track.readsModelValue ? path.value(in: model) : .null
        if track.hasPathRotation {
            let sample = track.sample(
                atParentTime: time, model: modelValue, current: track.isAdditive ? path.value(in: self) : .null)
            guard let value = sample.value else { return }
            path.set(value, in: &self)
            if let angle = sample.pathRotation {
                transform = CATransform3DRotate(transform, CGFloat(angle), 0, 0, 1)
            }
            return
        }
        var value = track.isAdditive ? path.value(in: self) : .null
        if track.apply(atParentTime: time, model: modelValue, to: &value) {
            path.set(value, in: &self)
        }
    }
}
