import ArgumentParser
import Foundation
import PortableQuartzCoreExport

/// `pqc render`: renders a scene file (a layer archive, Docs/SceneFormat.md) to a GIF, PNG frames or a video.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file (a layer tree with its animations, as JSON) to GIF, PNG frames or MP4.",
        discussion: """
            The scene is built on its own clock at time 0 and drawn by CARenderer at frame i's time i / fps. \
            The output's extension chooses the format: .gif, .mp4 or .webm (made by ffmpeg), or a name without \
            an extension for a folder of PNG frames (frame_00000.png, …). Outputs are written atomically: a \
            failed render leaves nothing behind. `pqc gallery --export-scenes` writes a scene file for every \
            demo; the format is described in Docs/SceneFormat.md.

            Examples:
              pqc render gallery/scenes/delegate-chain.json   writes ./delegate-chain.gif
              pqc render chain.json --out chain.mp4 --fps 60  a video (needs ffmpeg)
              pqc render chain.json --out frames --frames 0-59
                                                       PNG frames 0…59 into ./frames/
            """
    )

    @Argument(help: "The scene file (JSON) to render.")
    var scene: String

    @Option(
        name: .long,
        help: "Output: FILE.gif, FILE.mp4, FILE.webm, or a folder name for PNG frames (default: SCENE.gif here).")
    var out: String?

    @Option(
        name: .long,
        help: "Seconds to record from 0 (default: until every animation has played once, at most 60 s; 1 s if none).")
    var duration: Double?

    @Option(name: .long, help: "Frames per second, above 0 and up to 240.")
    var fps: Double = SceneRenderJob.defaultFramesPerSecond

    @Option(name: .long, help: "Frame size as WIDTHxHEIGHT pixels (default: the root layer's size).")
    var size: String?

    @Option(name: .long, help: "Render only frames A to B of the timeline (inclusive, counted from 0), e.g. 0-59.")
    var frames: String?

    func validate() throws {
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration \(duration) is not a positive number of seconds; use e.g. --duration 2.")
        }
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw ValidationError("--fps \(fps) is out of range; use a frame rate above 0 and up to 240.")
        }
        if let size, ExportSize(parsing: size) == nil {
            throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT in pixels; use e.g. --size 640x480.")
        }
        if let frames, AnimationExporter.frameRange(parsing: frames) == nil {
            throw ValidationError("--frames '\(frames)' is not a range A-B with 0 ≤ A ≤ B; use e.g. --frames 0-59.")
        }
        if SceneRenderJob.format(forOutput: outputURL) == nil {
            throw ValidationError(
                "--out \(outputURL.lastPathComponent): unknown extension; use .gif, .mp4, .webm, or a folder name "
                    + "without an extension for PNG frames.")
        }
    }

    func run() throws {
        let archive = try SceneFile.load(from: URL(fileURLWithPath: scene))
        var job = SceneRenderJob(archive: archive, destination: outputURL)
        job.duration = duration
        job.framesPerSecond = fps
        job.size = size.flatMap(ExportSize.init(parsing:))
        job.frames = frames.flatMap(AnimationExporter.frameRange(parsing:))
        let report = CommandReport()
        report.begin("pqc render: rendering \(scene) to \(outputURL.path) …")
        let outcome = try job.run()
        let range = frames.map { " (frames \($0))" } ?? ""
        print(
            "Wrote \(outcome.result.destination.path) in \(report.elapsed): \(outcome.format.rawValue.uppercased()), "
                + "\(outcome.size.width)×\(outcome.size.height) pixels, \(outcome.result.framesWritten) frame(s) "
                + "written\(range) of a \(outcome.timeline.frameCount)-frame timeline at \(GalleryPage.number(fps)) fps."
        )
    }

    /// Where the output goes: `--out`, or the scene's name with `.gif` in the current folder.
    var outputURL: URL {
        if let out { return URL(fileURLWithPath: out).standardizedFileURL }
        let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        return URL(fileURLWithPath: (name.isEmpty ? "scene" : name) + ".gif").standardizedFileURL
    }
}
