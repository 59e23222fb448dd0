import Foundation
@_spi(Engine) import PortableRaster

/// An immutable bitmap image.
///
/// Every image, whatever format it was created from, is stored the same way so that drawing code has one format
/// to read:
/// - 8 bits per component, 4 components per pixel in memory order red, green, blue, alpha (32 bits per pixel);
/// - color premultiplied by alpha (``alphaInfo`` is always ``CGImageAlphaInfo/premultipliedLast``, byte order
///   default);
/// - rows top to bottom (row 0 is the top of the image, as in Apple's images), pixels left to right;
/// - each row padded with zero bytes so ``bytesPerRow`` is the smallest multiple of 16 that holds `4 × width`
///   bytes (rows start 16-byte aligned relative to the start of the pixel data).
///
/// Sizes: width and height are each 1…32 767 pixels (the raster engine's limit) and width × height is at most 2^28 pixels; creation
/// outside those limits returns `nil`, as Apple's failable initializers do for unusable arguments.
///
/// Deviations from Apple: the accessors report the stored format above rather than the format the caller passed,
/// and ``dataProvider`` returns a provider over a copy of the stored bytes.
public final class CGImage: Sendable {
    /// Largest accepted width or height, in pixels.
    static let maximumSide = PixelBuffer.maximumSide
    /// Largest accepted width × height, in pixels.
    static let maximumPixelCount = 1 << 28

    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// Bytes from the start of one row to the start of the next: `4 × width` rounded up to a multiple of 16.
    public let bytesPerRow: Int
    /// Whether drawing this image scaled should smooth it (bilinear sampling) rather than pick nearest pixels.
    public let shouldInterpolate: Bool
    /// The rendering intent given at creation; see ``CGColorRenderingIntent`` for its (lack of) effect here.
    public let renderingIntent: CGColorRenderingIntent
    /// The RGB space the pixel values are expressed in.
    private let space: CGColorSpace
    /// The pixels, in the raster engine's own buffer so drawing and compositing read them without a copy.
    package let raster: PixelBuffer
    /// ``clampBordered``, once made.
    private let bordered = LockedValue<PixelBuffer?>(nil)

    /// Width of the border of ``clampBordered``, in texels.
    package static let clampBorder = 2
    /// Images of more pixels than this get no ``clampBordered`` copy (4 MB of texels; at that size the edges are
    /// a small part of a draw).
    package static let clampBorderedLimit = 1 << 20

    /// The pixels with a ``clampBorder``-texel border that repeats the edge texels
    /// (``PixelBuffer/clampBordered(by:)``), for the compositor's bilinear draws: made on first use and kept with
    /// the image, as Core Animation keeps a texture of a layer's contents. `nil` for images of more than
    /// ``clampBorderedLimit`` pixels.
    package var clampBordered: PixelBuffer? {
        guard width * height <= Self.clampBorderedLimit else { return nil }
        return bordered.withLock { copy in
            if copy == nil { copy = raster.clampBordered(by: Self.clampBorder) }
            return copy
        }
    }

    /// Wraps pixels already in the stored format. `pixels` must hold `bytesPerRow × height` bytes with `bytesPerRow`
    /// equal to ``alignedBytesPerRow(width:)``, and `colorSpace` must be an RGB space.
    convenience init(
        width: Int, height: Int, pixels: Data, colorSpace: CGColorSpace, shouldInterpolate: Bool,
        renderingIntent: CGColorRenderingIntent
    ) {
        let bytesPerRow = Self.alignedBytesPerRow(width: width)
        precondition(Self.isAcceptableSize(width: width, height: height), "image size out of range")
        precondition(pixels.count == bytesPerRow * height, "pixel storage does not match the image size")
        precondition(colorSpace.model == .rgb, "images are stored as RGBA")
        // Cannot fail: the size limits above are the raster engine's.
        let raster = try! PixelBuffer(width: width, height: height, bytesPerRow: bytesPerRow, bytes: [UInt8](pixels))
        self.init(
            raster: raster, colorSpace: colorSpace, shouldInterpolate: shouldInterpolate,
            renderingIntent: renderingIntent)
    }

    /// Wraps a raster buffer without copying it when its rows already have the stored alignment (our addition,
    /// for the renderer and contexts of this package). `raster` must be inside the size limits.
    package init(
        raster: PixelBuffer, colorSpace: CGColorSpace = CGColorSpace(name: CGColorSpace.sRGB)!,
        shouldInterpolate: Bool = true, renderingIntent: CGColorRenderingIntent = .defaultIntent
    ) {
        precondition(Self.isAcceptableSize(width: raster.width, height: raster.height), "image size out of range")
        precondition(colorSpace.model == .rgb, "images are stored as RGBA")
        let bytesPerRow = Self.alignedBytesPerRow(width: raster.width)
        if raster.bytesPerRow == bytesPerRow, raster.bytes.count == bytesPerRow * raster.height {
            self.raster = raster
        } else {
            var aligned = try! PixelBuffer(width: raster.width, height: raster.height)
            aligned.withUnsafeMutableBytes { destination in
                raster.withUnsafeBytes { source in
                    for row in 0..<raster.height {
                        (destination.baseAddress! + row * bytesPerRow).copyMemory(
                            from: source.baseAddress! + row * raster.bytesPerRow, byteCount: raster.width * 4)
                    }
                }
            }
            self.raster = aligned
        }
        self.width = raster.width
        self.height = raster.height
        self.bytesPerRow = bytesPerRow
        self.space = colorSpace
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = renderingIntent
    }

    /// Whether `width` × `height` is inside the accepted limits (see the type's documentation).
    static func isAcceptableSize(width: Int, height: Int) -> Bool {
        (1...maximumSide).contains(width) && (1...maximumSide).contains(height) && width * height <= maximumPixelCount
    }

    /// The stored row length for a width: `4 × width` rounded up to a multiple of 16 bytes.
    static func alignedBytesPerRow(width: Int) -> Int {
        (width * 4 + 15) & ~15
    }

    /// An image made from premultiplied RGBA bytes (our addition, not Apple API).
    ///
    /// - Parameters:
    ///   - bytes: pixels top row first, each pixel red, green, blue, alpha with color already multiplied by alpha.
    ///     Values are stored unchanged, even a color byte larger than its alpha.
    ///   - width: pixels per row, 1…32 767.
    ///   - height: rows, 1…32 767; width × height at most 2^28.
    ///   - bytesPerRow: distance between row starts in `bytes`; `nil` means tightly packed (`4 × width`).
    ///     Must be at least `4 × width`.
    ///   - colorSpace: an RGB space for the values; sRGB by default.
    /// - Returns: `nil` for a size out of range, a too-small `bytesPerRow`, fewer bytes than the rows need
    ///   (the last row needs only `4 × width`), or a gray color space.
    public convenience init?(
        premultipliedRGBA bytes: [UInt8], width: Int, height: Int, bytesPerRow: Int? = nil,
        colorSpace: CGColorSpace = CGColorSpace(name: CGColorSpace.sRGB)!
    ) {
        guard Self.isAcceptableSize(width: width, height: height), colorSpace.model == .rgb else { return nil }
        let rowBytes = width * 4
        let sourceStride = bytesPerRow ?? rowBytes
        guard sourceStride >= rowBytes,
            let needed = Self.bytesNeeded(rows: height, stride: sourceStride, lastRow: rowBytes),
            bytes.count >= needed
        else { return nil }
        let stride = Self.alignedBytesPerRow(width: width)
        var pixels = Data(count: stride * height)
        pixels.withUnsafeMutableBytes { destination in
            bytes.withUnsafeBytes { source in
                for row in 0..<height {
                    let from = source.baseAddress! + row * sourceStride
                    (destination.baseAddress! + row * stride).copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        self.init(
            width: width, height: height, pixels: pixels, colorSpace: colorSpace, shouldInterpolate: true,
            renderingIntent: .defaultIntent)
    }

    /// Bytes a buffer must hold for `rows` rows `stride` apart whose last row uses `lastRow` bytes, or `nil` when
    /// that number does not fit in an `Int`.
    static func bytesNeeded(rows: Int, stride: Int, lastRow: Int) -> Int? {
        let (span, overflowed) = stride.multipliedReportingOverflow(by: rows - 1)
        guard !overflowed else { return nil }
        let (total, overflowedAgain) = span.addingReportingOverflow(lastRow)
        return overflowedAgain ? nil : total
    }

    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// Always 32.
    public var bitsPerPixel: Int { 32 }
    /// The RGB space the pixel values are in; never `nil` here.
    public var colorSpace: CGColorSpace? { space }
    /// Always ``CGImageAlphaInfo/premultipliedLast``.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    /// Always ``CGImageAlphaInfo/premultipliedLast`` with the default byte order (raw value 1).
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue) }
    /// Always ``CGImageByteOrderInfo/orderDefault``.
    public var byteOrderInfo: CGImageByteOrderInfo { .orderDefault }
    /// Always `false`: image masks are not supported.
    public var isMask: Bool { false }

    /// A provider over a copy of the stored bytes, laid out as the type's documentation describes
    /// (`bytesPerRow × height` bytes, padding included); never `nil` here.
    public var dataProvider: CGDataProvider? { CGDataProvider(ownedBytes: Data(raster.bytes)) }

    /// The pixels as tightly packed premultiplied RGBA, top row first: `4 × width × height` bytes without row
    /// padding (our addition, not Apple API). Builds a new array on each call.
    public var premultipliedRGBABytes: [UInt8] {
        let rowBytes = width * 4
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { destination, count in
            let target = UnsafeMutableRawBufferPointer(destination)
            raster.withUnsafeBytes { source in
                for row in 0..<height {
                    (target.baseAddress! + row * rowBytes).copyMemory(
                        from: source.baseAddress! + row * bytesPerRow, byteCount: rowBytes)
                }
            }
            count = rowBytes * height
        }
    }

    /// Calls `body` with the stored pixel bytes, padding included (`bytesPerRow × height` bytes), without copying
    /// them (our addition, not Apple API). The pointer is valid only inside `body`.
    public func withUnsafePremultipliedRGBABytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try raster.bytes.withUnsafeBytes(body)
    }

    /// The part of the image inside `rect`, in pixel units with the origin at the top-left corner.
    ///
    /// A rect with fractional edges is first grown to whole pixels (as `rect.integral` would), then cut to the
    /// image bounds. Returns `nil` when `rect` has a NaN coordinate, zero or null size, or does not overlap the
    /// image; returns this image itself when the result would cover all of it.
    public func cropping(to rect: CGRect) -> CGImage? {
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard !values.contains(where: \.isNaN), !rect.isNull else { return nil }
        let standard = rect.standardized
        guard standard.width > 0, standard.height > 0 else { return nil }
        let left = Swift.max(0, Foundation.floor(Double(standard.minX)))
        let top = Swift.max(0, Foundation.floor(Double(standard.minY)))
        let right = Swift.min(Double(width), Foundation.ceil(Double(standard.maxX)))
        let bottom = Swift.min(Double(height), Foundation.ceil(Double(standard.maxY)))
        guard right > left, bottom > top else { return nil }
        let x = Int(left)
        let y = Int(top)
        let cropWidth = Int(right) - x
        let cropHeight = Int(bottom) - y
        if cropWidth == width && cropHeight == height { return self }
        let stride = Self.alignedBytesPerRow(width: cropWidth)
        var pixels = Data(count: stride * cropHeight)
        pixels.withUnsafeMutableBytes { destination in
            raster.withUnsafeBytes { source in
                for row in 0..<cropHeight {
                    let start = (y + row) * bytesPerRow + x * 4
                    (destination.baseAddress! + row * stride).copyMemory(
                        from: source.baseAddress! + start, byteCount: cropWidth * 4)
                }
            }
        }
        return CGImage(
            width: cropWidth, height: cropHeight, pixels: pixels, colorSpace: space,
            shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent)
    }

    /// This image; images are immutable, so no copy is needed. Never `nil` here.
    public func copy() -> CGImage? { self }

    /// The same pixel values reinterpreted in `space` (no conversion), sharing storage with this image.
    /// Returns `nil` unless `space` is an RGB space, as Apple does for a space with a different component count.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard space.model == .rgb else { return nil }
        return CGImage(
            raster: raster, colorSpace: space, shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent)
    }
}
