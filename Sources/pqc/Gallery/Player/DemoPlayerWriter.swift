import Foundation
import PortableQuartzCoreExport

/// Writes what the gallery page's player needs for one demo (our helper): every frame of the timeline, in order, as
/// PNG strips, and a data script with the frames' times and the animated properties' values.
///
/// Files, under the gallery folder:
/// - `player/NAME/K.png`: strip `K`, frames `K·n … K·n + n − 1` side by side, left to right, where `n` is
///   `framesPerStrip` (8 at 480 pixels wide). Side by side, the same row of consecutive frames lies one frame
///   width apart in the PNG's byte stream, inside deflate's 32 KB window, so what stays still from frame to frame
///   compresses to back-references: the strips of the default gallery take about a third less than one PNG per
///   frame, and the page loads 8 times fewer files.
/// - `player/NAME.js`: `pqcGallery.add({...})` with the JSON of `PlayerData` (a script, not a JSON file, because
///   pages opened from `file://` may not fetch files but may load scripts).
///
/// Each file is written atomically; the demo's strip folder is emptied first, so no strip of an earlier, longer run
/// stays behind.
final class DemoPlayerWriter {
    /// The folder, inside the gallery, that holds the players' files.
    static let folder = "player"

    /// What `player/NAME.js` holds.
    struct PlayerData: Codable, Equatable {
        let name: String
        let framesPerSecond: Double
        /// Each frame's media time in seconds, as the engine rendered it.
        let times: [Double]
        let width: Int
        let height: Int
        let framesPerStrip: Int
        /// The strips, relative to the gallery folder.
        let strips: [String]
        let tracks: [AnimatedProperties.Track]
        /// Per frame, per track: the value shown, or nil when the track is not animated at that frame.
        let values: [[String?]]
    }

    let name: String
    let gallery: URL
    let timeline: FrameTimeline
    let pixels: ExportSize
    /// Frames per strip: as many as fit in 4 096 pixels, at least 1 and at most 8.
    let framesPerStrip: Int
    private var strip: [UInt8]
    private var inStrip = 0
    private var strips: [String] = []
    private var tracks: [AnimatedProperties.Track] = []
    private var trackIndex: [AnimatedProperties.Track: Int] = [:]
    private var rows: [[Int: String]] = []
    /// The files written so far (strips, then the data script).
    private(set) var files: [URL] = []

    /// A writer for the demo `name` of `timeline` at `pixels`, into the gallery folder `gallery`.
    /// - Throws: `GalleryWriter.Failure` when the strip folder cannot be made.
    init(name: String, gallery: URL, timeline: FrameTimeline, pixels: ExportSize) throws {
        self.name = name
        self.gallery = gallery
        self.timeline = timeline
        self.pixels = pixels
        framesPerStrip = Swift.min(8, Swift.max(1, 4_096 / pixels.width))
        strip = [UInt8](repeating: 0, count: framesPerStrip * pixels.width * pixels.height * 4)
        let folder = gallery.appendingPathComponent("\(Self.folder)/\(name)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw GalleryWriter.Failure(
                description: "Cannot create the folder \(folder.path) (\(error.localizedDescription)) "
                    + "Choose another with --out DIR.")
        }
    }

    /// How many frames have been added.
    var frameCount: Int { rows.count }

    /// Adds the next frame of the timeline and the animated properties' values at its time.
    /// - Throws: `GalleryWriter.Failure` when a strip cannot be written.
    func add(_ image: CGImage, properties: [(track: AnimatedProperties.Track, value: String)]) throws {
        precondition(image.width == pixels.width && image.height == pixels.height, "frame of the wrong size")
        let stripStride = framesPerStrip * pixels.width * 4
        let offset = inStrip * pixels.width * 4
        let rowBytes = pixels.width * 4
        image.withUnsafePremultipliedRGBABytes { source in
            strip.withUnsafeMutableBytes { target in
                for row in 0..<pixels.height {
                    let from = source.baseAddress! + row * image.bytesPerRow
                    (target.baseAddress! + row * stripStride + offset).copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        inStrip += 1
        var row: [Int: String] = [:]
        for (track, value) in properties {
            let index = trackIndex[track] ?? tracks.count
            if index == tracks.count {
                tracks.append(track)
                trackIndex[track] = index
            }
            row[index] = value
        }
        rows.append(row)
        if inStrip == framesPerStrip { try writeStrip() }
    }

    /// Writes the last strip and the data script; returns the script's path relative to the gallery folder.
    /// - Throws: `GalleryWriter.Failure` when a file cannot be written.
    func finish() throws -> String {
        if inStrip > 0 { try writeStrip() }
        let data = PlayerData(
            name: name, framesPerSecond: timeline.framesPerSecond,
            times: (0..<rows.count).map(timeline.time(ofFrame:)), width: pixels.width, height: pixels.height,
            framesPerStrip: framesPerStrip, strips: strips, tracks: tracks,
            values: rows.map { row in tracks.indices.map { row[$0] } })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(data), as: UTF8.self)
        let script = "\(Self.folder)/\(name).js"
        files.append(try GalleryWriter.save(Data("pqcGallery.add(\(json));\n".utf8), as: script, in: gallery))
        return script
    }

    private func writeStrip() throws {
        let stride = framesPerStrip * pixels.width * 4
        guard
            let image = CGImage(
                premultipliedRGBA: strip, width: inStrip * pixels.width, height: pixels.height, bytesPerRow: stride)
        else {
            throw GalleryWriter.Failure(description: "A strip of \(inStrip) frames of \(pixels) is too large.")
        }
        let path = "\(Self.folder)/\(name)/\(strips.count).png"
        files.append(try GalleryWriter.save(image.pngData(), as: path, in: gallery))
        strips.append(path)
        inStrip = 0
    }
}
