/// The kinds of output an ``AnimationExporter`` writes (our addition).
public enum ExportFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A folder of PNG files, one per frame (see ``PNGSequenceOptions``).
    case png
    /// One animated GIF file (see ``GIFEncoder``).
    case gif
    /// One MP4 file (H.264) made by ffmpeg.
    case mp4
    /// One WebM file (VP9) made by ffmpeg.
    case webm

    /// The format a file name extension stands for (`gif`, `png`, `mp4`, `m4v`, `webm`, any letter case), or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "gif": self = .gif
        case "mp4", "m4v": self = .mp4
        case "webm": self = .webm
        default: return nil
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// Whether the output is a folder of files (PNG) rather than one file.
    public var writesFolder: Bool { self == .png }

    /// The video container for the ffmpeg formats, `nil` for PNG and GIF.
    public var videoContainer: VideoContainer? {
        switch self {
        case .mp4: .mp4
        case .webm: .webm
        case .png, .gif: nil
        }
    }

    public var description: String { rawValue }
}
