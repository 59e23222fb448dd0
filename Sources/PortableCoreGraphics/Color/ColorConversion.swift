/// Pure conversions of color components between the spaces of ``CGColorSpace`` (our helper, not an Apple type).
///
/// Components here exclude alpha. The path is: remove NaN (NaN becomes 0), undo the source transfer curve to
/// reach linear light, change model if needed, apply the destination curve, and clamp into 0…1 when the
/// destination is not extended-range.
///
/// - Gray to RGB: linear luminance `Y` becomes linear `(Y, Y, Y)`; so gamma-2.2 gray 0.5 is `Y = 0.5^2.2 ≈ 0.2176`,
///   which sRGB encodes as ≈ 0.5039.
/// - RGB to gray: `Y = 0.2126·R + 0.7152·G + 0.0722·B` on linear components (the sRGB luminance weights).
/// - Same model and same curve: components are copied (then cleaned and clamped), with no rounding error.
enum ColorConversion {
    /// Replaces NaN by 0, leaving every other value (including infinities) alone.
    @inline(__always)
    static func removingNaN(_ value: Double) -> Double {
        value.isNaN ? 0 : value
    }

    /// Clamps into 0…1; `value` must not be NaN.
    @inline(__always)
    static func clampedToUnit(_ value: Double) -> Double {
        Swift.min(Swift.max(value, 0), 1)
    }

    /// Converts `components` (count = the source's component count, alpha excluded) from `source` to
    /// `destination`, returning the destination's component count of values.
    static func convert(
        _ components: [CGFloat], from source: ColorSpaceTraits, to destination: ColorSpaceTraits
    ) -> [CGFloat] {
        let clean = components.map { removingNaN(Double($0)) }
        let converted: [Double]
        if source.model == destination.model && source.curve == destination.curve {
            converted = clean
        } else {
            let linear = clean.map { source.curve.linearize($0) }
            let remodelled: [Double]
            switch (source.model == .rgb, destination.model == .rgb) {
            case (true, false):
                remodelled = [luminance(red: linear[0], green: linear[1], blue: linear[2])]
            case (false, true):
                remodelled = [linear[0], linear[0], linear[0]]
            default:
                remodelled = linear
            }
            converted = remodelled.map { destination.curve.encode($0) }
        }
        return converted.map { CGFloat(destination.isExtended ? $0 : clampedToUnit($0)) }
    }

    /// Red, green and blue in extended sRGB (the sRGB curve, no clamping) for components in `source`.
    static func extendedSRGB(
        of components: [CGFloat], in source: ColorSpaceTraits
    ) -> (red: Double, green: Double, blue: Double) {
        let clean = components.map { removingNaN(Double($0)) }
        if source.model == .rgb {
            if source.curve == .sRGB {
                return (clean[0], clean[1], clean[2])
            }
            let curve = TransferCurve.sRGB
            return (
                curve.encode(source.curve.linearize(clean[0])),
                curve.encode(source.curve.linearize(clean[1])),
                curve.encode(source.curve.linearize(clean[2]))
            )
        }
        let gray = TransferCurve.sRGB.encode(source.curve.linearize(clean[0]))
        return (gray, gray, gray)
    }

    /// Linear luminance of linear sRGB components.
    @inline(__always)
    static func luminance(red: Double, green: Double, blue: Double) -> Double {
        0.2126 * red + 0.7152 * green + 0.0722 * blue
    }
}
