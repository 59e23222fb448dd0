extension BlendMode {
    /// The fully covered result of compositing the premultiplied `source` onto the premultiplied
    /// `destination`, channels `(red, green, blue, alpha)` as fractions in `0 ... 1`.
    ///
    /// This is the reference formula of each mode (see the cases' documentation); the row compositing code
    /// uses it for every mode except ``normal``, which has an exact integer fast path. Inputs are expected to
    /// be valid premultiplied colours (colour channels at or below alpha); the result is clamped to
    /// `0 ... 1` with colour channels at or below the result's alpha.
    @_spi(Engine) public func composite(_ source: SIMD4<Float>, over destination: SIMD4<Float>) -> SIMD4<Float> {
        let s = source
        let d = destination
        let sa = s[3]
        let da = d[3]
        var result: SIMD4<Float>
        switch self {
        case .normal:
            result = s + d * (1 - sa)
        case .clear:
            result = .zero
        case .copy:
            result = s
        case .sourceIn:
            result = s * da
        case .sourceOut:
            result = s * (1 - da)
        case .sourceAtop:
            result = s * da + d * (1 - sa)
        case .destinationOver:
            result = s * (1 - da) + d
        case .destinationIn:
            result = d * sa
        case .destinationOut:
            result = d * (1 - sa)
        case .destinationAtop:
            result = s * (1 - da) + d * sa
        case .xor:
            result = s * (1 - da) + d * (1 - sa)
        case .plusLighter:
            result = (s + d).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        case .plusDarker:
            let alpha = Swift.min(1, sa + da)
            let complement = (SIMD4(repeating: sa) - s) + (SIMD4(repeating: da) - d)
            result = SIMD4(repeating: alpha) - complement  // negative channels are clamped to 0 below
            result[3] = alpha
        case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
            .difference, .exclusion, .hue, .saturation, .color, .luminosity:
            result = pdfComposite(s, d)
        }
        return Self.clampPremultiplied(result)
    }

    /// The PDF compositing formula `r = s·(1 − αd) + d·(1 − αs) + αs·αd·B(Cd, Cs)` for the blend modes.
    private func pdfComposite(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s[3]
        let da = d[3]
        let alpha = sa + da - sa * da
        var result = s * (1 - da) + d * (1 - sa)
        if sa > 0, da > 0 {
            let cs = Self.straight(s)
            let cd = Self.straight(d)
            let blended = blend(backdrop: cd, source: cs)
            result += blended * (sa * da)
        }
        result[3] = alpha
        return result
    }

    /// The blend function `B(Cb, Cs)` on straight colours (the alpha lane is ignored and returned as 0).
    func blend(backdrop cb: SIMD4<Float>, source cs: SIMD4<Float>) -> SIMD4<Float> {
        var result = SIMD4<Float>.zero
        switch self {
        case .hue:
            result = Self.setLuminosity(Self.setSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
        case .saturation:
            result = Self.setLuminosity(Self.setSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
        case .color:
            result = Self.setLuminosity(cs, Self.luminosity(cb))
        case .luminosity:
            result = Self.setLuminosity(cb, Self.luminosity(cs))
        default:
            for channel in 0..<3 {
                result[channel] = separable(cb[channel], cs[channel])
            }
        }
        result[3] = 0
        return result
    }

    /// The separable blend function on one straight channel.
    private func separable(_ b: Float, _ s: Float) -> Float {
        switch self {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return Self.hardLight(backdrop: s, source: b)
        case .darken: return Swift.min(b, s)
        case .lighten: return Swift.max(b, s)
        case .colorDodge:
            if b <= 0 { return 0 }
            if s >= 1 { return 1 }
            return Swift.min(1, b / (1 - s))
        case .colorBurn:
            if b >= 1 { return 1 }
            if s <= 0 { return 0 }
            return 1 - Swift.min(1, (1 - b) / s)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let curve = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (curve - b)
        case .hardLight: return Self.hardLight(backdrop: b, source: s)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        default: return s
        }
    }

    private static func hardLight(backdrop b: Float, source s: Float) -> Float {
        if s <= 0.5 { return b * (2 * s) }
        let t = 2 * s - 1
        return b + t - b * t
    }

    /// `c / α` per colour channel, 0 where α is 0, each at most 1.
    private static func straight(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let alpha = c[3]
        guard alpha > 0 else { return .zero }
        var result = (c / alpha).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        result[3] = 1
        return result
    }

    // MARK: Non-separable helpers (PDF specification, section on non-separable blend modes)

    static func luminosity(_ c: SIMD4<Float>) -> Float {
        0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]
    }

    static func saturation(_ c: SIMD4<Float>) -> Float {
        Swift.max(c[0], c[1], c[2]) - Swift.min(c[0], c[1], c[2])
    }

    /// Moves the colour along the grey axis so that its luminosity becomes `target`, then pulls it back into
    /// the unit cube along the line through its own grey (`ClipColor`).
    static func setLuminosity(_ c: SIMD4<Float>, _ target: Float) -> SIMD4<Float> {
        let shift = target - luminosity(c)
        var color = c + SIMD4(shift, shift, shift, 0)
        let lum = luminosity(color)
        let low = Swift.min(color[0], color[1], color[2])
        let high = Swift.max(color[0], color[1], color[2])
        let grey = SIMD4(lum, lum, lum, 0)
        if low < 0 {
            color = grey + (color - grey) * (lum / (lum - low))
        }
        if high > 1 {
            color = grey + (color - grey) * ((1 - lum) / (high - lum))
        }
        color[3] = 0
        return color
    }

    /// Rescales the colour so that `max − min` becomes `target`: the smallest channel goes to 0, the largest
    /// to `target`, the middle one proportionally; a grey colour becomes black.
    static func setSaturation(_ c: SIMD4<Float>, _ target: Float) -> SIMD4<Float> {
        let low = Swift.min(c[0], c[1], c[2])
        let high = Swift.max(c[0], c[1], c[2])
        guard high > low else { return .zero }
        var result = (c - SIMD4(repeating: low)) * (target / (high - low))
        result[3] = 0
        return result
    }

    /// Clamps alpha to `0 ... 1` and every colour channel to `0 ... alpha`; NaN becomes 0.
    @inline(__always)
    static func clampPremultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let alpha = c[3] > 0 ? Swift.min(c[3], 1) : 0
        let limit = SIMD4<Float>(repeating: alpha)
        var result = c.replacing(with: 0, where: .!(c .> 0))
        result = result.replacing(with: limit, where: result .> limit)
        result[3] = alpha
        return result
    }
}
