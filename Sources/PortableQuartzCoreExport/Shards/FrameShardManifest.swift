import Foundation

/// The description a PNG sequence carries of itself as one piece (a shard) of a longer render (our addition):
/// which timeline its frames belong to, their size and naming, and which frames it holds.
///
/// A render split by frame range over several processes or machines writes one shard per range, each a folder of
/// PNG frames named by their timeline index plus this manifest (``fileName``, `frame_00000-00059.shard.json`), so
/// that shards can share a folder. ``ShardJoin`` reads the manifests of any number of shards and writes the GIF,
/// video or PNG sequence that one render of all their frames writes, byte for byte: a PNG file holds exactly the
/// premultiplied pixels it was made from (`CGImage.pngData()`), so the joined export sees the same pixels a single
/// render does, and a GIF's global palette is sampled from the same frames of the whole range.
///
/// ``AnimationExporter`` writes the manifest into a PNG sequence when ``PNGSequenceOptions/writesShardManifest`` is
/// on (`pqc render` turns it on). The JSON holds the members below with sorted keys, so equal manifests are equal
/// files.
public struct FrameShardManifest: Codable, Hashable, Sendable {
    /// The format version this code writes and reads.
    public static let currentVersion = 1
    /// The ending that marks a manifest among a folder's files.
    public static let fileNameEnding = ".shard.json"

    /// The manifest's format version (``currentVersion``).
    public let version: Int
    /// Media time of the timeline's frame 0, in seconds.
    public let start: Double
    /// Frames per second of the timeline.
    public let framesPerSecond: Double
    /// Frames in the whole timeline, not just this shard.
    public let frameCount: Int
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The first frame the shard holds (a timeline index).
    public let first: Int
    /// The last frame the shard holds (inclusive).
    public let last: Int
    /// The frame files' naming: ``PNGSequenceOptions/fileNamePrefix``.
    public let fileNamePrefix: String
    /// The frame files' naming: ``PNGSequenceOptions/minimumDigits``.
    public let minimumDigits: Int

    /// The manifest of frames `frames` of `timeline` at `size`, named by `naming`.
    public init(timeline: FrameTimeline, size: ExportSize, frames: ClosedRange<Int>, naming: PNGSequenceOptions) {
        version = Self.currentVersion
        start = timeline.start
        framesPerSecond = timeline.framesPerSecond
        frameCount = timeline.frameCount
        width = size.width
        height = size.height
        first = frames.lowerBound
        last = frames.upperBound
        fileNamePrefix = naming.fileNamePrefix
        minimumDigits = naming.minimumDigits
    }

    /// The timeline the frames belong to.
    /// - Throws: ``ExportError/invalidShards(_:)`` when its numbers make no timeline.
    public func timeline() throws(ExportError) -> FrameTimeline {
        do {
            return try FrameTimeline(start: start, framesPerSecond: framesPerSecond, frameCount: frameCount)
        } catch {
            throw .invalidShards("a shard manifest's timeline is not valid (\(error))")
        }
    }

    /// The frame size.
    public var size: ExportSize { ExportSize(width: width, height: height) }

    /// The frames the shard holds.
    public var frames: ClosedRange<Int> { first...last }

    /// The naming of the frame files.
    public var naming: PNGSequenceOptions {
        var naming = PNGSequenceOptions()
        naming.fileNamePrefix = fileNamePrefix
        naming.minimumDigits = minimumDigits
        return naming
    }

    /// The file name of frame `index`: `frame_00042.png` with the default naming.
    public func fileName(forFrame index: Int) -> String {
        naming.fileName(forFrame: index, frameCount: frameCount)
    }

    /// The manifest's own file name: the names of its first and last frames joined, with ``fileNameEnding``
    /// (`frame_00000-00059.shard.json`).
    public var fileName: String {
        let last = String(fileName(forFrame: last).dropFirst(fileNamePrefix.count).dropLast(".png".count))
        return String(fileName(forFrame: first).dropLast(".png".count)) + "-" + last + Self.fileNameEnding
    }

    /// The manifest as its file holds it: JSON with sorted keys, one member per line.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Numbers and strings always encode.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads the manifest file at `url`.
    /// - Throws: ``ExportError/invalidShards(_:)`` naming the file when it cannot be read or is not a valid
    ///   manifest (see ``init(from:)``).
    public init(contentsOf url: URL) throws(ExportError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidShards("cannot read \(url.path) (\(error.localizedDescription))")
        }
        do {
            self = try JSONDecoder().decode(FrameShardManifest.self, from: data)
        } catch DecodingError.dataCorrupted(let context) {
            throw .invalidShards("\(url.path) is not a valid shard manifest: \(context.debugDescription)")
        } catch {
            throw .invalidShards("\(url.path) is not a shard manifest (\(error))")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case version, start, framesPerSecond, frameCount, width, height, first, last, fileNamePrefix, minimumDigits
    }

    /// Decodes a manifest and checks it: the version is ``currentVersion``; the numbers make a timeline; the size is
    /// 1…32 767 pixels a side; `0 ≤ first ≤ last < frameCount`; the prefix has no `/`.
    /// - Throws: `DecodingError.dataCorrupted` saying which rule a manifest breaks.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        version = try values.decode(Int.self, forKey: .version)
        start = try values.decode(Double.self, forKey: .start)
        framesPerSecond = try values.decode(Double.self, forKey: .framesPerSecond)
        frameCount = try values.decode(Int.self, forKey: .frameCount)
        width = try values.decode(Int.self, forKey: .width)
        height = try values.decode(Int.self, forKey: .height)
        first = try values.decode(Int.self, forKey: .first)
        last = try values.decode(Int.self, forKey: .last)
        fileNamePrefix = try values.decode(String.self, forKey: .fileNamePrefix)
        minimumDigits = try values.decode(Int.self, forKey: .minimumDigits)
        func reject(_ problem: String) -> DecodingError {
            .dataCorruptedError(forKey: .version, in: values, debugDescription: problem)
        }
        guard version == Self.currentVersion else {
            throw reject(
                "it is of version \(version), this code reads \(Self.currentVersion); render every shard "
                    + "with the same pqc")
        }
        do {
            _ = try FrameTimeline(start: start, framesPerSecond: framesPerSecond, frameCount: frameCount)
        } catch {
            throw reject("its timeline is not valid (\(error))")
        }
        guard !fileNamePrefix.contains("/"), fileNamePrefix != ".", fileNamePrefix != ".." else {
            throw reject("the file name prefix '\(fileNamePrefix)' may not contain '/'")
        }
        guard (1...32_767).contains(width), (1...32_767).contains(height), first >= 0, first <= last,
            last < frameCount
        else {
            throw reject(
                "frames \(first)-\(last) of \(frameCount) at \(width)×\(height) pixels are not a valid shard")
        }
    }
}
