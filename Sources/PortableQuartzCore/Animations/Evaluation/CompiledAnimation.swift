import Foundation

/// An animation converted once into plain values that the layer tree evaluates every frame (our addition, not
/// Apple API).
///
/// Compile an animation when it is attached to a layer (from the layer's own copy), then evaluate the result at
/// each frame's layer time. Compiling reads the animation object, converts its `Any` values to the key path's
/// type, parses the key path, resolves timing functions, key times and spring parameters; the result is
/// `Sendable` and never touches the animation object, `Any` or strings again.
///
/// * `timing` is the animation's own timing, which the driver uses for `animationDidStart` (the phase first
///   reaches `.active` or `.after`), `animationDidStop(finished: true)` (the phase reaches `.after`) and removal
///   (`isRemovedOnCompletion`). For a group these are the group's; its members' delegates and removal flags are
///   ignored, as on Apple platforms.
/// * `tracks` are the property animations to apply, in order: the animation itself for basic, keyframe and spring
///   animations; every member (depth first, in array order) for a group. An animation whose key path names no
///   layer property has no track but keeps its timing and callbacks.
/// * `transition` is set for a `CATransition`.
///
/// Compile-time rules for odd input (each documented where it applies): a duration ≤ 0 takes `defaultDuration`
/// (NaN is kept, and the timing then reads it as 0); values that cannot be converted to the key path's type or
/// contain NaN or infinities count as not set (keyframes: replaced by the nearest earlier usable keyframe, or the
/// first usable one for leading entries); `nil` (`NSNull`) values are used only for properties that accept `nil`;
/// a value function is used only on a whole transform property (`transform`, `sublayerTransform`,
/// `instanceTransform`).
public struct CompiledAnimation: Sendable {
    /// The animation's own timing, with the default duration applied.
    public let timing: TimingParameters
    /// Whether the layer removes the animation when its active period has passed.
    public let isRemovedOnCompletion: Bool
    /// The property animations to apply, in evaluation order.
    public let tracks: [AnimationTrack]
    /// The transition this animation plays, for a `CATransition`; `nil` otherwise.
    public let transition: TransitionTrack?

    /// Compiles `animation`.
    ///
    /// - Parameters:
    ///   - animation: the animation (normally the layer's own copy; it is only read).
    ///   - defaultDuration: the duration given to the animation and to group members whose `duration` is ≤ 0: the
    ///     transaction's animation duration, or 0.25 s (SPEC §1.8).
    ///   - presentationValue: the value on screen for a key path when the animation is added. Called only for
    ///     basic and spring animations with none of `fromValue`, `toValue` and `byValue` set, which animate from
    ///     that value to the model value. Returning `nil` (the default) makes such an animation show the model
    ///     value.
    public init(
        _ animation: CAAnimation, defaultDuration: CFTimeInterval = 0.25,
        presentationValue: (PropertyPath) -> AnimatableValue? = { _ in nil }
    ) {
        self.init(animation, defaultDuration: defaultDuration, typed: nil, presentationValue: presentationValue)
    }

    /// Compiles `animation`, a property animation whose key path and values `typed` gives in typed form when it is
    /// not nil (see `TypedAnimationValues`); otherwise as `init(_:defaultDuration:presentationValue:)`.
    init(
        _ animation: CAAnimation, defaultDuration: CFTimeInterval, typed: TypedAnimationValues?,
        presentationValue: (PropertyPath) -> AnimatableValue?
    ) {
        timing = AnimationCompiler.timing(of: animation, defaultDuration: defaultDuration)
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        var tracks: [AnimationTrack] = []
        AnimationCompiler.appendTracks(
            of: animation, groups: [], defaultDuration: defaultDuration, presentationValue: presentationValue,
            to: &tracks, knownTiming: timing, typed: typed)
        self.tracks = tracks
        if let transition = animation as? CATransition {
            self.transition = TransitionTrack(transition, timing: timing)
        } else {
            transition = nil
        }
    }

    /// The animation's own timing at `parentTime` (the layer's local time): phase, fill, fraction, iteration.
    @inlinable
    public func timingSample(atParentTime parentTime: Double) -> TimingSample {
        timing.sample(atParentTime: parentTime)
    }

    /// Whether the animation has started by `parentTime`: its active period has begun (it may also have ended).
    /// The driver sends `animationDidStart(_:)` the first time this is true.
    @inlinable
    public func hasStarted(atParentTime parentTime: Double) -> Bool {
        timing.sample(atParentTime: parentTime).phase != .before
    }

    /// Whether the animation's active period is over at `parentTime`. The driver sends
    /// `animationDidStop(_:finished: true)` the first time this is true, and removes the animation if
    /// `isRemovedOnCompletion`. Never true for an infinite active period.
    @inlinable
    public func hasFinished(atParentTime parentTime: Double) -> Bool {
        timing.sample(atParentTime: parentTime).phase == .after
    }

    /// The parent time at which the active period ends, `beginTime + activeDuration / |speed|` (infinite for an
    /// endless or frozen animation): when the driver should next look at this animation for its stop callback.
    @inlinable
    public var activeEndTime: Double {
        timing.activeEndTime
    }

    /// The transition's progress at `parentTime`, or `nil` when this is not a transition or it shows nothing then
    /// (see `TransitionTrack.progress(atParentTime:)`).
    public func transitionProgress(atParentTime parentTime: Double) -> Double? {
        transition?.progress(atParentTime: parentTime)
    }
}

/// The key path and values of a property animation in typed form, as the code that made the animation knows them
/// (our addition, for PortableUIKit, which builds an animation for every view property a block changes, and for
/// PortableLottie, which builds a keyframe animation for every animated Lottie property). Attaching the animation
/// with them (`CALayer.add(ownedAnimation:forKey:typed:)`) skips parsing its `keyPath` and converting its values;
/// everything else (timing, timing functions, a value function) is still read from the animation.
///
/// The values must describe the animation exactly: `path` is its `keyPath` parsed, `from`, `to` and `by` are its
/// `fromValue`, `toValue` and `byValue`, and `values` its `values`, as `AnimatableValue(converting:as:)` reads them
/// for `path` (nil when not set); `keyTimes` are its `keyTimes` as numbers. The values go through the same checks
/// as converted values (NaN, infinities and values of another kind count as not set). `from`, `to` and `by` are
/// used only for a `CABasicAnimation` (or `CASpringAnimation`) without a value function; `values` and `keyTimes`
/// only for a `CAKeyframeAnimation` without a value function or a `path`.
package struct TypedAnimationValues: Sendable {
    /// The animated property, parsed.
    package let path: PropertyPath
    /// `fromValue`, converted.
    package let from: AnimatableValue?
    /// `toValue`, converted.
    package let to: AnimatableValue?
    /// `byValue`, converted.
    package let by: AnimatableValue?
    /// A keyframe animation's `values`, converted.
    package let values: [AnimatableValue]?
    /// A keyframe animation's `keyTimes`.
    package let keyTimes: [Double]?

    /// The values of a basic animation.
    package init(path: PropertyPath, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue? = nil) {
        self.path = path
        self.from = from
        self.to = to
        self.by = by
        values = nil
        keyTimes = nil
    }

    /// The values and key times of a keyframe animation.
    package init(path: PropertyPath, values: [AnimatableValue], keyTimes: [Double]?) {
        self.path = path
        from = nil
        to = nil
        by = nil
        self.values = values
        self.keyTimes = keyTimes
    }

    /// The typed form of a keyframe animation of `keyPath` with these `values` and `keyTimes`: each value converted
    /// by the first step of `AnimatableValue(converting:as:)` (`AnimatableValue.direct(_:as:)`), so exactly as
    /// attaching would convert it. `nil` when the key path does not parse or a value is not the one Swift type its
    /// property's kind is read from that way (a `CGPoint` for a size, a `Bool`): the animation's own values are
    /// converted then, as any others.
    @inlinable
    package static func keyframes<Value>(
        _ values: [Value], keyPath: String, keyTimes: [Double]?
    ) -> TypedAnimationValues? {
        guard let path = PropertyPath(keyPath: keyPath) else { return nil }
        // A caller that is itself generic would test each value's type at run time. For the types values usually
        // come as, the array is taken as what it is once the types compare equal (an array cast would still visit
        // every element), and every value converts with its type known.
        let converted: [AnimatableValue]? =
            if Value.self == Double.self {
                directValues(unsafeBitCast(values, to: [Double].self), as: path.kind)
            } else if Value.self == CGPoint.self {
                directValues(unsafeBitCast(values, to: [CGPoint].self), as: path.kind)
            } else if Value.self == CGColor.self {
                directValues(unsafeBitCast(values, to: [CGColor].self), as: path.kind)
            } else if Value.self == CATransform3D.self {
                directValues(unsafeBitCast(values, to: [CATransform3D].self), as: path.kind)
            } else {
                directValues(values, as: path.kind)
            }
        return converted.map { TypedAnimationValues(path: path, values: $0, keyTimes: keyTimes) }
    }

    /// `values` converted by `AnimatableValue.direct(_:as:)`, or `nil` when one does not convert.
    @inlinable
    package static func directValues<Value>(_ values: [Value], as kind: AnimatableValue.Kind) -> [AnimatableValue]? {
        var converted: [AnimatableValue] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let typed = AnimatableValue.direct(value, as: kind) else { return nil }
            converted.append(typed)
        }
        return converted
    }
}

/// A `CATransition` compiled for evaluation (our addition, not Apple API): its effect and where in the effect it
/// is at each moment. Drawing the old and new pictures is the renderer's job.
public struct TransitionTrack: Sendable {
    /// The effect, as set on the transition (unknown names are kept).
    public let type: CATransitionType
    /// The side the new picture comes from, as set.
    public let subtype: CATransitionSubtype?
    /// Where the effect starts: the transition's `startProgress` widened to `Double` and clamped to 0…1 (NaN
    /// reads as 0).
    public let startProgress: Double
    /// Where the effect ends: the transition's `endProgress` widened to `Double` and clamped to 0…1 (NaN reads
    /// as 1). An end below the start is kept: the effect then plays backwards (Apple calls that undefined).
    public let endProgress: Double
    /// The transition's timing, with its default duration applied.
    public let timing: TimingParameters
    /// The transition's timing function.
    let pacing: Pacing
    /// The effect the renderer draws: `type` parsed when the transition was compiled (unknown names fade).
    let kind: TransitionKind
    /// The side the renderer moves the new picture from: `subtype` parsed (nil and unknown names are fromLeft).
    let direction: TransitionDirection

    init(_ transition: CATransition, timing: TimingParameters) {
        type = transition.type
        subtype = transition.subtype
        kind = TransitionKind(parsing: transition.type.rawValue)
        direction = transition.subtype.map { TransitionDirection(parsing: $0.rawValue) } ?? .fallback
        startProgress = Self.clamped(Double(transition.startProgress), nan: 0)
        endProgress = Self.clamped(Double(transition.endProgress), nan: 1)
        self.timing = timing
        pacing = Pacing(transition.timingFunction)
    }

    /// The effect's progress at `parentTime` (the layer's local time): `startProgress + (endProgress −
    /// startProgress)·p`, where `p` is the cycle's time fraction through the timing function; `nil` when the
    /// transition shows nothing then (outside its active period without a fill). 0 shows only the old picture,
    /// 1 only the new one.
    public func progress(atParentTime parentTime: Double) -> Double? {
        let sample = timing.sample(atParentTime: parentTime)
        guard sample.contributes else { return nil }
        let p = pacing.progress(sample.fraction)
        return startProgress + (endProgress - startProgress) * p
    }

    /// `value` limited to 0…1, with NaN replaced by `nan`.
    private static func clamped(_ value: Double, nan: Double) -> Double {
        value.isNaN ? nan : Swift.min(Swift.max(value, 0), 1)
    }
}
