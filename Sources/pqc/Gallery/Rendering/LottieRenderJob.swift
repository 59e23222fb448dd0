import Foundation
import PortableLottie
import PortableQuartzCore
import PortableQuartzCoreExport

/// `pqc render` for a Lottie file (our helper): the animation at its own size and frame rate by default, as a GIF,
/// PNG frames or a video; or one picture at a progress.
struct LottieRenderJob {
    /// What was rendered.
    struct Outcome {
        let destination: URL
        let size: ExportSize
        let frames: Int
        let framesPerSecond: Double
        let issues: [LottieCompatibilityIssue]
    }

    let animation: LottieAnimation
    let destination: URL
    /// The picture size in pixels; nil for the composition's size at one pixel per point.
    var size: ExportSize?
    /// Frames per second; nil for the animation's own.
    var framesPerSecond: Double?
    /// Only these frames of the timeline (`--frames` or `--shard`); nil for all.
    var selection: ShardSelection?
    /// What makes videos.
    var videoEncoder = FFmpegVideoEncoder()
    /// The progress display.
    var progress: any ExportProgress = TerminalProgressBar.standardError()
    /// How many threads render frames at once, each with its own layer tree.
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Colours in place of the file's (`--set-color`), in the order given.
    var colors: [ColorSetting] = []
    /// The rectangle of the composition shown (`--viewport`); nil for all of it.
    var viewport: CGRect?

    /// The composition's size rounded up to whole pixels.
    var naturalSize: ExportSize {
        ExportSize(width: Int(animation.width.rounded(.up)), height: Int(animation.height.rounded(.up)))
    }

    /// Writes one PNG of the animation paused at `progress` (0…1).
    func renderPicture(at progress: Double) throws -> Outcome {
        let pixels = size ?? naturalSize
        let layer = LottieAnimationLayer(animation: animation)
        for setting in colors { setting.apply(to: layer) }
        layer.viewportFrame = viewport
        guard let image = layer.snapshot(progress: progress, width: pixels.width, height: pixels.height) else {
            throw ExportError.invalidSize(width: pixels.width, height: pixels.height)
        }
        try PNGFileWriter.write(image, to: destination.path)
        return Outcome(
            destination: destination, size: pixels, frames: 1, framesPerSecond: animation.framerate,
            issues: layer.compatibilityIssues)
    }

    /// Writes the animation from its first frame to its last as `format`.
    func renderAnimation(format: ExportFormat) throws -> Outcome {
        let pixels = size ?? naturalSize
        let rate = framesPerSecond ?? animation.framerate
        let count = max(1, Int((animation.duration * rate).rounded(.down)))
        let timeline = try FrameTimeline(framesPerSecond: rate, frameCount: count)
        var exporter = AnimationExporter(format: format, timeline: timeline, size: pixels)
        exporter.frames = try selection?.frames(frameCount: timeline.frameCount)
        exporter.pngSequence.writesShardManifest = true
        exporter.videoEncoder = videoEncoder
        exporter.jobs = jobs
        let animation = animation
        let (colors, viewport) = (colors, viewport)
        let result = try exporter.export(
            sources: {
                try LottieFrameSource(animation: animation, pixels: pixels, colors: colors, viewport: viewport)
            }, to: destination, progress: progress)
        return Outcome(
            destination: result.destination, size: pixels, frames: result.framesWritten, framesPerSecond: rate,
            issues: LottieAnimationLayer(animation: animation).compatibilityIssues)
    }
}
