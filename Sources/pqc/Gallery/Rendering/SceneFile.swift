import Foundation
import PortableQuartzCore

/// Scene files (`LayerArchive` JSON, Docs/SceneFormat.md) as `pqc` writes and reads them (our helper).
///
/// A scene file holds the layer tree and the animations attached to it at the moment it was captured; a demo's
/// script (its taps, drags and timers, and what they add later) is code and cannot be archived. `pqc gallery
/// --export-scenes` captures each demo at time 0, after the demo has built its layers and added what the seed adds
/// when the view loads, so demos that start animations only on a later event play less from their scene file.
enum SceneFile {
    /// Why a scene file could not be read or used; the description names the file, the problem and the fix.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The JSON of `scene`'s tree as it is now (model values and attached animations).
    static func capture(_ scene: some PlayableScene) throws -> Data {
        try scene.withClock { try LayerArchive(scene.root).encodeJSON() }
    }

    /// The largest scene file read, in bytes (256 MB): a bigger one is refused before anything is read.
    static let maximumFileSize = 256 << 20

    /// Reads and checks the scene file at `url`, building its tree once to be sure it loads.
    /// - Throws: `Failure` when the path is missing, a folder or no regular file (a device such as `/dev/zero`,
    ///   a pipe), the file is larger than ``maximumFileSize`` or unreadable, is not a layer archive, has a NaN
    ///   timing value, or names something that cannot be built (the archive's path to the problem is in the
    ///   message).
    static func load(from url: URL) throws(Failure) -> LayerArchive {
        let data = try read(url)
        let archive: LayerArchive
        do {
            archive = try LayerArchive.decode(fromJSON: data)
            try archive.checkTimingIsNumeric()
            _ = try ArchivedScene(archive)
        } catch {
            var problem = "\(error)"
            if problem.hasSuffix(".") { problem.removeLast() }
            throw Failure(
                description: "\(url.path) is not a valid scene file: \(problem). "
                    + "Scene files are layer archives as described in Docs/SceneFormat.md.")
        }
        return archive
    }

    /// The bytes of the regular file at `url`, checked before reading (a device would never end).
    private static func read(_ url: URL) throws(Failure) -> Data {
        let path = url.path
        let hint = "`pqc gallery --export-scenes` writes example scene files."
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Failure(description: "Cannot read the scene file \(path) (\(systemError())). Check the path; \(hint)")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw Failure(
                description: "\(path) is a folder, not a scene file; give the path of a .json scene file. \(hint)")
        default:
            throw Failure(
                description: "\(path) is not a regular file (it is a device, pipe or socket); give the path of a .json "
                    + "scene file. \(hint)")
        }
        guard status.st_size <= maximumFileSize else {
            throw Failure(
                description:
                    "\(path) is \(status.st_size) bytes; scene files larger than \(maximumFileSize >> 20) MB are "
                    + "not read.")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Failure(description: "Cannot read the scene file \(path) (\(reason(error))). Check its permissions.")
        }
    }

    /// The system's explanation of the last failed call (`errno`).
    private static func systemError() -> String { String(cString: strerror(errno)) }

    /// The system's explanation of a file error, without Foundation's long wrapper text when it has one.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
