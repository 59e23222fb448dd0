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

    /// Reads and checks the scene file at `url`, building its tree once to be sure it loads.
    /// - Throws: `Failure` when the file cannot be read, is not a layer archive, or names something that cannot
    ///   be built (the archive's path to the problem is in the message).
    static func load(from url: URL) throws(Failure) -> LayerArchive {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Failure(
                description: "Cannot read the scene file \(url.path) (\(reason(error))). Check the path; "
                    + "`pqc gallery --export-scenes` writes example scene files.")
        }
        let archive: LayerArchive
        do {
            archive = try LayerArchive.decode(fromJSON: data)
            _ = try ArchivedScene(archive)
        } catch {
            throw Failure(
                description: "\(url.path) is not a valid scene file: \(error). "
                    + "Scene files are layer archives as described in Docs/SceneFormat.md.")
        }
        return archive
    }

    /// The system's explanation of a file error, without Foundation's long wrapper text when it has one.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
