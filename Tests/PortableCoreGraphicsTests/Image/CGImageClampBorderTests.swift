@_spi(Engine) import PortableRaster
import Testing

@testable import PortableCoreGraphics

/// The bordered copy an image keeps for the compositor's bilinear draws.
@Suite("CGImage clamp border")
struct CGImageClampBorderTests {
    @Test("a 3 × 2 image keeps one 7 × 6 bordered copy whose corner (6, 5) repeats the last texel, (1, 2, 3, 255)")
    func keepsOneBorderedCopy() throws {
        var raster = try PixelBuffer(width: 3, height: 2)
        raster[x: 2, y: 1] = RGBA8(r: 1, g: 2, b: 3, a: 255)
        let image = CGImage(raster: raster)
        let first = try #require(image.clampBordered)
        #expect(first.width == 7 && first.height == 6)
        #expect(first[x: 6, y: 5] == RGBA8(r: 1, g: 2, b: 3, a: 255))
        #expect(first[x: 0, y: 0] == raster[x: 0, y: 0])
        let second = try #require(image.clampBordered)
        #expect(second == first)
    }

    @Test("an image of more than 2²⁰ pixels (1025 × 1024) gets no bordered copy")
    func largeImagesGetNone() throws {
        let image = CGImage(raster: try PixelBuffer(width: 1025, height: 1024))
        #expect(image.clampBordered == nil)
    }
}
