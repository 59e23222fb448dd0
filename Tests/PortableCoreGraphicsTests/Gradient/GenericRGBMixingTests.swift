@_spi(Engine) import PortableRaster
import Testing

@testable import PortableCoreGraphics

/// The Generic RGB (gamma 1.8) mixing that Apple's pictures of `CAGradientLayer` show. Evidence: lottie-ios's
/// snapshots of its Core Animation engine (../shared/lottie, drawn by iOS with `render(in:)`), measured against
/// each sample's gradient geometry: pr_1818 (black → white), gradient_square (green → salmon), issue_1717 (a blue
/// stop with little green).
@Suite("Generic RGB gradient mixing")
struct GenericRGBMixingTests {
    static func ramp(_ stops: [GradientStop]) -> GradientRamp {
        GradientRamp(stops: stops, space: GenericRGBMixing())
    }

    static let blackToWhite = [
        GradientStop(location: 0, red: 0, green: 0, blue: 0), GradientStop(location: 1, red: 1, green: 1, blue: 1),
    ]

    @Test("black → white mixed in Generic RGB reads sRGB(s^1.8): 146 at the middle where sRGB mixing gives 128")
    func greyRampFollowsGamma18() {
        // 0.5^1.8 = 0.2872 linear, sRGB-encoded 0.5723 · 255 = 145.9. Apple's pr_1818 reads 148.9 averaged around
        // s = 0.512 (sRGB mixing: 130.6), and matches sRGB(s^1.8) within 0.1 from s = 0.05 to 0.7.
        let generic = Self.ramp(Self.blackToWhite)
        #expect(generic.color(at: 0.5) == RGBA8(r: 146, g: 146, b: 146, a: 255))
        // Entry round(0.512 · 1024) = 524: (524/1024)^1.8 → 148.7.
        #expect(generic.color(at: 0.512) == RGBA8(r: 149, g: 149, b: 149, a: 255))
        #expect(GradientRamp(stops: Self.blackToWhite).color(at: 0.5) == RGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(generic.color(at: 0) == RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(generic.color(at: 1) == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test("green → salmon in Generic RGB: (170, 220, 85) at the middle, as Apple's gradient_square, not (159, 221, 74)")
    func chromaticRamp() {
        // Stops (0.247, 0.914, 0) and (1, 0.816, 0.58). Apple's picture at t = 0.489 averages (168.6, 220.3, 83.5);
        // this mix gives (168.5, 220.3, 83.9) there, the sRGB mix (157.0, 220.8, 72.4).
        let ramp = Self.ramp([
            GradientStop(location: 0, red: 0.247, green: 0.914, blue: 0),
            GradientStop(location: 1, red: 1, green: 0.816, blue: 0.58),
        ])
        #expect(ramp.color(at: 0.5) == RGBA8(r: 170, g: 220, b: 85, a: 255))
        // Colours inside Generic RGB's gamut come back unchanged at their stops.
        #expect(ramp.color(at: 0) == RGBA8(r: 63, g: 233, b: 0, a: 255))
        #expect(ramp.color(at: 1) == RGBA8(r: 255, g: 208, b: 148, a: 255))
    }

    @Test("a stop outside Generic RGB's gamut is clipped there: sRGB (0.396, 0.122, 1) draws green 52, not 31")
    func outOfGamutStopIsClipped() {
        // Its linear green in Generic RGB is −0.020, clipped to 0; back in sRGB that is green 52.45 → 52. Apple's
        // issue_1717 pictures show (100…101, 52…53, 255) where the sRGB stop colour (101, 31, 255) was expected.
        let ramp = Self.ramp([GradientStop(location: 0, red: 0.396, green: 0.122, blue: 1)])
        #expect(ramp.color(at: 0.5) == RGBA8(r: 101, g: 52, b: 255, a: 255))
    }

    @Test("alpha is mixed as it is and white stays white: white → clear white is (128, 128, 128, 128) premultiplied")
    func alphaIsLinear() {
        let ramp = Self.ramp([
            GradientStop(location: 0, red: 1, green: 1, blue: 1, alpha: 1),
            GradientStop(location: 1, red: 1, green: 1, blue: 1, alpha: 0),
        ])
        #expect(ramp.color(at: 0.5) == RGBA8(r: 128, g: 128, b: 128, a: 128))
    }
}
