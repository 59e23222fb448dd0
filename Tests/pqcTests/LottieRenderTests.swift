import ArgumentParser
import Foundation
import PortableLottie
import PortableQuartzCore
import PortableQuartzCoreExport
import Testing

@testable import pqc

@Suite("pqc render and gallery for Lottie files")
struct LottieRenderTests {
    /// Writes one of the gallery's Lottie samples to a temporary file.
    private func sampleFile(_ sample: LottieGallerySamples.Sample) throws -> URL {
        let url = temporaryGalleryFolder("lottie").appendingPathExtension("json")
        try sample.data.write(to: url)
        return url
    }

    /// The premultiplied RGBA bytes of pixel (x, y) from the top of a PNG file.
    private func pixel(_ url: URL, _ x: Int, _ y: Int) throws -> [UInt8] {
        let image = try #require(CGImage(pngData: try Data(contentsOf: url)))
        return image.withUnsafePremultipliedRGBABytes { bytes in
            let offset = y * image.bytesPerRow + x * 4
            return Array(bytes[offset..<(offset + 4)])
        }
    }

    @Test("the gallery's own Lottie samples decode and build without anything left undrawn")
    func gallerySamplesBuild() throws {
        for sample in LottieGallerySamples.all {
            let animation = try LottieAnimation(data: sample.data)
            #expect(LottieLayerTree.build(animation).issues.isEmpty, "\(sample.name)")
        }
    }

    @Test("--progress 0.5 --size 100x100 draws the bouncing ball at frame 20, its bottom at 142.5 pt (71.2 px)")
    func onePicture() throws {
        let input = try sampleFile(LottieGallerySamples.bouncingBall)
        let output = temporaryGalleryFolder("ball").appendingPathExtension("png")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        let command = try RenderCommand.parse([
            input.path, "--progress", "0.5", "--size", "100x100", "--out", output.path,
        ])
        try command.run()
        // Frame 20 of 40. The ball left the floor (y 170) at frame 18 with the easing (0.1, 0.4)–(0.5, 1) towards
        // y 60 at frame 40: 2/22 of the time gives 0.2502 of the way, y = 170 − 110 × 0.2502 = 142.5 points for
        // the ball's bottom (its anchor), 71.2 pixels at half size. Its fill is the hold colour of frame 18.
        let inside = try pixel(output, 50, 68)
        #expect(inside == [242, 64, 89, 255])
        #expect(try pixel(output, 50, 74) == [0, 0, 0, 0])
        #expect(try pixel(output, 50, 20) == [0, 0, 0, 0])
    }

    @Test("a Lottie file without --progress renders a GIF at its own size and frame rate (40 frames at 30 fps)")
    func animation() throws {
        let input = try sampleFile(LottieGallerySamples.bouncingBall)
        let output = temporaryGalleryFolder("ball").appendingPathExtension("gif")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        var job = LottieRenderJob(
            animation: try LottieAnimation(data: LottieGallerySamples.bouncingBall.data), destination: output)
        job.progress = SilentProgress()
        job.size = ExportSize(width: 50, height: 50)
        let outcome = try job.renderAnimation(format: .gif)
        #expect(outcome.frames == 40)
        #expect(outcome.framesPerSecond == 30)
        let gif = try #require(GIFStructure(try Data(contentsOf: output)))
        #expect(gif.width == 50 && gif.height == 50)
    }

    @Test("--set-color '**.Color=#00FF00' draws the bouncing ball's fill green where it was (242, 64, 89)")
    func setColor() throws {
        let input = try sampleFile(LottieGallerySamples.bouncingBall)
        let output = temporaryGalleryFolder("ball").appendingPathExtension("png")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try RenderCommand.parse([
            input.path, "--progress", "0.5", "--size", "100x100", "--out", output.path, "--set-color",
            "**.Color=#00FF00",
        ]).run()
        #expect(try pixel(output, 50, 68) == [0, 255, 0, 255])
        #expect(try pixel(output, 50, 20) == [0, 0, 0, 0])
    }

    @Test("--viewport 50,50,100,100 at 100×100 is the 200×200 picture's middle, pixel for pixel, frames included")
    func viewport() throws {
        let input = try sampleFile(LottieGallerySamples.bouncingBall)
        let folder = temporaryGalleryFolder("ball-viewport")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: folder)
        }
        let whole = folder.appendingPathComponent("whole.png")
        let middle = folder.appendingPathComponent("middle.png")
        try RenderCommand.parse([input.path, "--progress", "0.5", "--size", "200x200", "--out", whole.path]).run()
        try RenderCommand.parse([
            input.path, "--progress", "0.5", "--size", "100x100", "--viewport", "50,50,100,100", "--out", middle.path,
        ]).run()
        // The ball at progress 0.5 (frame 20) is at (100, 136) in the 200-point composition: (50, 86) here.
        #expect(try pixel(middle, 50, 80) == [242, 64, 89, 255])
        for (x, y) in [(0, 0), (50, 80), (50, 99), (99, 50), (30, 70), (70, 90)] {
            #expect(try pixel(middle, x, y) == pixel(whole, x + 50, y + 50), "(\(x), \(y))")
        }
        // The frames (drawn by a CARenderer) show the same rectangle.
        let frames = folder.appendingPathComponent("frames")
        try RenderCommand.parse([
            input.path, "--size", "100x100", "--viewport", "50,50,100,100", "--frames", "20-20", "--jobs", "1",
            "--out", frames.path,
        ]).run()
        #expect(try pixel(frames.appendingPathComponent("frame_00020.png"), 50, 80) == [242, 64, 89, 255])
    }

    @Test("PNG frames come from a CARenderer: frame 20 (of 40 at 30 fps) shows the ball as the picture at 0.5 does")
    func framesMatchPicture() throws {
        let input = try sampleFile(LottieGallerySamples.bouncingBall)
        let folder = temporaryGalleryFolder("ball-frames")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: folder)
        }
        try RenderCommand.parse([
            input.path, "--size", "100x100", "--frames", "20-20", "--jobs", "1", "--out", folder.path,
        ]).run()
        let frame = folder.appendingPathComponent("frame_00020.png")
        #expect(try pixel(frame, 50, 68) == [242, 64, 89, 255])
        #expect(try pixel(frame, 50, 74) == [0, 0, 0, 0])
    }

    @Test(
        "--set-color, --progress and --viewport on a scene file (not Lottie) are refused, naming the option",
        arguments: [["--set-color", "**.Color=#FF0000"], ["--progress", "0.5"], ["--viewport", "0,0,10,10"]])
    func lottieOptionsNeedLottie(_ option: [String]) throws {
        let scene = temporaryGalleryFolder("scene").appendingPathExtension("json")
        try Data(SceneRenderTests.spinningScene.utf8).write(to: scene)
        defer { try? FileManager.default.removeItem(at: scene) }
        let picture = option[0] == "--progress"
        let command = try RenderCommand.parse([scene.path] + option + ["--out", picture ? "/n.png" : "/n.gif"])
        let error = #expect(throws: ValidationError.self) { try command.run() }
        #expect(error?.message == "\(option[0]) is for Lottie files; \(scene.path) is not one.")
    }

    @Test("--viewport that is not X,Y,WIDTH,HEIGHT with a positive size is refused before anything is read")
    func viewportMustBeARectangle() {
        #expect(throws: (any Error).self) {
            try RenderCommand.parse(["any.json", "--viewport", "0,0,10", "--out", "/n.gif"])
        }
    }

    @Test("the gallery's Lottie section writes lottie/NAME.gif for each of the three samples and lists them")
    func gallerySection() throws {
        let folder = temporaryGalleryFolder("lottie-gallery")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = GalleryOptions()
        options.size = ExportSize(width: 48, height: 36)
        options.framesPerSecond = 5
        options.includesLottie = true
        options.makeProgress = { SilentProgress() }
        _ = try GalleryWriter(folder: folder, options: options).write(demos: [])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("lottie").path)
        #expect(names.sorted() == ["bouncing-ball.gif", "dot-wheel.gif", "loading-ring.gif"])
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<img src=\"lottie/loading-ring.gif\""))
    }
}
