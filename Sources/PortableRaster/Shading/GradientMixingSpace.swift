/// A colour space in which a ``GradientRamp`` mixes its stops' red, green and blue (our vocabulary; the raster
/// engine itself has no colour science).
///
/// Stops are given in straight sRGB and the ramp always produces sRGB pixels: the ramp converts each stop with
/// ``mixable(_:)``, interpolates the results linearly, and converts every table entry back with
/// ``sRGB(fromMixed:)``. Alpha is always interpolated as it is. A ramp built without a space mixes the sRGB-encoded
/// components themselves.
@_spi(Engine) public protocol GradientMixingSpace {
    /// The components to interpolate for a straight sRGB colour whose channels are in `0 … 1`.
    func mixable(_ rgb: SIMD3<Double>) -> SIMD3<Double>
    /// The straight sRGB colour, channels in `0 … 1`, of interpolated components.
    func sRGB(fromMixed mixed: SIMD3<Double>) -> SIMD3<Double>
}
