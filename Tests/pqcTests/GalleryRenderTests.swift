import Foundation
import PortableQuartzCore
import PortableQuartzCoreExport
import Testing

@testable import pqc

/// A fresh, not yet created folder in the temporary directory (our test helper).
func temporaryGalleryFolder(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("pqc-\(name)-\(UUID().uuidString)")
}

@Suite("Gallery rendering")
struct GalleryRenderTests {
    @Test("--only swinging-door at 96x72 and 4 fps writes a 96×72 looping GIF lasting the demo's 4 s (400 cs)")
    func onlyOneDemoWritesGIFAndIndex() throws {
        let folder = temporaryGalleryFolder("only")
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = try GalleryCommand.parse([
            "--only", "swinging-door", "--out", folder.path, "--size", "96x72", "--fps", "4",
        ])
        try command.run()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["index.html", "player", "swinging-door.gif"])
        let gif = try #require(GIFStructure(try Data(contentsOf: folder.appendingPathComponent("swinging-door.gif"))))
        #expect(gif.width == 96 && gif.height == 72)
        #expect(gif.loops)
        // 16 frames of 25 cs; identical neighbours would merge, but the door never rests, so all 16 are written.
        #expect(gif.frames.count == 16)
        #expect(gif.delays.reduce(0, +) == 400)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"swinging-door.gif\">swinging-door.gif</a>"))
        #expect(html.contains("<noscript><img src=\"swinging-door.gif\""))
        #expect(html.contains("Swinging door in perspective"))
        #expect(html.contains("Seed 004 · § 持續和重復 (Duration and repetition) · listing 9.2"))
    }

    @Test("the same demo rendered twice gives byte-identical GIFs (wobble, 64×48, 5 fps: 10 frames)")
    func renderingIsDeterministic() throws {
        let first = temporaryGalleryFolder("same-a")
        let second = temporaryGalleryFolder("same-b")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        var options = GalleryOptions()
        options.size = ExportSize(width: 64, height: 48)
        options.framesPerSecond = 5
        options.makeProgress = { SilentProgress() }
        let wobble = try #require(DemoCatalog.demo(named: "wobble"))
        _ = try GalleryWriter(folder: first, options: options).write(demos: [wobble])
        _ = try GalleryWriter(folder: second, options: options).write(demos: [wobble])
        let a = try Data(contentsOf: first.appendingPathComponent("wobble.gif"))
        let b = try Data(contentsOf: second.appendingPathComponent("wobble.gif"))
        #expect(a == b)
        #expect(GIFStructure(a)?.delays.reduce(0, +) == 200)
    }

    @Test("--format png writes a folder of frames (2 s at 2 fps: frame_00000 … frame_00003) and links it")
    func pngSequence() throws {
        let folder = temporaryGalleryFolder("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GalleryCommand.parse([
            "--only", "wobble", "--out", folder.path, "--size", "32x24", "--fps", "2", "--format", "png",
        ]).run()
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("wobble").path)
        #expect(frames.sorted() == (0..<4).map { "frame_0000\($0).png" })
        let first = try Data(contentsOf: folder.appendingPathComponent("wobble/frame_00000.png"))
        let image = try #require(CGImage(pngData: first))
        #expect(image.width == 32 && image.height == 24)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"wobble/\">4 PNG frames</a>"))
    }

    @Test("seed 002's nine demos (PortableUIKit views) render as GIFs on the main thread, each shown in the index")
    @MainActor
    func viewDemosRender() throws {
        let folder = temporaryGalleryFolder("views")
        defer { try? FileManager.default.removeItem(at: folder) }
        let demos = DemoCatalog.all.filter { $0.seed == .uiViewAnimation }
        #expect(demos.count == 9)
        var options = GalleryOptions()
        options.size = ExportSize(width: 32, height: 24)
        options.framesPerSecond = 1
        options.makeProgress = { SilentProgress() }
        let files = try GalleryWriter(folder: folder, options: options).write(demos: demos)
        let names = files.map { GalleryWriter.relativePath(of: $0, in: folder) }
        #expect(names.filter { $0.hasSuffix(".gif") } == demos.map { "\($0.name).gif" })
        #expect(names.filter { $0.hasSuffix(".js") } == demos.map { "player/\($0.name).js" })
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"shear.gif\">shear.gif</a>"))
        #expect(!html.contains("Not yet rendered"))
    }

    @Test("mp4 without ffmpeg: one encoderNotFound error that says how to install it, and no folder is created")
    func mp4WithoutFFmpeg() throws {
        let folder = temporaryGalleryFolder("mp4")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = GalleryOptions()
        options.format = .mp4
        options.videoEncoder = FFmpegVideoEncoder(environment: ["PATH": "/nonexistent-\(UUID().uuidString)"])
        let demo = try #require(DemoCatalog.demo(named: "wobble"))
        let error = #expect(throws: ExportError.self) {
            try GalleryWriter(folder: folder, options: options).write(demos: [demo])
        }
        #expect(error?.description.contains("apt-get install ffmpeg") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("an --out below a regular file gives one error naming --out, and nothing is written")
    func unwritableFolder() throws {
        let file = temporaryGalleryFolder("file")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let command = try GalleryCommand.parse([
            "--only", "wobble", "--out", file.appendingPathComponent("gallery").path, "--export-scenes",
        ])
        let error = #expect(throws: GalleryWriter.Failure.self) { try command.run() }
        #expect(error?.description.contains("--out") == true)
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    @Test("an unknown demo name, size, format or frame rate is rejected with the fix")
    func badOptions() {
        let cases: [([String], String)] = [
            (["--only", "no-such-demo"], "Known demos: opacity-fade"),
            (["--size", "480by360"], "WIDTHxHEIGHT"),
            (["--format", "avi"], "gif, png, mp4 or webm"),
            (["--fps", "0"], "above 0"),
        ]
        for (arguments, expected) in cases {
            do {
                _ = try GalleryCommand.parse(arguments)
                Issue.record("\(arguments) was accepted")
            } catch {
                #expect(GalleryCommand.message(for: error).contains(expected), "\(arguments)")
            }
        }
    }

    @Test("the demo canvas keeps at least 480×360 points: 1280×720 pixels → scale 2 over 640×360 points")
    func demoCanvas() {
        let wide = RenderCanvas.demo(pixels: ExportSize(width: 1280, height: 720))
        #expect(wide.scale == 2)
        #expect(wide.bounds == CGRect(x: 0, y: 0, width: 640, height: 360))
        let small = RenderCanvas.demo(pixels: ExportSize(width: 120, height: 90))
        #expect(small.scale == 0.25)
        #expect(small.bounds == CGRect(x: 0, y: 0, width: 480, height: 360))
    }

    @Test("a 480×360 scene in a 240×240 frame is scaled by 0.5 and centred: bounds (0, −60, 480, 480)")
    func centredCanvas() {
        let canvas = RenderCanvas(
            pixels: ExportSize(width: 240, height: 240), content: CGRect(x: 0, y: 0, width: 480, height: 360))
        #expect(canvas.scale == 0.5)
        #expect(canvas.bounds == CGRect(x: 0, y: -60, width: 480, height: 480))
    }
}
