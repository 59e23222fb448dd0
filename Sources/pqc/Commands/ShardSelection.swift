import PortableQuartzCoreExport

/// Which frames one `pqc render` of a render split into pieces draws (our helper): `--frames A-B`, or `--shard I/N`,
/// the `I`-th of `N` nearly equal pieces of the timeline counted from 0 (`AnimationExporter.shardRange`).
enum ShardSelection: Equatable {
    /// Frames `A…B` of the timeline.
    case frames(ClosedRange<Int>)
    /// Piece `index` of `count`.
    case piece(index: Int, count: Int)

    /// Reads `I/N` with `0 ≤ I < N` (spaces allowed around the numbers); nil otherwise.
    static func piece(parsing text: String) -> ShardSelection? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            let count = Int(parts[1].trimmingCharacters(in: .whitespaces)), count > 0, (0..<count).contains(index)
        else { return nil }
        return .piece(index: index, count: count)
    }

    /// The frames of a timeline of `frameCount` frames this selection draws.
    /// - Throws: `ExportError.invalidOption` for a piece with no frames (more pieces than frames).
    func frames(frameCount: Int) throws -> ClosedRange<Int> {
        switch self {
        case .frames(let range):
            return range
        case .piece(let index, let count):
            guard let range = AnimationExporter.shardRange(index, of: count, frameCount: frameCount) else {
                throw ExportError.invalidOption(
                    "the timeline has \(frameCount) frame(s), too few for \(count) shards; use --shard I/N with N "
                        + "at most \(frameCount)")
            }
            return range
        }
    }
}
