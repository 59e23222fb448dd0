import Foundation

/// A layer's presentation: its committed values with its on-screen animations applied at one of its local times.
/// Every reader of presentation values comes through here, with the layer tree's lock held: `presentation()` and
/// `presentationState(atMediaTime:)` (one layer, written in full), the renderer's `RenderTreeBuilder` (one state per
/// render node, kept across frames with `updatePresentation(_:stamp:layerTime:)`) and `PresentationEvaluator` (one
/// state per entry, written in full here and then re-evaluated from its own copies of the program). The values come
/// from `withCommittedValues(_:)`, the animations from `currentAnimations()`, and `LayerState.apply` runs the
/// program (Docs/Evaluation.md).
extension CALayer {
    /// The committed values with the on-screen animations applied at `mediaTime`. Called with the lock held.
    final func presentationState(atMediaTime mediaTime: Double) -> LayerState {
        var state = LayerState.defaults
        writePresentation(into: &state, layerTime: localTime(atMediaTime: mediaTime))
        return state
    }

    /// Overwrites `state` with the committed values and applies the on-screen animations at the layer's local time
    /// `layerTime` (the one step `presentationState(atMediaTime:)` and `RenderTreeBuilder` share). Whatever `state`
    /// held before does not matter. Called with the lock held.
    @inline(__always)
    final func writePresentation(into state: inout LayerState, layerTime: Double) {
        let animations = currentAnimations()
        withCommittedValues { model in
            state = model.pointee
            if let animations { state.apply(animations, model: model, layerTime: layerTime, resetting: false) }
        }
    }

    /// Brings `state` to the layer's presentation at local time `layerTime`, like `writePresentation(into:layerTime:)`,
    /// but reusing what an earlier call left in `state`: the per-frame fast path for a caller that keeps one state
    /// per layer across frames (`PresentationEvaluator` goes further and keeps its own copies, see `EntrySources`).
    ///
    /// Contract: `stamp` travels with `state`. Start both from anything with `stamp` 0, and change them only through
    /// this method (or reset `stamp` to 0). When `stamp` equals the layer's current presentation stamp, `state`
    /// still holds this layer's committed values with at most its animated properties changed, so only those are
    /// reset and re-evaluated; otherwise the whole state is written. A stamp names one layer's committed values
    /// and on-screen animations and is never reused, so a slot that held another layer, or this layer before a
    /// commit or a change to its animations, is always rewritten in full. Layers never committed (whose model
    /// values show as they change) and presentation copies are always written in full. Called with the lock held.
    @inline(__always)
    final func updatePresentation(_ state: inout LayerState, stamp: inout UInt64, layerTime: Double) {
        let animations = currentAnimations()
        // Presentation copies are marked committed too, but they change without new stamps.
        guard flags.contains(.isCommitted), !flags.contains(.isPresentation) else {
            writePresentation(into: &state, layerTime: layerTime)
            stamp = 0
            return
        }
        let reusable = stamp == presentationStamp
        if reusable && animations == nil { return }
        withCommittedValues { model in
            if !reusable { state = model.pointee }
            if let animations { state.apply(animations, model: model, layerTime: layerTime, resetting: reusable) }
        }
        stamp = presentationStamp
    }

    /// Runs `body` with the committed values (the snapshot when the open transaction changed the layer, else the
    /// model), read in place: the values are not copied. `body` must not change the layer. Called with the lock
    /// held.
    @inline(__always)
    final func withCommittedValues(_ body: (UnsafePointer<LayerState>) -> Void) {
        if let snapshot = committedSnapshot {
            withUnsafeMutablePointer(to: &snapshot.state) { body($0) }
        } else {
            withUnsafeMutablePointer(to: &modelState) { body($0) }
        }
    }

    /// The layer's animations with their program brought up to date, nil when it has none on screen. Called with
    /// the lock held.
    @inline(__always)
    final func currentAnimations() -> LayerAnimations? {
        guard let animations = animationStorage else { return nil }
        animations.updateProgram()
        return animations.program.steps.isEmpty ? nil : animations
    }

    /// The model layer behind a presentation copy, nil for a model layer.
    final var presentationSource: CALayer? {
        LayerTreeLock.withLock { modelLayerStorage }
    }
}
