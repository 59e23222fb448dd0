@_spi(Engine) import PortableRaster
import Testing

@Suite("Solid source-over fill")
struct SolidFillTests {
    static func buffer(_ background: RGBA8, width: Int = 9, height: Int = 3) throws -> PixelBuffer {
        var buffer = try PixelBuffer(width: width, height: height)
        buffer.fill(background)
        return buffer
    }

    @Test("black at 50 % alpha over white gives 127 grey, opaque")
    func halfBlackOverWhite() throws {
        var buffer = try Self.buffer(.white)
        buffer.fill(CoverageMask(filling: buffer.bounds), color: RGBA8(r: 0, g: 0, b: 0, a: 128))
        // 0 + round(255 · 127 / 255) = 127; alpha 128 + 127 = 255.
        #expect(buffer[x: 4, y: 1] == RGBA8(r: 127, g: 127, b: 127, a: 255))
    }

    @Test("50 % grey at 50 % alpha over white gives 191")
    func halfGreyOverWhite() throws {
        var buffer = try Self.buffer(.white)
        let grey = PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        // Premultiplied 0.25 → 63.75 → 64, alpha 0.5 → 127.5 → 128; 64 + round(255 · 127 / 255) = 191.
        #expect(grey.rgba8 == RGBA8(r: 64, g: 64, b: 64, a: 128))
        buffer.fill(CoverageMask(filling: buffer.bounds), color: grey)
        #expect(buffer[x: 2, y: 2] == RGBA8(r: 191, g: 191, b: 191, a: 255))
    }

    @Test("opaque 50 % grey replaces whatever is below it")
    func opaqueGrey() throws {
        var buffer = try Self.buffer(RGBA8(r: 10, g: 200, b: 30, a: 255))
        buffer.fill(
            CoverageMask(filling: buffer.bounds), color: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        #expect(buffer[x: 0, y: 0] == RGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(buffer[x: 8, y: 2] == RGBA8(r: 128, g: 128, b: 128, a: 255))
    }

    @Test("opaque red at half coverage over white gives (255, 127, 127)")
    func halfCoverageRed() throws {
        var buffer = try Self.buffer(.white)
        buffer.fill(CoverageMask(filling: buffer.bounds, coverage: 128), color: RGBA8(r: 255, g: 0, b: 0, a: 255))
        // s = round(255·128/255) = 128 for red and alpha; rest = round(255·127/255) = 127.
        #expect(buffer[x: 3, y: 0] == RGBA8(r: 255, g: 127, b: 127, a: 255))
    }

    @Test("global alpha 0.5 on opaque red over white gives the same 128 + 127 split")
    func globalAlpha() throws {
        var buffer = try Self.buffer(.white)
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        buffer.fill(CoverageMask(filling: buffer.bounds), color: red, alpha: 0.5)
        #expect(buffer[x: 5, y: 2] == RGBA8(r: 255, g: 127, b: 127, a: 255))
        var untouched = try Self.buffer(.white)
        untouched.fill(CoverageMask(filling: untouched.bounds), color: red, alpha: .nan)
        #expect(untouched[x: 0, y: 0] == .white)
    }

    @Test("painting onto transparent pixels leaves the premultiplied source scaled by coverage")
    func ontoTransparent() throws {
        var buffer = try Self.buffer(.transparent)
        buffer.fill(CoverageMask(filling: buffer.bounds, coverage: 64), color: RGBA8(r: 100, g: 50, b: 0, a: 200))
        // round(100·64/255) = 25, round(50·64/255) = 13, round(200·64/255) = 50.
        #expect(buffer[x: 7, y: 1] == RGBA8(r: 25, g: 13, b: 0, a: 50))
    }

    @Test("only pixels inside the mask's spans and the buffer change")
    func respectsMaskAndBounds() throws {
        var buffer = try Self.buffer(.white, width: 20, height: 6)
        var path = RasterPath()
        path.addRect(x: 3, y: 1, width: 30, height: 2)
        var mask = CoverageMask()
        var converter = ScanConverter()
        converter.fill(path, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 40, height: 6), into: &mask)
        buffer.fill(mask, color: .black)
        for y in 0..<6 {
            for x in 0..<20 {
                let inside = x >= 3 && y >= 1 && y < 3
                #expect(buffer[x: x, y: y] == (inside ? .black : .white), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("the vector path and the scalar tail agree on every pixel of an anti-aliased shape")
    func vectorAndTailAgree() throws {
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 20.3, y: 10.6), radiusX: 17.2, radiusY: 8.1)
        var mask = CoverageMask()
        var converter = ScanConverter()
        converter.fill(path, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 41, height: 21), into: &mask)
        var buffer = try Self.buffer(RGBA8(r: 30, g: 60, b: 90, a: 255), width: 41, height: 21)
        let color = RGBA8(r: 100, g: 0, b: 150, a: 180)
        buffer.fill(mask, color: color)
        for y in 0..<21 {
            for x in 0..<41 {
                let m = Int(mask.coverage(x: x, y: y))
                let paintedAlpha = ByteMathTests.rounded(180, m)
                let expectedRed = ByteMathTests.rounded(100, m) + ByteMathTests.rounded(30, 255 - paintedAlpha)
                #expect(Int(buffer[x: x, y: y].r) == expectedRed)
            }
        }
    }

    @Test("a mask partly outside the buffer paints only the overlap")
    func maskOutsideBuffer() throws {
        var buffer = try Self.buffer(.transparent, width: 4, height: 4)
        buffer.fill(CoverageMask(filling: PixelRect(x: 2, y: -3, width: 10, height: 5)), color: .white)
        #expect(buffer[x: 1, y: 1] == .transparent)
        #expect(buffer[x: 2, y: 1] == .white && buffer[x: 3, y: 0] == .white)
        #expect(buffer[x: 3, y: 2] == .transparent)
    }
}
