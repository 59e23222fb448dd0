/// What ``PNG/encode(_:options:)`` writes.
@_spi(Engine) public struct PNGEncodingOptions: Hashable, Sendable {
    /// Deflate effort for the image data. The default is tuned for speed (rendered animation frames).
    @_spi(Engine) public var compression: DeflateLevel
    /// How each row's filter is chosen.
    @_spi(Engine) public var filter: PNGFilterStrategy
    /// When every pixel is opaque, write colour type RGB (3 bytes per pixel) instead of RGBA. Lossless.
    @_spi(Engine) public var dropsOpaqueAlpha: Bool
    /// When every pixel has equal red, green and blue, write gray (or gray + alpha). Lossless; off by default
    /// because checking costs a little time and most renders are coloured.
    @_spi(Engine) public var allowsGray: Bool

    @_spi(Engine) public init(
        compression: DeflateLevel = .default, filter: PNGFilterStrategy = .adaptive, dropsOpaqueAlpha: Bool = true,
        allowsGray: Bool = false
    ) {
        self.compression = compression
        self.filter = filter
        self.dropsOpaqueAlpha = dropsOpaqueAlpha
        self.allowsGray = allowsGray
    }
}
