import Foundation

/// Joins shards — folders of PNG frames rendered as pieces of one timeline, each described by a
/// ``FrameShardManifest`` — into the GIF, video or PNG sequence one render of all their frames writes, byte for byte
/// (our addition).
///
/// ```swift
/// let join = try ShardJoin(folders: [URL(fileURLWithPath: "part-0"), URL(fileURLWithPath: "part-1")])
/// try join.export(join.exporter(format: .gif), to: URL(fileURLWithPath: "whole.gif"))
/// ```
///
/// The shards must share a timeline, a frame size and a file naming, and together hold one unbroken range of frames,
/// each frame once. A GIF's global palette is sampled from the joined frames exactly as a single render samples
/// its own, so it comes out the same however the frames were split. Several shards may share a folder (their
/// manifests are named after their ranges).
public struct ShardJoin: Sendable {
    /// The joined frames' manifest: the shards' timeline, size and naming, from the first shard's first frame to the
    /// last shard's last.
    public let manifest: FrameShardManifest
    /// The shards' manifests, in frame order.
    public let shards: [FrameShardManifest]
    /// The shards' timeline.
    public let timeline: FrameTimeline
    /// The frame files, `manifest.first` first.
    private let files: [URL]

    /// Reads the manifests of the shards in `folders` (every `*.shard.json` file in each) and checks them.
    /// - Throws: ``ExportError/invalidShards(_:)`` naming the folder, shard or frames at fault: a folder that cannot
    ///   be read or holds no manifest, shards of different timelines, sizes or namings, frames missing between shards
    ///   or held twice, a frame file that is not there.
    public init(folders: [URL]) throws(ExportError) {
        var found: [(manifest: FrameShardManifest, folder: URL)] = []
        var seen = Set<String>()
        for folder in folders where seen.insert(folder.standardizedFileURL.path).inserted {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            } catch {
                throw .invalidShards("cannot read the folder \(folder.path) (\(error.localizedDescription))")
            }
            let manifests = names.filter { $0.hasSuffix(FrameShardManifest.fileNameEnding) }.sorted()
            guard !manifests.isEmpty else {
                throw .invalidShards(
                    "\(folder.path) holds no shard manifest (*\(FrameShardManifest.fileNameEnding)); render shards "
                        + "as PNG frames with `pqc render SCENE --shard I/N --out FOLDER`")
            }
            for name in manifests {
                found.append((try FrameShardManifest(contentsOf: folder.appendingPathComponent(name)), folder))
            }
        }
        found.sort { $0.manifest.first < $1.manifest.first }
        guard let reference = found.first?.manifest else { throw .invalidShards("no shard folders were given") }
        var files: [URL] = []
        var end = reference.first
        for (shard, folder) in found {
            let name = "\(folder.path)/\(shard.fileName)"
            guard shard.start == reference.start, shard.framesPerSecond == reference.framesPerSecond,
                shard.frameCount == reference.frameCount
            else {
                throw .invalidShards(
                    "\(name) belongs to another timeline (\(shard.frameCount) frames at \(shard.framesPerSecond) fps "
                        + "from \(shard.start) s, not \(reference.frameCount) at \(reference.framesPerSecond) fps "
                        + "from \(reference.start) s)")
            }
            guard shard.size == reference.size else {
                throw .invalidShards("\(name) has frames of \(shard.size) pixels, not \(reference.size)")
            }
            guard shard.naming == reference.naming else {
                throw .invalidShards(
                    "\(name) names its frames \(shard.fileName(forFrame: 0)), not "
                        + "\(reference.fileName(forFrame: 0))")
            }
            guard shard.first <= end else {
                throw .invalidShards(
                    "frames \(end)-\(shard.first - 1) are in no shard; render them with --frames \(end)-\(shard.first - 1)"
                )
            }
            guard shard.first == end else {
                throw .invalidShards("frames \(shard.first)-\(Swift.min(end - 1, shard.last)) are in two shards")
            }
            for index in shard.frames {
                let url = folder.appendingPathComponent(shard.fileName(forFrame: index))
                guard FileManager.default.fileExists(atPath: url.path) else {
                    throw .invalidShards("frame \(index) of \(name) is missing: there is no \(url.path)")
                }
                files.append(url)
            }
            end = shard.last + 1
        }
        timeline = try reference.timeline()
        manifest = FrameShardManifest(
            timeline: timeline, size: reference.size, frames: reference.first...(end - 1), naming: reference.naming)
        shards = found.map(\.manifest)
        self.files = files
    }

    /// An exporter of the joined frames to `format`: the shards' timeline, size and frames; a PNG sequence named as
    /// the shards are, with a manifest of its own (so that it is the shard a single render writes).
    public func exporter(format: ExportFormat) -> AnimationExporter {
        var exporter = AnimationExporter(format: format, timeline: timeline, size: manifest.size)
        exporter.frames = manifest.frames
        exporter.pngSequence = manifest.naming
        exporter.pngSequence.writesShardManifest = true
        return exporter
    }

    /// Writes the joined frames to `destination` with `exporter`'s format and settings (GIF options, video settings,
    /// ``AnimationExporter/jobs``), reading the PNG frames on ``AnimationExporter/jobs`` threads. A PNG sequence is
    /// made by copying the frame files (renamed when `exporter` names them otherwise), plus a manifest when
    /// ``PNGSequenceOptions/writesShardManifest`` is on.
    /// - Throws: ``ExportError/invalidOption(_:)`` when `exporter`'s timeline, size or frames are not the join's;
    ///   ``ExportError/frameSourceFailed(frame:reason:)`` for a frame file that cannot be read or decoded; the
    ///   exporter's errors. Nothing is left at the destination when it throws.
    @discardableResult
    public func export(
        _ exporter: AnimationExporter, to destination: URL,
        progress: any ExportProgress = TerminalProgressBar.standardError()
    ) throws(ExportError) -> ExportResult {
        guard exporter.timeline == timeline, exporter.size == manifest.size,
            exporter.frames == manifest.frames
        else {
            throw .invalidOption(
                "a join's exporter must have the shards' timeline, size and frames; make it with exporter(format:)")
        }
        let source = PNGFileFrameSource(files: files, first: manifest.first)
        guard exporter.format == .png else {
            return try exporter.export(sources: { source }, to: destination, progress: progress)
        }
        return try exporter.exportCopies(of: files, first: manifest.first, to: destination, progress: progress)
    }
}

/// Frames read from PNG files, one per frame (our helper for ``ShardJoin``).
struct PNGFileFrameSource: FrameSource, Sendable {
    /// The files of frames `first`, `first + 1`, ….
    let files: [URL]
    let first: Int

    func frame(at index: Int, time: Double) throws -> CGImage {
        let url = files[index - first]
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ExportError.frameSourceFailed(
                frame: index, reason: "cannot read \(url.path) (\(error.localizedDescription))")
        }
        guard let image = CGImage(pngData: data) else {
            let reason = CGImage.decodingError(pngData: data) ?? "it is too large"
            throw ExportError.frameSourceFailed(frame: index, reason: "\(url.path) is not a usable PNG: \(reason)")
        }
        return image
    }
}

extension AnimationExporter {
    /// Writes a PNG sequence of this exporter's frames by copying `files` (the files of frames `first`, `first + 1`,
    /// …), renamed to this exporter's naming, with a manifest when asked.
    func exportCopies(
        of files: [URL], first: Int, to destination: URL, progress: any ExportProgress
    ) throws(ExportError) -> ExportResult {
        let range = try frameIndices()
        let folder = try StagingFolder(destination: destination)
        defer { folder.discard() }
        progress.exportBegan(totalSteps: range.count, title: destination.lastPathComponent)
        do throws(ExportError) {
            for (step, index) in range.enumerated() {
                if Task.isCancelled { throw .cancelled }
                let data: Data
                do {
                    data = try Data(contentsOf: files[index - first])
                } catch {
                    throw .frameSourceFailed(
                        frame: index, reason: "cannot read \(files[index - first].path) (\(error.localizedDescription))"
                    )
                }
                try folder.write(data, named: pngSequence.fileName(forFrame: index, frameCount: timeline.frameCount))
                progress.exportAdvanced(completedSteps: step + 1)
            }
            try finishPNGSequence(folder, range)
        } catch {
            progress.exportEnded(succeeded: false)
            throw error
        }
        progress.exportEnded(succeeded: true)
        let files = folder.fileNames.map { destination.appendingPathComponent($0) }
        return ExportResult(
            destination: destination, framesRendered: range.count, framesWritten: range.count, files: files)
    }
}
