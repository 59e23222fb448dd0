/// The family of a color space: how many components a color in it has and what they mean.
///
/// Raw values are Apple's, so values stored or compared as integers agree with CoreGraphics. Only
/// ``monochrome`` (one gray component) and ``rgb`` (red, green, blue) spaces can be created here; the other cases
/// exist so that Apple code that switches over the model compiles.
public enum CGColorSpaceModel: Int32, Sendable, Hashable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}
