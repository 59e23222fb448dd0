import Foundation

/// Renders a layer tree into frames (Apple API), in software: the frames come out as `CGImage`s.
///
/// The frame protocol is Apple's: `beginFrame(atTime:timeStamp:)` takes the layer tree's presentation at a media
/// time, `updateBounds()` says which part of the target changed, `render()` composites the tree, `endFrame()`
/// finishes the frame, and `nextFrameTime()` says when to draw again. Before the tree is read, pending layout and
/// display run (`layoutIfNeeded`, `displayIfNeeded`), as Core Animation does at commit.
///
/// Ours: the initializer for a software target of `width` × `height` pixels at `scale` pixels per point (Apple
/// creates renderers on Metal textures or OpenGL contexts, which do not exist here), and `makeImage()` for the
/// finished frame. `bounds` is the part of the root layer's superlayer space that fills the target (in points); it
/// starts as the target's size in points at the origin.
///
/// Time: `beginFrame(atTime:)` takes media time in seconds on the layers' clock (`CACurrentMediaTime()`, or a
/// manual `MediaClock`'s time), so the same tree rendered at the same time gives the same pixels.
///
/// A renderer is not thread-safe: use it from one thread at a time. Rendering reads the layer tree with its lock
/// held, so other threads may change layers meanwhile; the frame shows a consistent moment.
public final class CARenderer {
    /// The root of the layer tree to render (Apple API); nil renders a transparent frame.
    public var layer: CALayer?
    /// The rectangle of the root layer's superlayer space (points) that fills the target (Apple API).
    public var bounds: CGRect {
        didSet { needsFullUpdate = true }
    }

    /// Pixels per point of the target (ours).
    public let scale: CGFloat

    private let surface: RenderSurface
    private let builder = RenderTreeBuilder()
    private let compositor = LayerCompositor()
    private var frameTime: Double?
    private var needsFullUpdate = true
    private var update = CGRect.null

    /// A renderer drawing into a transparent target of `width` × `height` pixels at `scale` pixels per point
    /// (ours; Apple's renderers draw into Metal textures). Returns nil when a side is below 1 or above 32 767
    /// pixels, or the target would exceed 1 GiB, or `scale` is not positive and finite.
    public init?(width: Int, height: Int, scale: CGFloat = 1, options: [AnyHashable: Any]? = nil) {
        guard scale.isFinite, scale > 0, let surface = RenderSurface(width: width, height: height) else { return nil }
        self.surface = surface
        self.scale = scale
        self.bounds = CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// Starts a frame showing the layer tree at media time `t` (seconds). `ts` is accepted and ignored.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        frameTime = t
        guard let layer else {
            builder.clear()
            return
        }
        builder.build(layer, atMediaTime: t.isNaN ? 0 : t)
    }

    /// The part of the target, in `bounds` coordinates, that differs from the last frame: all of `bounds` when any
    /// layer's values changed (or for the first frame), otherwise the rectangles given to `addUpdate(_:)`; `.null`
    /// when nothing changed.
    public func updateBounds() -> CGRect {
        needsFullUpdate || builder.changedSincePreviousFrame ? bounds : update
    }

    /// Marks `r` (in `bounds` coordinates) as needing to be drawn this frame.
    public func addUpdate(_ r: CGRect) {
        update = update.union(r)
    }

    /// Composites the layer tree of the frame into the target. Outside `beginFrame`/`endFrame` it does nothing.
    public func render() {
        guard frameTime != nil else { return }
        surface.beginFrame()
        guard builder.tree.count > 0 else { return }
        let toDevice = PlaneTransform.translation(x: -Double(bounds.minX), y: -Double(bounds.minY))
            .followed(by: .scale(x: Double(scale), y: Double(scale)))
        compositor.render(builder.tree, into: surface, rootMap: toDevice)
    }

    /// The media time at which the tree next looks different: the frame's time while any animation is attached
    /// that has not finished, otherwise infinity (nothing will change without a model change).
    public func nextFrameTime() -> CFTimeInterval {
        guard let layer, let time = frameTime ?? Optional(CACurrentMediaTime()) else { return .infinity }
        return layer.hasUnfinishedAnimations(atMediaTime: time) ? time : .infinity
    }

    /// Ends the frame; its picture is what `makeImage()` returns until the next `render()`.
    public func endFrame() {
        frameTime = nil
        needsFullUpdate = false
        update = .null
    }

    /// The last rendered frame (ours): `width` × `height` pixels, premultiplied RGBA, top row first.
    public func makeImage() -> CGImage {
        surface.makeImage()
    }

    /// Renders the tree at media time `t` and returns the frame (ours: the whole frame protocol in one call).
    public func renderFrame(atTime t: CFTimeInterval) -> CGImage {
        beginFrame(atTime: t, timeStamp: nil)
        render()
        endFrame()
        return makeImage()
    }
}
