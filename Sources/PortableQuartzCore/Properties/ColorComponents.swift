import Foundation

/// A colour as red, green, blue and alpha in extended sRGB, not premultiplied by alpha (SPEC §3.6).
///
/// Our addition, not Apple API: the form in which animations and layer state carry colours, so that mixing two
/// colours is four subtractions and never touches a `CGColor` object. Components are gamma-encoded sRGB values;
/// "extended" means they may leave 0…1 (wide-gamut colours, spring overshoot), and nothing here clamps them.
/// Alpha is the opacity, 0 (transparent) … 1 (opaque); the colour channels are not multiplied by it.
public struct ColorComponents: Hashable, Sendable {
    /// Red, gamma-encoded extended sRGB, usually 0…1.
    public var red: Double
    /// Green, gamma-encoded extended sRGB, usually 0…1.
    public var green: Double
    /// Blue, gamma-encoded extended sRGB, usually 0…1.
    public var blue: Double
    /// Opacity, usually 0…1; the colour channels are not multiplied by it.
    public var alpha: Double

    /// Creates components from the four channels, stored exactly as given.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The components of `color`, converted into extended sRGB (NaN components read as 0, as `CGColor` defines).
    public init(_ color: CGColor) {
        let rgba = color.rgbaComponents
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// Opaque black (0, 0, 0, 1): Apple's default border, shadow and shape fill colour.
    public static let opaqueBlack = ColorComponents(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white (1, 1, 1, 1): Apple's default text and replicator instance colour.
    public static let opaqueWhite = ColorComponents(red: 1, green: 1, blue: 1, alpha: 1)
    /// Transparent black (0, 0, 0, 0): what a missing (`nil`) colour counts as when it is mixed with a colour.
    public static let transparentBlack = ColorComponents(red: 0, green: 0, blue: 0, alpha: 0)

    /// A `CGColor` with these components: in the sRGB space when every component lies in 0…1 (the space
    /// `CGColor(red:green:blue:alpha:)` uses), otherwise in extended sRGB so that nothing is clamped.
    public var cgColor: CGColor {
        let inRange = (0...1).contains(red) && (0...1).contains(green) && (0...1).contains(blue)
        if inRange || alpha.isNaN {
            return CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }
        var values = [CGFloat(red), CGFloat(green), CGFloat(blue), CGFloat(alpha)]
        let space = ColorComponents.extendedSRGB
        return values.withUnsafeMutableBufferPointer { buffer in
            // Every RGB space accepts four components, so this never returns nil; fall back to sRGB regardless.
            CGColor(colorSpace: space, components: buffer.baseAddress!)
                ?? CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }
    }

    /// The extended sRGB space, looked up once.
    private static let extendedSRGB: CGColorSpace = {
        guard let space = CGColorSpace(name: CGColorSpace.extendedSRGB) else {
            preconditionFailure("PortableCoreGraphics provides the extended sRGB space")
        }
        return space
    }()

    /// The component-wise mix `self + (other − self)·progress`, alpha included (no premultiplication).
    @inline(__always)
    func mixed(with other: ColorComponents, progress: Double) -> ColorComponents {
        ColorComponents(
            red: red + (other.red - red) * progress,
            green: green + (other.green - green) * progress,
            blue: blue + (other.blue - blue) * progress,
            alpha: alpha + (other.alpha - alpha) * progress
        )
    }

    /// Euclidean distance in RGBA (alpha counts like a colour channel), for paced keyframes.
    func distance(to other: ColorComponents) -> Double {
        let dr = other.red - red
        let dg = other.green - green
        let db = other.blue - blue
        let da = other.alpha - alpha
        return (dr * dr + dg * dg + db * db + da * da).squareRoot()
    }
}
