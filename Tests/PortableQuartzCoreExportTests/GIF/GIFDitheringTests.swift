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

    /// The canvas (RGBA) of a one-frame GIF of `image` with `palette` and ordered dithering.
    static func shown(_ image: CGImage, palette: [ExportColor]) throws -> [UInt8] {
        var options = GIFOptions()
        options.palette = .fixed(try GIFPalette(colors: palette))
        return try TestGIFDecoder(try GIFEncoder.encode([(image, 10)], options: options)).frames[0].canvas
    }

    @Test("white held by the palette is never dithered, even beside a square of a colour it lacks (issue 21)")
    func heldColourStaysFlat() throws {
        // Seed 000's background-to-red mid-way: a purple square on white, the palette lacking that purple.
        let image = TestImages.image(width: 32, height: 32) { x, y in
            (8..<24).contains(x) && (8..<24).contains(y) ? (128, 0, 128, 255) : (255, 255, 255, 255)
        }
        let canvas = try Self.shown(image, palette: [.white, .black, ExportColor(red: 255, green: 0, blue: 0)])
        for y in 0..<32 {
            for x in 0..<32 where !((8..<24).contains(x) && (8..<24).contains(y)) {
                #expect(canvas[(y * 32 + x) * 4..<(y * 32 + x) * 4 + 3].elementsEqual([255, 255, 255]))
            }
        }
    }

    @Test("a flat area 5 levels from a palette colour comes out flat in that colour: gray 205 → 200 everywhere")
    func nearFlatStaysFlat() throws {
        let canvas = try Self.shown(
            TestImages.solid(width: 16, height: 16, 205, 205, 205),
            palette: [.black, .white, ExportColor(red: 200, green: 200, blue: 200)])
        #expect(stride(from: 0, to: canvas.count, by: 4).allSatisfy { canvas[$0] == 200 })
    }

    @Test("an anti-aliased edge pixel 2 levels from a palette colour keeps it: 130 between black and white → 128")
    func edgesStayUndithered() throws {
        let image = TestImages.image(width: 16, height: 8) { x, _ in
            x < 7 ? (0, 0, 0, 255) : x == 7 ? (130, 130, 130, 255) : (255, 255, 255, 255)
        }
        let canvas = try Self.shown(image, palette: [.black, .white, ExportColor(red: 128, green: 128, blue: 128)])
        for y in 0..<8 { #expect(canvas[(y * 16 + 7) * 4] == 128) }
    }

    @Test("a gradient the palette cannot hold is dithered: a 0…255 ramp over 16-level steps keeps 8×8 means within 2")
    func gradientsAreDithered() throws {
        // Column x is gray x; the palette holds 0, 16, …, 240 and 255. Every pixel is at most 8 levels from a palette
        // colour, so only the gradient rule dithers it. Each 8 × 8 block holds each Bayer cell once, so its mean is
        // the source's (8k + 3.5) within a 64th of a step; nearest colours alone are up to 4 levels off per block.
        let image = TestImages.image(width: 256, height: 8) { x, _ in (UInt8(x), UInt8(x), UInt8(x), 255) }
        let grays = stride(from: 0, through: 240, by: 16).map {
            ExportColor(red: UInt8($0), green: UInt8($0), blue: UInt8($0))
        }
        let canvas = try Self.shown(image, palette: grays + [.white])
        var worst = 0.0
        for block in 0..<32 {
            var sum = 0
            for y in 0..<8 {
                for x in (block * 8)..<(block * 8 + 8) { sum += Int(canvas[(y * 256 + x) * 4]) }
            }
            worst = max(worst, abs(Double(sum) / 64 - (Double(block * 8) + 3.5)))
        }
        #expect(worst <= 2)
        #expect(Set(stride(from: 0, to: canvas.count, by: 4).map { canvas[$0] }).count == 17)
    }
}
