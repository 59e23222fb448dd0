import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The temporary files and folders that exports in this process are writing (our helper), so that nothing of
/// them survives the process: not an error (the writers discard them), not an interrupting signal (see
/// ``ExportInterruption``), and not even a crash — each is created under an exclusive `flock` that this process
/// holds until the export ends, so the next export into the same folder can tell a crashed process's leftover
/// (no lock) from a live export's file and remove it (``removeStale(in:)``).
///
/// All changes to the registry, and the creation and removal of staged items, happen under one lock (an
/// `NSLock`, which the thread sanitizer understands); the interrupt handler takes it and never gives it back, so
/// no staging file can appear after the handler has removed them.
enum StagingRegistry {
    /// A staged item: its path and the descriptor that holds its lock.
    private struct Item {
        let path: String
        let descriptor: Int32
        let isFolder: Bool
    }

    private static let lock = NSLock()
    /// The staged items by path. Safe to share: it is only read or written between `lock.lock()` and
    /// `lock.unlock()` in this type's methods, and nothing outside the type can reach it.
    nonisolated(unsafe) private static var items: [String: Item] = [:]

    /// How long an unlocked staging item must have been left unchanged before another run removes it, in seconds:
    /// the moment between creating an item and locking it must not look like a crash.
    static let staleAge: TimeInterval = 2

    /// Creates the empty file or folder `url`, the staging item of `destination`, locks it and records it.
    /// - Throws: ``ExportError/writeFailed(path:reason:)`` (naming `destination`) when it cannot be created.
    static func create(_ url: URL, isFolder: Bool, for destination: URL) throws(ExportError) {
        let path = url.path
        lock.lock()
        defer { lock.unlock() }
        let created: Bool
        var descriptor: Int32 = -1
        if isFolder {
            created = mkdir(path, 0o755) == 0
            if created { descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        } else {
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            created = descriptor >= 0
        }
        guard created else {
            let folder = url.deletingLastPathComponent().path
            throw .writeFailed(
                path: destination.path,
                reason:
                    "no temporary \(isFolder ? "folder" : "file") could be created in \(folder) (\(Self.systemError()))"
            )
        }
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        items[path] = Item(path: path, descriptor: descriptor, isFolder: isFolder)
    }

    /// Runs `body` with the registry locked, so that an interrupt cannot remove the staged items halfway through
    /// (writing a frame into a staging folder, renaming a finished file into place).
    static func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Forgets `url` (renamed into place by its writer) and releases its lock.
    static func release(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        if let item = items.removeValue(forKey: url.path), item.descriptor >= 0 { close(item.descriptor) }
    }

    /// Removes the staged item `url` and forgets it.
    static func discard(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        guard let item = items.removeValue(forKey: url.path) else { return }
        remove(item.path, isFolder: item.isFolder)
        if item.descriptor >= 0 { close(item.descriptor) }
    }

    /// Removes every staged item, and keeps the registry locked for good: the process is about to end.
    static func removeAllForExit() {
        lock.lock()
        for item in items.values {
            remove(item.path, isFolder: item.isFolder)
        }
        items.removeAll()
    }

    /// Removes the leftovers of exports that crashed or were killed in `folder`: hidden items named like staging
    /// files (`.NAME.partial-UUID`) that no process holds locked and that have not changed for ``staleAge``.
    static func removeStale(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where isStagingName(name) {
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            guard isFolder || status.st_mode & S_IFMT == S_IFREG else { continue }
            let age = Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec)
            guard age >= staleAge else { continue }
            let descriptor = open(path, (isFolder ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // A live export (in this process or another) holds the lock; a crashed one held it no longer.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            remove(path, isFolder: isFolder)
        }
    }

    /// Whether `name` has the shape of `OutputLocation.temporarySibling(of:)`'s names: `.` + name + `.partial-`
    /// + a UUID.
    static func isStagingName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".partial-", options: .backwards) else { return false }
        return marker.lowerBound > name.index(after: name.startIndex)
            && UUID(uuidString: String(name[marker.upperBound...])) != nil
    }

    private static func remove(_ path: String, isFolder: Bool) {
        if isFolder {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            unlink(path)
        }
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
