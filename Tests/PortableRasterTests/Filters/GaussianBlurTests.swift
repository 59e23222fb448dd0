@_spi(Engine) import PortableRaster
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite("Gaussian blur")
struct GaussianBlurTests {
    /// Fraction of a unit Gaussian of deviation `sigma` to the left of `x`.
    static func cumulative(_ x: Double, sigma: Double) -> Double {
        0.5 * (1 + erf(x / (sigma * 2.0.squareRoot())))
    }

    @Test("the three-pass kernel has exactly the requested variance and sums to 1", arguments: [0.5, 1, 2.5, 5, 12.3])
    func kernelMoments(sigma: Double) {
        let blur = GaussianBlur(sigma: sigma)
        let kernel = blur.kernel
        let centre = Double(blur.extent)
        let total = kernel.reduce(0, +)
        let mean = kernel.enumerated().reduce(0) { $0 + $1.element * Double($1.offset) } / total
        let variance =
            kernel.enumerated().reduce(0) { sum, entry in
                let distance = Double(entry.offset) - centre
                return sum + entry.element * distance * distance
            } / total
        #expect(abs(total - 1) < 1e-12)
        #expect(abs(mean - centre) < 1e-9)
        #expect(abs(variance - sigma * sigma) < 1e-6 * sigma * sigma)  // the end weight is a Float
    }

    @Test(
        "against the pixel-integrated Gaussian: kernel within 6.5 % of the peak, edge within 1.2 %",
        arguments: [1.5, 2, 3, 5, 10, 20])
    func shapeAccuracy(sigma: Double) {
        let blur = GaussianBlur(sigma: sigma)
        let kernel = blur.kernel
        let extent = blur.extent
        var peak = 0.0
        var kernelError = 0.0
        var edgeError = 0.0
        var ours = 0.0
        var gaussian = 0.0
        for (index, weight) in kernel.enumerated() {
            let x = Double(index - extent)
            let exact = Self.cumulative(x + 0.5, sigma: sigma) - Self.cumulative(x - 0.5, sigma: sigma)
            peak = max(peak, exact)
            kernelError = max(kernelError, abs(weight - exact))
            ours += weight
            gaussian += exact
            edgeError = max(edgeError, abs(ours - gaussian))
        }
        #expect(kernelError / peak < 0.065)
        #expect(edgeError < 0.012)
        #expect(Double(extent) >= 3 * sigma - 1 && Double(extent) <= 3 * sigma + 3)
    }

    @Test("a blurred edge follows the Gaussian's cumulative curve: its 16 %–84 % width is 2σ")
    func edgeProfile() throws {
        let sigma = 5.0
        var blur = GaussianBlur(sigma: sigma)
        // A solid 60 × 40 rectangle; look along its middle row across the left edge at x = 100.
        let mask = CoverageMask(filling: PixelRect(x: 100, y: 100, width: 60, height: 40))
        var blurred = CoverageMask()
        blur.blur(mask, into: &blurred)
        #expect(
            blurred.bounds
                == PixelRect(
                    x: 100 - blur.extent, y: 100 - blur.extent, width: 60 + 2 * blur.extent,
                    height: 40 + 2 * blur.extent))
        var worst = 0.0
        for x in 80..<120 {
            let expected = 255 * Self.cumulative(Double(x) + 0.5 - 100, sigma: sigma)
            worst = max(worst, abs(Double(blurred.coverage(x: x, y: 120)) - expected))
        }
        #expect(worst <= 3.5)  // 1.1 % of 255 plus rounding
        // Find where the profile crosses 15.87 % and 84.13 % of full coverage (±1σ), by interpolation.
        func crossing(_ level: Double) -> Double {
            for x in 80..<120 {
                let a = Double(blurred.coverage(x: x, y: 120))
                let b = Double(blurred.coverage(x: x + 1, y: 120))
                if a <= level && b > level { return Double(x) + 0.5 + (level - a) / (b - a) }
            }
            return .nan
        }
        let width = crossing(255 * 0.8413) - crossing(255 * 0.1587)
        #expect(abs(width - 2 * sigma) < 0.2 * sigma)
    }

    @Test("blurring keeps the total coverage within 0.5 %")
    func preservesTotal() throws {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 40, y: 30), radiusX: 25, radiusY: 12)
        path.addRect(x: 70, y: 10, width: 9, height: 50)
        var converter = ScanConverter()
        var mask = CoverageMask()
        converter.fill(path, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 100, height: 80), into: &mask)
        for sigma in [0.7, 3.0, 8.0] {
            var blur = GaussianBlur(sigma: sigma)
            var blurred = CoverageMask()
            blur.blur(mask, into: &blurred)
            let ratio = Double(blurred.totalCoverage) / Double(mask.totalCoverage)
            #expect(abs(ratio - 1) < 0.005, "σ = \(sigma): ratio \(ratio)")
        }
    }

    @Test("an RGBA blur keeps pixels premultiplied; clamped edges keep a uniform buffer uniform")
    func rgbaBlur() throws {
        var buffer = try PixelBuffer(width: 40, height: 40)
        buffer.fill(RGBA8(r: 100, g: 50, b: 25, a: 200))
        var blur = GaussianBlur(sigma: 4)
        var clamped = buffer
        blur.blur(&clamped, edges: .clamp)
        #expect(clamped == buffer)
        var faded = buffer
        blur.blur(&faded, edges: .transparent)
        #expect(blur.extent == 12)
        #expect(faded[x: 20, y: 20] == RGBA8(r: 100, g: 50, b: 25, a: 200))  // farther than the extent from edges
        #expect(faded[x: 0, y: 0].a < 100)  // a corner loses about three quarters
        // A random premultiplied buffer stays valid.
        var noise = try PixelBuffer(width: 25, height: 25)
        var state: UInt32 = 12345
        for y in 0..<25 {
            for x in 0..<25 {
                state = state &* 1_664_525 &+ 1_013_904_223
                let alpha = UInt8(truncatingIfNeeded: state >> 24)
                let blue = UInt8((UInt16(truncatingIfNeeded: state >> 8) & 0xFF) % (UInt16(alpha) + 1))
                noise[x: x, y: y] = RGBA8(r: alpha, g: alpha / 2, b: blue, a: alpha)
            }
        }
        blur.blur(&noise)
        for y in 0..<25 {
            for x in 0..<25 {
                let p = noise[x: x, y: y]
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
            }
        }
    }

    @Test("the alpha of an image becomes a grown, blurred mask at the image's position")
    func alphaShadow() throws {
        var image = try PixelBuffer(width: 10, height: 6)
        image.fill(RGBA8(r: 0, g: 0, b: 0, a: 255), in: PixelRect(x: 2, y: 1, width: 6, height: 4))
        var blur = GaussianBlur(sigma: GaussianBlur.sigma(forShadowBlur: 4))
        #expect(blur.sigma == 2)
        var shadow = CoverageMask()
        blur.blurAlpha(of: image, x: 50, y: 70, into: &shadow)
        #expect(
            shadow.bounds
                == PixelRect(
                    x: 50 - blur.extent, y: 70 - blur.extent, width: 10 + 2 * blur.extent,
                    height: 6 + 2 * blur.extent))
        #expect(abs(Double(shadow.totalCoverage) - 24 * 255) < 0.005 * 24 * 255)
        // Symmetric about the rectangle's centre (55, 73) in device space.
        #expect(shadow.coverage(x: 52, y: 73) == shadow.coverage(x: 57, y: 72))
        #expect(shadow.coverage(x: 55, y: 72) > shadow.coverage(x: 51, y: 72))
    }

    @Test("σ = 0 (and NaN) leaves everything unchanged")
    func zeroSigma() throws {
        for sigma in [0.0, -3, .nan] {
            var blur = GaussianBlur(sigma: sigma)
            #expect(blur.extent == 0)
            let mask = CoverageMask(filling: PixelRect(x: 3, y: 4, width: 5, height: 6), coverage: 200)
            var out = CoverageMask()
            blur.blur(mask, into: &out)
            #expect(out.bounds == mask.bounds && out.totalCoverage == mask.totalCoverage)
            var buffer = try PixelBuffer(width: 4, height: 4)
            buffer[x: 1, y: 2] = .white
            let before = buffer
            blur.blur(&buffer)
            #expect(buffer == before)
        }
    }
}
