/// Whether a bitmap has an alpha channel, where it sits in a pixel, and whether color is premultiplied by it.
///
/// Raw values are Apple's, so `CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)` means the
/// same here as on Apple platforms. "First" and "last" refer to the pixel's order in big-endian (default) byte order.
public enum CGImageAlphaInfo: UInt32, Sendable, Hashable {
    /// No alpha; every pixel is opaque.
    case none = 0
    /// Alpha after the color components, which are already multiplied by it (RGBA).
    case premultipliedLast = 1
    /// Alpha before the color components, which are already multiplied by it (ARGB).
    case premultipliedFirst = 2
    /// Alpha after straight (not premultiplied) color components.
    case last = 3
    /// Alpha before straight (not premultiplied) color components.
    case first = 4
    /// An unused byte after the color components; pixels are opaque (RGBX).
    case noneSkipLast = 5
    /// An unused byte before the color components; pixels are opaque (XRGB).
    case noneSkipFirst = 6
    /// Alpha only, no color.
    case alphaOnly = 7
}
