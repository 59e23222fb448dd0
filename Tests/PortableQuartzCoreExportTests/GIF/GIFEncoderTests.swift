import PortableQuartzCoreExport
import Testing

@Suite("GIFEncoder")
struct GIFEncoderTests {
    /// Options that keep flat colours exact: per-frame palettes, no dithering.
    static var exact: GIFOptions {
        var options = GIFOptions()
        options.palette = .perFrame
        options.dithering = .none
        return options
    }

    static func rgba(_ canvas: [UInt8], _ x: Int, _ y: Int, width: Int) -> [UInt8] {
        Array(canvas[((y * width + x) * 4)..<((y * width + x) * 4 + 4)])
    }

    @Test("four flat frames decode to their exact colours with 4 cs delays and loop count 0 (forever)")
    func flatFramesRoundTrip() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 250, 250)]
        let frames = colors.map { (image: TestImages.solid(width: 8, height: 6, $0.0, $0.1, $0.2), delay: 4) }
        let decoded = try TestGIFDecoder(try GIFEncoder.encode(frames, options: Self.exact))
        #expect(decoded.width == 8 && decoded.height == 6)
        #expect(decoded.loopCount == 0)
        #expect(decoded.frames.map(\.delay) == [4, 4, 4, 4])
        for (frame, color) in zip(decoded.frames, colors) {
            #expect(frame.localPalette != nil)
            #expect(frame.canvas == TestImages.pixels(TestImages.solid(width: 8, height: 6, color.0, color.1, color.2)))
        }
    }

    @Test("a fixed palette is written once as the global table (4 colours → 4 entries, 12 bytes)")
    func fixedPaletteIsGlobal() throws {
        var options = Self.exact
        let palette = try GIFPalette(colors: [
            .black, .white, ExportColor(red: 255, green: 0, blue: 0), ExportColor(red: 0, green: 0, blue: 255),
        ])
        options.palette = .fixed(palette)
        let frames = [
            (TestImages.solid(width: 4, height: 4, 250, 10, 5), 10),
            (TestImages.solid(width: 4, height: 4, 0, 0, 200), 10),
        ]
        let decoded = try TestGIFDecoder(
            try GIFEncoder.encode(frames.map { (image: $0.0, delay: $0.1) }, options: options))
        #expect(decoded.globalPalette == [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255])
        #expect(decoded.frames.allSatisfy { $0.localPalette == nil })
        // Nearest colours: (250, 10, 5) → red, (0, 0, 200) → blue.
        #expect(Self.rgba(decoded.frames[0].canvas, 0, 0, width: 4) == [255, 0, 0, 255])
        #expect(Self.rgba(decoded.frames[1].canvas, 3, 3, width: 4) == [0, 0, 255, 255])
    }

    @Test("frame differencing writes only the changed 3×2 rectangle at (5, 4)")
    func changedRectangleOnly() throws {
        let first = TestImages.solid(width: 20, height: 10, 255, 255, 255)
        let second = TestImages.image(width: 20, height: 10) { x, y in
            (5..<8).contains(x) && (4..<6).contains(y) ? (0, 0, 0, 255) : (255, 255, 255, 255)
        }
        let decoded = try TestGIFDecoder(
            try GIFEncoder.encode([(first, 5), (second, 5)], options: Self.exact))
        #expect(decoded.frames.count == 2)
        let frame = decoded.frames[1]
        #expect([frame.x, frame.y, frame.width, frame.height] as [Int] == [5, 4, 3, 2])
        #expect(decoded.frames[0].disposal == 1)
        #expect(frame.canvas == TestImages.pixels(second))
    }

    @Test("an identical frame lengthens the previous one: delays 3 + 5 then 2 become 8, 2")
    func identicalFramesMerge() throws {
        let a = TestImages.solid(width: 4, height: 4, 10, 20, 30)
        let b = TestImages.solid(width: 4, height: 4, 200, 20, 30)
        let decoded = try TestGIFDecoder(try GIFEncoder.encode([(a, 3), (a, 5), (b, 2)], options: Self.exact))
        #expect(decoded.frames.map(\.delay) == [8, 2])
        var separate = Self.exact
        separate.frameDifferencing = false
        let whole = try TestGIFDecoder(try GIFEncoder.encode([(a, 3), (a, 5), (b, 2)], options: separate))
        #expect(whole.frames.map(\.delay) == [3, 5, 2])
        #expect(whole.frames.allSatisfy { $0.width == 4 && $0.height == 4 })
    }

    @Test("alpha 0 is transparent; alpha 128 red over the white matte is (255, 127, 127)")
    func transparencyAndMatte() throws {
        let image = TestImages.image(width: 4, height: 1) { x, _ in
            [(0, 0, 0, 0), (128, 0, 0, 128), (0, 0, 255, 255), (0, 0, 0, 0)][x]
        }
        let decoded = try TestGIFDecoder(try GIFEncoder.encode([(image, 10)], options: Self.exact))
        let frame = decoded.frames[0]
        #expect(frame.transparentIndex != nil)
        #expect(frame.canvas == [0, 0, 0, 0, 255, 127, 127, 255, 0, 0, 255, 255, 0, 0, 0, 0])
        var opaque = Self.exact
        opaque.preservesTransparency = false
        opaque.matte = .black
        let flat = try TestGIFDecoder(try GIFEncoder.encode([(image, 10)], options: opaque))
        #expect(flat.frames[0].transparentIndex == nil)
        #expect(flat.frames[0].canvas == [0, 0, 0, 255, 128, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 255])
    }

    @Test("the frame before a frame with transparency is disposed to background and written whole")
    func disposalBeforeTransparency() throws {
        let red = TestImages.solid(width: 4, height: 4, 255, 0, 0)
        let holed = TestImages.image(width: 4, height: 4) { x, y in x == 1 && y == 2 ? (0, 0, 0, 0) : (255, 0, 0, 255) }
        var options = Self.exact
        options.loop = .count(1)
        let decoded = try TestGIFDecoder(try GIFEncoder.encode([(red, 5), (holed, 5)], options: options))
        #expect(decoded.frames.map(\.disposal) == [2, 1])
        #expect(decoded.frames[1].width == 4 && decoded.frames[1].height == 4)
        #expect(Self.rgba(decoded.frames[1].canvas, 1, 2, width: 4) == [0, 0, 0, 0])
        #expect(Self.rgba(decoded.frames[1].canvas, 0, 0, width: 4) == [255, 0, 0, 255])
    }

    @Test("loop counts: forever → 0, 3 plays → 2 repeats, 1 play → no NETSCAPE2.0 block")
    func loopCounts() throws {
        let frames = [(image: TestImages.solid(width: 2, height: 2, 1, 2, 3), delay: 10)]
        for (loop, expected) in [(GIFLoop.forever, 0), (.count(3), 2), (.count(1), nil) as (GIFLoop, Int?)] {
            var options = Self.exact
            options.loop = loop
            #expect(try TestGIFDecoder(try GIFEncoder.encode(frames, options: options)).loopCount == expected)
        }
    }

    @Test("256 colours of noise over 128×128 pixels round-trip through LZW table resets exactly")
    func noiseRoundTrip() throws {
        var state: UInt32 = 12_345
        var picks: [Int] = []
        for _ in 0..<(128 * 128) {
            state = state &* 1_664_525 &+ 1_013_904_223
            picks.append(Int(state >> 24))
        }
        let image = TestImages.image(width: 128, height: 128) { x, y in
            let i = picks[y * 128 + x]
            return (UInt8(i), UInt8(255 - i), UInt8((i * 7) & 255), 255)
        }
        let bytes = try GIFEncoder.encode([(image, 10)], options: Self.exact)
        let decoded = try TestGIFDecoder(bytes)
        #expect(decoded.frames[0].canvas == TestImages.pixels(image))
        // 16 384 pixels of noise cannot compress: more than 4 096 codes were written, so the table was reset.
        #expect(bytes.count > 4_096 * 12 / 8)
    }

    @Test("the same frames give byte-identical files, with every dithering and palette choice")
    func deterministicBytes() throws {
        let frames = (0..<4).map { step in
            (
                image: TestImages.image(width: 40, height: 30) { x, y in
                    (UInt8((x * 6 + step * 20) % 256), UInt8(y * 8), UInt8((x + y) * 3), 255)
                }, delay: 3
            )
        }
        for dithering in GIFDithering.allCases {
            for palette in [GIFPaletteStrategy.perFrame, .global(sampledFrames: 32)] {
                var options = GIFOptions()
                options.dithering = dithering
                options.palette = palette
                let first = try GIFEncoder.encode(frames, options: options)
                let second = try GIFEncoder.encode(frames, options: options)
                #expect(first == second)
                #expect(try TestGIFDecoder(first).frames.count == 4)
            }
        }
    }

    @Test("streamed pieces from takeOutput() add up to the one-shot file; the header comes first")
    func streamingOutput() throws {
        let frames = (0..<3).map { TestImages.solid(width: 6, height: 6, UInt8($0 * 80), 0, 0) }
        var encoder = try GIFEncoder(width: 6, height: 6, options: Self.exact)
        var streamed = encoder.takeOutput()
        #expect(Array(streamed.prefix(6)) == Array("GIF89a".utf8))
        for frame in frames {
            try encoder.add(frame, delay: 7)
            streamed += encoder.takeOutput()
        }
        encoder.finish()
        streamed += encoder.takeOutput()
        #expect(streamed.last == 0x3B)
        #expect(streamed == (try GIFEncoder.encode(frames.map { ($0, 7) }, options: Self.exact)))
        #expect(encoder.framesWritten == 3)
    }

    @Test("a frame of another size throws frameSizeMismatch naming frame 1 and both sizes")
    func sizeMismatch() throws {
        var encoder = try GIFEncoder(width: 4, height: 4)
        try encoder.add(TestImages.solid(width: 4, height: 4, 0, 0, 0), delay: 1)
        #expect(
            throws: ExportError.frameSizeMismatch(frame: 1, expectedWidth: 4, expectedHeight: 4, width: 5, height: 4)
        ) {
            try encoder.add(TestImages.solid(width: 5, height: 4, 0, 0, 0), delay: 1)
        }
        #expect(throws: ExportError.invalidSize(width: 0, height: 3)) { try GIFEncoder(width: 0, height: 3) }
        var options = GIFOptions()
        options.maximumColors = 1
        #expect(throws: ExportError.self) { try GIFEncoder(width: 2, height: 2, options: options) }
    }

    @Test("a global palette taken from the first frame maps later frames to its colours")
    func globalFromFirstFrame() throws {
        var options = GIFOptions()
        options.dithering = .none
        let frames = [
            (image: TestImages.solid(width: 4, height: 4, 0, 0, 255), delay: 5),
            (image: TestImages.solid(width: 4, height: 4, 10, 10, 240), delay: 5),
        ]
        let decoded = try TestGIFDecoder(try GIFEncoder.encode(frames, options: options))
        // Blue and the reserved transparent entry: a table of 2.
        #expect(decoded.globalPalette?.count == 6)
        #expect(Self.rgba(decoded.frames[1].canvas, 2, 2, width: 4) == [0, 0, 255, 255])
    }

    @Test("with a global palette, a frame whose colour it lacks gets a local table of that exact colour (issue 21)")
    func missingColoursGetALocalTable() throws {
        // The palette knows blue and white (sampled from the first frame); the second frame is a flat purple
        // (128, 0, 128) — a colour animation's frame that was not sampled. Without a table of its own it would be
        // dithered between blue and white, 90+ levels away.
        let global = try GIFPalette(colors: [.white, ExportColor(red: 0, green: 0, blue: 255)])
        let frames = [
            (TestImages.solid(width: 16, height: 16, 0, 0, 255), 5),
            (TestImages.solid(width: 16, height: 16, 128, 0, 128), 5),
        ]
        let decoded = try TestGIFDecoder(try GIFEncoder.encode(frames, options: GIFOptions(), globalPalette: global))
        #expect(decoded.frames[0].localPalette == nil)
        #expect(decoded.frames[1].localPalette != nil)
        #expect(decoded.frames[1].canvas == TestImages.pixels(frames[1].0))
    }

    @Test("a fixed palette is kept for every frame: the lacking colour is dithered, never given a local table")
    func fixedPaletteNeverGrows() throws {
        var options = GIFOptions()
        options.palette = .fixed(try GIFPalette(colors: [.white, ExportColor(red: 0, green: 0, blue: 255)]))
        let frames = [
            (TestImages.solid(width: 16, height: 16, 0, 0, 255), 5),
            (TestImages.solid(width: 16, height: 16, 128, 128, 255), 5),
        ]
        let decoded = try TestGIFDecoder(try GIFEncoder.encode(frames, options: options))
        #expect(decoded.frames.allSatisfy { $0.localPalette == nil })
        // (128, 128, 255) is half-way from blue to white: half the 16 × 16 pixels of each 8 × 8 cell are white.
        let white = stride(from: 0, to: decoded.frames[1].canvas.count, by: 4).filter {
            decoded.frames[1].canvas[$0] == 255
        }
        #expect(white.count == 128)
    }
}
