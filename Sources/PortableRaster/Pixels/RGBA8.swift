/// One pixel: premultiplied red, green, blue and alpha, 8 bits each.
///
/// Premultiplied means each colour channel already carries the alpha factor, so a colour channel never
/// exceeds alpha: `(255, 0, 0, 255)` is opaque red, `(128, 0, 0, 128)` is red at half opacity, and every
/// pixel with alpha 0 is `(0, 0, 0, 0)`. The initializer enforces this by clamping colour channels to alpha.
///
/// In a ``PixelBuffer`` the four channels are stored in memory in the order red, green, blue, alpha.
@_spi(Engine) public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// Premultiplied red, `0 ... alpha`.
    @_spi(Engine) public let r: UInt8
    /// Premultiplied green, `0 ... alpha`.
    @_spi(Engine) public let g: UInt8
    /// Premultiplied blue, `0 ... alpha`.
    @_spi(Engine) public let b: UInt8
    /// Alpha (coverage/opacity), `0 ... 255`.
    @_spi(Engine) public let a: UInt8

    /// Creates a pixel from premultiplied channels; any colour channel above `a` is lowered to `a`.
    @inlinable
    @_spi(Engine) public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = Swift.min(r, a)
        self.g = Swift.min(g, a)
        self.b = Swift.min(b, a)
        self.a = a
    }

    /// Fully transparent: all four channels zero.
    @_spi(Engine) public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    @_spi(Engine) public static let black = RGBA8(r: 0, g: 0, b: 0, a: 255)
    /// Opaque white.
    @_spi(Engine) public static let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

    /// Whether alpha is 255.
    @inlinable
    @_spi(Engine) public var isOpaque: Bool { a == 255 }

    /// The four channels packed into one word with red in the lowest byte, matching their memory order
    /// on a little-endian machine.
    @inlinable
    @_spi(Engine) public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Unpacks a word laid out as ``packed`` produces it, clamping colour channels to alpha.
    @inlinable
    @_spi(Engine) public init(packed: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: packed),
            g: UInt8(truncatingIfNeeded: packed >> 8),
            b: UInt8(truncatingIfNeeded: packed >> 16),
            a: UInt8(truncatingIfNeeded: packed >> 24)
        )
    }

    @_spi(Engine) public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }
}
