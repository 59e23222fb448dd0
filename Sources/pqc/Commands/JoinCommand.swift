import ArgumentParser
import Foundation
import PortableQuartzCoreExport

/// `pqc join`: joins the PNG shards of a render split by frame range into one GIF, video or PNG sequence.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract:
            "Join PNG shards of one render (pqc render --shard I/N or --frames A-B) into one GIF, MP4 or PNG folder.",
        discussion: """
            Each shard is a folder of PNG frames with a manifest (frame_A-B.shard.json) that `pqc render` writes \
            whenever its output is a folder. The shards must come from the same scene and settings and together \
            hold every frame of the timeline once; the result is byte for byte what one `pqc render` writes (a \
            GIF's palette is sampled from the joined frames as a single render samples its own). With --partial \
            the shards may hold one unbroken range of frames instead, and the result is what `pqc render \
            --frames A-B` writes. Shards may share a folder. Docs/ScaleOut.md shows how to render shards on many \
            machines.

            Examples:
              pqc render scene.json --shard 0/2 --out part-0
              pqc render scene.json --shard 1/2 --out part-1
              pqc join part-0 part-1 --out scene.gif        the GIF `pqc render scene.json` writes
              pqc join part-* --out scene.mp4               a video (needs ffmpeg)
              pqc join part-* --out frames                  one folder of all the frames
            """
    )

    @Argument(help: "The shard folders.")
    var shards: [String]

    @Option(name: .long, help: "Output: FILE.gif, FILE.mp4, FILE.webm, or a folder name for PNG frames.")
    var out: String

    @Flag(name: .long, help: "Join shards that hold only part of the timeline (one unbroken range of frames).")
    var partial = false

    @OptionGroup var jobs: Jobs

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("Give the shard folders to join.") }
        if SceneRenderJob.format(forOutput: outputURL) == nil {
            throw ValidationError(
                "--out \(outputURL.lastPathComponent): unknown extension; use .gif, .mp4, .webm, or a folder name "
                    + "without an extension for PNG frames.")
        }
    }

    /// Where the output goes.
    var outputURL: URL { URL(fileURLWithPath: out).standardizedFileURL }

    /// The frames of the timeline before and after the shards' range (none, one or two ranges).
    static func missingFrames(of manifest: FrameShardManifest) -> [ClosedRange<Int>] {
        var missing: [ClosedRange<Int>] = []
        if manifest.first > 0 { missing.append(0...(manifest.first - 1)) }
        if manifest.last < manifest.frameCount - 1 { missing.append((manifest.last + 1)...(manifest.frameCount - 1)) }
        return missing
    }

    func run() throws {
        let join = try ShardJoin(folders: shards.map { URL(fileURLWithPath: $0, isDirectory: true) })
        let missing = Self.missingFrames(of: join.manifest)
        if !partial, !missing.isEmpty {
            let ranges = missing.map { "\($0.lowerBound)-\($0.upperBound)" }
            throw ValidationError(
                "The shards hold frames \(join.manifest.first)-\(join.manifest.last) of a "
                    + "\(join.manifest.frameCount)-frame timeline; frames \(ranges.joined(separator: " and ")) are in "
                    + "no shard. Render them (\(ranges.map { "--frames " + $0 }.joined(separator: ", "))) into "
                    + "shards of their own, or join just these frames with --partial.")
        }
        let format = SceneRenderJob.format(forOutput: outputURL) ?? .gif
        var exporter = join.exporter(format: format)
        exporter.jobs = jobs.count
        let report = CommandReport()
        let frames = join.manifest.frames
        report.begin(
            "pqc join: joining frames \(frames.lowerBound)-\(frames.upperBound) of \(join.shards.count) shard(s) "
                + "into \(outputURL.path) …")
        let result = try join.export(exporter, to: outputURL)
        print(
            "Wrote \(result.destination.path) in \(report.elapsed): \(format.rawValue.uppercased()), "
                + "\(join.manifest.width)×\(join.manifest.height) pixels, \(result.framesWritten) frame(s) written "
                + "(frames \(frames.lowerBound)-\(frames.upperBound) from \(join.shards.count) shard(s)) of a "
                + "\(join.manifest.frameCount)-frame timeline at \(GalleryPage.number(join.manifest.framesPerSecond)) fps."
        )
    }
}
