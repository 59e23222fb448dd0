/// How colors that fall outside a destination color space are brought inside it.
///
/// Raw values are Apple's. Every color space this package implements shares the sRGB primaries and D65 white
/// point, so out-of-gamut colors can only arise from component values below 0 or above 1; all intents resolve them
/// the same way, by clamping each component into 0…1 when the destination space is not an extended-range space.
/// The intent is still recorded where Apple records it (for example ``CGImage/renderingIntent``).
public enum CGColorRenderingIntent: Int32, Sendable, Hashable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}
