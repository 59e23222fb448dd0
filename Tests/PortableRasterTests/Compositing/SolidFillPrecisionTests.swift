@_spi(Engine) import PortableRaster
import Testing

/// The solid fill carries a floating-point colour at 1/255-level precision into the blend, so a translucent
/// colour is rounded once, not premultiplied to 8 bits first and rounded again.
@Suite("Solid fill precision")
struct SolidFillPrecisionTests {
    static func opaqueBuffer(_ background: RGBA8, width: Int = 37, height: Int = 2) throws -> PixelBuffer {
        var buffer = try PixelBuffer(width: width, height: height)
        buffer.fill(background)
        return buffer
    }

    /// `(colour · alpha + background · (255 − alpha)) / 255` rounded, for 8-bit straight colour and alpha over
    /// an opaque background: the exactly rounded source-over (never a tie: the numerator is an integer and 255
    /// is odd).
    static func exact(_ channel: Int, alpha: Int, over background: Int) -> Int {
        (2 * (channel * alpha + background * (255 - alpha)) + 255) / 510
    }

    @Test("the cairo comparison's case 270: (197, 228, 68) at alpha 156 over (228, 225, 208) is (209, 227, 122)")
    func case270() throws {
        // Exact: R = (197·156 + 228·99)/255 = 209.04, G = (228·156 + 225·99)/255 = 226.84, B = (68·156 + 208·99)/255
        // = 122.35. Premultiplying to 8 bits first (121, 139, 42) and rounding again gave 210, 226, 123.
        var buffer = try Self.opaqueBuffer(RGBA8(r: 228, g: 225, b: 208, a: 255))
        let color = PremultipliedColor(red: 197 / 255, green: 228 / 255, blue: 68 / 255, alpha: 156 / 255)
        buffer.fill(CoverageMask(filling: buffer.bounds), color: color)
        #expect(buffer[x: 0, y: 0] == RGBA8(r: 209, g: 227, b: 122, a: 255))
        #expect(buffer[x: 17, y: 1] == RGBA8(r: 209, g: 227, b: 122, a: 255))
        #expect(buffer[x: 36, y: 1] == RGBA8(r: 209, g: 227, b: 122, a: 255))  // the scalar tail
    }

    @Test("full coverage is exactly rounded for 8-bit colours and alphas over opaque backgrounds", arguments: 0..<8)
    func exactlyRounded(seed: Int) throws {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func byte() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 56)
        }
        for _ in 0..<64 {
            let (r, g, b, a) = (byte(), byte(), byte(), 1 + byte() % 255)
            let background = RGBA8(r: UInt8(byte()), g: UInt8(byte()), b: UInt8(byte()), a: 255)
            var buffer = try Self.opaqueBuffer(background, width: 21, height: 1)
            buffer.fill(
                CoverageMask(filling: buffer.bounds),
                color: PremultipliedColor(
                    red: Float(r) / 255, green: Float(g) / 255, blue: Float(b) / 255, alpha: Float(a) / 255))
            let expected = RGBA8(
                r: UInt8(Self.exact(r, alpha: a, over: Int(background.r))),
                g: UInt8(Self.exact(g, alpha: a, over: Int(background.g))),
                b: UInt8(Self.exact(b, alpha: a, over: Int(background.b))), a: 255)
            for x in [0, 5, 16, 20] {
                #expect(buffer[x: x, y: 0] == expected, "colour (\(r), \(g), \(b), \(a)) over \(background)")
            }
        }
    }

    @Test("partial coverage rounds the colour scaled by coverage once; the blend is within 1.5 levels of exact")
    func partialCoverage() throws {
        // Colour (197, 228, 68) at alpha 156 over (228, 225, 208), every coverage 0 … 255 along a row.
        let ramp = CoverageMask(
            bounds: PixelRect(x: 0, y: 0, width: 256, height: 1), coverage: (0...255).map { UInt8($0) })
        let background = RGBA8(r: 228, g: 225, b: 208, a: 255)
        var buffer = try Self.opaqueBuffer(background, width: 256, height: 1)
        let color = PremultipliedColor(red: 197 / 255, green: 228 / 255, blue: 68 / 255, alpha: 156 / 255)
        buffer.fill(ramp, color: color)
        let straight = [197.0, 228, 68]
        let under = [228.0, 225, 208]
        for m in 0...255 {
            let pixel = buffer[x: m, y: 0]
            let k = Double(m) / 255
            for (channel, value) in [pixel.r, pixel.g, pixel.b].enumerated() {
                // Exact: c·α·k + d·(1 − α·k) with α = 156/255. Three terms are rounded once each (the colour
                // scaled by coverage, the painted alpha that weighs the destination, the destination term), so
                // the bound is 3 × ½ level.
                let exact = straight[channel] * 156 / 255 * k + under[channel] * (1 - 156.0 / 255 * k)
                #expect(abs(Double(value) - exact) <= 1.5, "coverage \(m), channel \(channel)")
            }
            #expect(pixel.a == 255)
            #expect(pixel.r <= pixel.a && pixel.g <= pixel.a && pixel.b <= pixel.a)
        }
        // Fully covered pixels inside a partly covered group of four match the fully covered interior.
        #expect(buffer[x: 255, y: 0] == RGBA8(r: 209, g: 227, b: 122, a: 255))
    }

    @Test("onto transparent pixels the result stays premultiplied: colour never above alpha")
    func staysPremultiplied() throws {
        let ramp = CoverageMask(
            bounds: PixelRect(x: 0, y: 0, width: 256, height: 1), coverage: (0...255).map { UInt8($0) })
        for (red, alpha) in [(Float(0.999), Float(0.4)), (1, 0.5), (0.3, 0.3), (1, 1.0 / 255)] {
            var buffer = try PixelBuffer(width: 256, height: 1)
            buffer.fill(ramp, color: PremultipliedColor(red: red, green: 1, blue: 0.5, alpha: alpha))
            for x in 0..<256 {
                let pixel = buffer[x: x, y: 0]
                #expect(pixel.r <= pixel.a && pixel.g <= pixel.a && pixel.b <= pixel.a, "x \(x), \(red) at \(alpha)")
            }
        }
    }
}
