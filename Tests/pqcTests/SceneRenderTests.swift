import Foundation
import PortableQuartzCore
import PortableQuartzCoreExport
import Testing

@testable import pqc

@Suite("Scene files and pqc render")
struct SceneRenderTests {
    /// A 100 × 100 scene whose sublayer runs at speed 2 and fades for 2 s, autoreversing, for ever.
    static let spinningScene = """
        {"version": 1, "root": {"class": "CALayer",
          "properties": {"bounds": {"rect": [0, 0, 100, 100]}, "position": {"point": [50, 50]},
                         "backgroundColor": {"color": [1, 1, 1, 1]}},
          "sublayers": [{"class": "CALayer", "speed": 2,
            "properties": {"bounds": {"rect": [0, 0, 40, 40]}, "position": {"point": [50, 50]},
                           "backgroundColor": {"color": [0, 0, 1, 1]}},
            "animations": [{"class": "CABasicAnimation", "key": "fade", "keyPath": "opacity", "duration": 2,
                            "autoreverses": true, "repeatCount": "inf",
                            "fromValue": {"number": 0}, "toValue": {"number": 1}}]}]}}
        """

    /// Writes `text` to a new temporary file and returns its URL.
    private func sceneFile(_ text: String) throws -> URL {
        let url = temporaryGalleryFolder("scene").appendingPathExtension("json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The pixels of `image` after a PNG round trip (how files and direct renders are compared).
    private func pixels(_ image: CGImage) -> Data? {
        CGImage(pngData: image.pngData())?.dataProvider?.data
    }

    /// How many bytes differ between `a` and `b` (all of the longer one's extra bytes count).
    private func differingBytes(_ a: Data, _ b: Data) -> Int {
        zip(a, b).reduce(0) { count, pair in count + (pair.0 == pair.1 ? 0 : 1) } + abs(a.count - b.count)
    }

    /// Exports demo `name`'s scene file at `width` × `height`, renders it with `pqc render` at 2 fps for 2 s, checks
    /// that each of the 4 frames (0, 0.5, 1, 1.5 s) equals the Swift demo's frame byte for byte, and returns the
    /// scene file's text and the frames' pixels.
    private func roundTrip(_ name: String, width: Int, height: Int) throws -> (scene: String, frames: [Data]) {
        let folder = temporaryGalleryFolder("round-trip-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = "\(width)x\(height)"
        try GalleryCommand.parse([
            "--only", name, "--out", folder.path, "--size", size, "--fps", "2", "--export-scenes",
        ]).run()
        let scene = folder.appendingPathComponent("scenes/\(name).json")
        let frames = folder.appendingPathComponent("frames")
        try RenderCommand.parse([scene.path, "--out", frames.path, "--size", size, "--fps", "2", "--duration", "2"])
            .run()

        let canvas = RenderCanvas.demo(pixels: ExportSize(width: width, height: height))
        let demo = try SceneFrameSource(canvas: canvas) {
            try #require(DemoRegistry.scene(named: name, size: canvas.bounds.size))
        }
        var shown: [Data] = []
        for index in 0..<4 {
            let file = try Data(contentsOf: frames.appendingPathComponent("frame_0000\(index).png"))
            let fromFile = try #require(CGImage(pngData: file)?.dataProvider?.data)
            let fromSwift = try #require(pixels(try demo.frame(at: index, time: Double(index) / 2)))
            #expect(differingBytes(fromFile, fromSwift) == 0, "\(name) frame \(index)")
            shown.append(fromFile)
        }
        return (try String(contentsOf: scene, encoding: .utf8), shown)
    }

    @Test("delegate-chain's scene file renders to the same frames as the Swift demo at 0, 0.5, 1 and 1.5 s")
    func sceneFileRoundTrip() throws {
        let shown = try roundTrip("delegate-chain", width: 120, height: 90).frames
        // The title and the text field fly in from the left from 0.3 s to 2.3 s: the frames at 0.5 s and 1 s differ.
        #expect(differingBytes(shown[1], shown[2]) > 0)
    }

    @Test(
        "scene files keep animations added with a nil key: the balloon and door files render the demos' frames at 0–1.5 s",
        arguments: ["balloon-flight", "swinging-door"])
    func keylessAnimationsRoundTrip(name: String) throws {
        let (scene, shown) = try roundTrip(name, width: 96, height: 72)
        #expect(scene.contains("\"animations\""))
        // The animation moves the picture: the frames at 0.5 s and 1.5 s differ.
        #expect(differingBytes(shown[1], shown[3]) > 0)
    }

    @Test("--frames 1-2 writes only frames 1 and 2 of a 4-frame timeline, and their shard manifest")
    func frameRange() throws {
        let scene = try sceneFile(Self.spinningScene)
        let frames = temporaryGalleryFolder("range")
        defer {
            try? FileManager.default.removeItem(at: scene)
            try? FileManager.default.removeItem(at: frames)
        }
        try RenderCommand.parse([scene.path, "--out", frames.path, "--fps", "2", "--frames", "1-2"]).run()
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == ["frame_00001-00002.shard.json", "frame_00001.png", "frame_00002.png"])
    }

    @Test("without --duration or --size a scene is recorded until its animations played once: 2 s of 100×100")
    func defaultsFromTheScene() throws {
        let scene = try sceneFile(Self.spinningScene)
        let output = temporaryGalleryFolder("defaults").appendingPathExtension("gif")
        defer {
            try? FileManager.default.removeItem(at: scene)
            try? FileManager.default.removeItem(at: output)
        }
        try RenderCommand.parse([scene.path, "--out", output.path, "--fps", "10"]).run()
        let gif = try #require(GIFStructure(try Data(contentsOf: output)))
        #expect(gif.width == 100 && gif.height == 100)
        #expect(gif.delays.reduce(0, +) == 200)
    }

    @Test("the duration estimate maps a 4 s autoreversing cycle through a speed-2 layer to 2 s; no animation is 1 s")
    func durationEstimate() throws {
        let archive = try LayerArchive.decode(fromJSON: Data(Self.spinningScene.utf8))
        let scene = try ArchivedScene(archive)
        #expect(scene.withClock { SceneDuration.estimate(root: scene.root) } == 2)
        let still = try ArchivedScene(
            try LayerArchive.decode(fromJSON: Data(#"{"version": 1, "root": {"class": "CALayer"}}"#.utf8)))
        #expect(SceneDuration.estimate(root: still.root) == 1)
    }

    @Test("without --out the output is SCENE.gif in the current folder")
    func defaultOutput() throws {
        let command = try RenderCommand.parse(["some/where/door.json"])
        #expect(command.outputURL.lastPathComponent == "door.gif")
        #expect(command.outputURL.deletingLastPathComponent().path == FileManager.default.currentDirectoryPath)
    }

    @Test("an invalid scene file (unknown layer class CAFooLayer) gives one error naming the class, and no output")
    func invalidSceneFile() throws {
        let scene = try sceneFile(#"{"version": 1, "root": {"class": "CAFooLayer"}}"#)
        let output = temporaryGalleryFolder("invalid").appendingPathExtension("gif")
        defer { try? FileManager.default.removeItem(at: scene) }
        let error = #expect(throws: SceneFile.Failure.self) {
            try RenderCommand.parse([scene.path, "--out", output.path]).run()
        }
        #expect(error?.description.contains("CAFooLayer") == true)
        #expect(error?.description.contains("Docs/SceneFormat.md") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a missing scene file and a file that is not JSON each give one clear error")
    func unreadableSceneFile() throws {
        let missing = temporaryGalleryFolder("missing").appendingPathExtension("json")
        let missingError = #expect(throws: SceneFile.Failure.self) { try SceneFile.load(from: missing) }
        #expect(missingError?.description.contains("Cannot read the scene file") == true)
        let garbage = try sceneFile("not json {")
        defer { try? FileManager.default.removeItem(at: garbage) }
        let garbageError = #expect(throws: SceneFile.Failure.self) { try SceneFile.load(from: garbage) }
        #expect(garbageError?.description.contains("malformed JSON") == true)
    }

    @Test("an output in a folder that does not exist gives folderNotFound and writes nothing")
    func unwritableOutput() throws {
        let scene = try sceneFile(Self.spinningScene)
        defer { try? FileManager.default.removeItem(at: scene) }
        let missingFolder = temporaryGalleryFolder("absent")
        let error = #expect(throws: ExportError.self) {
            try RenderCommand.parse([scene.path, "--out", missingFolder.appendingPathComponent("x.gif").path]).run()
        }
        #expect(error == .folderNotFound(path: missingFolder.path))
        #expect(!FileManager.default.fileExists(atPath: missingFolder.path))
    }

    @Test("an MP4 without ffmpeg gives encoderNotFound and leaves no file, not even a hidden partial one")
    func mp4WithoutFFmpeg() throws {
        let folder = temporaryGalleryFolder("video")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var job = SceneRenderJob(
            archive: try LayerArchive.decode(fromJSON: Data(Self.spinningScene.utf8)),
            destination: folder.appendingPathComponent("door.mp4"))
        job.videoEncoder = FFmpegVideoEncoder(environment: ["PATH": "/nonexistent-\(UUID().uuidString)"])
        job.progress = SilentProgress()
        let error = #expect(throws: ExportError.self) { try job.run() }
        if case .encoderNotFound = error {
        } else {
            Issue.record("expected encoderNotFound, got \(String(describing: error))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("bad --size, --frames, --fps, --duration and an unknown --out extension are rejected with the fix")
    func badOptions() {
        let cases: [([String], String)] = [
            (["s.json", "--size", "0x10"], "WIDTHxHEIGHT"),
            (["s.json", "--frames", "5-2"], "A-B"),
            (["s.json", "--fps", "300"], "above 0"),
            (["s.json", "--duration", "0"], "positive"),
            (["s.json", "--out", "movie.avi"], "unknown extension"),
            (["s.json", "--jobs", "0"], "1 to 1024"),
            (["s.json", "--shard", "2/2"], "I/N"),
            (["s.json", "--shard", "0/2", "--frames", "0-3"], "give one of them"),
        ]
        for (arguments, expected) in cases {
            do {
                _ = try RenderCommand.parse(arguments)
                Issue.record("\(arguments) was accepted")
            } catch {
                #expect(RenderCommand.message(for: error).contains(expected), "\(arguments)")
            }
        }
    }

    @Test("--jobs 0 and --jobs 1025 are rejected by pqc join and pqc gallery too (one option for the three commands)")
    func jobsRange() {
        for jobs in ["0", "1025"] {
            let attempts: [(String, () throws -> Void)] = [
                ("join", { _ = try JoinCommand.parse(["shard", "--out", "a.gif", "--jobs", jobs]) }),
                ("gallery", { _ = try GalleryCommand.parse(["--jobs", jobs]) }),
            ]
            for (name, attempt) in attempts {
                do {
                    try attempt()
                    Issue.record("pqc \(name) --jobs \(jobs) was accepted")
                } catch {
                    #expect(GalleryCommand.message(for: error).contains("1 to 1024"), "pqc \(name) --jobs \(jobs)")
                }
            }
        }
        #expect((try? GalleryCommand.parse(["--jobs", "3"]))?.jobs.count == 3)
    }
}
