import Foundation

/// A file written under a temporary name beside its destination and renamed into place by ``commit()``.
///
/// Until then nothing exists under the destination's name (an older file there stays untouched); ``discard()``,
/// or dropping the writer without committing, removes the temporary file, and so does an interrupting signal
/// when ``ExportInterruption`` is installed. The temporary file is locked while it is written, so a leftover of a
/// crashed process is recognised and removed by the next export into the same folder (see `StagingRegistry`).
/// The data is not forced to disk (no `fsync`): the guarantee is about failed and cancelled exports, not power
/// loss.
final class AtomicFile {
    /// Where the file ends up.
    let destination: URL
    /// Where it is written meanwhile.
    let temporary: URL
    private var handle: FileHandle?
    private var committed = false

    /// Creates the temporary file for `destination`, first removing stale leftovers of crashed exports beside it.
    /// - Throws: ``ExportError/folderNotFound(path:)``, ``ExportError/folderNotWritable(path:)``,
    ///   ``ExportError/destinationIsFolder(path:)``, or ``ExportError/writeFailed(path:reason:)``.
    init(destination: URL) throws(ExportError) {
        try OutputLocation.checkParentFolder(of: destination)
        guard OutputLocation.existing(destination) != .folder else {
            throw .destinationIsFolder(path: destination.path)
        }
        self.destination = destination
        StagingRegistry.removeStale(in: destination.deletingLastPathComponent())
        temporary = OutputLocation.temporarySibling(of: destination)
        try StagingRegistry.create(temporary, isFolder: false, for: destination)
        do {
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            StagingRegistry.discard(temporary)
            throw .writeFailed(path: temporary.path, reason: error.localizedDescription)
        }
    }

    /// Appends `bytes` to the file.
    func write(_ bytes: [UInt8]) throws(ExportError) {
        guard !bytes.isEmpty, let handle else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw .writeFailed(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Closes the file and renames it to the destination, replacing what was there.
    func commit() throws(ExportError) {
        do {
            try handle?.close()
        } catch {
            throw .writeFailed(path: destination.path, reason: error.localizedDescription)
        }
        handle = nil
        try StagingRegistry.withLock { () throws(ExportError) in try OutputLocation.move(temporary, to: destination) }
        StagingRegistry.release(temporary)
        committed = true
    }

    /// Closes and removes the temporary file; the destination is left as it was.
    func discard() {
        try? handle?.close()
        handle = nil
        if !committed { StagingRegistry.discard(temporary) }
    }

    deinit { discard() }
}
