import Foundation
import PortableQuartzCore

/// Animates `position` along the Bézier path that a Lottie position's spatial tangents describe, as lottie-ios
/// does: a `CAKeyframeAnimation` with a `path` whose segments run between consecutive keyframes, each with its
/// keyframe's timing function (our own helper).
enum PositionPathAnimator {
    /// Applies `position`. Keyframes outside the root timeline, or time remapping, fall back to sampling the
    /// path once per frame.
    static func apply(
        _ position: AnimatableProperty<[Double]>, to layer: CALayer, context: AnimationContext, autoOrient: Bool
    ) {
        LayerAnimator.noteExpression(position.expression, context: context)
        let keyframes = position.keyframes
        let uniform = keyframes.allSatisfy { $0.isHold == keyframes.first?.isHold }
        let times = keyframes.map { context.keyframeTime($0.frame, uniform: uniform) }
        let rising = zip(times, times.dropFirst()).allSatisfy { $0 < $1 }
        guard context.remap == nil, rising, let first = times.first, let last = times.last, first >= 0, last <= 1
        else {
            LayerAnimator.applySampled(to: layer, keyPath: "position", context: context) {
                position.pointValue(atFrame: $0)
            }
            if autoOrient {
                (layer.animation(forKey: "position") as? CAKeyframeAnimation).map {
                    TransformAnimator.orient($0, on: layer)
                }
            }
            return
        }
        guard context.takeValues(keyframes.count) else {
            layer.setValue(position.initialValue.point, forKeyPath: "position")
            return
        }
        let linear = EasingCurve.linear.timingFunction
        let path = CGMutablePath()
        var keyTimes: [Double] = []
        var functions: [CAMediaTimingFunction] = []
        let start = keyframes[0].value.point
        path.move(to: start)
        keyTimes.append(0)
        if first > 0 {
            path.addLine(to: start)
            keyTimes.append(first)
            functions.append(linear)
        }
        for index in 0..<(keyframes.count - 1) {
            let keyframe = keyframes[index]
            let from = keyframe.value.point
            let to = keyframes[index + 1].value.point
            if keyframe.isHold {
                // Held up to the next key time, where a second key at the same time jumps to the next point.
                path.addLine(to: from)
                keyTimes.append(times[index + 1])
                functions.append(linear)
                path.addLine(to: to)
                functions.append(linear)
            } else {
                if keyframe.hasSpatialTangents {
                    let out = keyframe.spatialOut ?? .zero
                    let into = keyframe.spatialIn ?? .zero
                    path.addCurve(
                        to: to, control1: CGPoint(x: from.x + out.x, y: from.y + out.y),
                        control2: CGPoint(x: to.x + into.x, y: to.y + into.y))
                } else {
                    path.addLine(to: to)
                }
                functions.append(EasingCurve(keyframe).timingFunction)
            }
            keyTimes.append(times[index + 1])
        }
        if last < 1 {
            path.addLine(to: keyframes[keyframes.count - 1].value.point)
            keyTimes.append(1)
            functions.append(linear)
        }
        let animation = LayerAnimator.keyframeAnimation(keyPath: "position", context: context)
        animation.path = path
        animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
        animation.timingFunctions = functions
        if autoOrient { animation.rotationMode = .rotateAuto }
        layer.add(ownedAnimation: animation, forKey: "position")
    }
}
