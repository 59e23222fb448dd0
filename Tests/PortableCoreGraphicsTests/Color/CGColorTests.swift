import PortableCoreGraphics
import Testing

@Suite("CGColor")
struct CGColorTests {
    @Test("an sRGB color reports its components with alpha last")
    func rgbComponents() throws {
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.4)
        #expect(color.components == [0.25, 0.5, 0.75, 0.4])
        #expect(color.numberOfComponents == 4)
        #expect(color.alpha == 0.4)
        #expect(color.colorSpace?.name == CGColorSpace.sRGB)
    }

    @Test("srgbRed initializer and red initializer make equal colors")
    func srgbInitializer() {
        #expect(CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1) == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
    }

    @Test("a gray color has two components in generic gray 2.2")
    func grayComponents() {
        let color = CGColor(gray: 0.3, alpha: 0.9)
        #expect(color.components == [0.3, 0.9])
        #expect(color.numberOfComponents == 2)
        #expect(color.colorSpace?.name == CGColorSpace.genericGrayGamma2_2)
        #expect(CGColor(genericGrayGamma2_2Gray: 0.3, alpha: 0.9) == color)
    }

    @Test("components outside 0…1 are clamped in a standard space")
    func clampsInStandardSpace() {
        let color = CGColor(red: 1.5, green: -0.25, blue: 0.5, alpha: 2)
        #expect(color.components == [1, 0, 0.5, 1])
    }

    @Test("an extended space keeps components outside 0…1 but still clamps alpha")
    func extendedKeepsRange() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.extendedSRGB))
        let values: [CGFloat] = [1.5, -0.25, 0.5, 1.2]
        let color = try #require(CGColor(colorSpace: space, components: values))
        #expect(color.components == [1.5, -0.25, 0.5, 1])
    }

    @Test("colorSpace:components: reads the space's count plus alpha")
    func readsComponentCount() throws {
        let gray = try #require(CGColorSpace(name: CGColorSpace.linearGray))
        let values: [CGFloat] = [0.6, 0.7, 99]
        let color = try #require(CGColor(colorSpace: gray, components: values))
        #expect(color.components == [0.6, 0.7])
    }

    @Test("copy(alpha:) replaces only alpha, clamped")
    func copyAlpha() throws {
        let color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let faded = try #require(color.copy(alpha: 0.25))
        #expect(faded.components == [0.2, 0.4, 0.6, 0.25])
        #expect(faded.colorSpace == color.colorSpace)
        #expect(try #require(color.copy(alpha: -3)).alpha == 0)
        #expect(color.copy() == color)
    }

    @Test("equality needs the same space and the same components")
    func equality() throws {
        let srgb = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let extended = try #require(CGColorSpace(name: CGColorSpace.extendedSRGB))
        let sameNumbersOtherSpace = try #require(CGColor(colorSpace: extended, components: [1, 1, 1, 1]))
        #expect(srgb == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(srgb != sameNumbersOtherSpace)
        #expect(srgb != CGColor.white)
        #expect(srgb != CGColor(red: 1, green: 1, blue: 0.999, alpha: 1))
        #expect(CGColor(red: 0, green: 0, blue: 0, alpha: 1) == CGColor(red: -0.0, green: 0, blue: 0, alpha: 1))
        #expect(CGColorEqualToColor(srgb, CGColor(red: 1, green: 1, blue: 1, alpha: 1)))
        #expect(!CGColorEqualToColor(srgb, nil))
        #expect(CGColorEqualToColor(nil, nil))
    }

    @Test("equal colors hash alike")
    func hashing() {
        let colors: Set<CGColor> = [
            CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1), CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1),
            CGColor(gray: 0.5, alpha: 1),
        ]
        #expect(colors.count == 2)
    }

    @Test("black, white and clear are generic gray constants")
    func constants() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
        #expect(CGColor.black.colorSpace?.name == CGColorSpace.genericGrayGamma2_2)
    }

    @Test("NaN is stored as given, equals itself, and reads as 0 through rgbaComponents")
    func nanComponents() {
        let color = CGColor(red: .nan, green: 0.5, blue: 1, alpha: .nan)
        let components = color.components ?? []
        #expect(components.count == 4)
        #expect(components[0].isNaN && components[3].isNaN)
        #expect(components[1] == 0.5)
        #expect(color == CGColor(red: .nan, green: 0.5, blue: 1, alpha: .nan))
        let rgba = color.rgbaComponents
        #expect(rgba.red == 0 && rgba.green == 0.5 && rgba.blue == 1 && rgba.alpha == 0)
    }

    @Test("rgbaComponents of an sRGB color are its components")
    func rgbaOfSRGB() {
        let rgba = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).rgbaComponents
        #expect(rgba.red == 0.1 && rgba.green == 0.2 && rgba.blue == 0.3 && rgba.alpha == 0.4)
    }

    @Test("rgbaComponents of gray 0.5 are the sRGB encoding of luminance 0.5^2.2 ≈ 0.50387")
    func rgbaOfGray() {
        let rgba = CGColor(gray: 0.5, alpha: 0.75).rgbaComponents
        #expect(abs(rgba.red - 0.503_867) < 1e-6)
        #expect(rgba.green == rgba.red && rgba.blue == rgba.red)
        #expect(rgba.alpha == 0.75)
    }

    @Test("rgbaComponents of an extended linear color keep values above 1")
    func rgbaOfExtendedLinear() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.extendedLinearSRGB))
        let color = try #require(CGColor(colorSpace: space, components: [2, 0.5, -0.5, 1]))
        let rgba = color.rgbaComponents
        // sRGB encoding of 2: 1.055 · 2^(1/2.4) − 0.055 ≈ 1.353256; of 0.5 ≈ 0.735357; of −0.5 mirrored.
        #expect(abs(rgba.red - 1.353_256) < 1e-6)
        #expect(abs(rgba.green - 0.735_357) < 1e-6)
        #expect(abs(rgba.blue + 0.735_357) < 1e-6)
    }
}
