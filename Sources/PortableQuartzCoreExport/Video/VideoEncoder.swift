import Foundation

/// The video file formats export supports through an external encoder (our addition).
public enum VideoContainer: String, Hashable, Sendable, CaseIterable {
    /// MPEG-4 with H.264 video (libx264, yuv420p): plays everywhere.
    case mp4
    /// WebM with VP9 video (libvpx-vp9, yuv420p).
    case webm
}

/// What a video encoder is asked to make (our addition).
public struct VideoSettings: Hashable, Sendable {
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames per second, finite and > 0.
    public var framesPerSecond: Double
    /// File format.
    public var container: VideoContainer
    /// Constant-quality factor (lower is better and larger: libx264 0…51, default 18; libvpx-vp9 0…63, default
    /// 32), or `nil` for the default.
    public var quality: Int?

    /// Settings for a `width × height` video at `framesPerSecond`.
    public init(width: Int, height: Int, framesPerSecond: Double, container: VideoContainer, quality: Int? = nil) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.container = container
        self.quality = quality
    }
}

/// Something that turns raw frames into a video file (our addition). ``FFmpegVideoEncoder`` is the real one;
/// tests use their own.
public protocol VideoEncoder: Sendable {
    /// Starts a video with `settings`, written to `output` (a temporary path the exporter renames when done).
    /// - Throws: ``ExportError/encoderNotFound(name:searched:)`` or ``ExportError/encoderFailed(name:status:message:)``.
    func startEncoding(_ settings: VideoSettings, to output: URL) throws(ExportError) -> any VideoEncodingSession
}

/// One video being encoded (our addition).
public protocol VideoEncodingSession: AnyObject {
    /// Adds the next frame: `width × height × 4` bytes, opaque straight RGBA, rows top to bottom.
    func append(_ rgba: [UInt8]) throws(ExportError)
    /// Ends the video and waits until the file is complete.
    func finish() throws(ExportError)
    /// Stops encoding; the output file may be incomplete (the exporter removes it).
    func cancel()
}
