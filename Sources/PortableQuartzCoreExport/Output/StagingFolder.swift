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
/// left alone. ``discard()``, or dropping the stager without committing, removes the temporary folder and
/// everything in it.
final class StagingFolder {
    /// Where the files end up.
    let destination: URL
    /// Where they are written meanwhile.
    let temporary: URL
    /// Names of the files written so far, in order.
    private(set) var fileNames: [String] = []
    private var committed = false

    /// Creates the temporary folder for `destination`.
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
        temporary = OutputLocation.temporarySibling(of: destination)
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw .writeFailed(path: temporary.path, reason: error.localizedDescription)
        }
    }

    /// Writes one file of the set.
    func write(_ data: Data, named name: String) throws(ExportError) {
        let url = temporary.appendingPathComponent(name)
        do {
            try data.write(to: url)
        } catch {
            throw .writeFailed(path: destination.appendingPathComponent(name).path, reason: error.localizedDescription)
        }
        fileNames.append(name)
    }

    /// Moves the files into the destination folder (see the type's documentation).
    func commit() throws(ExportError) {
        if OutputLocation.existing(destination) == .nothing {
            try OutputLocation.move(temporary, to: destination)
        } else {
            for name in fileNames {
                try OutputLocation.move(
                    temporary.appendingPathComponent(name), to: destination.appendingPathComponent(name))
            }
            OutputLocation.remove(temporary)
        }
        committed = true
    }

    /// Removes the temporary folder and its files; the destination is left as it was.
    func discard() {
        if !committed { OutputLocation.remove(temporary) }
    }

    deinit { discard() }
}
