import Foundation

/// Writes the frames of an animation as a PNG sequence, an animated GIF, or an MP4 / WebM video (our addition;
/// Apple has no exporter).
///
/// The exporter asks a ``FrameSource`` for frame `i` at media time `timeline.time(ofFrame: i)` for each frame it
/// writes, checks its size, and writes it straight out, so memory does not grow with the number of frames.
///
/// ```swift
/// let timeline = try FrameTimeline(framesPerSecond: 30, duration: 2)
/// let exporter = AnimationExporter(format: .gif, timeline: timeline, size: ExportSize(width: 320, height: 240))
/// try exporter.export(from: ClosureFrameSource { index, time in makeImage(at: time) }, to: URL(fileURLWithPath: "wave.gif"))
/// ```
///
/// **Atomic output.** A file is written under a hidden temporary name in the destination's folder and renamed
/// to the destination only when complete; a PNG sequence is written into a hidden temporary folder beside the
/// destination folder and moved into place at the end (see ``PNGSequenceOptions`` for names). An export that
/// fails, throws from its source, or is cancelled (its task cancelled) removes what it wrote and leaves an
/// existing destination untouched.
///
/// **Frames.** ``frames`` limits the export to a range of the timeline, so a long render can be split across
/// machines: PNG files keep their timeline numbers, and GIF delays are computed from absolute frame times (see
/// ``GIFFrameSchedule``). A GIF writes only the frames its schedule keeps (at most 50 per second with the default
/// 2 cs minimum delay). A video gets every frame at the timeline's frame rate.
public struct AnimationExporter: Sendable {
    /// What to write.
    public var format: ExportFormat
    /// The frames' times: frame `i` at `start + i / framesPerSecond`.
    public var timeline: FrameTimeline
    /// The size every frame must have, in pixels (1…32 767 per side).
    public var size: ExportSize
    /// The frames to export, as indices of the timeline (inclusive), or `nil` for all of them.
    public var frames: ClosedRange<Int>?
    /// GIF settings.
    public var gif = GIFOptions()
    /// PNG sequence file naming.
    public var pngSequence = PNGSequenceOptions()
    /// Video quality (constant-quality factor, `nil` for the encoder's default; see ``VideoSettings/quality``).
    public var videoQuality: Int?
    /// The colour partly transparent pixels are composited over in a video (videos here have no alpha); black.
    public var videoBackground: ExportColor = .black
    /// What makes MP4 and WebM files; `ffmpeg` by default.
    public var videoEncoder: any VideoEncoder = FFmpegVideoEncoder()
    /// How many threads render and encode frames at once: one per processor core by default
    /// (`ProcessInfo.activeProcessorCount`). 1 does all the work on the calling thread, frame after frame; a number
    /// below 1 counts as 1. The output is the same, byte for byte, whatever the number (see
    /// ``export(sources:to:progress:frameObserver:)``).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// An exporter of `timeline` to `format` at `size`.
    public init(format: ExportFormat, timeline: FrameTimeline, size: ExportSize) {
        self.format = format
        self.timeline = timeline
        self.size = size
    }

    /// Reads a frame range written `A-B` (inclusive, `A ≤ B`) or a single frame `A`; `nil` otherwise.
    public static func frameRange(parsing text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts[parts.count - 1]),
            first >= 0, first <= last
        else { return nil }
        return first...last
    }

    /// The frames of piece `index` (from 0) when a timeline of `frameCount` frames is cut into `count` pieces of
    /// nearly equal length: `index · F / count … (index + 1) · F / count − 1` (integer division), so the pieces cover
    /// every frame once, in order, their lengths differing by at most one. `nil` when `index` is not in
    /// `0..<count` or the piece is empty (more pieces than frames).
    ///
    /// Example: 100 frames in 3 pieces are frames 0-32, 33-65 and 66-99.
    public static func shardRange(_ index: Int, of count: Int, frameCount: Int) -> ClosedRange<Int>? {
        guard count > 0, (0..<count).contains(index), frameCount > 0, frameCount <= FrameTimeline.maximumFrameCount
        else { return nil }
        let first = index * frameCount / count
        let end = (index + 1) * frameCount / count
        return first < end ? first...(end - 1) : nil
    }

    /// The indices the export covers, after checking the settings.
    /// - Throws: ``ExportError/emptyTimeline``, ``ExportError/invalidFrameRange(first:last:frameCount:)``,
    ///   ``ExportError/invalidSize(width:height:)``, or ``ExportError/invalidOption(_:)``.
    public func frameIndices() throws(ExportError) -> Range<Int> {
        guard (1...32_767).contains(size.width), (1...32_767).contains(size.height) else {
            throw .invalidSize(width: size.width, height: size.height)
        }
        guard timeline.frameCount > 0 else { throw .emptyTimeline }
        try gif.validate()
        try pngSequence.validate()
        guard let frames else { return 0..<timeline.frameCount }
        guard frames.lowerBound >= 0, frames.upperBound < timeline.frameCount else {
            throw .invalidFrameRange(first: frames.lowerBound, last: frames.upperBound, frameCount: timeline.frameCount)
        }
        return frames.lowerBound..<(frames.upperBound + 1)
    }

    /// Receives each frame written to the output, in frame order, on the exporting thread (our addition): frame
    /// `index` of the timeline and its image. GIF palette samples are not passed, and neither are the frames a GIF
    /// schedule leaves out (see ``GIFFrameSchedule``). An error it throws stops the export as a source's error does.
    public typealias FrameObserver = (_ index: Int, _ image: CGImage) throws(ExportError) -> Void

    /// Renders the frames from `source` and writes them to `destination` (a file for GIF and video, a folder for
    /// PNG), reporting progress to `progress` (a bar on standard error when it is a terminal, by default).
    ///
    /// `source` renders every frame on the calling thread; with ``jobs`` above 1, PNG compression, GIF palette
    /// mapping and LZW, and video frame conversion run on other threads meanwhile. To render on several threads
    /// too, give a source per thread with ``export(sources:to:progress:frameObserver:)``.
    /// - Returns: what was written.
    /// - Throws: ``ExportError``; nothing is left at or beside `destination` when it throws.
    @discardableResult
    public func export(
        from source: some FrameSource, to destination: URL,
        progress: any ExportProgress = TerminalProgressBar.standardError(), frameObserver: FrameObserver? = nil
    ) throws(ExportError) -> ExportResult {
        try run(progress: progress, destination: destination) { range, title throws(ExportError) in
            let supply = FrameSupply.here { index throws(ExportError) in try render(source, index) }
            return try export(supply, range, destination, progress, title, frameObserver)
        }
    }

    /// Renders the frames on ``jobs`` threads at once, each with a frame source of its own made by `makeSource`,
    /// and writes them to `destination`, as ``export(from:to:progress:frameObserver:)`` does.
    ///
    /// Each thread calls `makeSource` once, on that thread, and asks its source for frames in increasing index
    /// order (for a GIF with a global palette, once more from the start after the palette samples); which frames go
    /// to which thread depends on timing. The output is byte for byte what one source gives for every frame, as long
    /// as a source's frame depends only on its index and time, not on the frames it was asked for before — true of
    /// a layer tree on a manual clock built the same way for each source (`MediaClock` runs everything due at its
    /// own time, however far one advance goes). Sources made by `makeSource` never change threads, so they need not
    /// be `Sendable`. With ``jobs`` at 1, one source renders every frame on the calling thread.
    ///
    /// At most about two frames per thread are held at once (rendered, prepared or waiting to be written in order),
    /// so memory does not grow with the number of frames.
    /// - Throws: ``ExportError``; an error thrown by `makeSource` counts as the source's own for the first frame.
    @discardableResult
    public func export(
        sources makeSource: @escaping @Sendable () throws -> any FrameSource, to destination: URL,
        progress: any ExportProgress = TerminalProgressBar.standardError(), frameObserver: FrameObserver? = nil
    ) throws(ExportError) -> ExportResult {
        try run(progress: progress, destination: destination) { range, title throws(ExportError) in
            let first = range.lowerBound
            let make = { @Sendable () throws(ExportError) -> any FrameSource in
                do {
                    return try makeSource()
                } catch let error as ExportError {
                    throw error
                } catch {
                    throw .frameSourceFailed(frame: first, reason: String(describing: error))
                }
            }
            return try export(.workers(make), range, destination, progress, title, frameObserver)
        }
    }

    /// Checks the settings, runs `body` with the frame indices and the title, and tells `progress` how it ended.
    private func run(
        progress: any ExportProgress, destination: URL,
        _ body: (Range<Int>, String) throws(ExportError) -> ExportResult
    ) throws(ExportError) -> ExportResult {
        let range = try frameIndices()
        do throws(ExportError) {
            let result = try body(range, destination.lastPathComponent)
            progress.exportEnded(succeeded: true)
            return result
        } catch {
            progress.exportEnded(succeeded: false)
            throw error
        }
    }

    // MARK: - Helpers

    /// Writes the shard manifest when asked to, then moves the PNG sequence into place.
    func finishPNGSequence(_ folder: StagingFolder, _ range: Range<Int>) throws(ExportError) {
        if pngSequence.writesShardManifest {
            let manifest = FrameShardManifest(
                timeline: timeline, size: size, frames: range.lowerBound...(range.upperBound - 1), naming: pngSequence)
            try folder.write(manifest.encoded(), named: manifest.fileName)
        }
        if Task.isCancelled { throw .cancelled }
        try folder.commit()
    }

    /// Frame `index` from the source, checked.
    func render(_ source: some FrameSource, _ index: Int) throws(ExportError) -> CGImage {
        if Task.isCancelled { throw .cancelled }
        let image: CGImage
        do {
            image = try source.frame(at: index, time: timeline.time(ofFrame: index))
        } catch let error as ExportError {
            throw error
        } catch {
            throw .frameSourceFailed(frame: index, reason: String(describing: error))
        }
        guard image.width == size.width, image.height == size.height else {
            throw .frameSizeMismatch(
                frame: index, expectedWidth: size.width, expectedHeight: size.height, width: image.width,
                height: image.height)
        }
        return image
    }

    /// A GIF's schedule over `range`, how many frames it writes, and the indices of the frames a global palette is
    /// sampled from (none for other palettes).
    func gifPlan(_ range: Range<Int>) -> (schedule: GIFFrameSchedule, count: Int, samples: [Int]) {
        let schedule = GIFFrameSchedule(
            framesPerSecond: timeline.framesPerSecond, range: range, minimumDelay: gif.minimumDelay)
        let count = schedule.reduce(0) { count, _ in count + 1 }
        guard case .global(let sampledFrames) = gif.palette else { return (schedule, count, []) }
        let positions = Self.samplePositions(count: count, wanted: sampledFrames)
        var samples: [Int] = []
        for (position, entry) in schedule.enumerated() where samples.count < positions.count {
            if positions[samples.count] == position { samples.append(entry.index) }
        }
        return (schedule, count, samples)
    }

    /// Positions (0-based, among `count` scheduled frames) of up to `wanted` frames spread evenly, first and last
    /// included: `round(j · (count − 1) / (n − 1))`. `wanted` ≤ 0 means all.
    static func samplePositions(count: Int, wanted: Int) -> [Int] {
        guard count > 0 else { return [] }
        let n = wanted <= 0 ? count : min(wanted, count)
        guard n > 1 else { return [0] }
        var positions: [Int] = []
        for j in 0..<n {
            let position = (j * (count - 1) * 2 + (n - 1)) / (2 * (n - 1))
            if positions.last != position { positions.append(position) }
        }
        return positions
    }

    /// The global palette for the counted colours. A transparent entry is added when transparency is kept and
    /// either transparent pixels were seen or not every frame was counted (a later frame may have some).
    static func globalPalette(from histogram: ColorHistogram, options: GIFOptions, complete: Bool) -> GIFPalette {
        let transparent =
            options.preservesTransparency && (histogram.transparentPixelCount > 0 || !complete)
        var colors = MedianCutQuantizer.colors(
            for: histogram, maximumColors: options.maximumColors - (transparent ? 1 : 0))
        guard transparent else { return GIFPalette(checkedColors: colors, transparentIndex: nil) }
        colors.append(.black)
        return GIFPalette(checkedColors: colors, transparentIndex: colors.count - 1)
    }

    /// Writes `image` as opaque straight RGBA into `frame` (tightly packed), compositing over `background`.
    static func flatten(_ image: CGImage, over background: ExportColor, into frame: inout [UInt8]) {
        let width = image.width
        let stride = image.bytesPerRow
        let backdrop = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
        image.withUnsafePremultipliedRGBABytes { source in
            frame.withUnsafeMutableBufferPointer { target in
                for row in 0..<image.height {
                    for column in 0..<width {
                        let from = row * stride + column * 4
                        let to = (row * width + column) * 4
                        let rest = 255 - UInt32(source[from + 3])
                        target[to] = UInt8(min(255, UInt32(source[from]) + (backdrop.0 * rest + 127) / 255))
                        target[to + 1] = UInt8(min(255, UInt32(source[from + 1]) + (backdrop.1 * rest + 127) / 255))
                        target[to + 2] = UInt8(min(255, UInt32(source[from + 2]) + (backdrop.2 * rest + 127) / 255))
                        target[to + 3] = 255
                    }
                }
            }
        }
    }
}

/// What an ``AnimationExporter`` wrote (our addition).
public struct ExportResult: Hashable, Sendable {
    /// The destination file or folder.
    public let destination: URL
    /// How many frames the source rendered (GIFs with a global palette render some frames twice).
    public let framesRendered: Int
    /// How many frames the output holds (a GIF merges identical and too-short frames).
    public let framesWritten: Int
    /// The files written: the destination itself, or every PNG of a sequence in frame order (then its shard
    /// manifest, when written).
    public let files: [URL]
}
