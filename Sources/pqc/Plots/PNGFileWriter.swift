import Foundation
import PortableCoreGraphics

/// Writes a `CGImage` as a PNG file atomically: the bytes go to a hidden temporary file in the destination's
/// folder, which is then renamed over the destination (a rename within one folder is atomic on POSIX file
/// systems). A failed write removes the temporary file and leaves any existing file untouched.
enum PNGFileWriter {
    /// Why a PNG file could not be written; the description names the path, the cause and what to do.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `image` to `path` (relative paths are taken from the current folder); returns the absolute URL.
    @discardableResult
    static func write(_ image: CGImage, to path: String) throws(Failure) -> URL {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw Failure(
                description: "Cannot write \(url.path): it is a folder. Give a file name such as \(path)/plot.png.")
        }
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(
                description: "Cannot write \(url.path): the folder \(folder.path) does not exist. "
                    + "Create it first or choose another path with --out.")
        }
        guard access(folder.path, W_OK) == 0 else {
            throw Failure(
                description: "Cannot write \(url.path): the folder \(folder.path) is not writable. "
                    + "Choose another path with --out.")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        if let reason = writeNewFile(image.pngData(), at: temporary.path) {
            throw Failure(description: "Cannot write \(url.path): \(reason). Choose another path with --out.")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw Failure(description: "Cannot write \(url.path): \(reason). Choose another path with --out.")
        }
        return url
    }

    /// Creates `path` (which must not exist yet) holding `data`; on failure removes what it created and returns the
    /// system's reason.
    private static func writeNewFile(_ data: Data, at path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure != nil { unlink(path) }
        return failure
    }
}
