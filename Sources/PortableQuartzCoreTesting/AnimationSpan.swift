import Foundation
import PortableQuartzCore

/// When the animations attached to a layer tree play, in media time (our test helper): from the earliest begin to the
/// latest end over every layer of the tree (masks included).
///
/// An animation's end is its begin time plus its active duration (its repeat duration, else duration × repeat count,
/// twice when it autoreverses; a duration of 0 counts as Core Animation's default 0.25 s), divided by its speed, then
/// taken from each layer's time to its parent's through the layer's `beginTime`, `speed` and `timeOffset`
/// (parent time = (layer time − timeOffset) / speed + beginTime). An animation that repeats for ever counts one
/// cycle; an animation or layer with speed 0 (frozen) counts nothing.
///
/// Read it after the commit that started the animations (their `beginTime` is then set). Example: a 2 s animation
/// committed at media time 1 on a layer of speed 2 spans 1…2.
public enum AnimationSpan {
    /// The media times from the earliest begin to the latest end of the animations under `root`, or nil when
    /// nothing counts.
    public static func of(_ root: CALayer) -> ClosedRange<Double>? {
        var span: (start: Double, end: Double)?
        visit(root, above: [], span: &span)
        guard let span, span.start.isFinite, span.end.isFinite else { return nil }
        return span.start...Swift.max(span.start, span.end)
    }

    private struct LayerTiming {
        let begin: Double
        let speed: Double
        let offset: Double
    }

    private static func visit(_ layer: CALayer, above: [LayerTiming], span: inout (start: Double, end: Double)?) {
        let speed = Double(layer.speed)
        guard speed != 0, speed.isFinite else { return }
        let chain = above + [LayerTiming(begin: layer.beginTime, speed: speed, offset: layer.timeOffset)]
        for key in layer.animationKeys() ?? [] {
            guard let animation = layer.animation(forKey: key) else { continue }
            let animationSpeed = Double(animation.speed)
            let active = activeDuration(of: animation)
            guard animationSpeed != 0, animationSpeed.isFinite, active.isFinite else { continue }
            let toMedia = { (time: Double) in
                chain.reversed().reduce(time) { time, timing in (time - timing.offset) / timing.speed + timing.begin }
            }
            let begin = toMedia(animation.beginTime)
            let end = toMedia(animation.beginTime + active / abs(animationSpeed))
            let low = Swift.min(begin, end)
            let high = Swift.max(begin, end)
            guard low.isFinite, high.isFinite else { continue }
            span = span.map { (Swift.min($0.start, low), Swift.max($0.end, high)) } ?? (low, high)
        }
        if let mask = layer.mask { visit(mask, above: chain, span: &span) }
        for sublayer in layer.sublayers ?? [] { visit(sublayer, above: chain, span: &span) }
    }

    private static func activeDuration(of animation: CAAnimation) -> Double {
        let duration = animation.duration > 0 ? animation.duration : 0.25
        let cycle = duration * (animation.autoreverses ? 2 : 1)
        if animation.repeatDuration > 0 { return animation.repeatDuration.isFinite ? animation.repeatDuration : cycle }
        let count = Double(animation.repeatCount)
        if count > 0 { return count.isFinite ? cycle * count : cycle }
        return cycle
    }
}
