import Foundation
import PortableQuartzCoreExport

/// Renders a loaded scene file to a GIF, a PNG sequence or a video (our helper; what `pqc render` runs).
///
/// The tree is built on a manual clock at time 0 and drawn by `CARenderer` at frame `i`'s time `i / fps`; the
/// format follows the output's extension. Frames render on `jobs` threads, each building its own tree from the
/// archive (the layer tree lock is global, so threads sharing one tree would wait for each other). The export is atomic: a failure leaves nothing at the destination.
struct SceneRenderJob {
    /// What was rendered.
    struct Outcome {
        let result: ExportResult
        let format: ExportFormat
        let size: ExportSize
        let timeline: FrameTimeline
        /// The frames rendered.
        let frames: ClosedRange<Int>
    }

    /// The scene.
    let archive: LayerArchive
    /// The file (GIF, MP4, WebM) or folder (PNG sequence) to write.
    let destination: URL
    /// Seconds to record from 0; nil for `SceneDuration.estimate(root:)`.
    var duration: Double?
    /// The frame rate `pqc render` uses unless told otherwise.
    static let defaultFramesPerSecond = 30.0

    /// Frames per second.
    var framesPerSecond = SceneRenderJob.defaultFramesPerSecond
    /// Frame size in pixels; nil for the root layer's size at one pixel per point.
    var size: ExportSize?
    /// Only these frames of the timeline (`--frames` or `--shard`); nil for all.
    var selection: ShardSelection?
    /// What makes videos.
    var videoEncoder = FFmpegVideoEncoder()
    /// The progress display.
    var progress: any ExportProgress = TerminalProgressBar.standardError()
    /// How many threads render frames at once, each with its own copy of the scene built from the archive.
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// The format an output path asks for: its extension (`gif`, `png`, `mp4`, `m4v`, `webm`), and a PNG sequence
    /// for a path without one (a folder); nil for any other extension.
    static func format(forOutput url: URL) -> ExportFormat? {
        let fileExtension = url.pathExtension
        return fileExtension.isEmpty ? .png : ExportFormat(fileExtension: fileExtension)
    }

    /// Renders and writes the scene.
    /// - Throws: `ExportError` (bad settings, an unwritable destination, an absent ffmpeg) or `SceneFile.Failure`
    ///   (a tree that cannot be built or has no size); nothing is written then.
    func run() throws -> Outcome {
        guard let format = Self.format(forOutput: destination) else {
            throw ExportError.invalidOption(
                "the output \(destination.lastPathComponent) has an unknown extension; use .gif, .mp4, .webm, or "
                    + "a folder name without an extension for PNG frames")
        }
        let archive = archive
        let scene = try ArchivedScene(archive)
        let content = scene.root.frame
        let pixels = try size ?? Self.pixelSize(of: content)
        let canvas = RenderCanvas(pixels: pixels, content: content)
        let seconds = duration ?? scene.withClock { SceneDuration.estimate(root: scene.root) }
        let timeline: FrameTimeline
        do {
            timeline = try FrameTimeline(framesPerSecond: framesPerSecond, duration: seconds)
        } catch {
            throw ExportError.invalidOption(
                "cannot record \(seconds) s at \(framesPerSecond) frames per second (\(error)); give a positive "
                    + "--duration and --fps")
        }
        var exporter = AnimationExporter(format: format, timeline: timeline, size: pixels)
        exporter.frames = try selection?.frames(frameCount: timeline.frameCount)
        exporter.pngSequence.writesShardManifest = true
        exporter.videoEncoder = videoEncoder
        exporter.jobs = jobs
        let result = try exporter.export(
            sources: { try SceneFrameSource(canvas: canvas) { try ArchivedScene(archive) } }, to: destination,
            progress: progress)
        return Outcome(
            result: result, format: format, size: pixels, timeline: timeline,
            frames: exporter.frames ?? 0...(timeline.frameCount - 1))
    }

    /// The root layer's frame size rounded up to whole pixels.
    private static func pixelSize(of frame: CGRect) throws(SceneFile.Failure) -> ExportSize {
        let width = frame.width.rounded(.up)
        let height = frame.height.rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 32_767, height <= 32_767 else {
            throw SceneFile.Failure(
                description: "The scene's root layer is \(frame.width)×\(frame.height) points, which is no picture "
                    + "size; give one with --size WxH.")
        }
        return ExportSize(width: Int(width), height: Int(height))
    }
}
