import Foundation
import PortableQuartzCore

/// A property whose keyframes mix holds and blends, built as lottie-ios builds it: one `CAKeyframeAnimation` per run
/// of keyframes of equal hold-ness, in a `CAAnimationGroup` (our own helper).
///
/// lottie-ios's Core Animation engine (`CALayer+addAnimation.swift`, `segmentsSplitByCalculationMode`) cuts the
/// keyframes where `isHold` changes; the keyframe at a change ends one run and starts the next. A run of holds is
/// `.discrete`, the others `.linear`. Each run is timed in seconds: it begins at its first keyframe and ends at its
/// last (the first run no later than the animation's first frame, the last no earlier than its last frame, both
/// read as frames of the layer's own timeline), its key times are fractions of that span, and it does not fill, so
/// each shows only over its own span (where two meet, the later one, listed later, wins). Key times that do not
/// start at 0 or end at 1 get a key there repeating the nearest value, and a discrete run then drops its last value
/// (discrete mode takes one value fewer than key times).
///
/// A lone hold keyframe followed by a blended one so becomes a discrete animation of one value, which Core Animation
/// does not show (see `CAKeyframeAnimation`): the layer shows its model value over that run, as Apple's pictures of
/// lottie-ios's pr_1632_1 (a fill's opacity at 1, not the held 0) and issue_2066 (a null's transform) show.
enum HoldRunGroup {
    /// Whether `keyframes` mix holds and blends (and so become a group).
    static func mixesHolds<Value>(_ keyframes: [Keyframe<Value>]) -> Bool {
        keyframes.contains { $0.isHold != keyframes.first?.isHold }
    }

    /// The keyframes cut into runs of equal hold-ness, each run ending at the keyframe that starts the next.
    static func runs<Value>(_ keyframes: [Keyframe<Value>]) -> [ArraySlice<Keyframe<Value>>] {
        var runs: [ArraySlice<Keyframe<Value>>] = []
        var start = 0
        for index in keyframes.indices.dropFirst() where keyframes[index].isHold != keyframes[index - 1].isHold {
            runs.append(keyframes[start...index])
            start = index
        }
        runs.append(keyframes[start...])
        return runs
    }

    /// The group animating `keyPath` through `keyframes` (which mix holds and blends), values converted by `map`;
    /// `nil` when ``LottieLimits/maximumAnimationValues`` cannot pay for the values. A run of no length (its
    /// keyframes all at one time) is left out: it would show at one instant at most.
    ///
    /// The runs' group lasts ``AnimationContext/duration`` and sits, as in lottie-ios's `timed(with:for:)`, in a
    /// clipping group of the composition's frames (`op − ip`) that fills both ways from the layer's time 0, so at
    /// the last frame the clipping group holds its end and the last run, ending there too, shows its last value.
    static func group<Value: KeyframeInterpolatable, Output>(
        _ keyframes: [Keyframe<Value>], keyPath: String, context: AnimationContext, map: (Value) -> Output
    ) -> CAAnimationGroup? {
        guard context.takeValues(keyframes.reduce(0) { $0 + $1.value.budgetCost }) else { return nil }
        // Seconds from the first frame, where the group's time starts.
        let seconds = { (local: Double) in context.animation.time(forFrame: context.rootFrame(local)) }
        let runs = runs(keyframes)
        var members: [CAAnimation] = []
        for (index, run) in runs.enumerated() {
            guard let first = run.first, let last = run.last else { continue }
            var start = seconds(first.frame)
            var end = seconds(last.frame)
            // lottie-ios stretches the first and last runs to the composition's first and last frames as frames of
            // the layer's own timeline (`context.time(forFrame: context.animation.startFrame)`), so inside a
            // precomposition they reach that composition's offset past the root's ends.
            if index == 0 { start = min(seconds(context.startFrame), start) }
            if index == runs.count - 1 { end = max(seconds(context.animation.endFrame), end) }
            let span = end - start
            guard span > 0 else { continue }
            let keyTimes = run.map { (seconds($0.frame) - start) / span }
            let member = runAnimation(run, keyPath: keyPath, keyTimes: keyTimes, map: map)
            member.beginTime = start
            member.duration = span
            members.append(member)
        }
        let property = CAAnimationGroup()
        property.animations = members
        property.duration = context.duration
        let clipping = CAAnimationGroup()
        clipping.animations = [property]
        clipping.beginTime = .leastNonzeroMagnitude
        clipping.duration = context.frameSpan / context.animation.framerate
        clipping.fillMode = .both
        clipping.isRemovedOnCompletion = false
        if context.loops { clipping.repeatCount = .infinity }
        return clipping
    }

    /// One run's animation: `.discrete` for holds, `.linear` with each keyframe's easing otherwise.
    private static func runAnimation<Value, Output>(
        _ run: ArraySlice<Keyframe<Value>>, keyPath: String, keyTimes: [Double], map: (Value) -> Output
    ) -> CAKeyframeAnimation {
        let discrete = run.first?.isHold ?? false
        let linear = EasingCurve.linear.timingFunction
        var times = keyTimes
        var values = run.map { map($0.value) }
        var functions = run.dropLast().map { EasingCurve($0).timingFunction }
        if let first = times.first, first != 0 {
            times.insert(0, at: 0)
            values.insert(values[0], at: 0)
            functions.insert(linear, at: 0)
        }
        if let last = times.last, last != 1, let value = values.last {
            times.append(1)
            values.append(value)
            functions.append(linear)
        }
        if discrete { values.removeLast() }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.calculationMode = discrete ? .discrete : .linear
        animation.values = values.map { $0 as Any }
        animation.keyTimes = times.map { NSNumber(value: $0) }
        animation.timingFunctions = functions
        return animation
    }
}
