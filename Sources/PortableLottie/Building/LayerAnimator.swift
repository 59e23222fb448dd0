import Foundation
import PortableQuartzCore

/// Puts Lottie properties on Core Animation layers: a fixed value is set on the layer, a changing one becomes a
/// `CAKeyframeAnimation` over the whole root timeline (our own helper).
///
/// Every animation starts at the layer's time 0 (a `beginTime` of the smallest positive number, so Core
/// Animation does not replace it by the time it is added), lasts ``AnimationContext/duration``, and fills both
/// ways, so the layer's own time (speed and `timeOffset`) alone decides what shows.
enum LayerAnimator {
    /// Applies `property` to `keyPath` of `layer`, each value converted by `map`.
    static func apply<Value: KeyframeInterpolatable, Output>(
        _ property: AnimatableProperty<Value>, to layer: CALayer, keyPath: String, context: AnimationContext,
        map: (Value) -> Output
    ) {
        noteExpression(property.expression, context: context)
        guard property.isAnimated else {
            setFixed(property.initialValue, on: layer, keyPath: keyPath, context: context, map: map)
            return
        }
        if context.remap != nil {
            let cost = property.keyframes.map(\.value.budgetCost).max() ?? 1
            applySampled(to: layer, keyPath: keyPath, context: context, cost: cost) {
                map(property.value(atFrame: $0))
            }
            return
        }
        addKeyframes(property, to: layer, keyPath: keyPath, context: context, map: map)
    }

    /// Applies a value computed from several properties (whose keyframes are `inputs`) by `value(frame)`.
    ///
    /// When one input changes, or all changing inputs share their keyframe times and easing, the derived value
    /// is computed at those keyframes and keeps their easing; otherwise it is sampled once per root frame.
    static func applyDerived<Value: KeyframeInterpolatable, Output>(
        inputs: [[KeyframeTiming]], to layer: CALayer, keyPath: String, context: AnimationContext,
        value: (Double) -> Value, map: (Value) -> Output
    ) {
        let animated = inputs.filter { $0.count > 1 }
        guard let timing = animated.first else {
            setFixed(value(inputs.first?.first?.frame ?? 0), on: layer, keyPath: keyPath, context: context, map: map)
            return
        }
        guard context.remap == nil, animated.allSatisfy({ $0 == timing }) else {
            let cost = value(timing[0].frame).budgetCost
            applySampled(to: layer, keyPath: keyPath, context: context, cost: cost) { map(value($0)) }
            return
        }
        let property = AnimatableProperty(
            keyframes: timing.map {
                Keyframe(
                    frame: $0.frame, value: value($0.frame), isHold: $0.isHold, easeOut: $0.easeOut,
                    easeIn: $0.easeIn)
            })
        addKeyframes(property, to: layer, keyPath: keyPath, context: context, map: map)
    }

    /// Adds the animation of a changing property: one keyframe animation when its keyframes are all holds or all
    /// blends, otherwise lottie-ios's group of one animation per run (``HoldRunGroup``).
    private static func addKeyframes<Value: KeyframeInterpolatable, Output>(
        _ property: AnimatableProperty<Value>, to layer: CALayer, keyPath: String, context: AnimationContext,
        map: (Value) -> Output
    ) {
        guard HoldRunGroup.mixesHolds(property.keyframes) else {
            add(KeyframeTrack(property, context: context), to: layer, keyPath: keyPath, context: context, map: map)
            return
        }
        if let group = HoldRunGroup.group(property.keyframes, keyPath: keyPath, context: context, map: map) {
            layer.add(ownedAnimation: group, forKey: keyPath)
        } else if property.initialValue.budgetCost <= 1 {
            set(map(property.initialValue), on: layer, keyPath: keyPath)
        }
    }

    /// Sets a value that does not change. Numbers, points and colours are set unless they are a transform
    /// component's neutral value; a path is paid for from ``LottieLimits/maximumAnimationValues`` (one per vertex)
    /// and left out when that is spent.
    private static func setFixed<Value: KeyframeInterpolatable, Output>(
        _ value: Value, on layer: CALayer, keyPath: String, context: AnimationContext, map: (Value) -> Output
    ) {
        let cost = value.budgetCost
        guard cost <= 1 || context.takeValues(cost) else { return }
        let mapped = map(value)
        if let neutral = neutralTransformComponents[keyPath], mapped as? Double == neutral { return }
        set(mapped, on: layer, keyPath: keyPath)
    }

    /// Sets `value` at `keyPath` of `layer` as `setValue(_:forKeyPath:)` does, but, when the value is of the type the
    /// property holds (a `Double` for a number, a `CGPoint`, a `CGColor` …), without reading it back out of an `Any`:
    /// the key path is parsed and the value converted with its type known (a fifth of the cost).
    static func set<Output>(_ value: Output, on layer: CALayer, keyPath: String) {
        if let path = PropertyPath(keyPath: keyPath), let converted = AnimatableValue.direct(value, as: path.kind) {
            layer.setValue(converted: converted, at: path)
        } else {
            layer.setValue(value, forKeyPath: keyPath)
        }
    }

    /// The transform components whose neutral value is left unwritten, as lottie-ios leaves a fixed value equal to
    /// the layer's default (its `LayerProperty.defaultValue`). Writing one is not harmless: Core Animation writes
    /// a component by decomposing the matrix and recomposing it, and a reflection decomposes into negated scales
    /// with a half turn, so writing rotation 0 after scale [100, −100] turns the vertical flip into a horizontal
    /// one.
    private static let neutralTransformComponents: [String: Double] = [
        "transform.scale.x": 1, "transform.scale.y": 1, "transform.rotation.x": 0, "transform.rotation.y": 0,
        "transform.rotation.z": 0,
    ]

    /// Samples `value(localFrame)` at every root frame of the timeline (at most
    /// ``LottieLimits/maximumSampledFrames`` samples) and animates linearly between the samples. Each sample
    /// costs `cost` of ``LottieLimits/maximumAnimationValues``; when the budget cannot pay, a value costing 1 is
    /// set at the first frame and a path is left out.
    static func applySampled<Output>(
        to layer: CALayer, keyPath: String, context: AnimationContext, cost: Int = 1, value: (Double) -> Output
    ) {
        let span = context.timelineFrames
        let count = Int(min(span.rounded(.up), Double(LottieLimits.maximumSampledFrames)))
        guard context.takeValues((count + 1) * max(cost, 1)) else {
            if cost <= 1 { set(value(context.localFrame(atRoot: context.startFrame)), on: layer, keyPath: keyPath) }
            return
        }
        let step = span / Double(max(count, 1))
        var values: [Output] = []
        values.reserveCapacity(count + 1)
        for index in 0...count {
            let root = context.startFrame + Double(index) * step
            values.append(value(context.localFrame(atRoot: root)))
        }
        let keyTimes = context.sampleTimes.keyTimes(count: count)
        let animation = keyframeAnimation(keyPath: keyPath, context: context)
        // Boxed one by one as `Any` (a generic array cast would check every element's type at run time).
        animation.values = values.map { $0 as Any }
        animation.keyTimes = keyTimes.numbers
        layer.add(
            ownedAnimation: animation, forKey: keyPath,
            typed: TypedAnimationValues.keyframes(values, keyPath: keyPath, keyTimes: keyTimes.values))
    }

    /// Adds `track` as a keyframe animation of `keyPath`.
    static func add<Value, Output>(
        _ track: KeyframeTrack<Value>, to layer: CALayer, keyPath: String, context: AnimationContext,
        map: (Value) -> Output
    ) {
        let cost = track.keys.reduce(0) { $0 + $1.value.budgetCost }
        guard context.takeValues(cost) else {
            if let first = track.keys.first, first.value.budgetCost <= 1 {
                set(map(first.value), on: layer, keyPath: keyPath)
            }
            return
        }
        let arrays = track.arrays(map)
        let animation = keyframeAnimation(keyPath: keyPath, context: context)
        animation.values = arrays.values.map { $0 as Any }
        animation.keyTimes = arrays.keyTimes.map { NSNumber(value: $0) }
        animation.timingFunctions = arrays.timingFunctions
        layer.add(
            ownedAnimation: animation, forKey: keyPath,
            typed: TypedAnimationValues.keyframes(arrays.values, keyPath: keyPath, keyTimes: arrays.keyTimes))
    }

    /// An empty keyframe animation timed over the whole root timeline.
    static func keyframeAnimation(keyPath: String, context: AnimationContext) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.beginTime = .leastNonzeroMagnitude
        animation.duration = context.duration
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.calculationMode = .linear
        if context.loops { animation.repeatCount = .infinity }
        return animation
    }

    /// Shows the layer only from local frame `inFrame` up to `outFrame` (a discrete `hidden` animation; a layer
    /// that ends at or after the animation's last frame stays visible to the very end, as lottie-ios shows it).
    static func applyVisibility(inFrame: Double, outFrame: Double, to layer: CALayer, context: AnimationContext) {
        let times: [Double]
        if context.remap != nil {
            applySampled(to: layer, keyPath: "hidden", context: context) { frame in
                !(frame >= inFrame && frame < outFrame)
            }
            return
        }
        let start = context.keyTime(inFrame)
        let end = context.rootFrame(outFrame) >= context.animation.endFrame ? 2 : context.keyTime(outFrame)
        if start <= 0, end > 1 { return }
        if end <= 0 || start > 1 || end <= start {
            layer.isHidden = true
            return
        }
        let values: [Bool]
        if end > 1 {
            times = [0, start, 1]
            values = [true, false]
        } else if start <= 0 {
            times = [0, end, 1]
            values = [false, true]
        } else {
            times = [0, start, end, 1]
            values = [true, false, true]
        }
        let animation = keyframeAnimation(keyPath: "hidden", context: context)
        animation.calculationMode = .discrete
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: $0) }
        layer.add(
            ownedAnimation: animation, forKey: "hidden",
            typed: TypedAnimationValues.keyframes(values, keyPath: "hidden", keyTimes: times))
    }

    /// Notes an expression once per layer.
    static func noteExpression(_ expression: String?, context: AnimationContext) {
        if expression != nil {
            context.report.note(
                "expressions are not evaluated (the exported keyframes are used)", layer: context.layerName)
        }
    }
}

/// The timing of one keyframe without its value (to compare and combine the timing of several properties).
struct KeyframeTiming: Equatable {
    let frame: Double
    let isHold: Bool
    let easeOut: CGPoint?
    let easeIn: CGPoint?
}

extension AnimatableProperty {
    /// The keyframes' timing.
    var timing: [KeyframeTiming] {
        keyframes.map { KeyframeTiming(frame: $0.frame, isHold: $0.isHold, easeOut: $0.easeOut, easeIn: $0.easeIn) }
    }
}
