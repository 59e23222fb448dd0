import PortableCoreGraphics
import Testing

@Suite("CGColor conversion")
struct CGColorConversionTests {
    static func space(_ name: String) -> CGColorSpace {
        guard let space = CGColorSpace(name: name) else { fatalError("unknown test space \(name)") }
        return space
    }

    static func convert(_ color: CGColor, to name: String) -> [CGFloat] {
        color.converted(to: space(name), intent: .defaultIntent, options: nil)?.components ?? []
    }

    static func expectClose(_ actual: [CGFloat], _ expected: [Double], tolerance: Double = 1e-6) {
        #expect(actual.count == expected.count)
        for (value, target) in zip(actual, expected) {
            #expect(abs(Double(value) - target) <= tolerance, "\(value) is not within \(tolerance) of \(target)")
        }
    }

    @Test("sRGB 0.5 is linear 0.214041")
    func srgbToLinear() {
        let color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.8)
        Self.expectClose(Self.convert(color, to: CGColorSpace.linearSRGB), [0.214_041, 0.214_041, 0.214_041, 0.8])
    }

    @Test("the sRGB straight segment: 0.04 is linear 0.04 / 12.92 = 0.0030960")
    func srgbStraightSegment() {
        let color = CGColor(red: 0.04, green: 0, blue: 1, alpha: 1)
        Self.expectClose(Self.convert(color, to: CGColorSpace.linearSRGB), [0.003_096_0, 0, 1, 1], tolerance: 1e-7)
    }

    @Test("linear 0.5 is sRGB 0.735357")
    func linearToSRGB() throws {
        let linear = try #require(CGColor(colorSpace: Self.space(CGColorSpace.linearSRGB), components: [0.5, 0, 1, 1]))
        Self.expectClose(Self.convert(linear, to: CGColorSpace.sRGB), [0.735_357, 0, 1, 1])
    }

    @Test("sRGB → linear → sRGB returns the start value", arguments: [0.0, 0.01, 0.2, 0.5, 0.9, 1.0])
    func roundTrip(value: Double) throws {
        let start = CGColor(red: CGFloat(value), green: 0, blue: 0, alpha: 1)
        let linear = try #require(
            start.converted(to: Self.space(CGColorSpace.linearSRGB), intent: .perceptual, options: nil))
        let back = Self.convert(linear, to: CGColorSpace.sRGB)
        Self.expectClose(back, [value, 0, 0, 1], tolerance: 1e-12)
    }

    @Test("at the sRGB knee the round trip is within 1e-7: the standard's two thresholds differ slightly")
    func roundTripAtKnee() throws {
        // 0.04045 / 12.92 = 0.00313080495… lies just above the encoding threshold 0.0031308, so the way back uses the
        // power segment and lands on 0.04044997.
        let start = CGColor(red: 0.04045, green: 0, blue: 0, alpha: 1)
        let linear = try #require(
            start.converted(to: Self.space(CGColorSpace.linearSRGB), intent: .defaultIntent, options: nil))
        Self.expectClose(linear.components ?? [], [0.003_130_805, 0, 0, 1], tolerance: 1e-9)
        Self.expectClose(Self.convert(linear, to: CGColorSpace.sRGB), [0.040_45, 0, 0, 1], tolerance: 1e-7)
    }

    @Test("gray 0.5 (γ 2.2) is sRGB 0.503867 on every channel")
    func grayToSRGB() {
        Self.expectClose(
            Self.convert(CGColor(gray: 0.5, alpha: 1), to: CGColorSpace.sRGB), [0.503_867, 0.503_867, 0.503_867, 1])
    }

    @Test("gray 0.5 (γ 2.2) is linear gray 0.5^2.2 = 0.217638")
    func grayToLinearGray() {
        Self.expectClose(Self.convert(CGColor(gray: 0.5, alpha: 1), to: CGColorSpace.linearGray), [0.217_638, 1])
    }

    @Test("pure red has linear luminance 0.2126, gray 2.2 value 0.2126^(1/2.2) = 0.494706")
    func redToGray() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        Self.expectClose(Self.convert(red, to: CGColorSpace.linearGray), [0.2126, 0.5], tolerance: 1e-12)
        Self.expectClose(Self.convert(red, to: CGColorSpace.genericGrayGamma2_2), [0.494_706, 0.5])
    }

    @Test("pure green has luminance 0.7152 and blue 0.0722")
    func greenAndBlueLuminance() {
        Self.expectClose(
            Self.convert(CGColor(red: 0, green: 1, blue: 0, alpha: 1), to: CGColorSpace.linearGray), [0.7152, 1],
            tolerance: 1e-12)
        Self.expectClose(
            Self.convert(CGColor(red: 0, green: 0, blue: 1, alpha: 1), to: CGColorSpace.linearGray), [0.0722, 1],
            tolerance: 1e-12)
    }

    @Test("sRGB (0.2, 0.4, 0.6) is gray 2.2 value 0.388693")
    func mixedToGray() {
        let color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        Self.expectClose(Self.convert(color, to: CGColorSpace.genericGrayGamma2_2), [0.388_693, 1])
    }

    @Test("converting to the same kind of space copies components exactly")
    func sameCurveIsExact() {
        let color = CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.6)
        #expect(Self.convert(color, to: CGColorSpace.extendedSRGB) == [0.1, 0.7, 0.3, 0.6])
        #expect(Self.convert(color, to: CGColorSpace.sRGB) == [0.1, 0.7, 0.3, 0.6])
    }

    @Test("extended sRGB −0.5 is extended linear −0.214041 (mirrored curve)")
    func extendedNegative() throws {
        let color = try #require(
            CGColor(colorSpace: Self.space(CGColorSpace.extendedSRGB), components: [-0.5, 1.5, 0.5, 1]))
        // 1.5 → ((1.5 + 0.055) / 1.055)^2.4 ≈ 2.537155
        Self.expectClose(
            Self.convert(color, to: CGColorSpace.extendedLinearSRGB), [-0.214_041, 2.537_155, 0.214_041, 1])
    }

    @Test("converting an out-of-range extended color into a standard space clamps it into 0…1")
    func clampsIntoStandard() throws {
        let color = try #require(
            CGColor(colorSpace: Self.space(CGColorSpace.extendedSRGB), components: [-0.5, 1.5, 0.5, 1]))
        Self.expectClose(Self.convert(color, to: CGColorSpace.linearSRGB), [0, 1, 0.214_041, 1])
        Self.expectClose(Self.convert(color, to: CGColorSpace.sRGB), [0, 1, 0.5, 1], tolerance: 0)
    }

    @Test("extended gray converts with the mirrored 2.2 curve")
    func extendedGray() throws {
        let color = try #require(CGColor(colorSpace: Self.space(CGColorSpace.extendedGray), components: [-0.5, 1]))
        Self.expectClose(Self.convert(color, to: CGColorSpace.extendedLinearGray), [-0.217_638, 1])
    }

    @Test("NaN components and alpha convert to 0")
    func nanBecomesZero() {
        let color = CGColor(red: .nan, green: 0.5, blue: .nan, alpha: .nan)
        Self.expectClose(Self.convert(color, to: CGColorSpace.linearSRGB), [0, 0.214_041, 0, 0])
        #expect(Self.convert(color, to: CGColorSpace.sRGB) == [0, 0.5, 0, 0])
    }

    @Test(
        "every rendering intent gives the same result",
        arguments: [
            CGColorRenderingIntent.defaultIntent, .absoluteColorimetric, .relativeColorimetric, .perceptual,
            .saturation,
        ])
    func intentsAgree(intent: CGColorRenderingIntent) throws {
        let color = CGColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1)
        let converted = try #require(
            color.converted(to: Self.space(CGColorSpace.genericGrayGamma2_2), intent: intent, options: nil))
        #expect(
            converted
                == color.converted(
                    to: Self.space(CGColorSpace.genericGrayGamma2_2), intent: .defaultIntent, options: nil))
    }

    @Test("the converted color reports the destination space")
    func reportsDestination() throws {
        let converted = try #require(
            CGColor.white.converted(to: CGColorSpaceCreateDeviceRGB(), intent: .defaultIntent, options: nil))
        #expect(converted.colorSpace == CGColorSpaceCreateDeviceRGB())
        Self.expectClose(converted.components ?? [], [1, 1, 1, 1], tolerance: 1e-12)
    }
}
