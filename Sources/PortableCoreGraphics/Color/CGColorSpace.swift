/// A color space: how the numeric components of a ``CGColor`` or of image pixels map to visible color.
///
/// Instances are immutable and compare equal when they carry the same name, as Apple's do. The spaces available
/// are the ones whose conversions this package implements exactly; all of them use the sRGB primaries and white
/// point and differ only in component count (gray or RGB), transfer curve, and whether components may leave 0…1:
///
/// | name | model | curve | range |
/// |---|---|---|---|
/// | ``sRGB`` | RGB | sRGB | 0…1 |
/// | ``extendedSRGB`` | RGB | sRGB, sign-reflected | any |
/// | ``linearSRGB`` | RGB | linear | 0…1 |
/// | ``extendedLinearSRGB`` | RGB | linear | any |
/// | ``genericGrayGamma2_2`` | gray | power 2.2 | 0…1 |
/// | ``extendedGray`` | gray | power 2.2, sign-reflected | any |
/// | ``linearGray`` | gray | linear | 0…1 |
/// | ``extendedLinearGray`` | gray | linear | any |
/// | device RGB (``CGColorSpaceCreateDeviceRGB()``) | RGB | sRGB | 0…1 |
/// | device gray (``CGColorSpaceCreateDeviceGray()``) | gray | power 2.2 | 0…1 |
///
/// Deviation from Apple: names are Swift `String`s rather than `CFString`s (Linux Foundation has no `CFString`),
/// so ``name`` is `String?` and `CGColorSpace(name: CGColorSpace.sRGB)` reads the same as on Apple platforms.
/// Spaces with other primaries (Display P3, Generic RGB, ICC profiles) are not provided.
public final class CGColorSpace: Sendable, Hashable, CustomStringConvertible {
    /// The standard sRGB space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// sRGB with components allowed below 0 and above 1 (the curve is mirrored for negative values).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB primaries with a linear transfer curve.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Linear sRGB with components allowed below 0 and above 1.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Gray whose component `g` stands for linear luminance `g^2.2`.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gamma-2.2 gray with components allowed below 0 and above 1 (the curve is mirrored for negative values).
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// Gray whose component is linear luminance.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Linear gray with components allowed below 0 and above 1.
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"

    /// Name reported by the device RGB space (our choice of string; Apple publishes no constant for it).
    static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    /// Name reported by the device gray space (our choice of string; Apple publishes no constant for it).
    static let deviceGrayName = "kCGColorSpaceDeviceGray"

    /// Everything this package knows about a space, keyed by name.
    private static let catalog: [String: ColorSpaceTraits] = {
        let entries: [ColorSpaceTraits] = [
            ColorSpaceTraits(name: sRGB, model: .rgb, curve: .sRGB, isExtended: false),
            ColorSpaceTraits(name: extendedSRGB, model: .rgb, curve: .sRGB, isExtended: true),
            ColorSpaceTraits(name: linearSRGB, model: .rgb, curve: .linear, isExtended: false),
            ColorSpaceTraits(name: extendedLinearSRGB, model: .rgb, curve: .linear, isExtended: true),
            ColorSpaceTraits(name: genericGrayGamma2_2, model: .monochrome, curve: .gamma22, isExtended: false),
            ColorSpaceTraits(name: extendedGray, model: .monochrome, curve: .gamma22, isExtended: true),
            ColorSpaceTraits(name: linearGray, model: .monochrome, curve: .linear, isExtended: false),
            ColorSpaceTraits(name: extendedLinearGray, model: .monochrome, curve: .linear, isExtended: true),
            ColorSpaceTraits(name: deviceRGBName, model: .rgb, curve: .sRGB, isExtended: false),
            ColorSpaceTraits(name: deviceGrayName, model: .monochrome, curve: .gamma22, isExtended: false),
        ]
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
    }()

    /// Shared instances used internally as defaults, so hot paths never look a name up.
    static let standardSRGB = CGColorSpace(traits: catalog[sRGB]!)
    static let standardExtendedSRGB = CGColorSpace(traits: catalog[extendedSRGB]!)
    static let standardLinearSRGB = CGColorSpace(traits: catalog[linearSRGB]!)
    static let standardGenericGray = CGColorSpace(traits: catalog[genericGrayGamma2_2]!)
    static let standardDeviceRGB = CGColorSpace(traits: catalog[deviceRGBName]!)
    static let standardDeviceGray = CGColorSpace(traits: catalog[deviceGrayName]!)

    /// Model, curve and range of this space.
    let traits: ColorSpaceTraits

    init(traits: ColorSpaceTraits) {
        self.traits = traits
    }

    /// The space with the given name, or `nil` when the name is not one of the spaces listed on this type.
    public convenience init?(name: String) {
        guard let traits = Self.catalog[name] else { return nil }
        self.init(traits: traits)
    }

    /// The name the space was created with; never `nil` here (Apple returns `nil` for some unnamed spaces).
    public var name: String? { traits.name }

    /// Color components of a color in this space, not counting alpha: 1 for gray, 3 for RGB.
    public var numberOfComponents: Int { traits.model == .rgb ? 3 : 1 }

    /// Whether the space is gray (``CGColorSpaceModel/monochrome``) or ``CGColorSpaceModel/rgb``.
    public var model: CGColorSpaceModel { traits.model }

    /// Two spaces are equal when they have the same name.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.traits.name == rhs.traits.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(traits.name)
    }

    public var description: String { "<CGColorSpace \(traits.name)>" }
}

/// The device-dependent RGB space. On Linux there is no display to characterize, so it behaves exactly like sRGB
/// (as Apple's does on iOS) but keeps its own name, `"kCGColorSpaceDeviceRGB"`, and so is not `==` to ``CGColorSpace/sRGB``.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace.standardDeviceRGB
}

/// The device-dependent gray space. It behaves exactly like ``CGColorSpace/genericGrayGamma2_2`` but keeps its own
/// name, `"kCGColorSpaceDeviceGray"`.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace.standardDeviceGray
}

/// What a color space does with numbers (our helper): component count, transfer curve and allowed range.
struct ColorSpaceTraits: Sendable, Hashable {
    let name: String
    let model: CGColorSpaceModel
    let curve: TransferCurve
    /// Whether components may lie outside 0…1. Non-extended spaces clamp on creation and conversion.
    let isExtended: Bool
}
