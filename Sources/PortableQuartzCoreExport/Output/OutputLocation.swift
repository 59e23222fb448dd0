import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Checks and names the places an export writes to: the destination, and a temporary sibling of it in the same
/// folder (so the final rename stays on one file system and is atomic).
///
/// Temporary names start with a dot and end in `.partial-<random>` (`.wave.gif.partial-1A2B…`), so an export
/// that is killed before it can clean up leaves only a hidden, clearly named leftover, never a file under the
/// destination's name.
enum OutputLocation {
    /// What is at a path.
    enum Existing {
        case nothing
        case file
        case folder
    }

    /// What exists at `url`.
    static func existing(_ url: URL) -> Existing {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return .nothing }
        return isFolder.boolValue ? .folder : .file
    }

    /// Throws unless the folder that holds `url` exists and this process may create files in it.
    static func checkParentFolder(of url: URL) throws(ExportError) {
        let folder = url.deletingLastPathComponent()
        guard existing(folder) == .folder else { throw .folderNotFound(path: folder.path) }
        guard access(folder.path, W_OK | X_OK) == 0 else { throw .folderNotWritable(path: folder.path) }
    }

    /// A temporary path beside `url`, not yet created.
    static func temporarySibling(of url: URL) -> URL {
        let name = ".\(url.lastPathComponent).partial-\(UUID().uuidString)"
        return url.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Renames `source` to `destination`, replacing a file already there, in one atomic step.
    static func move(_ source: URL, to destination: URL) throws(ExportError) {
        guard rename(source.path, destination.path) == 0 else {
            throw .writeFailed(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Removes whatever is at `url`, ignoring a missing item.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
