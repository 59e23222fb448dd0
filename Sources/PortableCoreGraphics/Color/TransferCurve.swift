import Foundation

/// The curve that relates a stored color component to linear light intensity (our helper, not an Apple type).
///
/// Values are unit-less fractions of full intensity. Every curve is applied with sign reflection,
/// `f(x) = sign(x)·f(|x|)`, which is how extended-range spaces treat components below zero; for components in
/// 0…1 this is the plain curve. Callers remove NaN before calling (see ``ColorConversion``); infinities pass
/// through unchanged in magnitude.
enum TransferCurve: Sendable, Hashable {
    /// Stored value equals linear intensity.
    case linear
    /// A pure power law: intensity = value^2.2.
    case gamma22
    /// The piecewise sRGB curve (IEC 61966-2-1): a straight segment of slope 1/12.92 up to 0.04045, then
    /// `((v + 0.055) / 1.055)^2.4`.
    case sRGB

    /// Converts a stored component value to linear intensity.
    func linearize(_ value: Double) -> Double {
        let magnitude = Swift.abs(value)
        let result: Double
        switch self {
        case .linear:
            return value
        case .gamma22:
            result = Foundation.pow(magnitude, 2.2)
        case .sRGB:
            result = magnitude <= 0.04045 ? magnitude / 12.92 : Foundation.pow((magnitude + 0.055) / 1.055, 2.4)
        }
        return value < 0 ? -result : result
    }

    /// Converts linear intensity to a stored component value; the inverse of ``linearize(_:)``.
    func encode(_ intensity: Double) -> Double {
        let magnitude = Swift.abs(intensity)
        let result: Double
        switch self {
        case .linear:
            return intensity
        case .gamma22:
            result = Foundation.pow(magnitude, 1 / 2.2)
        case .sRGB:
            result = magnitude <= 0.003_130_8 ? magnitude * 12.92 : 1.055 * Foundation.pow(magnitude, 1 / 2.4) - 0.055
        }
        return intensity < 0 ? -result : result
    }
}
