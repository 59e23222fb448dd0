/// A paint colour with premultiplied floating-point channels in `0 ... 1`.
///
/// This is the precision paint is specified in; it is rounded to ``RGBA8`` once, as late as possible
/// (after global alpha has been applied), so that only one rounding step happens before compositing.
/// Every initializer clamps: NaN becomes 0, values below 0 become 0, values above 1 become 1, and colour
/// channels above alpha are lowered to alpha.
@_spi(Engine) public struct PremultipliedColor: Hashable, Sendable {
    /// Premultiplied red, `0 ... alpha`.
    @_spi(Engine) public let red: Float
    /// Premultiplied green, `0 ... alpha`.
    @_spi(Engine) public let green: Float
    /// Premultiplied blue, `0 ... alpha`.
    @_spi(Engine) public let blue: Float
    /// Alpha, `0 ... 1`.
    @_spi(Engine) public let alpha: Float

    /// Creates a colour from channels that are already premultiplied.
    @inlinable
    @_spi(Engine) public init(premultipliedRed red: Float, green: Float, blue: Float, alpha: Float) {
        let clampedAlpha = Self.unit(alpha)
        self.alpha = clampedAlpha
        self.red = Swift.min(Self.unit(red), clampedAlpha)
        self.green = Swift.min(Self.unit(green), clampedAlpha)
        self.blue = Swift.min(Self.unit(blue), clampedAlpha)
    }

    /// Creates a colour from straight (not premultiplied) channels, multiplying them by alpha.
    @inlinable
    @_spi(Engine) public init(red: Float, green: Float, blue: Float, alpha: Float) {
        let clampedAlpha = Self.unit(alpha)
        self.init(
            premultipliedRed: Self.unit(red) * clampedAlpha,
            green: Self.unit(green) * clampedAlpha,
            blue: Self.unit(blue) * clampedAlpha,
            alpha: clampedAlpha
        )
    }

    /// Creates the colour that an 8-bit pixel stores exactly.
    @inlinable
    @_spi(Engine) public init(_ pixel: RGBA8) {
        self.init(
            premultipliedRed: Float(pixel.r) / 255,
            green: Float(pixel.g) / 255,
            blue: Float(pixel.b) / 255,
            alpha: Float(pixel.a) / 255
        )
    }

    /// Fully transparent.
    @_spi(Engine) public static let transparent = PremultipliedColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)

    /// This colour with every channel multiplied by `factor` (clamped to `0 ... 1`; NaN counts as 0).
    ///
    /// Used for global alpha: `color.scaled(by: 0.5)` is the colour painted at half opacity.
    @inlinable
    @_spi(Engine) public func scaled(by factor: Float) -> PremultipliedColor {
        let f = Self.unit(factor)
        return PremultipliedColor(premultipliedRed: red * f, green: green * f, blue: blue * f, alpha: alpha * f)
    }

    /// The nearest 8-bit pixel: each channel is `channel × 255` rounded to nearest, halves away from zero
    /// (so 0.5 becomes 128).
    @inlinable
    @_spi(Engine) public var rgba8: RGBA8 {
        RGBA8(r: Self.byte(red), g: Self.byte(green), b: Self.byte(blue), a: Self.byte(alpha))
    }

    @inlinable
    static func unit(_ value: Float) -> Float {
        value > 0 ? Swift.min(value, 1) : 0  // NaN fails `> 0` and becomes 0.
    }

    @inlinable
    static func byte(_ value: Float) -> UInt8 {
        UInt8((unit(value) * 255).rounded(.toNearestOrAwayFromZero))
    }
}
