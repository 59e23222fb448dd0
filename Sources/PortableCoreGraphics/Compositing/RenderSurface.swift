import Foundation
@_spi(Engine) import PortableRaster

/// The pixel target of the layer compositor (our addition, not Apple API): a frame buffer plus the stack of
/// offscreen groups, clips and scratch memory that compositing a layer tree needs.
///
/// Everything is in device pixels, y down, origin at the top-left pixel corner. Shapes and images arrive with a
/// ``PlaneTransform`` from their own space to device pixels, affine or projective.
///
/// - Clips: ``pushClip(_:transform:)`` intersects the current clip with a shape; every later draw is clipped to it
///   (anti-aliased) until the matching ``popClip()``.
/// - Groups: ``beginGroup(_:)`` redirects drawing into a transparent offscreen buffer of the frame's size (only its
///   region is cleared and used); ``endGroup(opacity:blendMode:)`` composites it onto what is below. Masks and
///   shadows of a group's own alpha work on the group before it is composited.
///
/// Memory: buffers, masks and paths are kept and reused, so drawing the same kind of frame again allocates nothing
/// once the group depth it needs has been reached. Not thread-safe: one surface per rendering thread.
package final class RenderSurface {
    /// Frame width in pixels.
    package let width: Int
    /// Frame height in pixels.
    package let height: Int

    /// Index 0 is the frame; index `i > 0` the buffer of the group at depth `i`.
    var buffers: [PixelBuffer]
    /// The device region of each open group (index `i` for depth `i`; index 0 is the whole frame).
    var groupRects: [PixelRect]
    /// How many groups are open.
    var depth = 0
    /// The colour every frame pixel still has to be set to before anything reads or blends into the frame (see
    /// ``beginFrame(red:green:blue:alpha:)``); nil once the frame holds its pixels.
    var pendingClear: RGBA8?
    /// What the frame's pixels are known to hold between frames: `color` everywhere outside `drawn`, the bounding
    /// rectangle of every frame pixel written since that colour was set (empty when none). nil when unknown (a
    /// new surface, or pixels lent by ``beginFrame(onto:)``). Starting a frame of the same colour then resets
    /// only `drawn`: a Lottie frame of 512 × 512 showing a portrait composition never touches 44 % of it.
    var frameContents: (color: RGBA8, drawn: PixelRect)?

    /// The clip stack; the last entry is the current clip.
    var clips: [ClipEntry]
    /// Coverage masks owned by clip entries (by stack index), reused.
    var clipMasks: [CoverageMask]

    var scanConverter = ScanConverter()
    var stroker = Stroker()
    var projector = PathProjector()
    var shapePath = RasterPath()
    var projectedPath = RasterPath()
    var shapeMask = CoverageMask()
    var blurredMask = CoverageMask()
    var groupMask = CoverageMask()
    var blur: GaussianBlur?
    var workspace = PaintWorkspace()
    /// Masks of the shapes drawn in recent frames, within the frame buffer's own size in bytes (at least 1 MiB).
    var coverageCache: CoverageCache

    /// One entry of the clip stack: the device rectangle nothing outside of which may change, and the index of the
    /// entry whose mask further limits drawing (nil when the rectangle alone is the clip).
    struct ClipEntry {
        var rect: PixelRect
        var maskOwner: Int?
    }

    /// Marks the calling thread as one of several that draw at once (the exporter's workers): its large shapes are
    /// not divided with the helper thread (`HelperThread`), which would only take time from the others.
    package static func drawOnlyOnThisThread() {
        HelperThread.keepWorkOnThisThread()
    }

    /// A surface of `width` × `height` transparent pixels, or `nil` when a side is below 1 or the frame would be too
    /// large for the raster engine (sides up to 32 767, at most 2^30 bytes).
    package init?(width: Int, height: Int) {
        guard let frame = try? PixelBuffer(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        buffers = [frame]
        groupRects = [frame.bounds]
        clips = [ClipEntry(rect: frame.bounds, maskOwner: nil)]
        clipMasks = [CoverageMask()]
        coverageCache = CoverageCache(byteBudget: Swift.max(1 << 20, width * height * 4))
    }

    /// Starts a frame: every pixel set to the straight (not premultiplied) colour given, 0…1 per channel; open
    /// groups and clips are dropped.
    ///
    /// The pixels are set lazily, by the first drawing that reads or blends into the frame, or by ``makeImage()``
    /// and ``pixel(x:y:)``. An opaque fill of the whole frame first (a layer tree's opaque root background) replaces
    /// them without the frame being set twice.
    package func beginFrame(red: Double = 0, green: Double = 0, blue: Double = 0, alpha: Double = 0) {
        depth = 0
        coverageCache.beginFrame()
        clips.removeSubrange(1...)
        pendingClear =
            PremultipliedColor(
                red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha)
            ).rgba8
    }

    /// Starts a frame drawn straight onto `pixels`, which keep what they hold (our addition for drawing into a
    /// bitmap context without a separate frame): the surface takes them as its frame until ``endFrame(into:)``
    /// hands them back. Open groups and clips are dropped. `pixels` must have the surface's size.
    package func beginFrame(onto pixels: inout PixelBuffer) {
        precondition(pixels.width == width && pixels.height == height, "the pixels must have the surface's size")
        depth = 0
        coverageCache.beginFrame()
        clips.removeSubrange(1...)
        pendingClear = nil
        frameContents = nil
        swap(&buffers[0], &pixels)
    }

    /// Ends a frame begun with ``beginFrame(onto:)``: `pixels` get back the frame as drawn.
    package func endFrame(into pixels: inout PixelBuffer) {
        precondition(depth == 0, "endFrame(into:) with a group open")
        swap(&buffers[0], &pixels)
        frameContents = nil
    }

    /// Sets the frame's pixels to the colour of ``beginFrame(red:green:blue:alpha:)`` if that is still pending.
    /// Every drawing step that touches the frame buffer calls this first.
    @inline(__always)
    func settleFrame() {
        guard let color = pendingClear else { return }
        pendingClear = nil
        if let known = frameContents, known.color == color {
            if !known.drawn.isEmpty { buffers[0].fill(color, in: known.drawn) }
        } else {
            buffers[0].fill(color)
        }
        frameContents = (color, .zero)
        assert(width * height > 1 << 18 || buffers[0].isFilled(with: color), "a frame pixel was written unnoted")
    }

    /// ``settleFrame()`` just before an opaque colour is painted through `mask` into the frame with source-over:
    /// every pixel of the mask's solid runs (``CoverageMask/solidRun(row:)``) is about to be set to that colour
    /// whatever it holds, so those pixels are not set to the clear colour first. A background shape drawn first
    /// then replaces the clear over most of its area.
    func settleFrame(sparingSolidRunsOf mask: CoverageMask) {
        guard let color = pendingClear else { return }
        pendingClear = nil
        if let known = frameContents, known.color == color {
            buffers[0].fill(color, in: known.drawn, sparingSolidRunsOf: mask)
        } else {
            buffers[0].fill(color, in: buffers[0].bounds, sparingSolidRunsOf: mask)
        }
        frameContents = (color, .zero)
    }

    /// Notes that drawing may have changed the pixels of `rect` in buffer `target` (0, the frame, or a group's
    /// depth). Every write into a buffer calls this, so that starting the next frame resets every frame pixel
    /// drawn (checked in debug builds on frames up to 512 × 512 pixels).
    @inline(__always)
    func noteDrawn(_ rect: PixelRect, into target: Int) {
        guard target == 0, let known = frameContents else { return }
        frameContents = (known.color, known.drawn.union(rect))
    }

    /// The frame as an image. The image shares the pixels until the next drawing changes them (copy-on-write).
    package func makeImage() -> CGImage {
        settleFrame()
        return CGImage(raster: buffers[0])
    }

    /// The premultiplied RGBA bytes of the frame pixel `(x, y)` (top-left origin), for tests and probes.
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        settleFrame()
        let value = buffers[0][x: x, y: y]
        return (value.r, value.g, value.b, value.a)
    }

    /// The current clip rectangle in device pixels, as a `CGRect` (for skipping work outside it).
    package var clipBounds: CGRect {
        let rect = clips[clips.count - 1].rect
        return CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    // MARK: Clip

    /// The current clip: rectangle and optional anti-aliased mask.
    var currentClip: (rect: PixelRect, mask: CoverageMask?) {
        let entry = clips[clips.count - 1]
        return (entry.rect, entry.maskOwner.map { clipMasks[$0] })
    }

    /// Intersects the clip with `shape` mapped by `transform`. Every push needs a matching ``popClip()``.
    package func pushClip(_ shape: SurfaceShape, transform: PlaneTransform) {
        let parent = clips[clips.count - 1]
        let index = clips.count
        if clipMasks.count <= index { clipMasks.append(CoverageMask()) }
        if let rect = Self.pixelAlignedRect(shape, transform) {
            clips.append(ClipEntry(rect: parent.rect.intersection(rect), maskOwner: parent.maskOwner))
            return
        }
        rasterizeRemembered(shape, transform: transform, clip: parent.rect, into: &clipMasks[index])
        if let owner = parent.maskOwner {
            let parentMask = clipMasks[owner]
            clipMasks[index].intersect(with: parentMask)
        }
        let rect = clipMasks[index].bounds.intersection(parent.rect)
        clips.append(ClipEntry(rect: rect, maskOwner: index))
    }

    /// Ends the innermost ``pushClip(_:transform:)``.
    package func popClip() {
        precondition(clips.count > 1, "popClip() without a matching pushClip")
        clips.removeLast()
    }

    /// The device rectangle of `shape` when it is an unrounded rectangle whose mapped edges fall exactly on pixel
    /// boundaries (then a clip needs no mask), else `nil`.
    static func pixelAlignedRect(_ shape: SurfaceShape, _ transform: PlaneTransform) -> PixelRect? {
        guard case .roundedRect(let rect, let radius, _) = shape, radius <= 0, transform.isAffine,
            transform.m12 == 0, transform.m21 == 0
        else { return nil }
        let x0 = Double(rect.minX) * transform.m11 + transform.m31
        let x1 = Double(rect.maxX) * transform.m11 + transform.m31
        let y0 = Double(rect.minY) * transform.m22 + transform.m32
        let y1 = Double(rect.maxY) * transform.m22 + transform.m32
        let values = [Swift.min(x0, x1), Swift.max(x0, x1), Swift.min(y0, y1), Swift.max(y0, y1)]
        guard values.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 1e9 }) else { return nil }
        return PixelRect(
            x: Int(values[0]), y: Int(values[2]), width: Int(values[1] - values[0]), height: Int(values[3] - values[2]))
    }
}
