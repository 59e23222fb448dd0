import PortableQuartzCoreExport
import Testing

@Suite("GIF dithering")
struct GIFDitheringTests {
    /// How many pixels of a flat gray image come out white with a black-and-white palette.
    static func whiteCount(gray: UInt8, size: Int, dithering: GIFDithering) throws -> Int {
        var options = GIFOptions()
        options.palette = .fixed(try GIFPalette(colors: [.black, .white]))
        options.dithering = dithering
        let image = TestImages.solid(width: size, height: size, gray, gray, gray)
        let canvas = try TestGIFDecoder(try GIFEncoder.encode([(image, 10)], options: options)).frames[0].canvas
        return stride(from: 0, to: canvas.count, by: 4).filter { canvas[$0] == 255 }.count
    }

    @Test("without dithering, gray 128 is all white (127 away from white, 128 from black)")
    func noDithering() throws {
        #expect(try Self.whiteCount(gray: 128, size: 16, dithering: .none) == 256)
        #expect(try Self.whiteCount(gray: 127, size: 16, dithering: .none) == 0)
    }

    @Test("ordered dithering turns gray 128 into exactly half white (128 of 256) and gray 64 into a quarter (64)")
    func orderedDithering() throws {
        // Offsets are (b + ½)/64 − ½ of the palette step 255: cells b ≥ 32 push 128 to ≥ 128 (white); cells
        // b ≥ 48 push 64 up by ≥ 64.
        #expect(try Self.whiteCount(gray: 128, size: 16, dithering: .ordered) == 128)
        #expect(try Self.whiteCount(gray: 64, size: 16, dithering: .ordered) == 64)
    }

    @Test("Floyd–Steinberg keeps the mean: gray 128 on 32×32 gives 514 ± 14 white pixels (128/255 of 1024)")
    func errorDiffusion() throws {
        let count = try Self.whiteCount(gray: 128, size: 32, dithering: .floydSteinberg)
        #expect(abs(count - 514) <= 14)
        let quarter = try Self.whiteCount(gray: 64, size: 32, dithering: .floydSteinberg)
        #expect(abs(quarter - 257) <= 14)
    }

    @Test("ordered dithering of a still area is the same in every frame (pattern anchored to the canvas)")
    func orderedIsStable() throws {
        var options = GIFOptions()
        options.palette = .fixed(try GIFPalette(colors: [.black, .white]))
        options.frameDifferencing = false
        let still = TestImages.solid(width: 16, height: 16, 100, 100, 100)
        let moved = TestImages.image(width: 16, height: 16) { x, _ in x < 4 ? (0, 0, 0, 255) : (100, 100, 100, 255) }
        let frames = try TestGIFDecoder(try GIFEncoder.encode([(still, 5), (moved, 5)], options: options)).frames
        for y in 0..<16 {
            for x in 4..<16 {
                let at = (y * 16 + x) * 4
                #expect(frames[0].canvas[at] == frames[1].canvas[at])
            }
        }
    }
}
