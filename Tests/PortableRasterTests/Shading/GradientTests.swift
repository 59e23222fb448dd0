@_spi(Engine) import PortableRaster
import Testing

@Suite("Gradients")
struct GradientTests {
    static let redToBlue = GradientRamp(stops: [
        GradientStop(location: 0, red: 1, green: 0, blue: 0),
        GradientStop(location: 1, red: 0, green: 0, blue: 1),
    ])
    static let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    static let grey = RGBA8(r: 90, g: 90, b: 90, a: 255)

    static func row(
        _ gradient: Gradient, width: Int, background: RGBA8 = grey, mode: BlendMode = .normal
    ) throws
        -> [RGBA8]
    {
        var buffer = try PixelBuffer(width: width, height: 1)
        buffer.fill(background)
        buffer.fill(CoverageMask(filling: buffer.bounds), gradient: gradient, blendMode: mode)
        return (0..<width).map { buffer[x: $0, y: 0] }
    }

    @Test("a two-stop axial gradient gives the exact average at its midpoint and the stops at its ends")
    func axialMidpoint() throws {
        // Start at the centre of pixel 0, end at the centre of pixel 4: pixel 2 sits at t = ½.
        let gradient = Gradient(
            .axial(start: RasterPoint(x: 0.5, y: 0), end: RasterPoint(x: 4.5, y: 0)), ramp: Self.redToBlue)
        let pixels = try Self.row(gradient, width: 5)
        #expect(pixels[0] == Self.red)
        // ½·255 = 127.5 rounds (halves away from zero) to 128 for both red and blue.
        #expect(pixels[2] == RGBA8(r: 128, g: 0, b: 128, a: 255))
        // t = ¼: red 0.75·255 = 191.25 → 191, blue 63.75 → 64.
        #expect(pixels[1] == RGBA8(r: 191, g: 0, b: 64, a: 255))
        #expect(pixels[4] == Self.blue)
        #expect(gradient.parameter(at: RasterPoint(x: 2.5, y: 7)) == 0.5)
    }

    @Test(
        "extend flags decide whether the end colours continue or the pixels stay untouched",
        arguments: [(false, false), (true, false), (false, true), (true, true)])
    func extendFlags(before: Bool, after: Bool) throws {
        let gradient = Gradient(
            .axial(start: RasterPoint(x: 2.5, y: 0), end: RasterPoint(x: 4.5, y: 0)), ramp: Self.redToBlue,
            extendsBeforeStart: before, extendsAfterEnd: after)
        let pixels = try Self.row(gradient, width: 7)
        for x in 0..<2 { #expect(pixels[x] == (before ? Self.red : Self.grey), "pixel \(x)") }
        #expect(pixels[2] == Self.red)
        #expect(pixels[3] == RGBA8(r: 128, g: 0, b: 128, a: 255))
        #expect(pixels[4] == Self.blue)
        for x in 5..<7 { #expect(pixels[x] == (after ? Self.blue : Self.grey), "pixel \(x)") }
        // Unpainted pixels are left alone even by an operator that clears under a transparent source.
        let copied = try Self.row(gradient, width: 7, mode: .copy)
        #expect(copied[0] == (before ? Self.red : Self.grey))
        #expect(copied[6] == (after ? Self.blue : Self.grey))
    }

    @Test("a concentric radial gradient is ½ at half the radius and extends outside only when asked")
    func concentricRadial() throws {
        let shape = Gradient.Shape.radial(
            startCenter: RasterPoint(x: 10.5, y: 10.5), startRadius: 0, endCenter: RasterPoint(x: 10.5, y: 10.5),
            endRadius: 8)
        var buffer = try PixelBuffer(width: 21, height: 21)
        buffer.fill(Self.grey)
        buffer.fill(CoverageMask(filling: buffer.bounds), gradient: Gradient(shape, ramp: Self.redToBlue))
        #expect(buffer[x: 10, y: 10] == Self.red)  // centre: t = 0
        #expect(buffer[x: 14, y: 10] == RGBA8(r: 128, g: 0, b: 128, a: 255))  // distance 4: t = ½
        #expect(buffer[x: 10, y: 2] == Self.blue)  // distance 8: t = 1
        #expect(buffer[x: 0, y: 0] == Self.grey)  // distance 14.1: outside, not extended
        var extended = try PixelBuffer(width: 21, height: 21)
        extended.fill(
            CoverageMask(filling: extended.bounds),
            gradient: Gradient(shape, ramp: Self.redToBlue, extendsAfterEnd: true))
        #expect(extended[x: 0, y: 0] == Self.blue)
    }

    @Test("the cone case: two circles side by side paint only the cone they span, with the largest t")
    func radialCone() throws {
        // Start circle centre (10, 10) radius 2, end circle centre (30, 10) radius 6: neither contains the other.
        let shape = Gradient.Shape.radial(
            startCenter: RasterPoint(x: 10, y: 10), startRadius: 2, endCenter: RasterPoint(x: 30, y: 10), endRadius: 6)
        let plain = Gradient(shape, ramp: Self.redToBlue)
        let extended = Gradient(shape, ramp: Self.redToBlue, extendsBeforeStart: true, extendsAfterEnd: true)
        // (20, 10): a·t² − 2bt + c = 0 with a = 384, b = 208, c = 96 has roots 0.75 and ⅓; the larger wins:
        // the circle of t = 0.75 (centre (25, 10), radius 5) passes through the point.
        #expect(plain.parameter(at: RasterPoint(x: 20, y: 10)) == 0.75)
        // (2, 10), behind the start circle: roots −0.375 and −0.4167, both before the start; painted only
        // with the start extended, at the larger root, whose radius 2 − 0.375·4 = 0.5 is still positive.
        #expect(plain.parameter(at: RasterPoint(x: 2, y: 10)) == nil)
        #expect(extended.parameter(at: RasterPoint(x: 2, y: 10)) == -0.375)
        // (10, 30) lies outside the cone: no circle of the family passes through it, extended or not.
        #expect(extended.parameter(at: RasterPoint(x: 10, y: 30)) == nil)
        // (−4, 10) lies behind the cone's apex (t = −0.5, where the radius reaches 0): its roots −⅔ and −¾
        // belong to circles of negative radius.
        #expect(extended.parameter(at: RasterPoint(x: -4, y: 10)) == nil)
        // The same numbers through the pixel pipeline (pixel centres are at half-integers, so shift by ½).
        let shifted = Gradient(shape, ramp: Self.redToBlue, transform: .translation(x: 0.5, y: 0.5))
        var buffer = try PixelBuffer(width: 40, height: 40)
        buffer.fill(Self.grey)
        buffer.fill(CoverageMask(filling: buffer.bounds), gradient: shifted)
        // t = 0.75 → entry 768: red 0.25·255 = 63.75 → 64, blue 191.25 → 191.
        #expect(buffer[x: 20, y: 10] == RGBA8(r: 64, g: 0, b: 191, a: 255))
        #expect(buffer[x: 10, y: 30] == Self.grey)
        #expect(buffer[x: 2, y: 10] == Self.grey)
    }

    @Test("a conic gradient sweeps from its angle towards +y: a quarter turn is t = ¼, a half turn ½")
    func conic() throws {
        let gradient = Gradient(.conic(center: RasterPoint(x: 8.5, y: 8.5), angle: 0), ramp: Self.redToBlue)
        var buffer = try PixelBuffer(width: 17, height: 17)
        buffer.fill(CoverageMask(filling: buffer.bounds), gradient: gradient)
        #expect(buffer[x: 12, y: 8] == Self.red)  // along +x: t = 0
        #expect(buffer[x: 8, y: 12] == RGBA8(r: 191, g: 0, b: 64, a: 255))  // along +y: t = ¼
        #expect(buffer[x: 4, y: 8] == RGBA8(r: 128, g: 0, b: 128, a: 255))  // along −x: t = ½
        // Starting the sweep at +y shifts everything by a quarter turn.
        let rotated = Gradient(.conic(center: RasterPoint(x: 0, y: 0), angle: Double.pi / 2), ramp: Self.redToBlue)
        let t = try #require(rotated.parameter(at: RasterPoint(x: -1, y: 0)))
        #expect(abs(t - 0.25) < 1e-12)
    }

    @Test("stops interpolate unpremultiplied: white to transparent black is translucent grey halfway")
    func unpremultipliedInterpolation() {
        let ramp = GradientRamp(stops: [
            GradientStop(location: 0, red: 1, green: 1, blue: 1, alpha: 1),
            GradientStop(location: 1, red: 0, green: 0, blue: 0, alpha: 0),
        ])
        // Straight (0.5, 0.5, 0.5, 0.5) premultiplies to 0.25 → 63.75 → 64, alpha 127.5 → 128. Interpolating
        // premultiplied values instead would give (128, 128, 128, 128).
        #expect(ramp.color(at: 0.5) == RGBA8(r: 64, g: 64, b: 64, a: 128))
        let fade = GradientRamp(stops: [
            GradientStop(location: 0, red: 1, green: 1, blue: 1, alpha: 1),
            GradientStop(location: 1, red: 1, green: 1, blue: 1, alpha: 0),
        ])
        #expect(fade.color(at: 0.5) == RGBA8(r: 128, g: 128, b: 128, a: 128))
    }

    @Test("stops are sorted, clamped and held before the first and after the last; equal locations make a hard edge")
    func stops() {
        let ramp = GradientRamp(stops: [
            GradientStop(location: 0.75, red: 0, green: 0, blue: 1),
            GradientStop(location: 0.5, red: 1, green: 0, blue: 0),
            GradientStop(location: 0.5, red: 0, green: 1, blue: 0),
            GradientStop(location: .nan, red: 1, green: 1, blue: 1),
        ])
        #expect(ramp.color(at: 0) == Self.red)  // held before the first stop
        #expect(ramp.color(at: 0.49) == Self.red)
        #expect(ramp.color(at: 0.5) == RGBA8(r: 0, g: 255, b: 0, a: 255))  // the later of two equal stops
        #expect(ramp.color(at: 0.625) == RGBA8(r: 0, g: 128, b: 128, a: 255))
        #expect(ramp.color(at: 1) == Self.blue)  // held after the last stop
        #expect(ramp.color(at: .nan) == Self.red)
        let clamped = GradientRamp(stops: [
            GradientStop(location: -3, red: 1, green: 0, blue: 0), GradientStop(location: 9, red: 0, green: 0, blue: 1),
        ])
        #expect(clamped.color(at: 0.5) == RGBA8(r: 128, g: 0, b: 128, a: 255))
        #expect(GradientRamp(stops: []).color(at: 0.3) == .transparent)
    }

    @Test("a degenerate gradient or a singular transform changes no pixel, whatever the blend mode")
    func degenerate() throws {
        let gradients = [
            Gradient(.axial(start: RasterPoint(x: 3, y: 3), end: RasterPoint(x: 3, y: 3)), ramp: Self.redToBlue),
            Gradient(
                .radial(
                    startCenter: RasterPoint(x: 3, y: 3), startRadius: 2, endCenter: RasterPoint(x: 3, y: 3),
                    endRadius: 2), ramp: Self.redToBlue, extendsBeforeStart: true, extendsAfterEnd: true),
            Gradient(
                .axial(start: RasterPoint(x: 0, y: 0), end: RasterPoint(x: 5, y: 0)), ramp: Self.redToBlue,
                extendsBeforeStart: true, extendsAfterEnd: true, transform: .scale(x: 0, y: 1)),
            Gradient(.conic(center: RasterPoint(x: .nan, y: 0), angle: 0), ramp: Self.redToBlue),
        ]
        for gradient in gradients {
            #expect(try Self.row(gradient, width: 6, mode: .copy).allSatisfy { $0 == Self.grey })
        }
    }

    @Test("the gradient transform places gradient space on the device, and coverage and alpha apply")
    func transformAndCoverage() throws {
        // Gradient space x = 0 … 1 scaled to device x = 0.5 … 4.5.
        let gradient = Gradient(
            .axial(start: RasterPoint(x: 0, y: 0), end: RasterPoint(x: 1, y: 0)), ramp: Self.redToBlue,
            transform: Affine2D.scale(x: 4, y: 1).concatenated(.translation(x: 0.5, y: 0)))
        var buffer = try PixelBuffer(width: 5, height: 1)
        buffer.fill(.white)
        buffer.fill(CoverageMask(filling: buffer.bounds, coverage: 128), gradient: gradient, alpha: 1)
        // Opaque red at coverage 128 over white: (255, 127, 127), as for a solid fill.
        #expect(buffer[x: 0, y: 0] == RGBA8(r: 255, g: 127, b: 127, a: 255))
        var faded = try PixelBuffer(width: 5, height: 1)
        faded.fill(CoverageMask(filling: faded.bounds), gradient: gradient, alpha: 0.5)
        #expect(faded[x: 4, y: 0] == RGBA8(r: 0, g: 0, b: 128, a: 128))
    }
}
