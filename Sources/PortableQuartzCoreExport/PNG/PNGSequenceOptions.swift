/// How the files of a PNG sequence are named (our addition).
///
/// Frame `i` is written as `<prefix><i>.png` with `i` zero-padded to at least ``minimumDigits`` digits, and to
/// as many digits as the timeline's last frame index has, so names sort in frame order and a sequence rendered
/// in parts (`--frames 0-99`, `--frames 100-199`) uses the same names as one rendered whole:
/// `frame_00000.png`, `frame_00001.png`, …
public struct PNGSequenceOptions: Hashable, Sendable {
    /// Text before the frame number; `frame_` by default. Must not contain `/`.
    public var fileNamePrefix = "frame_"
    /// Fewest digits of the frame number, 1…12; 5 by default.
    public var minimumDigits = 5
    /// Whether the folder also gets a ``FrameShardManifest`` of the frames written (`frame_00000-00059.shard.json`),
    /// so that it can be joined with other pieces of the same render by ``ShardJoin``; off by default.
    public var writesShardManifest = false

    /// The default naming.
    public init() {}

    /// The file name of frame `index` in a timeline of `frameCount` frames.
    public func fileName(forFrame index: Int, frameCount: Int) -> String {
        let digits = max(min(max(minimumDigits, 1), 12), String(max(frameCount - 1, 0)).count)
        let number = String(index)
        return fileNamePrefix + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// Checks the prefix.
    func validate() throws(ExportError) {
        guard !fileNamePrefix.contains("/"), fileNamePrefix != ".", fileNamePrefix != ".." else {
            throw .invalidOption("the PNG file name prefix '\(fileNamePrefix)' may not contain '/'")
        }
    }
}
