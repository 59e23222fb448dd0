import Foundation
@_spi(Engine) import PortableRaster

/// A bitmap drawing context: Apple's `CGContext`, for the bitmap kind only.
///
/// ## Coordinates
/// As in Apple's bitmap contexts, user space starts out as *base space*: units are pixels, the origin is the
/// bottom-left corner of the bitmap and y grows upwards. Row 0 of the memory (``data``) and of ``makeImage()``
/// is the top of the picture, so `fill(CGRect(x: 0, y: 0, width: 10, height: 10))` paints the 10 × 10 pixels
/// in the bottom-left corner of the image: memory rows `height − 10 ..< height`, columns `0 ..< 10`. The
/// current transformation matrix (``ctm``) maps user space to base space and starts as the identity; the flip
/// to memory rows is internal and never shows in ``ctm``. UIKit-style drawing (origin top-left) flips the CTM
/// itself, as UIKit does on Apple platforms.
///
/// A pixel `(i, j)` of base space is the unit square `[i, i + 1] × [j, j + 1]`; shapes are anti-aliased by the
/// exact area they cover in each pixel.
///
/// ## Pixel formats
/// 8 bits per component, 32 bits per pixel, an RGB colour space, and one of: `premultipliedLast` (RGBA
/// bytes), `premultipliedFirst | byteOrder32Little` (BGRA), `noneSkipLast` (RGBX) or `noneSkipFirst |
/// byteOrder32Little` (BGRX). Anything else returns `nil`. Colours are rendered in sRGB whatever the RGB space
/// (no colour management).
///
/// ## Memory
/// The context renders into its own premultiplied RGBA buffer. When the caller passes `data`, its contents are
/// the starting picture and every drawing operation reads the pixels it will change from that memory and writes
/// them back, in the caller's layout, before it returns — so the caller's memory is always current, and pixels
/// the caller writes between operations are honoured. With `data == nil` the context owns its pixels; reading
/// ``data`` then allocates caller-visible memory (zeroed pixels first, as Apple's are), and from then on the
/// context keeps that memory current the same way.
///
/// ## Bad input
/// Points with NaN or infinite coordinates are dropped (the segment ending there is skipped) and never crash.
/// A CTM that is not finite or not invertible makes drawing operations draw nothing. Invalid sizes or formats
/// make the initializer return `nil` and print the reason to standard error (see ``BitmapContextError``).
///
/// ## Performance
/// The context keeps its scan converter, stroker, masks and image workspace between calls: drawing the same
/// things again allocates nothing, except where documented (aliased drawing, shadows on first use, images not
/// drawn before).
///
/// Not thread-safe: use one context from one thread at a time, as on Apple platforms.
public final class CGContext {
    /// Where everything is rendered: premultiplied RGBA, rows top to bottom.
    var buffer: PixelBuffer
    /// Whether every pixel is known to be transparent without looking: a context with memory of its own and a layout
    /// with alpha that nothing has been drawn into yet. Every drawing operation ends with ``publish(_:)``, which
    /// clears it; handing out ``data`` clears it too.
    var isKnownClear = false
    /// The caller-visible layout of ``data``.
    let layout: BitmapLayout
    /// The caller-visible memory, if any (the caller's `data`, or ours once ``data`` was read).
    var external: UnsafeMutableRawPointer?
    /// Whether ``external`` was allocated by the context (and is freed with it).
    var ownsExternal = false
    /// Bytes between rows of ``external``.
    let externalBytesPerRow: Int
    /// The colour space given at creation.
    let space: CGColorSpace

    /// The current graphics state.
    var state = GraphicsState()
    /// States saved by ``saveGState()``.
    var savedStates: [GraphicsState] = []
    /// Whether anti-aliasing may be used at all (not part of the graphics state, as on Apple platforms).
    var allowsAntialiasing = true

    /// The current path, in base space: each point was mapped by the CTM in force when it was added, as on
    /// Apple platforms (changing the CTM later does not move points already in the path).
    let currentPath = CGMutablePath()
    /// The current path (or another shape) in the raster engine's form, rebuilt for every draw in reused storage.
    var rasterPath = RasterPath()

    // Reused rendering machinery.
    var converter = ScanConverter()
    var stroker = Stroker()
    var shapeMask = CoverageMask()
    /// Storage for the next shape mask once the current one has become the clip (`clip(using:)` hands the mask
    /// over instead of sharing it), refilled with the clip that `restoreGState()` drops, so a save, clip, fill,
    /// restore cycle writes every mask into storage nobody else holds, with no copy.
    var spareMask = CoverageMask()
    /// A mask covering the whole bitmap (for gradients without a clip), built once.
    var fullMask = CoverageMask()
    var workspace = PaintWorkspace()
    var glyphRasterizer = GlyphRasterizer()
    var shadowLayer: PixelBuffer?
    /// The bitmap-sized layer `clip(to:mask:)` draws the mask image into, kept for the next mask.
    var maskLayer: PixelBuffer?
    /// The top and bottom slices of a clip rectangle off whole pixels (see `rasterizeRectangleClip`).
    var sliceMasks = (top: CoverageMask(), bottom: CoverageMask())
    var shadowMask = CoverageMask()
    var shadowBlur: GaussianBlur?

    /// Creates a bitmap context: Apple's initializer.
    ///
    /// - Parameters:
    ///   - data: memory for `bytesPerRow × height` bytes whose contents become the initial picture and which the
    ///     context keeps current in the given layout; the caller keeps it alive for the context's lifetime.
    ///     `nil` lets the context manage its own pixels (initially transparent black).
    ///   - width: width in pixels, 1…32 767 (and at most 1 GiB of pixels in all).
    ///   - height: height in pixels, 1…32 767.
    ///   - bitsPerComponent: must be 8.
    ///   - bytesPerRow: bytes between rows of `data`; 0 chooses `4 × width` rounded up to a multiple of 16.
    ///   - space: an RGB colour space.
    ///   - bitmapInfo: one of the layouts in the type's documentation, as a raw value (Apple passes
    ///     `CGImageAlphaInfo.premultipliedLast.rawValue` and so on).
    /// - Returns: `nil` for unsupported arguments, after printing why to standard error.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        do {
            try self.init(
                checking: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return nil
        }
    }

    /// Creates a bitmap context like ``init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)``,
    /// throwing the reason instead of returning `nil` (and printing nothing). Our addition, not Apple API.
    public static func checkedBitmap(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) throws(BitmapContextError) -> CGContext {
        try CGContext(
            checking: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
            bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo)
    }

    private init(
        checking data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) throws(BitmapContextError) {
        guard width > 0, height > 0 else { throw .nonPositiveSize(width: width, height: height) }
        guard
            let layout = BitmapLayout(
                bitsPerComponent: bitsPerComponent, space: space,
                bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo))
        else {
            throw .unsupportedFormat(
                bitsPerComponent: bitsPerComponent, bitmapInfo: bitmapInfo, colorSpaceModel: space.model)
        }
        let pixels: PixelBuffer
        do {
            pixels = try PixelBuffer(width: width, height: height)
        } catch {
            throw .tooLarge(width: width, height: height)
        }
        let minimum = width * 4
        if bytesPerRow != 0 && bytesPerRow < minimum {
            throw .bytesPerRowTooSmall(bytesPerRow: bytesPerRow, minimum: minimum)
        }
        let stride = bytesPerRow == 0 ? pixels.bytesPerRow : bytesPerRow
        let (span, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, span <= PixelBuffer.maximumByteCount * 2 else { throw .tooLarge(width: width, height: height) }
        self.buffer = pixels
        self.layout = layout
        self.externalBytesPerRow = stride
        self.space = space
        self.external = data
        if layout.isOpaque { buffer.fill(.black) }
        if let data { layout.read(buffer.bounds, from: data, stride: stride, into: &buffer) }
        isKnownClear = data == nil && !layout.isOpaque
        rasterPath.reserveCapacity(verbs: 16, points: 32)
    }

    deinit {
        if ownsExternal, let external { external.deallocate() }
    }

    // MARK: Bitmap properties

    /// Width of the bitmap in pixels.
    public var width: Int { buffer.width }
    /// Height of the bitmap in pixels.
    public var height: Int { buffer.height }
    /// Bytes between the starts of two rows of ``data``.
    public var bytesPerRow: Int { externalBytesPerRow }
    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// Always 32.
    public var bitsPerPixel: Int { 32 }
    /// The colour space given at creation.
    public var colorSpace: CGColorSpace? { space }
    /// The alpha layout given at creation.
    public var alphaInfo: CGImageAlphaInfo { layout.alphaInfo }
    /// The layout given at creation (alpha info and byte order).
    public var bitmapInfo: CGBitmapInfo { layout.bitmapInfo }

    /// The pixels in the caller's layout, `bytesPerRow × height` bytes, rows top to bottom.
    ///
    /// For a context created with `data`, that pointer. Otherwise memory the context allocates on the first read
    /// (holding the current picture) and frees with the context; from then on every drawing operation keeps it
    /// current. Writing into it between drawing operations is allowed: the next operation reads the pixels it
    /// changes from there, and ``makeImage()`` reads all of them.
    public var data: UnsafeMutableRawPointer? {
        if let external { return external }
        isKnownClear = false
        let byteCount = externalBytesPerRow * buffer.height
        let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        layout.write(buffer.bounds, from: buffer, to: memory, stride: externalBytesPerRow)
        external = memory
        ownsExternal = true
        return memory
    }

    /// Does nothing: a bitmap context has nothing to flush (every operation completes before returning).
    public func flush() {}

    /// Does nothing: every operation completes before returning.
    public func synchronize() {}

    /// An image of the current picture, or `nil` never (optional to match Apple).
    ///
    /// The image is premultiplied RGBA in the context's colour space (sRGB if that is not an RGB space Apple
    /// images can carry here); for the opaque layouts every pixel is made opaque (a translucent pixel shows as if
    /// over black). Later drawing does not change the image.
    public func makeImage() -> CGImage? {
        if let external { layout.read(buffer.bounds, from: external, stride: externalBytesPerRow, into: &buffer) }
        var pixels = buffer
        if layout.isOpaque {
            pixels.withUnsafeMutableBytes { bytes in
                var index = 3
                while index < bytes.count {
                    bytes[index] = 255
                    index += 4
                }
            }
        }
        return CGImage(raster: pixels, colorSpace: space)
    }

    // MARK: Keeping caller memory current

    /// Reads the pixels of `rect` (device pixels) from caller memory before they are painted.
    func prepare(_ rect: PixelRect) {
        guard let external else { return }
        layout.read(rect, from: external, stride: externalBytesPerRow, into: &buffer)
    }

    /// Writes the pixels of `rect` (device pixels) back to caller memory after they were painted.
    func publish(_ rect: PixelRect) {
        isKnownClear = false
        guard let external else { return }
        layout.write(rect, from: buffer, to: external, stride: externalBytesPerRow)
    }

    /// Base space (y up) → device pixels (y down): `y ↦ height − y`.
    var flip: Affine2D { Affine2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(buffer.height)) }

    /// User space → device pixels, or `nil` when the CTM is not finite or not invertible (nothing is drawn).
    var deviceTransform: Affine2D? {
        let user = Affine2D(state.ctm)
        guard user.isFinite, user.determinant != 0, user.determinant.isFinite else { return nil }
        return user.concatenated(flip)
    }
}
