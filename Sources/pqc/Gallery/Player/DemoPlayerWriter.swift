import Foundation
import PortableQuartzCoreExport
@_spi(Engine) import PortableRaster

/// Writes what the gallery page's player needs for one demo (our helper): every frame of the timeline, in order, as
/// PNG strips, and a data script with the frames' times and the animated properties' values.
///
/// A frame identical to the one before it is not stored again (a third of the default gallery's frames: demos
/// wait between taps); `cells` says which stored picture each frame shows.
///
/// Files, under the gallery folder:
/// - `player/NAME/K.png`: strip `K`, stored pictures `K·n … K·n + n − 1` side by side, left to right, where `n`
///   is `framesPerStrip` (8 at 480 pixels wide). Side by side, the same row of consecutive pictures lies one
///   picture width apart in the PNG's byte stream, inside deflate's 32 KB window, so what stays still from frame
///   to frame compresses to back-references: the default gallery's strips take 7.3 MB where one PNG per frame
///   takes 20.1 MB, and the page loads 8 times fewer files.
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
        /// Per frame, the stored picture it shows (strip `cell / framesPerStrip`, column `cell % framesPerStrip`).
        let cells: [Int]
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
    private var cells: [Int] = []
    private var stored = 0
    /// The last stored picture and the frame being added, premultiplied RGBA with rows packed (the same size).
    private var previous: [UInt8]
    private var current: [UInt8]
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
        current = [UInt8](repeating: 0, count: pixels.width * pixels.height * 4)
        previous = current
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
        let rowBytes = pixels.width * 4
        image.withUnsafePremultipliedRGBABytes { source in
            current.withUnsafeMutableBytes { target in
                for row in 0..<pixels.height {
                    (target.baseAddress! + row * rowBytes).copyMemory(
                        from: source.baseAddress! + row * image.bytesPerRow, byteCount: rowBytes)
                }
            }
        }
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
        if stored > 0 && repeatsStoredPicture {
            cells.append(stored - 1)
            return
        }
        swap(&current, &previous)
        cells.append(stored)
        stored += 1
        let stripStride = framesPerStrip * rowBytes
        let offset = inStrip * rowBytes
        previous.withUnsafeBytes { source in
            strip.withUnsafeMutableBytes { target in
                for row in 0..<pixels.height {
                    (target.baseAddress! + row * stripStride + offset).copyMemory(
                        from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
                }
            }
        }
        inStrip += 1
        if inStrip == framesPerStrip { try writeStrip() }
    }

    /// Whether the frame being added is, byte for byte, the last stored picture.
    private var repeatsStoredPicture: Bool {
        current.withUnsafeBytes { new in
            previous.withUnsafeBytes { old in memcmp(new.baseAddress!, old.baseAddress!, new.count) == 0 }
        }
    }

    /// Writes the last strip and the data script; returns the script's path relative to the gallery folder.
    /// - Throws: `GalleryWriter.Failure` when a file cannot be written.
    func finish() throws -> String {
        if inStrip > 0 { try writeStrip() }
        let data = PlayerData(
            name: name, framesPerSecond: timeline.framesPerSecond,
            times: (0..<rows.count).map(timeline.time(ofFrame:)), width: pixels.width, height: pixels.height,
            framesPerStrip: framesPerStrip, strips: strips, cells: cells, tracks: tracks,
            values: rows.map { row in tracks.indices.map { row[$0] } })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(data), as: UTF8.self)
        let script = "\(Self.folder)/\(name).js"
        files.append(try GalleryWriter.save(Data("pqcGallery.add(\(json));\n".utf8), as: script, in: gallery))
        return script
    }

    /// Writes the strip filled so far as a PNG with every row filtered by `Up` (the difference to the row above).
    /// The adaptive filter choice of `CGImage.pngData()` tries five filters per row and gives strips under 2 % smaller
    /// (536 kB against 543 kB for ship-on-path's), at ten times the time in a debug build (7.7 s against 0.8 s).
    private func writeStrip() throws {
        let stride = framesPerStrip * pixels.width * 4
        let path = "\(Self.folder)/\(name)/\(strips.count).png"
        let bytes: [UInt8]
        do {
            let buffer = try PixelBuffer(
                width: inStrip * pixels.width, height: pixels.height, bytesPerRow: stride, bytes: strip)
            bytes = PNG.encode(buffer, options: PNGEncodingOptions(filter: .fixed(.up)))
        } catch {
            throw GalleryWriter.Failure(
                description: "A strip of \(inStrip) frames of \(pixels) is too large: \(error).")
        }
        files.append(try GalleryWriter.save(Data(bytes), as: path, in: gallery))
        strips.append(path)
        inStrip = 0
    }
}
