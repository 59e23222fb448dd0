import Foundation
import Testing

@testable import PortableQuartzCoreExport

@Suite("Shards and ShardJoin")
struct ShardJoinTests {
    /// Renders frames `frames` of the 24-frame `MovingPicture` timeline as a PNG shard into `folder`.
    static func renderShard(_ frames: ClosedRange<Int>, into folder: URL, fps: Double = 12) throws {
        let timeline = try FrameTimeline(framesPerSecond: fps, frameCount: 24)
        var exporter = AnimationExporter(
            format: .png, timeline: timeline, size: ExportSize(width: MovingPicture.width, height: MovingPicture.height)
        )
        exporter.frames = frames
        exporter.pngSequence.writesShardManifest = true
        exporter.jobs = 2
        try exporter.export(sources: { LoggingSource(log: SourceLog()) }, to: folder, progress: SilentProgress())
    }

    /// The file, or the folder's files (names and bytes) one after another.
    static func bytes(of url: URL) throws -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            return Array(try Data(contentsOf: url))
        }
        var bytes: [UInt8] = []
        for name in TestImages.contents(of: url) {
            bytes += Array(name.utf8) + Array(try Data(contentsOf: url.appendingPathComponent(name)))
        }
        return bytes
    }

    @Test("frames 0-9 and 10-23 rendered as two shards join into the GIF and the PNG sequence one render writes")
    func twoShardsJoinToTheSingleRender() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("part-0")
        let second = folder.appendingPathComponent("part-1")
        try Self.renderShard(0...9, into: first)
        try Self.renderShard(10...23, into: second)
        #expect(TestImages.contents(of: first).first == "frame_00000-00009.shard.json")

        let join = try ShardJoin(folders: [second, first])
        #expect(join.manifest.frames == 0...23 && join.shards.map(\.frames) == [0...9, 10...23])
        for format in [ExportFormat.gif, .png] {
            let single = folder.appendingPathComponent(format == .png ? "single" : "single.gif")
            var exporter = try ParallelExportTests.exporter(format, jobs: 1)
            exporter.pngSequence.writesShardManifest = true
            try exporter.export(from: LoggingSource(log: SourceLog()), to: single, progress: SilentProgress())
            let joined = folder.appendingPathComponent(format == .png ? "joined" : "joined.gif")
            var joining = join.exporter(format: format)
            joining.jobs = 3
            try join.export(joining, to: joined, progress: SilentProgress())
            #expect(try Self.bytes(of: joined) == Self.bytes(of: single), "\(format)")
        }
        // 24 frames and the manifest of frames 0-23.
        #expect(TestImages.contents(of: folder.appendingPathComponent("joined")).count == 25)
    }

    @Test(
        "with ffmpeg installed, two shards join into the MP4 one render writes",
        .enabled(if: TestImages.ffmpegPath != nil))
    func twoShardsJoinToTheSingleVideo() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.renderShard(0...11, into: folder.appendingPathComponent("a"))
        try Self.renderShard(12...23, into: folder.appendingPathComponent("b"))
        let join = try ShardJoin(folders: [folder.appendingPathComponent("a"), folder.appendingPathComponent("b")])
        try join.export(
            join.exporter(format: .mp4), to: folder.appendingPathComponent("joined.mp4"), progress: SilentProgress())
        #expect(
            try Self.bytes(of: folder.appendingPathComponent("joined.mp4")) == ParallelExportTests.output(.mp4, jobs: 1)
        )
    }

    @Test("three shards written into one shared folder (0-5, 6-17, 18-23) join as one: frames 0-23")
    func shardsShareAFolder() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("frames")
        for range in [6...17, 0...5, 18...23] { try Self.renderShard(range, into: shared) }
        let join = try ShardJoin(folders: [shared])
        #expect(join.shards.map(\.frames) == [0...5, 6...17, 18...23])
        let joined = folder.appendingPathComponent("joined.gif")
        try join.export(join.exporter(format: .gif), to: joined, progress: SilentProgress())
        #expect(try Self.bytes(of: joined) == ParallelExportTests.output(.gif, jobs: 1))
    }

    @Test("shards that cannot be joined are named: a gap, an overlap, another timeline, a missing frame, no manifest")
    func badShards() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func shard(_ name: String, _ frames: ClosedRange<Int>, fps: Double = 12) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Self.renderShard(frames, into: url, fps: fps)
            return url
        }
        let early = try shard("early", 0...9)
        let late = try shard("late", 12...23)
        let overlapping = try shard("overlapping", 8...15)
        let faster = try shard("faster", 10...23, fps: 24)
        let plain = folder.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)

        #expect(throws: ExportError.invalidShards("frames 10-11 are in no shard; render them with --frames 10-11")) {
            try ShardJoin(folders: [early, late])
        }
        #expect(throws: ExportError.invalidShards("frames 8-9 are in two shards")) {
            try ShardJoin(folders: [early, overlapping])
        }
        #expect(throws: ExportError.self) { try ShardJoin(folders: [early, faster]) }
        #expect(throws: ExportError.self) { try ShardJoin(folders: [plain]) }
        try FileManager.default.removeItem(at: late.appendingPathComponent("frame_00020.png"))
        let missing = late.appendingPathComponent("frame_00020.png").path
        #expect(
            throws: ExportError.invalidShards(
                "frame 20 of \(late.path)/frame_00012-00023.shard.json is missing: there is no \(missing)")
        ) { try ShardJoin(folders: [late]) }
    }

    @Test("a manifest is frame_00000-00009.shard.json, sorted-key JSON that reads back equal; version 2 is refused")
    func manifestFile() throws {
        let timeline = try FrameTimeline(start: 0.5, framesPerSecond: 29.97, frameCount: 24)
        let manifest = FrameShardManifest(
            timeline: timeline, size: ExportSize(width: 48, height: 32), frames: 0...9, naming: PNGSequenceOptions())
        #expect(manifest.fileName == "frame_00000-00009.shard.json")
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(manifest.fileName)
        try manifest.encoded().write(to: url)
        let read = try FrameShardManifest(contentsOf: url)
        #expect(read == manifest)
        #expect(try read.timeline() == timeline)
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(text.contains("\"framesPerSecond\" : 29.97"))
        try Data(text.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2").utf8).write(to: url)
        #expect(throws: ExportError.self) { try FrameShardManifest(contentsOf: url) }
        try Data(text.replacingOccurrences(of: "\"last\" : 9", with: "\"last\" : 24").utf8).write(to: url)
        #expect(throws: ExportError.self) { try FrameShardManifest(contentsOf: url) }
    }
}
