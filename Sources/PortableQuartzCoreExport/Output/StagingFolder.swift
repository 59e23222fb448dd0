import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A folder of files (a PNG sequence) written into a temporary folder beside its destination, then moved into
/// place by ``commit()``.
///
/// When the destination folder does not exist yet, the whole temporary folder is renamed to it in one atomic
/// step. When it exists (for example a folder that already holds frames 0–99 and now receives 100–199 from
/// another machine), each file is renamed into it, replacing a file of the same name; other files there are
/// left alone. ``discard()``, dropping the stager without committing, or an interrupting signal when
/// ``ExportInterruption`` is installed, removes the temporary folder and everything in it; a crashed process's
/// leftover is removed by the next export into the same folder (see `StagingRegistry`).
final class StagingFolder {
    /// Where the files end up.
    let destination: URL
    /// Where they are written meanwhile.
    let temporary: URL
    /// Names of the files written so far, in order.
    private(set) var fileNames: [String] = []
    private var committed = false

    /// Creates the temporary folder for `destination`, first removing stale leftovers of crashed exports beside it.
    /// - Throws: ``ExportError/folderNotFound(path:)``, ``ExportError/folderNotWritable(path:)``,
    ///   ``ExportError/destinationIsFile(path:)``, or ``ExportError/writeFailed(path:reason:)``; when the
    ///   destination folder exists it must be writable too.
    init(destination: URL) throws(ExportError) {
        try OutputLocation.checkParentFolder(of: destination)
        switch OutputLocation.existing(destination) {
        case .file:
            throw .destinationIsFile(path: destination.path)
        case .folder:
            guard access(destination.path, W_OK | X_OK) == 0 else { throw .folderNotWritable(path: destination.path) }
        case .nothing:
            break
        }
        self.destination = destination
        StagingRegistry.removeStale(in: destination.deletingLastPathComponent())
        temporary = OutputLocation.temporarySibling(of: destination)
        try StagingRegistry.create(temporary, isFolder: true, for: destination)
    }

    /// Writes one file of the set.
    func write(_ data: Data, named name: String) throws(ExportError) {
        let url = temporary.appendingPathComponent(name)
        do {
            try StagingRegistry.withLock { try data.write(to: url) }
        } catch {
            throw .writeFailed(path: destination.appendingPathComponent(name).path, reason: error.localizedDescription)
        }
        fileNames.append(name)
    }

    /// Moves the files into the destination folder (see the type's documentation).
    func commit() throws(ExportError) {
        try StagingRegistry.withLock { () throws(ExportError) in
            if OutputLocation.existing(destination) == .nothing {
                try OutputLocation.move(temporary, to: destination)
            } else {
                for name in fileNames {
                    try OutputLocation.move(
                        temporary.appendingPathComponent(name), to: destination.appendingPathComponent(name))
                }
                OutputLocation.remove(temporary)
            }
        }
        StagingRegistry.release(temporary)
        committed = true
    }

    /// Removes the temporary folder and its files; the destination is left as it was.
    func discard() {
        if !committed { StagingRegistry.discard(temporary) }
    }

    deinit { discard() }
}
