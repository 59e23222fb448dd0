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
    /// contains itself, directly or further down, is not entered a second time.
    static func appendTracks(
        of animation: CAAnimation, groups: [GroupTiming], defaultDuration: Double,
        presentationValue: (PropertyPath) -> AnimatableValue?, to tracks: inout [AnimationTrack],
        enclosing: Set<ObjectIdentifier> = []
    ) {
        switch animation {
        case let group as CAAnimationGroup:
            guard !enclosing.contains(ObjectIdentifier(group)) else { return }
            let level = GroupTiming(
                timing: timing(of: group, defaultDuration: defaultDuration), pacing: Pacing(group.timingFunction))
            let inner = enclosing.union([ObjectIdentifier(group)])
            for member in group.animations ?? [] {
                appendTracks(
                    of: member, groups: groups + [level], defaultDuration: defaultDuration,
                    presentationValue: presentationValue, to: &tracks, enclosing: inner)
            }
        case let property as CAPropertyAnimation:
            guard let keyPath = property.keyPath, let path = PropertyPath(keyPath: keyPath) else { return }
            let timing = timing(of: property, defaultDuration: defaultDuration)
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
                    values: values(of: property, path: path, presentationValue: presentationValue)))
        default:
            break
        }
    }

    /// The value source of a property animation for the property at `path`.
    static func values(
        of animation: CAPropertyAnimation, path: PropertyPath, presentationValue: (PropertyPath) -> AnimatableValue?
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
            let from = convert(basic.fromValue, for: path)
            let to = convert(basic.toValue, for: path)
            let by = convert(basic.byValue, for: path)
            let captured =
                from == nil && to == nil && by == nil ? usable(presentationValue(path), for: path) : nil
            if let vectors = vectors([from, to, by, captured]) {
                return .vectorEndpoints(
                    Endpoints(from: vectors[0], to: vectors[1], by: vectors[2], captured: vectors[3]))
            }
            return .endpoints(ImmutableBox(Endpoints(from: from, to: to, by: by, captured: captured)))
        case let keyframe as CAKeyframeAnimation:
            let keyTimes = keyframe.keyTimes?.map(\.doubleValue)
            let pacings = keyframe.timingFunctions?.map { Pacing($0) } ?? []
            let mode = keyframe.calculationMode
            if path.kind == .point, let curve = keyframe.path {
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
            if let function {
                let inputs = filled(raw.map { functionInput($0, function) })
                guard
                    let keyframes = KeyframeSequence(
                        values: inputs, keyTimes: keyTimes, timingFunctions: pacings, mode: mode, tension: tension,
                        continuity: continuity, bias: bias)
                else { return .inert }
                return .functionKeyframes(ImmutableBox(keyframes), function)
            }
            let values = filled(raw.map { convert($0, for: path) })
            if let vectors = vectors(values), !vectors.isEmpty {
                guard
                    let keyframes = KeyframeSequence(
                        values: vectors.compactMap { $0 }, keyTimes: keyTimes, timingFunctions: pacings, mode: mode,
                        tension: tension, continuity: continuity, bias: bias)
                else { return .inert }
                return .vectorKeyframes(ImmutableBox(keyframes))
            }
            guard
                let keyframes = KeyframeSequence(
                    values: values, keyTimes: keyTimes, timingFunctions: pacings, mode: mode, tension: tension,
                    continuity: continuity, bias: bias)
            else { return .inert }
            return .keyframes(ImmutableBox(keyframes))
        default:
            return .inert
        }
    }

    /// One of Apple's untyped values converted to the type at `path`, or `nil` when it is not set, cannot be
    /// converted, contains NaN or infinities, or is `nil`/`NSNull` for a property that does not accept `nil`.
    static func convert(_ value: Any?, for path: PropertyPath) -> AnimatableValue? {
        guard let value else { return nil }
        return usable(AnimatableValue(converting: value, as: path.kind), for: path)
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
