import PortableQuartzCore

/// How long a loaded scene needs to be recorded to show its animations (our helper, used when `pqc render` gets
/// no `--duration`).
enum SceneDuration {
    /// The longest recording chosen on its own, in seconds.
    static let maximum = 60.0
    /// The recording of a scene without animations, in seconds.
    static let still = 1.0

    /// The media time by which every animation attached under `root` has played once, from time 0 on the scene's
    /// clock: for each animation, its begin time plus its active duration (its repeat duration, else duration ×
    /// repeat count, doubled when it autoreverses), mapped through the speed, begin time and time offset of the
    /// layers above it. An animation that repeats for ever counts one cycle; a frozen one (speed 0) counts nothing.
    /// The answer is `still` when nothing counts, and at most `maximum`.
    ///
    /// Example: a 2 s animation that autoreverses, repeated for ever, under a layer of speed 2 → 2 s.
    static func estimate(root: CALayer) -> Double {
        var end = 0.0
        // Each layer with the map from its time to the root's parent time, t ↦ scale · t + shift; an explicit
        // stack, so a deep tree needs no call-stack depth and costs time in proportion to its size.
        var pending: [(layer: CALayer, parentScale: Double, parentShift: Double)] = [(root, 1, 0)]
        while let (layer, parentScale, parentShift) = pending.popLast() {
            // A layer's time t comes from its parent's time p as t = (p − begin) × speed + offset, so
            // p = t / speed + begin − offset / speed.
            let speed = Double(layer.speed)
            guard speed != 0, speed.isFinite else { continue }
            let scale = parentScale / speed
            let shift = parentScale * (Double(layer.beginTime) - Double(layer.timeOffset) / speed) + parentShift
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) else { continue }
                let active = activeDuration(of: animation)
                let animationSpeed = Double(animation.speed)
                guard animationSpeed != 0, animationSpeed.isFinite, active.isFinite else { continue }
                let finish = scale * (Double(animation.beginTime) + active / abs(animationSpeed)) + shift
                if finish.isFinite { end = Swift.max(end, finish) }
            }
            if let mask = layer.mask { pending.append((mask, scale, shift)) }
            for sublayer in layer.sublayers ?? [] { pending.append((sublayer, scale, shift)) }
        }
        guard end.isFinite, end > 0 else { return still }
        return Swift.min(end, maximum)
    }

    /// An animation's active duration in its own time, with a repetition for ever counted once.
    private static func activeDuration(of animation: CAAnimation) -> Double {
        let duration = Double(animation.duration) > 0 ? Double(animation.duration) : 0.25
        let cycle = duration * (animation.autoreverses ? 2 : 1)
        let repeatDuration = Double(animation.repeatDuration)
        let repeatCount = Double(animation.repeatCount)
        if repeatDuration > 0 { return repeatDuration.isFinite ? repeatDuration : cycle }
        if repeatCount > 0 { return repeatCount.isFinite ? cycle * repeatCount : cycle }
        return cycle
    }
}
