import Foundation

/// Turns animation objects into tracks (our helper, used by `CompiledAnimation`). Runs once per attached
/// animation; this is the only place that reads `Any` values and key-path strings.
enum AnimationCompiler {
    /// The timing of `animation` with a duration ≤ 0 replaced by `defaultDuration` (SPEC §1.8; NaN is not ≤ 0 and
    /// is kept, as Core Animation keeps it).
    static func timing(of animation: CAAnimation, defaultDuration: Double) -> TimingParameters {
        var timing = TimingParameters(animation)
        if animation.duration <= 0 { timing.duration = defaultDuration }
        return timing
    }

    /// Appends the tracks of `animation` (itself, or a group's members recursively) to `tracks`. A group that
    /// contains itself, directly or further down, is not entered a second time. `knownTiming` is
    /// `timing(of: animation, defaultDuration: defaultDuration)` when the caller has it already; `typed` describes
    /// a property animation's key path and values (see `TypedAnimationValues`).
    static func appendTracks(
        of animation: CAAnimation, groups: [GroupTiming], defaultDuration: Double,
        presentationValue: (PropertyPath) -> AnimatableValue?, to tracks: inout [AnimationTrack],
        enclosing: Set<ObjectIdentifier> = [], knownTiming: TimingParameters? = nil,
        typed: TypedAnimationValues? = nil
    ) {
        switch animation {
        case let group as CAAnimationGroup:
            guard !enclosing.contains(ObjectIdentifier(group)) else { return }
            let level = GroupTiming(
                timing: knownTiming ?? timing(of: group, defaultDuration: defaultDuration),
                pacing: Pacing(group.timingFunction))
            let inner = enclosing.union([ObjectIdentifier(group)])
            // A member without a duration of its own runs as long as its group (Apple's CAAnimationGroup example:
            // a scale member with no duration grows while the group's 1 s fade runs).
            for member in group.animations ?? [] {
                appendTracks(
                    of: member, groups: groups + [level], defaultDuration: level.timing.duration,
                    presentationValue: presentationValue, to: &tracks, enclosing: inner)
            }
        case let property as CAPropertyAnimation:
            let path: PropertyPath
            if let typed {
                path = typed.path
            } else {
                guard let keyPath = property.keyPath, let parsed = PropertyPath(keyPath: keyPath) else { return }
                path = parsed
            }
            let timing = knownTiming ?? timing(of: property, defaultDuration: defaultDuration)
            let curve: ProgressCurve
            if let spring = property as? CASpringAnimation {
                curve = .spring(spring.springSolution, duration: timing.effectiveDuration)
            } else {
                curve = .pacing(Pacing(property.timingFunction))
            }
            tracks.append(
                AnimationTrack(
                    propertyPath: path, isAdditive: property.isAdditive, isCumulative: property.isCumulative,
                    groups: groups, timing: timing, plan: TimingPlan(timing), curve: curve,
                    values: values(of: property, path: path, presentationValue: presentationValue, typed: typed)))
        default:
            break
        }
    }

    /// The value source of a property animation for the property at `path`. `typed`, when given, holds a basic
    /// animation's `fromValue`, `toValue` and `byValue`, or a keyframe animation's `values` and `keyTimes`, already
    /// converted (see `TypedAnimationValues`).
    static func values(
        of animation: CAPropertyAnimation, path: PropertyPath, presentationValue: (PropertyPath) -> AnimatableValue?,
        typed: TypedAnimationValues? = nil
    ) -> TrackValues {
        // A value function makes a matrix, so it only applies to a whole transform property.
        let function = path.component == nil && path.kind == .transform ? animation.valueFunction?.function : nil
        switch animation {
        case let basic as CABasicAnimation:
            if let function {
                let endpoints = Endpoints(
                    from: functionInput(basic.fromValue, function), to: functionInput(basic.toValue, function),
                    by: functionInput(basic.byValue, function), captured: nil)
                return .functionEndpoints(endpoints, function)
            }
            let from: AnimatableValue?
            let to: AnimatableValue?
            let by: AnimatableValue?
            if let typed {
                from = usable(typed.from, for: path)
                to = usable(typed.to, for: path)
                by = usable(typed.by, for: path)
            } else {
                from = convert(basic.fromValue, for: path)
                to = convert(basic.toValue, for: path)
                by = convert(basic.byValue, for: path)
            }
            let captured =
                from == nil && to == nil && by == nil ? usable(presentationValue(path), for: path) : nil
            if let endpoints = vectorEndpoints(from: from, to: to, by: by, captured: captured) {
                return .vectorEndpoints(VectorEndpoints(endpoints))
            }
            return .endpoints(ImmutableBox(Endpoints(from: from, to: to, by: by, captured: captured)))
        case let keyframe as CAKeyframeAnimation:
            let keyTimes = typed?.values != nil ? typed?.keyTimes : keyframe.keyTimes?.map(\.doubleValue)
            let pacings = keyframe.timingFunctions?.map { Pacing($0) } ?? []
            let mode = keyframe.calculationMode
            // A path drives any value of two components: points (position, anchorPoint, bounds.origin) and sizes
            // (transform.translation, bounds.size, shadowOffset), x → width, y → height.
            if path.kind == .point || path.kind == .size, let curve = keyframe.path {
                guard
                    let keyframes = PathKeyframes(
                        path: curve, keyTimes: keyTimes, timingFunctions: pacings, mode: mode)
                else { return .inert }
                let box = ImmutableBox(keyframes)
                let offset: Double? =
                    switch keyframe.rotationMode {
                    case .rotateAuto?: 0
                    case .rotateAutoReverse?: Double.pi
                    default: nil
                    }
                return .path(box, rotationOffset: offset)
            }
            let tension = keyframe.tensionValues?.map(\.doubleValue) ?? []
            let continuity = keyframe.continuityValues?.map(\.doubleValue) ?? []
            let bias = keyframe.biasValues?.map(\.doubleValue) ?? []
            let raw = keyframe.values ?? []
            // Core Animation sets a value only between two of the `values` (RE-QC `-[CAKeyframeAnimation
            // applyForTime:presentationObject:modelObject:]` writes nothing unless `values.count >= 2`): fewer
            // leave the property as it is underneath, whatever the mode, key times or value function.
            guard raw.count >= 2 else { return .inert }
            if let function {
                // Core Animation measures no distance between a value function's inputs (arrays): the paced modes
                // keep the keyframes evenly spaced, `.paced` straight and `.cubicPaced` curved, key times and timing
                // functions unused (values a peer cross-checked on macOS: translate, paced, 0.75 → (10, 20)).
                let paced = mode == .paced || mode == .cubicPaced
                let inputs = filled(raw.map { functionInput($0, function) })
                guard
                    let keyframes = KeyframeSequence(
                        values: inputs, keyTimes: paced ? nil : keyTimes, timingFunctions: paced ? [] : pacings,
                        mode: mode == .paced ? .linear : mode == .cubicPaced ? .cubic : mode, tension: tension,
                        continuity: continuity, bias: bias)
                else { return .inert }
                return .functionKeyframes(ImmutableBox(keyframes), function)
            }
            func sequence<Value>(_ values: [Value]) -> ImmutableBox<KeyframeSequence<Value>>? {
                KeyframeSequence(
                    values: values, keyTimes: keyTimes, timingFunctions: pacings, mode: mode, tension: tension,
                    continuity: continuity, bias: bias
                ).map(ImmutableBox.init)
            }
            func vectorKeyframes(_ vectors: [VectorValue]) -> TrackValues {
                sequence(vectors).map { .vectorKeyframes($0) } ?? .inert
            }
            // The usual keyframes (numbers, points, colours … all usable) become vectors in one pass; the rest
            // take the general route, which fills in unusable values and finds the kind afterwards.
            let direct: [VectorValue]? =
                if let typedValues = typed?.values {
                    typedVectors(typedValues, for: path)
                } else {
                    allVectors(raw) { convert($0, for: path) }
                }
            if let direct { return vectorKeyframes(direct) }
            let values = filled(typed?.values?.map { usable($0, for: path) } ?? raw.map { convert($0, for: path) })
            if let vectors = vectors(values), !vectors.isEmpty { return vectorKeyframes(vectors.compactMap { $0 }) }
            return sequence(values).map { .keyframes($0) } ?? .inert
        default:
            return .inert
        }
    }

    /// One of Apple's untyped values converted to the type at `path`, or `nil` when it is not set, cannot be
    /// converted, contains NaN or infinities, or is `nil`/`NSNull` for a property that does not accept `nil`.
    static func convert(_ value: Any?, for path: PropertyPath) -> AnimatableValue? {
        guard let value else { return nil }
        let kind = path.kind
        if let direct = directValue(value, kind: kind) { return usable(direct, for: path) }
        return usable(AnimatableValue(converting: value, as: kind), for: path)
    }

    /// `value` as a value of `kind` when it is the Swift type values of that kind most often come as (`Double`
    /// for numbers, `CGPoint`, `CGSize`, `CGRect`, `CGColor`, `CATransform3D`), found with one cast; `nil` for
    /// anything else, which `AnimatableValue(converting:as:)` then handles. For those types the result is the one
    /// `AnimatableValue(converting:as:)` gives (it tries the same cast first, after unwrapping optionals and
    /// ruling out `NSNull` and `AnimatableValue`, which no such value is); it only skips the slower checks that
    /// come before that cast there (an `Optional` hidden in the `Any` is a protocol cast).
    @inline(__always)
    static func directValue(_ value: Any, kind: AnimatableValue.Kind) -> AnimatableValue? {
        switch kind {
        case .point: (value as? CGPoint).map(AnimatableValue.point)
        case .number: (value as? Double).map(AnimatableValue.number)
        case .rect: (value as? CGRect).map(AnimatableValue.rect)
        case .size: (value as? CGSize).map(AnimatableValue.size)
        case .transform: (value as? CATransform3D).map(AnimatableValue.transform)
        case .color: (value as? CGColor).map { .color(ColorComponents($0)) }
        default: nil
        }
    }

    /// `value` when it can be shown at `path` (see `convert(_:for:)`), else `nil`.
    static func usable(_ value: AnimatableValue?, for path: PropertyPath) -> AnimatableValue? {
        guard let value else { return nil }
        if value.isNull { return path.component == nil && path.property.isNullable ? value : nil }
        guard value.kind == path.kind || value.kind == .image && path.kind == .image, value.isUsable else {
            return nil
        }
        return value
    }

    /// The numbers of a value-function input: a number (used on every axis of a three-input function) or an array
    /// of numbers (see `CAValueFunction`); `nil` when not set, not numeric, empty or not finite.
    static func functionInput(_ value: Any?, _ function: TransformFunction) -> FunctionInput? {
        guard let value else { return nil }
        let input: FunctionInput
        switch AnimatableValue(converting: value, as: .number) {
        case .number(let number)?:
            input = function.inputCount == 1 ? FunctionInput(x: number, y: 0, z: 0) : FunctionInput(uniform: number)
        default:
            guard case .numbers(let numbers)? = AnimatableValue(converting: value, as: .numbers), !numbers.isEmpty
            else { return nil }
            input =
                function.inputCount == 1
                ? FunctionInput(x: numbers[0], y: 0, z: 0)
                : FunctionInput(numbers, neutral: function.neutralValue, uniform: false)
        }
        return input.isUsable ? input : nil
    }

    /// The vector forms of `values` (`nil` entries stay `nil`) when every non-`nil` value is a number, point,
    /// size, rectangle or colour and all are of one kind; otherwise `nil`, and the general path is used.
    static func vectors(_ values: [AnimatableValue?]) -> [VectorValue?]? {
        var kind: VectorValue.Kind?
        var result: [VectorValue?] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let value else {
                result.append(nil)
                continue
            }
            guard let vector = VectorValue(value), kind == nil || kind == vector.kind else { return nil }
            kind = vector.kind
            result.append(vector)
        }
        return result
    }

    /// The vector forms of `values`, each made usable by `convert`, when every one converts to a number, point,
    /// size, rectangle or colour and all are of one kind; `nil` at the first that does not. Then `filled(_:)` is
    /// the identity and `vectors(_:)` has no `nil` entries, so this is their result without their optional
    /// arrays. A path or transform stops it at the first value, the only one it converts.
    static func allVectors<Values: Collection>(
        _ values: Values, _ convert: (Values.Element) -> AnimatableValue?
    ) -> [VectorValue]? {
        guard !values.isEmpty else { return nil }
        var result: [VectorValue] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let converted = convert(value), let vector = VectorValue(converted),
                result.isEmpty || result[0].kind == vector.kind
            else { return nil }
            result.append(vector)
        }
        return result
    }

    /// `allVectors(values) { usable($0, for: path) }` for values already converted, without copying each one into
    /// an optional: every value must be of the path's kind, a number, point, size, rectangle or colour, with finite
    /// components (those are exactly the values `usable` keeps and `VectorValue` accepts); `nil` at the first that
    /// is not.
    static func typedVectors(_ values: [AnimatableValue], for path: PropertyPath) -> [VectorValue]? {
        let kind = path.kind
        guard !values.isEmpty else { return nil }
        var result: [VectorValue] = []
        result.reserveCapacity(values.count)
        for index in values.indices {
            guard values[index].kind == kind, let vector = VectorValue(values[index]), vector.isUsable else {
                return nil
            }
            result.append(vector)
        }
        return result
    }

    /// The vector form of a basic animation's ends (`nil` entries stay unset) when every value given is a number,
    /// point, size, rectangle or colour and all are of one kind; otherwise `nil`, and the general path is used.
    /// The same answer as `vectors(_:)` on the four values, without building arrays.
    static func vectorEndpoints(
        from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, captured: AnimatableValue?
    ) -> Endpoints<VectorValue>? {
        var kind: VectorValue.Kind?
        func vector(_ value: AnimatableValue?) -> VectorValue?? {
            guard let value else { return .some(nil) }
            guard let vector = VectorValue(value), kind == nil || kind == vector.kind else { return nil }
            kind = vector.kind
            return .some(vector)
        }
        guard let fromVector = vector(from), let toVector = vector(to), let byVector = vector(by),
            let capturedVector = vector(captured)
        else { return nil }
        return Endpoints(from: fromVector, to: toVector, by: byVector, captured: capturedVector)
    }

    /// Keyframes with every unusable entry (`nil`) replaced by the nearest usable one before it, or the first
    /// usable one for leading entries; empty when none is usable.
    static func filled<Value>(_ values: [Value?]) -> [Value] {
        guard let first = values.first(where: { $0 != nil }) ?? nil else { return [] }
        var previous = first
        return values.map { value in
            if let value { previous = value }
            return previous
        }
    }
}
