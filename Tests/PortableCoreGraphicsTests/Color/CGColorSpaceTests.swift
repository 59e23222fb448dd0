import PortableCoreGraphics
import Testing

@Suite("CGColorSpace")
struct CGColorSpaceTests {
    static let rgbNames = [
        CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB,
    ]
    static let grayNames = [
        CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedGray, CGColorSpace.linearGray,
        CGColorSpace.extendedLinearGray,
    ]

    @Test("named RGB spaces have three components and keep their name", arguments: rgbNames)
    func rgbSpaces(name: String) throws {
        let space = try #require(CGColorSpace(name: name))
        #expect(space.name == name)
        #expect(space.numberOfComponents == 3)
        #expect(space.model == .rgb)
    }

    @Test("named gray spaces have one component and the monochrome model", arguments: grayNames)
    func graySpaces(name: String) throws {
        let space = try #require(CGColorSpace(name: name))
        #expect(space.name == name)
        #expect(space.numberOfComponents == 1)
        #expect(space.model == .monochrome)
    }

    @Test("names carry Apple's constant strings")
    func appleStrings() {
        #expect(CGColorSpace.sRGB == "kCGColorSpaceSRGB")
        #expect(CGColorSpace.extendedLinearSRGB == "kCGColorSpaceExtendedLinearSRGB")
        #expect(CGColorSpace.genericGrayGamma2_2 == "kCGColorSpaceGenericGrayGamma2_2")
    }

    @Test("an unknown name gives nil")
    func unknownName() {
        #expect(CGColorSpace(name: "kCGColorSpaceDisplayP3") == nil)
        #expect(CGColorSpace(name: "") == nil)
    }

    @Test("spaces are equal and hash alike by name, not by identity")
    func equalityByName() throws {
        let first = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let second = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let extended = try #require(CGColorSpace(name: CGColorSpace.extendedSRGB))
        #expect(first !== second)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != extended)
        #expect(Set([first, second, extended]).count == 2)
    }

    @Test("device spaces are RGB and gray with their own names")
    func deviceSpaces() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let gray = CGColorSpaceCreateDeviceGray()
        #expect(rgb.model == .rgb && rgb.numberOfComponents == 3)
        #expect(gray.model == .monochrome && gray.numberOfComponents == 1)
        #expect(rgb.name == "kCGColorSpaceDeviceRGB")
        #expect(gray.name == "kCGColorSpaceDeviceGray")
        #expect(rgb != CGColorSpace(name: CGColorSpace.sRGB))
    }

    @Test("model and intent raw values are Apple's")
    func rawValues() {
        #expect(CGColorSpaceModel.monochrome.rawValue == 0)
        #expect(CGColorSpaceModel.rgb.rawValue == 1)
        #expect(CGColorSpaceModel.unknown.rawValue == -1)
        #expect(CGColorSpaceModel.XYZ.rawValue == 7)
        #expect(CGColorRenderingIntent.defaultIntent.rawValue == 0)
        #expect(CGColorRenderingIntent.perceptual.rawValue == 3)
        #expect(CGColorRenderingIntent.saturation.rawValue == 4)
    }
}
