import Testing

@_spi(Engine) @testable import PortableRaster

@Suite("Gaussian blur inside a window")
struct GaussianBlurWindowTests {
    /// A 30 × 20 mask at (5, 7): a solid block with a soft column and a hole.
    static let mask: CoverageMask = {
        var bytes = [UInt8](repeating: 0, count: 30 * 20)
        for y in 0..<20 {
            for x in 0..<30 {
                let inBlock = x >= 6 && x < 24 && y >= 4 && y < 16 && !(x == 12 && y == 9)
                bytes[y * 30 + x] = inBlock ? 255 : (x == 27 ? 90 : 0)
            }
        }
        return CoverageMask(bounds: PixelRect(x: 5, y: 7, width: 30, height: 20), coverage: bytes)
    }()

    @Test(
        "inside the window the result is the whole blur's, to one step of 255 (sums added in another order)",
        arguments: [0.0, 1.5, 7, 40])
    func windowMatchesWholeBlur(sigma: Double) {
        var blur = GaussianBlur(sigma: sigma)
        var whole = CoverageMask()
        blur.blur(Self.mask, into: &whole)
        let windows = [
            PixelRect(x: 10, y: 10, width: 8, height: 6),  // inside the mask
            PixelRect(x: -20, y: 0, width: 40, height: 12),  // crossing its edge
            PixelRect(x: -200, y: -200, width: 500, height: 500),  // larger than everything
            PixelRect(x: 400, y: 400, width: 10, height: 10),  // out of reach
        ]
        for window in windows {
            var part = CoverageMask()
            blur.blur(Self.mask, into: &part, within: window)
            for y in window.y..<window.maxY {
                for x in window.x..<window.maxX {
                    let difference = abs(Int(part.coverage(x: x, y: y)) - Int(whole.coverage(x: x, y: y)))
                    #expect(difference <= 1, "σ \(sigma), window \(window), pixel (\(x), \(y))")
                }
            }
            #expect(part.isEmpty || window.contains(x: part.bounds.x, y: part.bounds.y))
        }
    }

    @Test("a σ of 1024 seen through a 64 × 48 window keeps a plane of (48 + 2·extent) × 64 samples, not 6,200²")
    func hugeSigmaWorksInProportionToTheWindow() {
        // Issue 19: each shadow blurred a (w + 6σ)² plane whatever the target size, about 2 s per draw.
        var blur = GaussianBlur(sigma: 1024)
        let extent = blur.extent
        #expect(extent > 3000)
        var part = CoverageMask()
        let window = PixelRect(x: 0, y: 0, width: 64, height: 48)
        blur.blur(CoverageMask(filling: PixelRect(x: 0, y: 0, width: 64, height: 48)), into: &part, within: window)
        #expect(blur.planeA.count <= (48 + 2 * extent) * 64)
        #expect(blur.planeA.count < 64 * 48 * 200)
        // The blurred 64 × 48 block is spread over ~6,000 pixels each way: its centre keeps under 1 % of 255.
        #expect(part.coverage(x: 32, y: 24) <= 2)

        // The same with an image's alpha, as a `CGContext` shadow uses it.
        var image = try! PixelBuffer(width: 64, height: 48)
        image.fill(RGBA8(r: 0, g: 0, b: 0, a: 255))
        var shadow = CoverageMask()
        var imageBlur = GaussianBlur(sigma: 1024)
        imageBlur.blurAlpha(of: image, x: 3, y: -2, into: &shadow, within: window)
        #expect(imageBlur.planeA.count <= (48 + 2 * extent) * 64)
        #expect(shadow.isEmpty || shadow.bounds == window)
    }

    @Test("blurAlpha within a window equals the whole blurAlpha there (σ 4, image 12 × 9 at (3, −2))")
    func alphaWindowMatchesWholeBlur() {
        var image = try! PixelBuffer(width: 12, height: 9)
        image.fill(RGBA8(r: 10, g: 10, b: 10, a: 200), in: PixelRect(x: 2, y: 1, width: 7, height: 5))
        var blur = GaussianBlur(sigma: 4)
        var whole = CoverageMask()
        blur.blurAlpha(of: image, x: 3, y: -2, into: &whole)
        var part = CoverageMask()
        let window = PixelRect(x: 0, y: 0, width: 10, height: 10)
        blur.blurAlpha(of: image, x: 3, y: -2, into: &part, within: window)
        for y in 0..<10 {
            for x in 0..<10 {
                #expect(abs(Int(part.coverage(x: x, y: y)) - Int(whole.coverage(x: x, y: y))) <= 1, "(\(x), \(y))")
            }
        }
    }
}
