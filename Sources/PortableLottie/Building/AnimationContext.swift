import Foundation

/// Where the layer being built sits in time, and where the builder reports what it cannot draw (our own type).
///
/// Every Core Animation animation the builder makes spans the whole root timeline: key time 0 is the animation's
/// first frame (`ip`), key time 1 is ``timelineFrames`` later, and the animations fill both ways. A layer inside
/// precompositions sees its own frames; ``rootFrame(_:)`` maps them to the root through each precomposition's start
/// time and stretch. Time remapping cannot be inverted, so under it ``remap`` maps root frames to local ones and
/// properties are sampled.
struct AnimationContext {
    /// The animation being built.
    let animation: LottieAnimation
    /// Collects what cannot be drawn.
    let report: CompatibilityReport
    /// Counts built layers and animation values against ``LottieLimits``.
    let budget: BuildBudget
    /// Key times shared by the sampled animations of this build.
    let sampleTimes = SampleTimes()
    /// Root frame = local frame × `frameScale` + `frameOffset` (nested start times and stretches).
    var frameScale = 1.0
    /// See ``frameScale``.
    var frameOffset = 0.0
    /// Root frame → local frame, when a time remap is in effect; nil otherwise.
    var remap: ((Double) -> Double)?
    /// The name of the Lottie layer being built, for reports.
    var layerName = ""
    /// How many precompositions enclose the layer.
    var depth = 0
    /// The names of the layers and shape groups enclosing what is being built, outermost first: where
    /// ``AnimationKeypath``s of ``valueProviders`` are matched (precomposition layers, the layer, its groups).
    var keypath: [String] = []
    /// Values the user supplies in place of the file's.
    var valueProviders = ValueProviderList()

    /// The root timeline's first frame.
    var startFrame: Double { animation.startFrame }
    /// Whether the animations repeat without end (a looping player) rather than once.
    var loops = false

    /// The number of frames the animations span (`endFrame - startFrame`).
    var frameSpan: Double { animation.endFrame - animation.startFrame }
    /// The frames the animations span: ``frameSpan`` when they loop, one more when they play once. lottie-ios
    /// times a paused tree so (its `LayerAnimationContext.animationDuration` adds a frame when the speed is 0 so
    /// that the last frame can show), and its key times follow from that length.
    var timelineFrames: Double { loops ? frameSpan : frameSpan + 1 }
    /// The animations' duration in seconds (``timelineFrames`` at the frame rate).
    var duration: Double { timelineFrames / animation.framerate }

    /// The root frame at which a local frame shows (only without time remapping).
    func rootFrame(_ local: Double) -> Double {
        local * frameScale + frameOffset
    }

    /// The local frame shown at a root frame.
    func localFrame(atRoot root: Double) -> Double {
        if let remap { return remap(root) }
        return (root - frameOffset) / frameScale
    }

    /// The key time (0…1 over the root timeline; may fall outside) of a local frame, computed as lottie-ios's
    /// `progressTime(for:)` computes it: the root frame's distance from the first frame over the duration's frames.
    func keyTime(_ local: Double) -> Double {
        (rootFrame(local) - startFrame) / (duration * animation.framerate)
    }

    /// The key time of a keyframe at a local frame, in a property whose keyframes are all holds or all not
    /// (`uniform`) or whose keyframes mix both.
    ///
    /// lottie-ios makes a uniform property one keyframe animation over the whole timeline, its key times rounded
    /// to `Float`s (`NSNumber(value: Float(progressTime))`); a mixed one becomes one animation per run of equal
    /// hold-ness, timed in seconds from the run's start, so a tree paused on a key's own frame sits exactly on it. Core
    /// Animation compares the key times as given with the time fraction in `Double` and shows a key's value from
    /// its key time on, so Apple's pictures at a hold key's own frame show the value before it when the `Float`
    /// rounds up (TypeFace/C at frame 16 of 33: 0.4848485 > 0.48484848…) and the key's own value in a mixed
    /// property (TypeFace/H's nose at frame 16). A mixed property's key time here is the key's time in seconds over
    /// the duration: exactly the fraction at which a tree paused on that frame evaluates (``PositionPathAnimator``
    /// puts such runs in one path animation; other mixed properties become a ``HoldRunGroup``).
    func keyframeTime(_ local: Double, uniform: Bool) -> Double {
        if uniform { return Double(Float(keyTime(local))) }
        return animation.time(forFrame: rootFrame(local)) / duration
    }

    /// The context for the layers of a precomposition shown by a layer with this start time and stretch.
    func entering(startFrame start: Double, stretch: Double) -> AnimationContext {
        var inner = self
        inner.depth += 1
        if let remap {
            inner.remap = { root in (remap(root) - start) / stretch }
        } else {
            inner.frameOffset = frameOffset + start * frameScale
            inner.frameScale = frameScale * stretch
        }
        return inner
    }

    /// Takes `count` layers from ``LottieLimits/maximumBuiltLayers``; false, reporting it (once per build), when they
    /// do not fit.
    func takeLayers(_ count: Int = 1) -> Bool {
        if budget.take(layers: count) { return true }
        report.note(
            "the animation needs more than \(LottieLimits.maximumBuiltLayers) layers; the rest are left out", layer: "")
        return false
    }

    /// Takes `count` values from ``LottieLimits/maximumAnimationValues``; false, reporting it (once per build), when
    /// they do not fit.
    func takeValues(_ count: Int) -> Bool {
        if budget.take(values: count) { return true }
        report.note(
            "the animation needs more than \(LottieLimits.maximumAnimationValues) keyframe values and path points; "
                + "the rest of its properties are not animated and its paths left out", layer: "")
        return false
    }

    /// The context for the layers of a precomposition whose time is remapped by `timeRemap` (seconds of the
    /// precomposition as a function of this context's frames).
    func entering(timeRemap: AnimatableProperty<Double>) -> AnimationContext {
        var inner = self
        inner.depth += 1
        let outer = self
        let framerate = animation.framerate
        inner.remap = { root in timeRemap.value(atFrame: outer.localFrame(atRoot: root)) * framerate }
        return inner
    }
}

/// Counts the layers and the keyframe values one build makes, so that precompositions used many times over,
/// long parent chains and sampled properties cannot make it unbounded.
final class BuildBudget {
    private(set) var layersUsed = 0
    private(set) var valuesUsed = 0

    /// Takes `count` layers from ``LottieLimits/maximumBuiltLayers``; false, taking none, when fewer are left.
    func take(layers count: Int = 1) -> Bool {
        guard count <= LottieLimits.maximumBuiltLayers - layersUsed else { return false }
        layersUsed += count
        return true
    }

    /// Takes `count` keyframe values from ``LottieLimits/maximumAnimationValues``; false, taking none, when fewer
    /// are left.
    func take(values count: Int) -> Bool {
        guard count <= LottieLimits.maximumAnimationValues - valuesUsed else { return false }
        valuesUsed += count
        return true
    }
}
