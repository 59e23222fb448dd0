@_spi(Engine) import PortableRaster
import Testing

/// The compositing formulas written out independently in `Double`, from the PDF specification's definitions
/// (straight colours, sorted channels for the non-separable helpers) and Apple's Porter-Duff table.
enum BlendReference {
    typealias Color = (r: Double, g: Double, b: Double)

    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return separable(.hardLight, cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return cs <= 0.5 ? cb * 2 * cs : separable(.screen, cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: fatalError("not separable")
        }
    }

    static func lum(_ c: Color) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func clipColor(_ c: Color) -> Color {
        let l = lum(c)
        let n = min(c.r, c.g, c.b)
        let x = max(c.r, c.g, c.b)
        var out = c
        if n < 0 { out = (l + (out.r - l) * l / (l - n), l + (out.g - l) * l / (l - n), l + (out.b - l) * l / (l - n)) }
        if x > 1 {
            out = (
                l + (out.r - l) * (1 - l) / (x - l), l + (out.g - l) * (1 - l) / (x - l),
                l + (out.b - l) * (1 - l) / (x - l)
            )
        }
        return out
    }

    static func setLum(_ c: Color, _ l: Double) -> Color {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }

    static func sat(_ c: Color) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    /// The specification's SetSat, on the channels sorted into max, mid and min.
    static func setSat(_ c: Color, _ s: Double) -> Color {
        var channels = [c.r, c.g, c.b]
        let order = [0, 1, 2].sorted { channels[$0] < channels[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if channels[hi] > channels[lo] {
            channels[mid] = (channels[mid] - channels[lo]) * s / (channels[hi] - channels[lo])
            channels[hi] = s
        } else {
            channels[mid] = 0
            channels[hi] = 0
        }
        channels[lo] = 0
        return (channels[0], channels[1], channels[2])
    }

    static func nonSeparable(_ mode: BlendMode, _ cb: Color, _ cs: Color) -> Color {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: fatalError("separable")
        }
    }

    /// Premultiplied result in 0 … 1 for premultiplied inputs in 0 … 1 (arrays r, g, b, a).
    static func composite(_ mode: BlendMode, _ s: [Double], _ d: [Double]) -> [Double] {
        let sa = s[3]
        let da = d[3]
        func each(_ f: (Double, Double) -> Double) -> [Double] { (0..<4).map { f(s[$0], d[$0]) } }
        switch mode {
        case .normal: return each { $0 + $1 * (1 - sa) }
        case .clear: return [0, 0, 0, 0]
        case .copy: return s
        case .sourceIn: return each { x, _ in x * da }
        case .sourceOut: return each { x, _ in x * (1 - da) }
        case .sourceAtop: return each { $0 * da + $1 * (1 - sa) }
        case .destinationOver: return each { $0 * (1 - da) + $1 }
        case .destinationIn: return each { _, y in y * sa }
        case .destinationOut: return each { _, y in y * (1 - sa) }
        case .destinationAtop: return each { $0 * (1 - da) + $1 * sa }
        case .xor: return each { $0 * (1 - da) + $1 * (1 - sa) }
        case .plusLighter: return each { min(1, $0 + $1) }
        case .plusDarker:
            let alpha = min(1, sa + da)
            var out = (0..<3).map { max(0, alpha - (sa - s[$0]) - (da - d[$0])) }
            out.append(alpha)
            return out
        default:
            let alpha = sa + da - sa * da
            let cs: Color = sa > 0 ? (s[0] / sa, s[1] / sa, s[2] / sa) : (0, 0, 0)
            let cb: Color = da > 0 ? (d[0] / da, d[1] / da, d[2] / da) : (0, 0, 0)
            let blended: Color
            if mode.isSeparable {
                blended = (separable(mode, cb.r, cs.r), separable(mode, cb.g, cs.g), separable(mode, cb.b, cs.b))
            } else {
                blended = nonSeparable(mode, cb, cs)
            }
            let b = [blended.r, blended.g, blended.b]
            var out = (0..<3).map { s[$0] * (1 - da) + d[$0] * (1 - sa) + sa * da * b[$0] }
            out.append(alpha)
            return out
        }
    }
}

@Suite("Blend modes")
struct BlendModeTests {
    static let pairs: [(source: RGBA8, destination: RGBA8)] = [
        (RGBA8(r: 200, g: 40, b: 90, a: 255), RGBA8(r: 30, g: 160, b: 220, a: 255)),
        (RGBA8(r: 120, g: 20, b: 60, a: 160), RGBA8(r: 10, g: 90, b: 200, a: 230)),
        (RGBA8(r: 128, g: 128, b: 128, a: 255), RGBA8(r: 200, g: 200, b: 200, a: 255)),
        (RGBA8(r: 255, g: 255, b: 255, a: 255), RGBA8(r: 0, g: 64, b: 128, a: 128)),
        (RGBA8(r: 0, g: 0, b: 0, a: 90), RGBA8(r: 250, g: 5, b: 100, a: 255)),
        (RGBA8(r: 60, g: 200, b: 10, a: 210), RGBA8.transparent),
        (RGBA8.transparent, RGBA8(r: 70, g: 80, b: 90, a: 200)),
        (RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 255)),
    ]

    static func composite(
        _ source: RGBA8, over destination: RGBA8, mode: BlendMode, coverage: UInt8 = 255,
        alpha: Float = 1
    ) throws -> RGBA8 {
        var buffer = try PixelBuffer(width: 7, height: 1)
        buffer.fill(destination)
        buffer.fill(
            CoverageMask(filling: buffer.bounds, coverage: coverage), color: PremultipliedColor(source), alpha: alpha,
            blendMode: mode)
        return buffer[x: 6, y: 0]
    }

    static func unit(_ pixel: RGBA8) -> [Double] { [pixel.r, pixel.g, pixel.b, pixel.a].map { Double($0) / 255 } }

    @Test(
        "every mode matches the PDF and Porter-Duff formulas computed in Double, within 1",
        arguments: BlendMode.allCases)
    func matchesReference(mode: BlendMode) throws {
        for (source, destination) in Self.pairs {
            let got = try Self.composite(source, over: destination, mode: mode)
            let expected = BlendReference.composite(mode, Self.unit(source), Self.unit(destination))
            let channels = [got.r, got.g, got.b, got.a]
            for channel in 0..<4 {
                let difference = abs(Double(channels[channel]) - expected[channel] * 255)
                #expect(difference <= 1, "\(mode) \(source) over \(destination), channel \(channel): \(got)")
            }
            // The reference formula in the library agrees as well (it is what the scalar path runs).
            let direct = mode.composite(
                SIMD4(Self.unit(source).map(Float.init)), over: SIMD4(Self.unit(destination).map(Float.init)))
            for channel in 0..<4 { #expect(abs(Double(direct[channel]) - expected[channel]) < 1e-5) }
        }
    }

    @Test("worked numbers: multiply, screen, xor, plus-lighter and plus-darker on greys")
    func workedNumbers() throws {
        let g128 = RGBA8(r: 128, g: 128, b: 128, a: 255)
        let g200 = RGBA8(r: 200, g: 200, b: 200, a: 255)
        // 128·200/255 = 100.39 → 100.
        #expect(try Self.composite(g128, over: g200, mode: .multiply) == RGBA8(r: 100, g: 100, b: 100, a: 255))
        // 128 + 200 − 100.39 = 227.6 → 228.
        #expect(try Self.composite(g128, over: g200, mode: .screen) == RGBA8(r: 228, g: 228, b: 228, a: 255))
        // Two opaque pixels exclude each other completely.
        #expect(try Self.composite(g128, over: g200, mode: .xor) == .transparent)
        #expect(try Self.composite(g128, over: g200, mode: .plusLighter) == .white)
        // max(0, 128 + 200 − 255) = 73.
        #expect(try Self.composite(g128, over: g200, mode: .plusDarker) == RGBA8(r: 73, g: 73, b: 73, a: 255))
        // Overlay of mid-grey on a light backdrop screens: 1 − 2·(1 − 0.784)·(1 − 0.502) = 0.785 → 200.
        #expect(try Self.composite(g128, over: g200, mode: .overlay) == RGBA8(r: 200, g: 200, b: 200, a: 255))
    }

    @Test("coverage interpolates between the destination and the full result, even for clearing operators")
    func coverageInterpolates() throws {
        let source = RGBA8(r: 0, g: 0, b: 255, a: 255)
        let destination = RGBA8(r: 200, g: 100, b: 0, a: 255)
        // copy at coverage 128: d + (s − d)·128/255 → red 200 − 100.4 = 99.6 → 100, blue 128.0 → 128.
        #expect(
            try Self.composite(source, over: destination, mode: .copy, coverage: 128)
                == RGBA8(r: 100, g: 50, b: 128, a: 255))
        // clear at coverage 64 keeps 191/255 of the destination: 200·0.749 = 149.8 → 150.
        #expect(
            try Self.composite(source, over: destination, mode: .clear, coverage: 64)
                == RGBA8(r: 150, g: 75, b: 0, a: 191))
        // Zero coverage leaves the pixel alone.
        #expect(try Self.composite(source, over: destination, mode: .clear, coverage: 0) == destination)
    }

    @Test("global alpha scales the source before the operator")
    func alphaScalesSource() throws {
        let source = RGBA8(r: 255, g: 255, b: 255, a: 255)
        let destination = RGBA8(r: 0, g: 0, b: 100, a: 200)
        // sourceIn: s·α·αd = 0.5 · 200/255 → 100 for every channel.
        #expect(
            try Self.composite(source, over: destination, mode: .sourceIn, alpha: 0.5)
                == RGBA8(r: 100, g: 100, b: 100, a: 100))
        // copy at alpha 0.5 replaces the pixel with the half-transparent source.
        #expect(
            try Self.composite(source, over: destination, mode: .copy, alpha: 0.5)
                == RGBA8(r: 128, g: 128, b: 128, a: 128))
        // alpha 0 with a clearing operator still clears (the source is transparent).
        #expect(try Self.composite(source, over: destination, mode: .copy, alpha: 0) == .transparent)
    }

    @Test("normal mode through the paint pipeline equals the solid fill, and every mode keeps pixels premultiplied")
    func normalAndValidity() throws {
        for (source, destination) in Self.pairs {
            for coverage: UInt8 in [0, 1, 77, 128, 254, 255] {
                var solid = try PixelBuffer(width: 5, height: 1)
                solid.fill(destination)
                solid.fill(CoverageMask(filling: solid.bounds, coverage: coverage), color: source)
                var image = try PixelBuffer(width: 5, height: 1)
                image.fill(source)
                var drawn = try PixelBuffer(width: 5, height: 1)
                drawn.fill(destination)
                var workspace = PaintWorkspace()
                drawn.draw(
                    image, transform: .identity,
                    clipMask: CoverageMask(filling: drawn.bounds, coverage: coverage), workspace: &workspace)
                #expect(drawn == solid, "\(source) over \(destination) at coverage \(coverage)")
                for mode in BlendMode.allCases {
                    let result = try Self.composite(source, over: destination, mode: mode, coverage: coverage)
                    #expect(result.r <= result.a && result.g <= result.a && result.b <= result.a)
                }
            }
        }
    }

    @Test("mode families: PDF blend modes, separability and which modes clear under a transparent source")
    func families() {
        #expect(BlendMode.allCases.count == 28)
        #expect(BlendMode.allCases.filter(\.isPDFBlendMode).count == 15)
        #expect(BlendMode.allCases.filter { !$0.isSeparable } == [.hue, .saturation, .color, .luminosity])
        for mode in BlendMode.allCases {
            let result = mode.composite(.zero, over: SIMD4(0.25, 0.375, 0.125, 0.5))
            #expect((result == SIMD4(0.25, 0.375, 0.125, 0.5)) == mode.keepsDestinationUnderClearSource, "\(mode)")
        }
    }
}
