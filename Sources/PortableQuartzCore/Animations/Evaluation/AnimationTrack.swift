import Foundation

/// One property animation compiled for per-frame evaluation: the value-level form of a `CABasicAnimation`,
/// `CAKeyframeAnimation` or `CASpringAnimation`, possibly nested in groups (our addition, not Apple API).
///
/// Made by `CompiledAnimation` when an animation is attached; after that nothing here looks at `Any`, strings or
/// the animation object. `evaluate(atParentTime:model:current:)` follows SPEC Appendix A for one animation:
///
/// 1. Time: the parent time (the layer's local time) goes through each enclosing group — its timing, then its
///    `timingFunction` scaled back to seconds — and then through the animation's own timing (`TimingParameters`),
///    giving the phase, the cycle's time fraction `x` and the iteration `k`. Outside the active period the fill
///    mode decides; when nothing shows, the result is `nil`.
/// 2. Progress: `p = timingFunction(x)` (identity when `nil`), or for a spring the spring's position after
///    `x × duration` seconds.
/// 3. Value: basic and spring animations interpolate between their ends (from/to/by resolved against the model
///    value, SPEC §3.2); keyframe animations look up their keyframes (SPEC §4); a value function turns the
///    interpolated numbers into a matrix (SPEC §3.5).
/// 4. Cumulative: iteration `k` adds `k` times the value at the end of a cycle (progress 1).
/// 5. Additive: the result is added to `current` (the value below this animation); otherwise it replaces it.
///
/// Evaluation allocates nothing for numbers, geometry, colours and transforms (number arrays, colour arrays and
/// paths build new arrays by nature).
public struct AnimationTrack: Sendable {
    /// The animated property (or component), parsed once.
    public let propertyPath: PropertyPath
    /// Whether the value is added to the running value instead of replacing it.
    public let isAdditive: Bool
    /// Whether repeat cycles accumulate.
    public let isCumulative: Bool
    /// The enclosing groups, outermost first (empty for an animation added on its own).
    let groups: [GroupTiming]
    /// The animation's own timing, with its default duration applied.
    public let timing: TimingParameters
    /// The same timing with its derived constants computed once.
    let plan: TimingPlan
    /// How the time fraction becomes progress.
    let curve: ProgressCurve
    /// Where the values come from.
    let values: TrackValues

    /// The value the animation shows at `parentTime` (the local time of the layer it is attached to, in seconds),
    /// or `nil` when it shows nothing then (before or after its active period without a fill, or outside an
    /// enclosing group's).
    ///
    /// - Parameters:
    ///   - parentTime: the time in seconds, in the local time of the layer the animation is attached to.
    ///   - model: the layer's committed model value of `propertyPath`, used for the ends `fromValue`, `toValue`
    ///     and `byValue` leave open.
    ///   - current: the value below this animation: the model value with earlier animations applied. Only additive
    ///     animations read it.
    public func evaluate(
        atParentTime parentTime: Double, model: AnimatableValue, current: AnimatableValue
    )
        -> AnimatableValue?
    {
        guard let (progress, iteration) = progress(atParentTime: parentTime) else { return nil }
        let repeats = isCumulative && iteration != 0 ? Double(iteration) : 0
        if var vector = vector(progress: progress, repeats: repeats, model: model) {
            if isAdditive {
                guard let base = VectorValue(current), base.kind == vector.kind else {
                    return current.adding(vector.animatableValue)
                }
                vector = base.adding(vector)
            }
            return vector.animatableValue
        }
        var value = current
        var direction = 0.0
        guard applyOther(progress: progress, repeats: repeats, model: model, to: &value, direction: &direction)
        else { return nil }
        return value
    }

    /// Applies the animation to the running value of its property at `parentTime`: SPEC Appendix A's step
    /// `value = isAdditive ? value + v : v`, done in place (the form the layer tree's per-frame loop uses; it
    /// avoids copying the result). Returns `false`, leaving `value` unchanged, when the animation shows nothing
    /// then.
    ///
    /// - Parameters:
    ///   - parentTime: the time in seconds, in the local time of the layer the animation is attached to.
    ///   - model: the layer's committed model value of `propertyPath` (see `evaluate(atParentTime:model:current:)`).
    ///   - value: on entry the value below this animation; on return the value with this animation applied.
    @discardableResult
    public func apply(
        atParentTime parentTime: Double, model: AnimatableValue, to value: inout AnimatableValue
    )
        -> Bool
    {
        guard let (progress, iteration) = progress(atParentTime: parentTime) else { return false }
        var direction = 0.0
        return apply(progress: progress, iteration: iteration, model: model, to: &value, direction: &direction)
    }

    /// Everything the animation produces at `parentTime`: the value (as `evaluate(atParentTime:model:current:)`),
    /// the animation's own timing sample (for the driver's bookkeeping), and for a path animation with a
    /// `rotationMode` the extra rotation about z that the layer's transform receives.
    public func sample(
        atParentTime parentTime: Double, model: AnimatableValue, current: AnimatableValue
    )
        -> AnimationTrackSample
    {
        var time = parentTime
        var contributes = true
        var held = false
        for group in groups {
            let groupSample = group.timing.sample(atParentTime: time, heldAtGroupEnd: held)
            contributes = contributes && groupSample.contributes
            held = group.timing.holdsEnd(groupSample, heldAtGroupEnd: held)
            time = group.childTime(groupSample)
        }
        var timingSample = timing.sample(atParentTime: time, heldAtGroupEnd: held)
        timingSample.contributes = timingSample.contributes && contributes
        guard timingSample.contributes else {
            return AnimationTrackSample(timing: timingSample, value: nil, pathRotation: nil)
        }
        let progress = curve.progress(timingSample.fraction)
        var direction = 0.0
        var value = current
        let shows = apply(
            progress: progress, iteration: timingSample.iteration, model: model, to: &value, direction: &direction)
        var rotation: Double?
        if case .path(_, rotationOffset: let offset?) = values { rotation = direction + offset }
        return AnimationTrackSample(timing: timingSample, value: shows ? value : nil, pathRotation: rotation)
    }

    /// The progress and iteration at `parentTime`, or `nil` when the animation shows nothing.
    @inline(__always)
    func progress(atParentTime parentTime: Double) -> (Double, Int)? {
        var time = parentTime
        var held = false
        if !groups.isEmpty {
            for group in groups {
                let groupSample = group.timing.sample(atParentTime: time, heldAtGroupEnd: held)
                guard groupSample.contributes else { return nil }
                held = group.timing.holdsEnd(groupSample, heldAtGroupEnd: held)
                time = group.childTime(groupSample)
            }
        }
        guard let (fraction, iteration) = plan.progress(atParentTime: time, heldAtGroupEnd: held) else { return nil }
        return (curve.progress(fraction), iteration)
    }

    /// Steps 3–5 of the evaluation at a known progress and iteration, applied to the running value `value`.
    /// `direction` receives the path's direction of travel for path animations. Returns `false` (and leaves
    /// `value` alone) when there are no values to show.
    ///
    /// Numbers, points, sizes, rectangles and colours take a short path of their own; everything else goes through
    /// `applyOther`, kept out of line so the short path stays small.
    @inline(__always)
    func apply(
        progress: Double, iteration: Int, model: AnimatableValue, to value: inout AnimatableValue,
        direction: inout Double
    ) -> Bool {
        let repeats = isCumulative && iteration != 0 ? Double(iteration) : 0
        guard let vector = vector(progress: progress, repeats: repeats, model: model) else {
            return applyOther(progress: progress, repeats: repeats, model: model, to: &value, direction: &direction)
        }
        Self.store(vector, additive: isAdditive, into: &value)
        return true
    }

    /// The value of a vector track (numbers, points, sizes, rectangles, colours) before the additive step, or
    /// `nil` for other tracks — and for a vector track whose open end needs a model value of another kind (a
    /// caller error), which `applyOther` then handles by the general rules.
    @inline(__always)
    func vector(progress: Double, repeats: Double, model: AnimatableValue) -> VectorValue? {
        switch values {
        case .vectorEndpoints(let endpoints):
            endpoints.value(progress: progress, repeats: repeats, model: { VectorValue(model) })
        case .vectorKeyframes:
            keyframeVector(progress: progress, repeats: repeats)
        default:
            nil
        }
    }

    /// The value of a track of vector keyframes before the additive step: the keyframes at `progress`, plus
    /// `repeats` times the last keyframe (cumulative repeats); `nil` for other tracks.
    @inline(__always)
    func keyframeVector(progress: Double, repeats: Double) -> VectorValue? {
        guard case .vectorKeyframes(let keyframes) = values else { return nil }
        let vector = keyframes.value.value(at: progress)
        return repeats != 0 ? vector.adding(keyframes.value.endValue.scaled(by: repeats)) : vector
    }

    /// The keyframes of a track of other keyframes than vectors at `progress`, stored into `value` (whose path
    /// storage the mix may reuse); `value` is left alone for other tracks. Repeats and the additive step are the
    /// caller's.
    @inline(__always)
    static func keyframeValue(
        of track: UnsafePointer<AnimationTrack>, progress: Double, into value: inout AnimatableValue
    ) {
        guard case .keyframes(let keyframes) = track.pointer(to: \.values).unsafelyUnwrapped.pointee else { return }
        keyframes.value(at: progress, into: &value)
    }

    /// `apply(progress:iteration:model:to:direction:)` for every value source but the vector ones.
    @inline(never)
    func applyOther(
        progress: Double, repeats: Double, model: AnimatableValue, to value: inout AnimatableValue,
        direction: inout Double
    ) -> Bool {
        let result: AnimatableValue
        switch values {
        case .vectorEndpoints(let endpoints):
            value = Self.general(
                endpoints.general, progress: progress, repeats: repeats, model: model, current: value,
                additive: isAdditive)
            return true
        case .vectorKeyframes:
            guard let vector = keyframeVector(progress: progress, repeats: repeats) else { return false }
            result = vector.animatableValue
        case .endpoints(let endpoints):
            value = Self.general(
                endpoints.value, progress: progress, repeats: repeats, model: model, current: value,
                additive: isAdditive)
            return true
        case .keyframes(let keyframes):
            if !isAdditive && repeats == 0 {
                // The value below is replaced, so its storage may take the result (a path mixed every frame).
                keyframes.value(at: progress, into: &value)
                return true
            }
            var keyframe = keyframes.value.value(at: progress)
            if repeats != 0 { keyframe = keyframe.adding(keyframes.value.endValue.scaled(by: repeats)) }
            result = keyframe
        case .path(let path, _):
            let sample = path.value.sample(at: progress)
            var point = sample.point
            if repeats != 0 {
                point.x += path.value.endPoint.x * repeats
                point.y += path.value.endPoint.y * repeats
            }
            direction = sample.direction
            result = propertyPath.kind == .size ? .size(CGSize(width: point.x, height: point.y)) : .point(point)
        case .functionEndpoints(let endpoints, let function):
            let (from, to) = endpoints.ends(model: function.neutralInput)
            var input = FunctionInput.interpolate(from: from, to: to, progress: progress)
            if repeats != 0 { input = input.adding(to.scaled(by: repeats)) }
            result = .transform(function.matrix(for: input))
        case .functionKeyframes(let keyframes, let function):
            var input = keyframes.value.value(at: progress)
            if repeats != 0 { input = input.adding(keyframes.value.endValue.scaled(by: repeats)) }
            result = .transform(function.matrix(for: input))
        case .inert:
            return false
        }
        value = isAdditive ? value.adding(result) : result
        return true
    }

    /// Writes a vector result into the running value, adding it first when additive. A running value of another
    /// kind (a caller error) is combined by the general rules.
    @inline(__always)
    static func store(_ vector: VectorValue, additive: Bool, into value: inout AnimatableValue) {
        var vector = vector
        if additive {
            guard let base = VectorValue(value), base.kind == vector.kind else {
                value = value.adding(vector.animatableValue)
                return
            }
            vector = base.adding(vector)
        }
        let c = vector.components
        switch vector.kind {
        case .number: value = .number(c.x)
        case .point: value = .point(CGPoint(x: c.x, y: c.y))
        case .size: value = .size(CGSize(width: c.x, height: c.y))
        case .rect: value = .rect(CGRect(x: c.x, y: c.y, width: c.z, height: c.w))
        case .color: value = .color(ColorComponents(red: c.x, green: c.y, blue: c.z, alpha: c.w))
        }
    }

    /// Steps 3–5 for endpoints of any kind.
    static func general(
        _ endpoints: Endpoints<AnimatableValue>, progress: Double, repeats: Double, model: AnimatableValue,
        current: AnimatableValue, additive: Bool
    ) -> AnimatableValue {
        let (from, to) = endpoints.ends(model: model)
        var result = AnimatableValue.interpolate(from: from, to: to, progress: progress)
        if repeats != 0 { result = result.adding(to.scaled(by: repeats)) }
        return additive ? current.adding(result) : result
    }
}

/// What one track produces at one time (our addition, not Apple API).
public struct AnimationTrackSample: Sendable {
    /// The animation's own timing at that time. `contributes` is false when it or an enclosing group shows
    /// nothing; `phase` tells the driver whether the animation has started (`.active` or `.after`) or finished
    /// (`.after`) in its own time.
    public var timing: TimingSample
    /// The value to show, `nil` when the animation shows nothing (also for a key path with no usable values).
    public var value: AnimatableValue?
    /// For a keyframe animation along a path with a `rotationMode`: the rotation about z, in radians, that the
    /// layer receives on top of its transform (the direction of travel `atan2(dy, dx)`, plus π for
    /// `.rotateAutoReverse`). `nil` otherwise.
    public var pathRotation: Double?
}

/// How a track turns the cycle's time fraction into progress (our helper).
enum ProgressCurve: Sendable {
    /// A timing function (or none).
    case pacing(Pacing)
    /// A spring evaluated after `fraction × duration` seconds.
    case spring(SpringSolution, duration: Double)

    @inline(__always)
    func progress(_ fraction: Double) -> Double {
        switch self {
        case .pacing(let pacing): pacing.progress(fraction)
        case .spring(let spring, let duration): spring.position(at: fraction * duration)
        }
    }
}

/// The timing of an enclosing group, and how it hands time to its members (our helper).
struct GroupTiming: Sendable {
    /// The group's timing, with its default duration applied.
    let timing: TimingParameters
    /// The group's timing function.
    let pacing: Pacing

    /// The time the group's members see: the group's basic local time, or, when the group has a timing function
    /// and a finite positive duration, `timingFunction(fraction) × duration` (Apple's "Core Animation Cookbook"
    /// documents using a group's timing function to pace its members).
    @inline(__always)
    func childTime(_ sample: TimingSample) -> Double {
        switch pacing {
        case .linear:
            return sample.basicTime
        case .bezier(let curve):
            let duration = timing.effectiveDuration
            guard duration > 0, duration.isFinite else { return sample.basicTime }
            return curve.value(at: sample.fraction) * duration
        }
    }
}

/// The value source of a track (our helper). Payloads that are not trivially copyable sit behind a shared
/// immutable box, so selecting the case costs one reference-count operation, never a copy of arrays or of
/// `AnimatableValue`s.
enum TrackValues: Sendable {
    /// A basic or spring animation of a number, point, size, rectangle or colour (the fast path).
    case vectorEndpoints(VectorEndpoints)
    /// A keyframe animation with `values` of one of those kinds (the fast path).
    case vectorKeyframes(ImmutableBox<KeyframeSequence<VectorValue>>)
    /// A basic or spring animation of any other kind.
    case endpoints(ImmutableBox<Endpoints<AnimatableValue>>)
    /// A keyframe animation with `values` of any other kind.
    case keyframes(ImmutableBox<KeyframeSequence<AnimatableValue>>)
    /// A keyframe animation with a `path`; the rotation offset is 0 for `.rotateAuto`, π for
    /// `.rotateAutoReverse`, `nil` without rotation.
    case path(ImmutableBox<PathKeyframes>, rotationOffset: Double?)
    /// A basic or spring animation with a value function.
    case functionEndpoints(Endpoints<FunctionInput>, TransformFunction)
    /// A keyframe animation with a value function.
    case functionKeyframes(ImmutableBox<KeyframeSequence<FunctionInput>>, TransformFunction)
    /// Nothing usable (no values, an empty path): the track shows nothing.
    case inert
}

/// An immutable value shared by reference (our helper), so that enums holding large values stay cheap to copy.
final class ImmutableBox<Value: Sendable>: Sendable {
    /// The boxed value.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension AnimationTrack {
    /// Whether evaluating reads the model value of the key path: only basic and spring animations with an end that
    /// `fromValue`, `toValue` and `byValue` leave open do. The layer tree skips reading it otherwise.
    var readsModelValue: Bool {
        switch values {
        case .vectorEndpoints(let endpoints): endpoints.ends != .fixed
        case .endpoints(let endpoints):
            if case .fixed = endpoints.value { false } else { true }
        default: false
        }
    }

    /// Whether the track is a path animation with a `rotationMode`, whose rotation the layer's transform receives.
    var hasPathRotation: Bool {
        if case .path(_, rotationOffset: .some) = values { true } else { false }
    }
}
