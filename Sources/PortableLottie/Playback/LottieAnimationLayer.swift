import Foundation
import PortableQuartzCore

/// A layer that shows a Lottie animation, built as a tree of ordinary layers driven by `CAKeyframeAnimation`s
/// (reads like lottie-ios's `LottieAnimationLayer` with its Core Animation engine).
///
/// Add it to your tree, give it a frame, and it shows the composition scaled to fit (aspect kept, centred). The
/// animations live in ``compositionLayer``'s timeline, which runs from 0 to ``LottieAnimation/duration`` seconds;
/// playing and pausing set that layer's `speed`, `beginTime` and `timeOffset`, so whatever draws the tree (a
/// `CARenderer`, `render(in:)`, an exporter) shows the right frame without any per-frame work here. A new layer is
/// paused at progress 0.
///
/// ```swift
/// let layer = LottieAnimationLayer(animation: try LottieAnimation(contentsOf: url))
/// layer.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
/// layer.currentProgress = 0.5          // paused halfway
/// layer.play()                         // runs from there on the media clock
/// ```
open class LottieAnimationLayer: CALayer {
    /// How the composition fits the layer's bounds.
    public enum ContentMode: Sendable {
        /// Scaled to fit inside the bounds with its aspect ratio kept, centred (the default).
        case scaleAspectFit
        /// Scaled to cover the bounds with its aspect ratio kept, centred.
        case scaleAspectFill
        /// Stretched to the bounds.
        case scaleToFill
        /// At its own size, centred.
        case center
    }

    /// What happens at the end when playing.
    public enum LoopMode: Sendable {
        /// Plays once and stays on the last frame.
        case playOnce
        /// Starts again from the first frame, without end.
        case loop
    }

    /// The animation shown.
    public let animation: LottieAnimation

    /// What of the animation the layer tree leaves out because Core Animation cannot express it (expressions,
    /// most effects, luma mattes, …), each once per layer name, in the order met.
    public private(set) var compatibilityIssues: [LottieCompatibilityIssue] = []

    /// The layer holding the composition at its own size in points, whose timeline drives every animation.
    public private(set) var compositionLayer = CALayer()

    /// How the composition fits the bounds. Default `.scaleAspectFit`.
    public var contentMode: ContentMode = .scaleAspectFit {
        didSet { fitComposition() }
    }

    /// The part of the composition to show, in composition points: when set, it is scaled to fit the bounds with
    /// its aspect kept and centred, in place of ``contentMode``, and what lies outside it shows only where the
    /// bounds are wider than it. Reads like lottie-ios's `LottieAnimationView.viewportFrame`. Default nil (the
    /// whole composition by ``contentMode``); a rectangle that is empty or not finite counts as nil.
    public var viewportFrame: CGRect? {
        didSet { fitComposition() }
    }

    /// Whether playing loops. Setting it rebuilds the tree and keeps the current time.
    public var loopMode: LoopMode = .playOnce {
        didSet {
            guard loopMode != oldValue else { return }
            rebuildKeepingTime()
        }
    }

    /// How fast ``play()`` runs (1 is the animation's own speed). Default 1.
    public var animationSpeed: Double = 1 {
        didSet {
            if isAnimationPlaying { play() }
        }
    }

    /// The colours set with ``setValueProvider(_:keypath:)``, in the order set.
    private var valueProviders = ValueProviderList()

    /// Draws the fills and strokes `keypath` names in the colour `provider` gives instead of the file's (as
    /// lottie-ios's `setValueProvider(_:keypath:)` does for colour properties): the path ends with the property
    /// name `Color`, e.g. `"**.Stroke 1.Color"` (see ``AnimationKeypath``). A later call for the same path replaces
    /// the earlier one; where several paths name one property, the one set last wins. The tree is rebuilt, keeping
    /// the current time and whether it plays. Paths that name nothing change nothing.
    public func setValueProvider(_ provider: ColorValueProvider, keypath: AnimationKeypath) {
        valueProviders.set(provider, for: keypath)
        rebuildKeepingTime()
    }

    /// A layer showing `animation`, paused at its first frame.
    public init(animation: LottieAnimation) {
        self.animation = animation
        super.init()
        rebuild()
        self.bounds = CGRect(origin: .zero, size: animation.size)
        fitComposition()
    }

    /// Archives carry no Lottie animation: decoding one gives nil (load the animation and use
    /// ``init(animation:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A presentation copy; see `CALayer.init(layer:)`.
    public override init(layer: Any) {
        let source = layer as? LottieAnimationLayer
        animation = source?.animation ?? LottieAnimation.empty
        super.init(layer: layer)
    }

    /// Fits the composition to the bounds (Core Animation calls it when the layer is laid out; call
    /// `setNeedsLayout()` after changing the bounds).
    open override func layoutSublayers() {
        super.layoutSublayers()
        fitComposition()
    }

    // MARK: Playback

    /// Plays from the current time at ``animationSpeed`` on the media clock (`CACurrentMediaTime()`).
    public func play() {
        let time = currentTime >= animation.duration && loopMode == .playOnce ? 0 : currentTime
        compositionLayer.speed = Float(animationSpeed)
        compositionLayer.timeOffset = time
        compositionLayer.beginTime = convertTime(CACurrentMediaTime(), from: nil)
    }

    /// Stops where the animation is now.
    public func pause() {
        let time = currentTime
        setPaused(at: time)
    }

    /// Stops and goes back to the first frame.
    public func stop() {
        setPaused(at: 0)
    }

    /// Whether the animation is running (playing and, when it plays once, not yet at its end).
    public var isAnimationPlaying: Bool {
        compositionLayer.speed != 0 && (loopMode == .loop || rawTime < animation.duration)
    }

    /// Seconds from the animation's start shown now (0 … ``LottieAnimation/duration``). Setting it pauses there.
    public var currentTime: TimeInterval {
        get {
            let time = rawTime
            let duration = animation.duration
            if loopMode == .loop, duration > 0, time >= duration {
                return time.truncatingRemainder(dividingBy: duration)
            }
            return min(max(time, 0), duration)
        }
        set { setPaused(at: newValue) }
    }

    /// The progress shown now, 0 (first frame) to 1 (last frame). Setting it pauses on the frame at that progress,
    /// as lottie-ios does (progress → frame → seconds, so a frame's time is exactly `frame ÷ fr` after the start).
    public var currentProgress: Double {
        get { animation.duration > 0 ? currentTime / animation.duration : 0 }
        set { currentFrame = animation.frameTime(forProgress: newValue) }
    }

    /// The composition frame shown now. Setting it pauses there.
    public var currentFrame: Double {
        get { animation.frameTime(forTime: currentTime) }
        set { currentTime = animation.time(forFrame: newValue) }
    }

    /// Pauses on the start of the marker named `name`; false when there is no such marker.
    @discardableResult
    public func pause(atMarker name: String) -> Bool {
        guard let frame = animation.frameTime(forMarker: name) else { return false }
        currentFrame = frame
        return true
    }

    // MARK: Building

    /// The composition layer's local time now, unclamped.
    private var rawTime: TimeInterval {
        compositionLayer.convertTime(CACurrentMediaTime(), from: nil)
    }

    private func setPaused(at time: TimeInterval) {
        compositionLayer.speed = 0
        compositionLayer.beginTime = 0
        compositionLayer.timeOffset = min(max(time.isFinite ? time : 0, 0), animation.duration)
    }

    private func rebuildKeepingTime() {
        let time = currentTime
        let playing = isAnimationPlaying
        rebuild()
        currentTime = time
        if playing { play() }
    }

    private func rebuild() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let built = LottieLayerTree.build(animation, loops: loopMode == .loop, valueProviders: valueProviders)
        compositionLayer.removeFromSuperlayer()
        compositionLayer = built.root
        compatibilityIssues = built.issues
        addSublayer(compositionLayer)
        setPaused(at: 0)
        fitComposition()
        CATransaction.commit()
    }

    /// Places the composition layer in the bounds by ``viewportFrame`` or ``contentMode`` (also done when the layer
    /// is laid out).
    public func fitComposition() {
        guard compositionLayer.superlayer === self else { return }
        let size = animation.size
        let box = self.bounds
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        compositionLayer.position = CGPoint(x: box.midX, y: box.midY)
        if let viewport = viewportFrame, viewport.width > 0, viewport.height > 0, viewport.width.isFinite,
            viewport.height.isFinite, viewport.minX.isFinite, viewport.minY.isFinite
        {
            // As lottie-ios lays out its viewport: the viewport's centre moved to the composition's, then scaled.
            let scale = min(box.width / viewport.width, box.height / viewport.height)
            compositionLayer.transform = CATransform3DTranslate(
                CATransform3DMakeScale(scale.isFinite ? scale : 1, scale.isFinite ? scale : 1, 1),
                size.width / 2 - viewport.midX, size.height / 2 - viewport.midY, 0)
            return
        }
        var scaleX = 1.0
        var scaleY = 1.0
        switch contentMode {
        case .scaleAspectFit:
            scaleX = min(box.width / size.width, box.height / size.height)
            scaleY = scaleX
        case .scaleAspectFill:
            scaleX = max(box.width / size.width, box.height / size.height)
            scaleY = scaleX
        case .scaleToFill:
            scaleX = box.width / size.width
            scaleY = box.height / size.height
        case .center:
            break
        }
        compositionLayer.transform = CATransform3DMakeScale(
            scaleX.isFinite ? scaleX : 1, scaleY.isFinite ? scaleY : 1, 1)
    }
}

extension LottieAnimation {
    /// A one-point, one-frame animation with nothing in it (stands in for a presentation copy's model).
    static let empty = LottieAnimation(
        version: "", name: "", framerate: 1, startFrame: 0, endFrame: 1, width: 1, height: 1, layers: [], assets: [:],
        markers: [], fonts: [], glyphs: [])
}

/// Builds the layer tree of an animation (our own entry point; ``LottieAnimationLayer`` uses it).
public enum LottieLayerTree {
    /// The composition layer of `animation`, with bounds `(0, 0, width, height)` in points and its animations
    /// timed from 0 to the animation's duration, and what could not be drawn.
    public static func build(
        _ animation: LottieAnimation, loops: Bool = false
    ) -> (root: CALayer, issues: [LottieCompatibilityIssue]) {
        build(animation, loops: loops, valueProviders: ValueProviderList())
    }

    /// As ``build(_:loops:)``, with the colours of `valueProviders` in place of the file's.
    static func build(
        _ animation: LottieAnimation, loops: Bool, valueProviders: ValueProviderList
    ) -> (root: CALayer, issues: [LottieCompatibilityIssue]) {
        let report = CompatibilityReport()
        var context = AnimationContext(animation: animation, report: report, budget: BuildBudget())
        context.loops = loops
        context.valueProviders = valueProviders
        let root = CALayer()
        root.name = animation.name.isEmpty ? "Lottie composition" : animation.name
        root.bounds = CGRect(origin: .zero, size: animation.size)
        CompositionBuilder(context: context, size: animation.size).build(animation.layers, into: root)
        return (root, report.issues)
    }
}
