import Foundation
@_spi(Engine) import PortableRaster

/// Apple's Generic RGB as a space to mix gradient colours in (our helper): gamma 1.8, P22 phosphors, D65 white
/// (Apple's Technical Q&A QA1430). Core Animation's gradient layers mix their colours here, as Apple's pictures show
/// (see `GradientLayerPainter`).
///
/// A straight sRGB colour goes to linear sRGB, through ``toGeneric`` to linear Generic RGB, is clipped to `0 … 1`
/// (the space is not extended-range) and raised to `1/1.8`; mixed components come back through `^1.8`, ``toSRGB``,
/// clipping and the sRGB curve. Consequences, both visible in Apple's pictures:
/// - a mix of black and white at fraction `s` is linear `s^1.8`: sRGB 146 at the middle, where mixing the sRGB
///   values gives 128;
/// - a colour outside Generic RGB's slightly smaller gamut changes even at its own stop: sRGB (0.396, 0.122, 1) has
///   linear green −0.020 there, clipped to 0, and comes back with green 52 (of 255) instead of 31; pure red comes
///   back as (255, 38, 0).
///
/// Greys (equal components) skip the matrices: both spaces share the white point, and white stays exactly white.
struct GenericRGBMixing: GradientMixingSpace {
    /// Linear sRGB to linear Generic RGB (rows: red, green, blue), derived from the chromaticities red
    /// (0.630, 0.340), green (0.295, 0.605), blue (0.155, 0.077) and sRGB's, both with a D65 white; each row sums
    /// to 1.
    static let toGeneric: [SIMD3<Double>] = [
        SIMD3(0.974_85, 0.027_295, -0.002_145),
        SIMD3(-0.020_00, 1.054_209, -0.034_209),
        SIMD3(0.001_691, 0.001_564, 0.996_745),
    ]
    /// Linear Generic RGB to linear sRGB: the inverse of ``toGeneric`` to six decimals; each row sums to 1.
    static let toSRGB: [SIMD3<Double>] = [
        SIMD3(1.025_252, -0.026_548, 0.001_296),
        SIMD3(0.019_394, 0.948_028, 0.032_578),
        SIMD3(-0.001_770, -0.001_442, 1.003_212),
    ]
    /// Generic RGB's curve: linear intensity = component^1.8.
    static let gamma = 1.8

    func mixable(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let linear = rgb.map { TransferCurve.sRGB.linearize(Self.unit($0)) }
        let generic = Self.isGrey(linear) ? linear : Self.multiply(Self.toGeneric, linear)
        return generic.map { Foundation.pow(Self.unit($0), 1 / Self.gamma) }
    }

    func sRGB(fromMixed mixed: SIMD3<Double>) -> SIMD3<Double> {
        let generic = mixed.map { Foundation.pow(Self.unit($0), Self.gamma) }
        let linear = Self.isGrey(generic) ? generic : Self.multiply(Self.toSRGB, generic)
        // At 1 the sRGB curve gives 1.055 − 0.055 = 1 − 2⁻⁵³; white must stay 1.
        return linear.map { Self.unit($0) < 1 ? TransferCurve.sRGB.encode(Self.unit($0)) : 1 }
    }

    private static func isGrey(_ value: SIMD3<Double>) -> Bool {
        value.x == value.y && value.y == value.z
    }

    private static func multiply(_ rows: [SIMD3<Double>], _ vector: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * vector).sum(), (rows[1] * vector).sum(), (rows[2] * vector).sum())
    }

    /// Clamps into `0 … 1`; NaN becomes 0.
    private static func unit(_ value: Double) -> Double {
        value > 0 ? Swift.min(value, 1) : 0
    }
}

extension SIMD3 where Scalar == Double {
    fileprivate func map(_ transform: (Double) -> Double) -> SIMD3<Double> {
        SIMD3(transform(x), transform(y), transform(z))
    }
}
