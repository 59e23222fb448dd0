import Foundation

/// The on-screen animations of one layer flattened into one array of plain values, the form the per-frame loop
/// evaluates (our helper).
///
/// Built from a layer's attached animations whenever they change (`LayerAnimations` rebuilds it on first use after
/// a change), never per frame. One step per track, in SPEC §3.3 order (animations in the order added, a group's
/// members depth first). A step is not a second compilation: it holds the track's own compiled fields (its
/// property path, flags, `TimingPlan`, timing curve and vector endpoints) as plain values, evaluated by the same
/// functions the track uses, and points at the track (by entry and track index) for everything else. It holds no
/// references: evaluating it copies nothing reference-counted, and the steps of a layer sit next to each other in
/// memory, so the loop over a large tree streams through memory instead of following pointers from animation to
/// compiled form to tracks.
///
/// Four kinds of step:
/// * *vector* steps — a basic animation of a number, point, size, rectangle or colour outside any group, with no
///   timing function or a Bézier one — hold everything they need: timing, curve, endpoints. They read and write
///   the layer's typed fields directly (`LayerState.vectorValue(at:in:)`).
/// * *vector keyframe* steps — a keyframe animation of those kinds under the same conditions (every animation a
///   Lottie file becomes, paths and holds aside) — hold their timing and curve like vector steps and read only the
///   keyframes from their track, then write the typed fields the same way.
/// * *keyframe* steps — a keyframe animation of any other kind (a shape's `path`, `hidden`, arrays) under the same
///   conditions, neither additive nor cumulative (the rest of what a Lottie file becomes) — hold their timing and
///   curve too, and write the keyframes' value in place of the property's.
/// * *general* steps — value functions, springs, transforms as wholes, members of groups, additive or cumulative
///   keyframes of other kinds — evaluate their `AnimationTrack` exactly as the track does.
///
/// A vector step whose open end meets a model value of another kind (a `nil` colour), or a vector or vector
/// keyframe step whose additive base is of another kind, evaluates its general track for that frame instead, so
/// every step gives bit-identical results to evaluating its track.
struct PresentationProgram {
    /// The steps, in evaluation order.
    var steps: [PresentationStep] = []
    /// The own timing of each animation that must hide once finished (`isRemovedOnCompletion` and filling
    /// forwards); steps refer to these by `finishIndex`.
    var finishTimings: [TimingParameters] = []
    /// The timing functions of the vector steps, each once (most layers use one or two); steps refer to these by
    /// `curveIndex`, which keeps each step within a few cache lines.
    var curves: [UnitBezier] = []

    /// An empty program (no animation on screen).
    init() {}

    /// The program of `entries`: every entry that is on screen (not `pending`), in order.
    init(_ entries: [AttachedAnimation]) {
        // The first step that writes a property resets it (see `PresentationStep.resetsTarget`).
        var written: [LayerProperty] = []
        func isFirst(_ property: LayerProperty) -> Bool {
            if written.contains(property) { return false }
            written.append(property)
            return true
        }
        for entryIndex in entries.indices where entries[entryIndex].status != .pending {
            let entry = entries[entryIndex]
            var finishIndex: Int32 = -1
            if entry.hidesWhenFinished {
                finishIndex = Int32(finishTimings.count)
                finishTimings.append(entry.compiled.timing)
            }
            for trackIndex in entry.compiled.tracks.indices {
                let track = entry.compiled.tracks[trackIndex]
                let resetsTarget = isFirst(track.propertyPath.property)
                let resetsTransform = track.hasPathRotation && isFirst(.transform)
                var curveIndex: Int32 = -1
                if case .pacing(.bezier(let curve)) = track.curve {
                    if let known = curves.firstIndex(of: curve) {
                        curveIndex = Int32(known)
                    } else {
                        curveIndex = Int32(curves.count)
                        curves.append(curve)
                    }
                }
                steps.append(
                    PresentationStep(
                        track, beginShift: entry.beginShift, finishIndex: finishIndex, curveIndex: curveIndex,
                        entryIndex: Int32(entryIndex), trackIndex: Int32(trackIndex), resetsTarget: resetsTarget,
                        resetsTransform: resetsTransform))
            }
        }
    }
}

/// One track of a `PresentationProgram` (our helper): trivially copyable, read in place.
struct PresentationStep {
    /// How the step is evaluated.
    enum Method: UInt8 {
        /// Inline, from the fields below.
        case vector
        /// Timing inline, values from the keyframes of the `AnimationTrack` at `entryIndex`, `trackIndex`.
        case vectorKeyframes
        /// Timing inline, values of any other kind (paths, Booleans, arrays …) from the keyframes of the
        /// `AnimationTrack` at `entryIndex`, `trackIndex`; never additive or cumulative.
        case keyframes
        /// Through the `AnimationTrack` at `entryIndex`, `trackIndex`.
        case general
    }

    /// The animated property or component.
    let path: PropertyPath
    let method: Method
    let isAdditive: Bool
    let isCumulative: Bool
    /// Whether this is the first step that writes its property (or its property's component): when the state
    /// being updated may hold values written at an earlier time, the property goes back to its committed value
    /// before this step, unless the step replaces it whole anyway (`overwritesTarget`).
    let resetsTarget: Bool
    /// Whether this is the first step that writes `transform` as a side effect (a path animation's rotation).
    let resetsTransform: Bool
    /// Whether a shown value replaces the whole property without reading it (a step on a whole property, not
    /// additive).
    let overwritesTarget: Bool
    /// Vector and vector keyframe steps: index into the program's `curves`, −1 when progress is the time fraction
    /// itself (no timing function).
    let curveIndex: Int32
    /// Index into the program's `finishTimings`, −1 when the animation shows after its end like any other.
    let finishIndex: Int32
    /// Where the track is among the layer's attached animations.
    let entryIndex: Int32
    let trackIndex: Int32
    /// Subtracted from the layer time (see `AttachedAnimation.beginShift`).
    let beginShift: Double
    /// The track's timing.
    let plan: TimingPlan
    /// Vector steps: the track's own endpoints (`.modelOnly` for the other steps). Last, where their 16-byte
    /// alignment costs no padding.
    let endpoints: VectorEndpoints

    init(
        _ track: AnimationTrack, beginShift: Double, finishIndex: Int32, curveIndex: Int32, entryIndex: Int32,
        trackIndex: Int32, resetsTarget: Bool, resetsTransform: Bool
    ) {
        path = track.propertyPath
        isAdditive = track.isAdditive
        isCumulative = track.isCumulative
        self.resetsTarget = resetsTarget
        self.resetsTransform = resetsTransform
        self.finishIndex = finishIndex
        self.curveIndex = curveIndex
        self.entryIndex = entryIndex
        self.trackIndex = trackIndex
        self.beginShift = beginShift
        plan = track.plan
        // Inline timing needs a timing function (or none), not a spring, and no enclosing group.
        let paced = if case .pacing = track.curve { track.groups.isEmpty } else { false }
        switch track.values {
        case .vectorEndpoints(let endpoints) where paced:
            method = .vector
            self.endpoints = endpoints
        case .vectorKeyframes where paced:
            method = .vectorKeyframes
            endpoints = VectorEndpoints.modelOnly
        case .keyframes where paced && !isAdditive && !isCumulative:
            method = .keyframes
            endpoints = VectorEndpoints.modelOnly
        default:
            method = .general
            endpoints = VectorEndpoints.modelOnly
        }
        overwritesTarget = !isAdditive && path.component == nil
    }
}

extension LayerState {
    /// Applies the program of `animations` (which must be current, see `LayerAnimations.updateProgram()`) at the
    /// layer's local time `layerTime` on top of the committed values `model` (SPEC Appendix A).
    ///
    /// With `resetting` false, `self` must start equal to `model`. With `resetting` true, `self` may differ from
    /// `model` in the properties the program writes only (the state this program wrote at an earlier time): those
    /// go back to `model` as the steps reach them. `model` is read in place (a pointer, so the committed values are
    /// never copied).
    @inline(__always)
    mutating func apply(
        _ animations: LayerAnimations, model: UnsafePointer<LayerState>, layerTime: Double, resetting: Bool
    ) {
        animations.program.steps.withUnsafeBufferPointer { steps in
            animations.program.finishTimings.withUnsafeBufferPointer { finishTimings in
                animations.program.curves.withUnsafeBufferPointer { curves in
                    applySteps(
                        steps, finishTimings: finishTimings, curves: curves, of: animations, model: model,
                        layerTime: layerTime, resetting: resetting)
                }
            }
        }
    }

    /// Applies `steps` (with the `finishTimings` and `curves` they refer to; general steps read their tracks from
    /// `animations`) at the layer's local time `layerTime` on top of the committed values `model`: each step in
    /// order, reading the running value and the model value of its key path. Allocation-free for numbers, geometry,
    /// colours and transform components. `resetting` as for `apply(_:model:layerTime:resetting:)`.
    mutating func applySteps(
        _ steps: UnsafeBufferPointer<PresentationStep>, finishTimings: UnsafeBufferPointer<TimingParameters>,
        curves: UnsafeBufferPointer<UnitBezier>, of animations: LayerAnimations, model: UnsafePointer<LayerState>,
        layerTime: Double, resetting: Bool
    ) {
        for index in steps.indices {
            let step = steps.baseAddress.unsafelyUnwrapped + index
            let time = layerTime - step.pointee.beginShift
            let hidden =
                step.pointee.finishIndex >= 0
                && finishTimings[Int(step.pointee.finishIndex)].sample(atParentTime: time).phase == .after
            // A reset the step's own value makes unnecessary waits for the outcome.
            var pendingReset = false
            if resetting {
                if step.pointee.resetsTarget {
                    if step.pointee.overwritesTarget && !hidden {
                        pendingReset = true
                    } else {
                        reset(step.pointee.path.property, from: model)
                    }
                }
                if step.pointee.resetsTransform { reset(.transform, from: model) }
            }
            if hidden { continue }
            let method = step.pointee.method
            if method != .general {
                guard let (progress, iteration) = Self.progress(of: step, curves: curves, time: time) else {
                    // It shows nothing at this time.
                    if pendingReset { reset(step.pointee.path.property, from: model) }
                    continue
                }
                let repeats = step.pointee.isCumulative && iteration != 0 ? Double(iteration) : 0
                let wrote =
                    switch method {
                    case .vector: applyVector(step, progress: progress, repeats: repeats, model: model)
                    case .vectorKeyframes: applyKeyframes(step, progress: progress, repeats: repeats, of: animations)
                    default: applyValueKeyframes(step, progress: progress, of: animations, reusing: pendingReset)
                    }
                if wrote { continue }
                // Otherwise the values need the general rules (see `PresentationProgram`).
            }
            // A pending reset waits for the track too: until it is known to show nothing, the property keeps the
            // value shown at the earlier time, whose storage the track may reuse.
            if !applyTrack(of: step, in: animations, model: model, time: time, reusing: pendingReset) && pendingReset {
                reset(step.pointee.path.property, from: model)
            }
        }
    }

    /// Sets `property` back to its value in `model`: `copyField(_:from:)`, with the properties animations touch
    /// most copied inline.
    @inline(__always)
    private mutating func reset(_ property: LayerProperty, from model: UnsafePointer<LayerState>) {
        switch property {
        case .position: position = model.pointee.position
        case .transform: transform = model.pointee.transform
        case .opacity: opacity = model.pointee.opacity
        case .backgroundColor: backgroundColor = model.pointee.backgroundColor
        case .bounds: bounds = model.pointee.bounds
        default: copyField(property, from: model)
        }
    }

    /// The progress (after the step's timing function) and iteration of a step with its timing inline (any but a
    /// general one) at `time`, `nil` when it shows nothing then.
    @inline(__always)
    private static func progress(
        of step: UnsafePointer<PresentationStep>, curves: UnsafeBufferPointer<UnitBezier>, time: Double
    ) -> (Double, Int)? {
        guard let (fraction, iteration) = step.pointee.plan.progress(atParentTime: time) else { return nil }
        let curveIndex = Int(step.pointee.curveIndex)
        let progress =
            curveIndex < 0 ? fraction : curves.baseAddress.unsafelyUnwrapped[curveIndex].value(at: fraction)
        return (progress, iteration)
    }

    /// Evaluates a vector step at `progress` (after its timing function), `repeats` cycles accumulated: the track's
    /// own endpoints and evaluation (`VectorEndpoints.value`). `false` (nothing written) when the values need the
    /// general rules.
    @inline(__always)
    private mutating func applyVector(
        _ step: UnsafePointer<PresentationStep>, progress: Double, repeats: Double, model: UnsafePointer<LayerState>
    ) -> Bool {
        let path = step.pointee.path
        let value = step.pointee.endpoints.value(
            progress: progress, repeats: repeats, model: { LayerState.vectorValue(at: path, in: model) })
        guard let vector = value else { return false }
        return write(vector, of: step)
    }

    /// Writes the value of a vector or vector keyframe step, added to the running value when the step is additive;
    /// `false` (nothing written) when that value is of another kind.
    @inline(__always)
    private mutating func write(_ vector: VectorValue, of step: UnsafePointer<PresentationStep>) -> Bool {
        let path = step.pointee.path
        var vector = vector
        if step.pointee.isAdditive {
            guard let base = withUnsafeMutablePointer(to: &self, { LayerState.vectorValue(at: path, in: $0) }),
                base.kind == vector.kind
            else { return false }
            vector = base.adding(vector)
        }
        setVectorValue(vector, at: path)
        return true
    }

    /// Evaluates a vector keyframe step at `progress`, `repeats` cycles accumulated: the track's keyframes
    /// (`AnimationTrack.keyframeVector`), the value written as a vector step writes it.
    @inline(__always)
    private mutating func applyKeyframes(
        _ step: UnsafePointer<PresentationStep>, progress: Double, repeats: Double, of animations: LayerAnimations
    ) -> Bool {
        let value = Self.withTrack(of: step, in: animations) {
            $0.pointee.keyframeVector(progress: progress, repeats: repeats)
        }
        guard let vector = value else { return false }
        return write(vector, of: step)
    }

    /// Evaluates a keyframe step of another kind than vectors at `progress` (never cumulative): the keyframes at
    /// that progress replace the property, as the general track replaces it. With `reusing`, a path shown at an
    /// earlier time is taken out of the state first, so mixing the new one can reuse its storage (see
    /// `applyTrack(of:in:model:time:reusing:)`).
    @inline(never)
    private mutating func applyValueKeyframes(
        _ step: UnsafePointer<PresentationStep>, progress: Double, of animations: LayerAnimations, reusing: Bool
    ) -> Bool {
        let path = step.pointee.path
        var value = reusing && path.property == .path && path.component == nil ? takeShapePath() : .null
        Self.withTrack(of: step, in: animations) {
            AnimationTrack.keyframeValue(of: $0, progress: progress, into: &value)
        }
        path.set(value, in: &self)
        return true
    }

    /// Evaluates the general track of `step`, kept out of line so the vector loop stays small.
    @inline(never)
    private mutating func applyTrack(
        of step: UnsafePointer<PresentationStep>, in animations: LayerAnimations, model: UnsafePointer<LayerState>,
        time: Double, reusing: Bool
    ) -> Bool {
        Self.withTrack(of: step, in: animations) {
            Self.apply($0.pointee, to: &self, model: model, time: time, reusing: reusing)
        }
    }

    /// Runs `body` with the track of `step` (by its entry and track index), borrowed in place: a copy of the entry
    /// or the track would retain each of their references.
    @inline(__always)
    private static func withTrack<Result>(
        of step: UnsafePointer<PresentationStep>, in animations: LayerAnimations,
        _ body: (UnsafePointer<AnimationTrack>) -> Result
    ) -> Result {
        animations.entries.withUnsafeBufferPointer { entries in
            entries[Int(step.pointee.entryIndex)].compiled.tracks.withUnsafeBufferPointer { tracks in
                body(tracks.baseAddress.unsafelyUnwrapped + Int(step.pointee.trackIndex))
            }
        }
    }

    /// Applies one track in general form to `state`: reads the model value only when the track needs it and the
    /// running value only when it is additive or rotates the layer along a path. Returns whether it wrote a value.
    ///
    /// With `reusing`, the state holds the value the track wrote at an earlier time, which it replaces whole: a
    /// shape's path is then taken out of the state first, so that mixing the new path can reuse its storage
    /// (`AnimatableValue.interpolate(from:to:progress:into:)`). When nothing is written the caller resets the
    /// property.
    private static func apply(
        _ track: borrowing AnimationTrack, to state: inout LayerState, model: UnsafePointer<LayerState>,
        time: Double, reusing: Bool
    ) -> Bool {
        let path = track.propertyPath
        let modelValue = track.readsModelValue ? path.value(in: model.pointee) : .null
        if track.hasPathRotation {
            let sample = track.sample(
                atParentTime: time, model: modelValue, current: track.isAdditive ? path.value(in: state) : .null)
            guard let value = sample.value else { return false }
            path.set(value, in: &state)
            if let angle = sample.pathRotation {
                state.transform = CATransform3DRotate(state.transform, CGFloat(angle), 0, 0, 1)
            }
            return true
        }
        var value: AnimatableValue = .null
        if track.isAdditive {
            value = path.value(in: state)
        } else if reusing && path.property == .path && path.component == nil {
            value = state.takeShapePath()
        }
        guard track.apply(atParentTime: time, model: modelValue, to: &value) else { return false }
        path.set(value, in: &state)
        return true
    }
}
