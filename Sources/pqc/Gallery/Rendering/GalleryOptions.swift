import Foundation
import PortableQuartzCoreExport

/// How `pqc gallery` renders the demos (our helper): format, frame size, frame rate, whether scene files are
/// written, the video encoder and the progress display.
struct GalleryOptions {
    /// The frame size of the defaults, in pixels: the demos' own canvas at one pixel per point.
    static let defaultSize = ExportSize(width: 480, height: 360)
    /// The frame rate of the defaults, frames per second: 20, so that the debug build `swift run` makes renders the
    /// whole gallery (about 1 700 frames of 480×360) in about a minute on two cores; 30 fps takes half as long again.
    static let defaultFramesPerSecond = 20.0

    /// What each demo is exported as: a GIF file, a folder of PNG frames, or an MP4 / WebM video (ffmpeg).
    var format: ExportFormat = .gif
    /// Frame size in pixels; the demo is laid out on a canvas of at least 480×360 points with the same shape.
    var size = GalleryOptions.defaultSize
    /// Frames per second, finite and above 0.
    var framesPerSecond = GalleryOptions.defaultFramesPerSecond
    /// Whether each demo's scene file (`scenes/NAME.json`) is written too.
    var exportsScenes = false
    /// Whether the Lottie section (the project's own Lottie samples) is rendered too; `pqc gallery` turns it on
    /// unless `--only` picks one demo.
    var includesLottie = false
    /// What makes videos; looked up before anything is written when the format is a video.
    var videoEncoder = FFmpegVideoEncoder()
    /// How many threads render (and encode) a demo's frames at once: one per processor core by default; 1 renders
    /// everything on one thread, demo after demo. The files are the same whatever the number.
    var jobs = Swift.max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// Makes the progress display of one export (a bar on standard error when it is a terminal, by default), on the
    /// thread that renders the demo (the main actor for seed 002's demos).
    var makeProgress: @Sendable () -> any ExportProgress = { TerminalProgressBar.standardError() }

    /// The options, checked.
    struct Plan: Sendable {
        let format: ExportFormat
        let canvas: RenderCanvas
        let framesPerSecond: Double

        /// The frames of a demo lasting `duration` seconds.
        func timeline(duration: Double) throws -> FrameTimeline {
            do {
                return try FrameTimeline(framesPerSecond: framesPerSecond, duration: duration)
            } catch {
                throw GalleryWriter.Failure(
                    description: "A demo of \(duration) s at \(framesPerSecond) frames per second cannot be "
                        + "rendered (\(error)). Use a lower --fps.")
            }
        }
    }

    /// Checks the settings.
    /// - Throws: `ExportError.invalidSize` for a side outside 1…32 767 pixels, `ExportError.invalidOption` for a
    ///   frame rate that is not finite and above 0 or above 240.
    func plan() throws(ExportError) -> Plan {
        guard (1...32_767).contains(size.width), (1...32_767).contains(size.height) else {
            throw .invalidSize(width: size.width, height: size.height)
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 240 else {
            throw .invalidOption("the frame rate \(framesPerSecond) is not allowed; use --fps above 0 and up to 240")
        }
        return Plan(format: format, canvas: .demo(pixels: size), framesPerSecond: framesPerSecond)
    }
}
