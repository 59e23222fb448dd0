/// An immutable color: component values in a ``CGColorSpace`` followed by an alpha (opacity) value.
///
/// Components are unit-less: 0 is none and 1 is full intensity of a primary (or of white, for gray); alpha 0 is fully
/// transparent and 1 fully opaque.
///
/// Range handling, applied once when the color is created:
/// - Alpha is clamped into 0…1.
/// - In a space that is not extended-range, color components are clamped into 0…1, as Apple's device and standard
///   spaces do; extended-range spaces keep any finite or infinite value.
/// - NaN is stored as given (in components and alpha) so ``components`` shows what the caller passed; every
///   conversion, including ``converted(to:intent:options:)`` and ``rgbaComponents``, treats NaN as 0.
public final class CGColor: Sendable, Hashable, CustomStringConvertible {
    private let space: CGColorSpace
    /// Color components then alpha, `space.numberOfComponents + 1` values.
    private let storedComponents: [CGFloat]
    /// The color in extended sRGB with NaN replaced by 0, computed once so ``rgbaComponents`` costs nothing.
    private let extendedSRGBValue: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// Creates a color from `values` (color components then alpha, exactly `space.numberOfComponents + 1` of them),
    /// applying the range rules in the type's documentation.
    init(space: CGColorSpace, values: [CGFloat]) {
        precondition(values.count == space.numberOfComponents + 1, "a color needs its components and an alpha")
        let colorCount = values.count - 1
        var cleaned = values
        if !space.traits.isExtended {
            for index in 0..<colorCount {
                cleaned[index] = Self.clampedKeepingNaN(values[index])
            }
        }
        cleaned[colorCount] = Self.clampedKeepingNaN(values[colorCount])
        self.space = space
        self.storedComponents = cleaned
        let rgb = ColorConversion.extendedSRGB(of: Array(cleaned[0..<colorCount]), in: space.traits)
        self.extendedSRGBValue = (
            CGFloat(rgb.red), CGFloat(rgb.green), CGFloat(rgb.blue),
            CGFloat(ColorConversion.removingNaN(Double(cleaned[colorCount])))
        )
    }

    private static func clampedKeepingNaN(_ value: CGFloat) -> CGFloat {
        value.isNaN ? value : Swift.min(Swift.max(value, 0), 1)
    }

    /// A color in the ``CGColorSpace/sRGB`` space.
    ///
    /// Deviation from Apple: on macOS this initializer uses the Generic RGB space (other primaries); here the
    /// components are always sRGB, the space this package renders in.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .standardSRGB, values: [red, green, blue, alpha])
    }

    /// A color in the ``CGColorSpace/sRGB`` space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .standardSRGB, values: [red, green, blue, alpha])
    }

    /// A gray in the ``CGColorSpace/genericGrayGamma2_2`` space: `gray` 0 is black, 1 is white.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .standardGenericGray, values: [gray, alpha])
    }

    /// A gray in the ``CGColorSpace/genericGrayGamma2_2`` space: `gray` 0 is black, 1 is white.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(space: .standardGenericGray, values: [gray, alpha])
    }

    /// A color in `space` read from `components`, which must point at `space.numberOfComponents + 1` values (the
    /// color components, then alpha), as in Apple's API; reading fewer is undefined behaviour, as there.
    ///
    /// Returns `nil` only where Apple would for a space that cannot hold plain colors; every space this package
    /// provides can, so the result is always a color.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let values = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        self.init(space: space, values: values)
    }

    /// Opaque black, in the generic gamma-2.2 gray space (gray 0, alpha 1), as Apple defines it.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white, in the generic gamma-2.2 gray space (gray 1, alpha 1).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black, in the generic gamma-2.2 gray space (gray 0, alpha 0).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The color components followed by alpha; never `nil` here (Apple returns `nil` only for pattern colors).
    public var components: [CGFloat]? { storedComponents }

    /// How many values ``components`` holds: the space's component count plus one for alpha.
    public var numberOfComponents: Int { storedComponents.count }

    /// The opacity, 0…1 (or NaN if NaN was passed in).
    public var alpha: CGFloat { storedComponents[storedComponents.count - 1] }

    /// The space the components are expressed in; never `nil` here.
    public var colorSpace: CGColorSpace? { space }

    /// The same color with a different alpha (clamped into 0…1); never `nil` here.
    public func copy(alpha: CGFloat) -> CGColor? {
        var values = storedComponents
        values[values.count - 1] = alpha
        return CGColor(space: space, values: values)
    }

    /// An equal color; never `nil` here. Colors are immutable, so this is only for source compatibility.
    public func copy() -> CGColor? {
        CGColor(space: space, values: storedComponents)
    }

    /// This color expressed in `space`, converted as `ColorConversion` describes (NaN counts as 0; results are
    /// clamped into 0…1 unless `space` is extended-range). Alpha is carried over unchanged, NaN alpha becoming 0.
    ///
    /// All spaces here share primaries and white point, so `intent` does not change the result, and `options`
    /// (which Apple asks callers to leave `nil`) is ignored. Never returns `nil` here.
    /// Deviation from Apple: `options` is a Swift dictionary instead of a `CFDictionary`.
    public func converted(
        to space: CGColorSpace, intent: CGColorRenderingIntent, options: [String: Any]?
    ) -> CGColor? {
        let colorCount = storedComponents.count - 1
        var values = ColorConversion.convert(
            Array(storedComponents[0..<colorCount]), from: self.space.traits, to: space.traits)
        values.append(CGFloat(ColorConversion.removingNaN(Double(storedComponents[colorCount]))))
        return CGColor(space: space, values: values)
    }

    /// The color as red, green, blue and alpha in extended sRGB (sRGB curve, components may leave 0…1 when the
    /// color's own space is extended). NaN components and alpha read as 0.
    ///
    /// Our addition, not Apple API: a fast accessor for animation and rendering, computed once at creation so
    /// reading it allocates nothing.
    public var rgbaComponents: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        extendedSRGBValue
    }

    /// Equal when the color spaces are equal and every component (alpha included) is numerically equal.
    /// `0` equals `-0`, and, so that a color always equals itself, NaN equals NaN.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        guard lhs.space == rhs.space, lhs.storedComponents.count == rhs.storedComponents.count else { return false }
        return zip(lhs.storedComponents, rhs.storedComponents).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        for value in storedComponents {
            if value.isNaN {
                hasher.combine(0x7FF8 as UInt16)
            } else {
                hasher.combine(value == 0 ? 0 : Double(value))
            }
        }
    }

    public var description: String {
        "<CGColor \(space.traits.name) \(storedComponents.map { Double($0) })>"
    }
}

/// Whether two colors are equal: both `nil`, or the same color space with numerically equal components
/// (see ``CGColor/==(_:_:)``).
public func CGColorEqualToColor(_ color1: CGColor?, _ color2: CGColor?) -> Bool {
    switch (color1, color2) {
    case (nil, nil): true
    case (let first?, let second?): first == second
    default: false
    }
}
