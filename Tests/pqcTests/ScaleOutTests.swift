import Foundation
import PortableQuartzCore
import PortableQuartzCoreExport
import Testing

@testable import pqc

/// Frames on every core and renders split into shards: whatever the number of threads or pieces, the files are the
/// ones a single one-thread render writes, byte for byte.
@Suite("pqc on several threads and in shards")
struct ScaleOutTests {
    /// Whether ffmpeg can be found (the MP4 checks run only then).
    private static let hasFFmpeg = (try? FFmpegVideoEncoder().locate()) != nil

    /// Writes the scene file of demo `name` (its layer tree at time 0 on a 480×360-point canvas) into `folder`.
    private func sceneFile(of name: String, in folder: URL) throws -> URL {
        let scene = try #require(DemoRegistry.scene(named: name))
        let url = folder.appendingPathComponent("\(name).json")
        try SceneFile.capture(scene).write(to: url)
        return url
    }

    /// The file's bytes, or the folder's files (names and bytes) one after another.
    private func bytes(of url: URL) throws -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            return Array(try Data(contentsOf: url))
        }
        var bytes: [UInt8] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
            bytes += Array(name.utf8) + (try self.bytes(of: url.appendingPathComponent(name)))
        }
        return bytes
    }

    @Test(
        "pqc render of swinging-door's scene (96×72, 10 fps, 3 s: 30 frames, all different) writes the same GIF, PNG frames and MP4 on 1, 2 and 4 threads"
    )
    func renderOnSeveralThreads() throws {
        let folder = temporaryGalleryFolder("jobs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try sceneFile(of: "swinging-door", in: folder)
        for name in ["door.gif", "door", Self.hasFFmpeg ? "door.mp4" : nil].compactMap({ $0 }) {
            var outputs: [[UInt8]] = []
            for jobs in [1, 2, 4] {
                let output = folder.appendingPathComponent("\(jobs)-\(name)")
                try RenderCommand.parse([
                    scene.path, "--out", output.path, "--size", "96x72", "--fps", "10", "--duration", "3",
                    "--jobs", "\(jobs)",
                ]).run()
                outputs.append(try bytes(of: output))
            }
            if name == "door.gif" {
                // The door swings from time 0, so every frame differs from the one before: 30 blocks of 10 cs.
                #expect(GIFStructure(Data(outputs[0]))?.delays == Array(repeating: 10, count: 30))
            }
            #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "\(name)")
        }
    }

    /// The local recipe of Docs/ScaleOut.md: `pqc render SCENE --shard 0/2` and `--shard 1/2` into two folders,
    /// `pqc join` of both.
    @Test(
        "balloon-flight in two shards (frames 0-23 and 24-47 of 48) joins into the GIF, PNG folder and MP4 of one render"
    )
    func twoShardsJoin() throws {
        let folder = temporaryGalleryFolder("shards")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try sceneFile(of: "balloon-flight", in: folder)
        let settings = ["--size", "96x72", "--fps", "12", "--duration", "4"]
        for shard in 0..<2 {
            let part = folder.appendingPathComponent("part-\(shard)")
            try RenderCommand.parse([scene.path, "--out", part.path, "--shard", "\(shard)/2"] + settings).run()
        }
        let firstPart = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("part-0").path)
        #expect(firstPart.sorted().first == "frame_00000-00023.shard.json" && firstPart.count == 25)
        let formats = ["gif", "", Self.hasFFmpeg ? "mp4" : nil].compactMap { $0 }
        for fileExtension in formats {
            let name = fileExtension.isEmpty ? "frames" : "scene.\(fileExtension)"
            let single = folder.appendingPathComponent("single-" + name)
            try RenderCommand.parse([scene.path, "--out", single.path, "--jobs", "1"] + settings).run()
            let joined = folder.appendingPathComponent("joined-" + name)
            try JoinCommand.parse([
                folder.appendingPathComponent("part-1").path, folder.appendingPathComponent("part-0").path,
                "--out", joined.path,
            ]).run()
            #expect(try bytes(of: joined) == bytes(of: single), "\(name)")
        }
    }

    @Test(
        "shard 1/2 of 48 frames joined alone is refused, and with --partial is the GIF `pqc render --frames 24-47` writes"
    )
    func joinOfPartIsItsRange() throws {
        let folder = temporaryGalleryFolder("part")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try sceneFile(of: "swinging-door", in: folder)
        let settings = ["--size", "32x24", "--fps", "12", "--duration", "4"]
        let part = folder.appendingPathComponent("part")
        try RenderCommand.parse([scene.path, "--out", part.path, "--shard", "1/2"] + settings).run()
        let join = try ShardJoin(folders: [part])
        #expect(join.manifest.frames == 24...47 && join.manifest.frameCount == 48)
        let single = folder.appendingPathComponent("single.gif")
        try RenderCommand.parse([scene.path, "--out", single.path, "--frames", "24-47"] + settings).run()
        let joined = folder.appendingPathComponent("joined.gif")
        do {
            try JoinCommand.parse([part.path, "--out", joined.path]).run()
            Issue.record("a join of half the timeline without --partial wrote \(joined.path)")
        } catch {
            #expect(
                JoinCommand.message(for: error).contains("frames 0-23 are in no shard. Render them (--frames 0-23)"))
        }
        #expect(!FileManager.default.fileExists(atPath: joined.path))
        try JoinCommand.parse([part.path, "--out", joined.path, "--partial"]).run()
        #expect(GIFStructure(try Data(contentsOf: joined))?.frames.count == 24)
        #expect(try bytes(of: joined) == bytes(of: single))
    }

    @Test(
        "the gallery of balloon-flight (layers) and shear (views) is the same on 1 and 2 threads: GIFs, player strips and data"
    )
    @MainActor
    func galleryOnSeveralThreads() throws {
        let demos = try ["balloon-flight", "shear"].map { try #require(DemoCatalog.demo(named: $0)) }
        var galleries: [[UInt8]] = []
        for jobs in [1, 2] {
            let folder = temporaryGalleryFolder("gallery-jobs-\(jobs)")
            defer { try? FileManager.default.removeItem(at: folder) }
            var options = GalleryOptions()
            options.size = ExportSize(width: 48, height: 36)
            options.framesPerSecond = 6
            options.jobs = jobs
            options.makeProgress = { SilentProgress() }
            _ = try GalleryWriter(folder: folder, options: options).write(demos: demos)
            galleries.append(try bytes(of: folder))
        }
        #expect(galleries[1] == galleries[0])
    }

    @Test(
        "a 60 fps gallery GIF of swinging-door (4 s) leaves frames out (160 of 240); the player gets all 240, alike on 1 and 3 threads"
    )
    func playerGetsFramesTheGIFLeavesOut() throws {
        let door = try #require(DemoCatalog.demo(named: "swinging-door"))
        var players: [[UInt8]] = []
        for jobs in [1, 3] {
            let folder = temporaryGalleryFolder("player-jobs-\(jobs)")
            defer { try? FileManager.default.removeItem(at: folder) }
            var options = GalleryOptions()
            options.size = ExportSize(width: 32, height: 24)
            options.framesPerSecond = 60
            options.jobs = jobs
            options.makeProgress = { SilentProgress() }
            _ = try GalleryWriter(folder: folder, options: options).write(demos: [door])
            let script = try String(
                contentsOf: folder.appendingPathComponent("player/swinging-door.js"), encoding: .utf8)
            let json = Data(script.dropFirst("pqcGallery.add(".count).dropLast(");\n".count).utf8)
            let data = try JSONDecoder().decode(DemoPlayerWriter.PlayerData.self, from: json)
            #expect(data.times.count == 240 && data.values.count == 240)
            // GIF delays are whole centiseconds of at least 2 (GIFFrameSchedule): 60 fps becomes 2, 3, 2, 3 … cs,
            // 40 frames a second; the door moves in every one of them, so none is merged.
            let gif = try #require(
                GIFStructure(try Data(contentsOf: folder.appendingPathComponent("swinging-door.gif"))))
            #expect(gif.frames.count == 160 && gif.delays.reduce(0, +) == 400, "\(gif.frames.count) \(gif.delays)")
            players.append(try bytes(of: folder))
        }
        #expect(players[1] == players[0])
    }

    @Test("a Lottie render (the bouncing ball, 40 frames) is the same GIF on 1 and 3 threads")
    func lottieOnSeveralThreads() throws {
        let folder = temporaryGalleryFolder("lottie-jobs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("ball.json")
        try LottieGallerySamples.bouncingBall.data.write(to: input)
        var outputs: [[UInt8]] = []
        for jobs in [1, 3] {
            let output = folder.appendingPathComponent("ball-\(jobs).gif")
            try RenderCommand.parse([input.path, "--out", output.path, "--size", "80x80", "--jobs", "\(jobs)"]).run()
            outputs.append(try bytes(of: output))
        }
        #expect(GIFStructure(Data(outputs[0]))?.frames.isEmpty == false)
        #expect(outputs[1] == outputs[0])
    }
}
