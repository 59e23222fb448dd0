import Foundation

/// Why an export, or one of its encoders, failed (our addition). Each message names the problem and what to do.
///
/// Whatever the error, an ``AnimationExporter`` leaves no partial output behind: files are written under a
/// temporary name beside the destination and only renamed into place once complete.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The folder the output should go into does not exist.
    case folderNotFound(path: String)
    /// The folder exists but this process may not create files in it.
    case folderNotWritable(path: String)
    /// A file was to be written where a folder of that name exists.
    case destinationIsFolder(path: String)
    /// A PNG sequence (a folder) was to be written where a file of that name exists.
    case destinationIsFile(path: String)
    /// Creating, writing or renaming a file failed; `reason` is the system's explanation.
    case writeFailed(path: String, reason: String)
    /// A frame size outside what the format accepts (1…65 535 for GIF; at most 32 767 for images).
    case invalidSize(width: Int, height: Int)
    /// The timeline has no frames to export.
    case emptyTimeline
    /// The requested frames `first…last` are not all inside the timeline's `0..<frameCount`.
    case invalidFrameRange(first: Int, last: Int, frameCount: Int)
    /// A frame from the source did not have the export's size.
    case frameSizeMismatch(frame: Int, expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// The frame source threw while producing frame `frame`; `reason` describes its error.
    case frameSourceFailed(frame: Int, reason: String)
    /// A setting is out of range; the text says which and what is allowed.
    case invalidOption(String)
    /// The external encoder (`ffmpeg`) could not be found; `searched` says where it was looked for.
    case encoderNotFound(name: String, searched: String)
    /// The external encoder could not be started, stopped with a non-zero status or was killed; `message` is
    /// the end of what it printed on its standard error.
    case encoderFailed(name: String, status: Int32, message: String)
    /// The export was cancelled (its task was cancelled) before it finished.
    case cancelled
    /// The shards given to a ``ShardJoin`` cannot be joined; the text says which shard or frames and why.
    case invalidShards(String)

    public var description: String {
        switch self {
        case .folderNotFound(let path):
            return
                "the output folder \(path) does not exist; create it (mkdir -p '\(path)') or choose another output path"
        case .folderNotWritable(let path):
            return
                "cannot create files in \(path) (permission denied); choose a writable folder or make it writable (chmod u+w '\(path)')"
        case .destinationIsFolder(let path):
            return
                "\(path) is a folder, not a file; give a file name such as \(path)/animation.gif, or remove the folder"
        case .destinationIsFile(let path):
            return
                "\(path) is an existing file, but a PNG sequence is written into a folder; give a folder path or remove the file"
        case .writeFailed(let path, let reason):
            return "could not write \(path): \(reason); check free disk space and permissions"
        case .invalidSize(let width, let height):
            return "the frame size \(width)×\(height) is not allowed; use a width and height of 1…32767 pixels"
        case .emptyTimeline:
            return "there are no frames to export; give a positive duration and frame rate"
        case .invalidFrameRange(let first, let last, let frameCount):
            let valid = frameCount > 0 ? "0-\(frameCount - 1)" : "none"
            return
                "frames \(first)-\(last) are outside the timeline's \(frameCount) frames (valid: \(valid)); choose a range inside it"
        case .frameSizeMismatch(let frame, let expectedWidth, let expectedHeight, let width, let height):
            return
                "frame \(frame) is \(width)×\(height) pixels but the export is \(expectedWidth)×\(expectedHeight); render every frame at the export size"
        case .frameSourceFailed(let frame, let reason):
            return "rendering frame \(frame) failed: \(reason)"
        case .invalidOption(let text):
            return "invalid export setting: \(text)"
        case .encoderNotFound(let name, let searched):
            return
                "\(name) was not found (\(searched)); install it with `sudo apt-get install \(name)` (Debian, Ubuntu) or `brew install \(name)` (macOS), or set PQC_FFMPEG to the path of the \(name) program; GIF and PNG export need nothing extra"
        case .encoderFailed(let name, let status, let message):
            let tail = message.isEmpty ? "it printed nothing" : "it said:\n\(message)"
            return "\(name) failed (exit status \(status)); \(tail)"
        case .cancelled:
            return "the export was cancelled; nothing was written"
        case .invalidShards(let text):
            return "cannot join the shards: \(text)"
        }
    }

    public var errorDescription: String? { description }
}
