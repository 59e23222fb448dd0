import Foundation
import Synchronization
import Testing

@testable import PortableQuartzCoreExport

/// A 48 × 32 animation that exercises every decision of the encoders: a disc moving over a gradient whose colour
/// drifts frame by frame (so a palette sampled from few frames misses colours and frames get local tables), frames
/// 6–7 with a transparent border (whole frames, disposal 2), and frames 10–11 identical (merged into one).
enum MovingPicture {
    static let width = 48
    static let height = 32

    static func frame(_ index: Int) -> CGImage {
        let shown = index == 11 ? 10 : index
        let centre = (x: 6 + shown * 3, y: 16)
        return TestImages.image(width: width, height: height) { x, y in
            if (6...7).contains(shown) && (x < 2 || y < 2) { return (0, 0, 0, 0) }
            let dx = x - centre.x
            let dy = y - centre.y
            if dx * dx + dy * dy < 64 { return (240, UInt8(20 * (shown % 12)), 30, 255) }
            if dx * dx + dy * dy < 90 { return (60, 30, 10, 128) }  // a half-transparent rim over the matte
            return (UInt8(x * 5), UInt8(y * 7), UInt8((shown * 23) % 256), 255)
        }
    }
}

/// Which frames each source was asked for, and by how many sources; shared by the rendering threads. The list is
/// guarded by an `NSLock` (a POSIX mutex the thread sanitizer follows; `Mutex`'s futexes read as races to it, as CI
/// runs this suite under the sanitizer).
final class SourceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [[Int]] = []
    /// The highest frame index rendered so far.
    let highest = Atomic<Int>(-1)

    /// A new source's number.
    func register() -> Int {
        lock.withLock {
            requests.append([])
            return requests.count - 1
        }
    }

    func record(_ index: Int, source: Int) {
        lock.withLock { requests[source].append(index) }
        highest.max(index)
    }

    var perSource: [[Int]] { lock.withLock { requests } }
}

extension Atomic where Value == Int {
    /// Raises the value to `candidate` when it is larger.
    func max(_ candidate: Int) {
        var current = load(ordering: .relaxed)
        while candidate > current {
            let (exchanged, original) = compareExchange(
                expected: current, desired: candidate, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}

/// A frame source of ``MovingPicture`` that records what it is asked for; frame `failing` throws.
final class LoggingSource: FrameSource {
    let log: SourceLog
    let number: Int
    let failing: Int?

    init(log: SourceLog, failing: Int? = nil) {
        self.log = log
        number = log.register()
        self.failing = failing
    }

    func frame(at index: Int, time: Double) throws -> CGImage {
        log.record(index, source: number)
        if index == failing { throw SourceFailure() }
        return MovingPicture.frame(index)
    }
}

@Suite("AnimationExporter on several threads")
struct ParallelExportTests {
    /// An exporter of 24 frames of `MovingPicture` at 12 fps with `jobs` threads.
    static func exporter(_ format: ExportFormat, jobs: Int, gif: GIFOptions = GIFOptions()) throws -> AnimationExporter
    {
        let timeline = try FrameTimeline(framesPerSecond: 12, frameCount: 24)
        var exporter = AnimationExporter(
            format: format, timeline: timeline,
            size: ExportSize(width: MovingPicture.width, height: MovingPicture.height))
        exporter.jobs = jobs
        exporter.gif = gif
        return exporter
    }

    /// The bytes an export writes: the file, or the PNG sequence's files (name and bytes) one after another.
    static func output(
        _ format: ExportFormat, jobs: Int, gif: GIFOptions = GIFOptions(), oneSource: Bool = false
    ) throws -> [UInt8] {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent(format == .png ? "frames" : "out.\(format.fileExtension)")
        let exporter = try exporter(format, jobs: jobs, gif: gif)
        let log = SourceLog()
        if oneSource {
            try exporter.export(from: LoggingSource(log: log), to: destination, progress: SilentProgress())
        } else {
            try exporter.export(sources: { LoggingSource(log: log) }, to: destination, progress: SilentProgress())
        }
        guard format == .png else { return Array(try Data(contentsOf: destination)) }
        var bytes: [UInt8] = []
        for name in TestImages.contents(of: destination) {
            bytes += Array(name.utf8) + Array(try Data(contentsOf: destination.appendingPathComponent(name)))
        }
        return bytes
    }

    static var gifSettings: [GIFOptions] {
        var fewSamples = GIFOptions()
        fewSamples.palette = .global(sampledFrames: 3)
        var perFrame = GIFOptions()
        perFrame.palette = .perFrame
        perFrame.dithering = .floydSteinberg
        var fixed = GIFOptions()
        fixed.palette = .fixed(
            GIFPalette(
                checkedColors: [.black, .white, ExportColor(red: 240, green: 0, blue: 30)], transparentIndex: nil))
        fixed.preservesTransparency = false
        return [GIFOptions(), fewSamples, perFrame, fixed]
    }

    @Test(
        "a GIF is the same byte for byte on 1, 2, 3, 4 and 5 threads (palette from 32 or 3 samples, per frame, fixed)",
        arguments: gifSettings)
    func gifIsTheSame(options: GIFOptions) throws {
        let one = try Self.output(.gif, jobs: 1, gif: options)
        // The test picture makes the encoder merge frames 10 and 11 and write frames 6–7 whole: 23 image blocks.
        #expect(try TestGIFDecoder(one).frames.count == 23)
        for jobs in [2, 3, 4, 5] {
            #expect(try Self.output(.gif, jobs: jobs, gif: options) == one, "\(jobs) threads")
        }
        #expect(try Self.output(.gif, jobs: 3, gif: options, oneSource: true) == one, "one source, 3 threads")
    }

    @Test("a frame observer sees every GIF frame the schedule writes, in order, with its image, on 1 and 3 threads")
    func observerSeesEveryFrame() throws {
        // Without an observer the workers drop each rendered image after preparing it; with one they keep it.
        for jobs in [1, 3] {
            let folder = try TestImages.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let log = SourceLog()
            var seen: [Int] = []
            var sizes: Set<[Int]> = []
            try Self.exporter(.gif, jobs: jobs).export(
                sources: { LoggingSource(log: log) }, to: folder.appendingPathComponent("out.gif"),
                progress: SilentProgress()
            ) { index, image throws(ExportError) in
                seen.append(index)
                sizes.insert([image.width, image.height])
            }
            // 24 frames at 12 fps are written at 8 and 9 cs (the delays add up to 200 cs): all 24 are observed.
            #expect(seen == Array(0..<24), "\(jobs) threads")
            #expect(sizes == [[MovingPicture.width, MovingPicture.height]])
        }
    }

    @Test("a PNG sequence is the same on 1, 2 and 4 threads: 24 files, same names, same bytes")
    func pngSequenceIsTheSame() throws {
        let one = try Self.output(.png, jobs: 1)
        #expect(try Self.output(.png, jobs: 2) == one)
        #expect(try Self.output(.png, jobs: 4) == one)
        #expect(try Self.output(.png, jobs: 2, oneSource: true) == one)
    }

    @Test("a video encoder gets the same 24 frames in the same order on 1 and 3 threads")
    func videoFramesAreTheSame() throws {
        var frames: [[[UInt8]]] = []
        for (jobs, oneSource) in [(1, false), (3, false), (3, true)] {
            let folder = try TestImages.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var exporter = try Self.exporter(.mp4, jobs: jobs)
            let fake = FakeVideoEncoder()
            exporter.videoEncoder = fake
            let log = SourceLog()
            let destination = folder.appendingPathComponent("clip.mp4")
            if oneSource {
                try exporter.export(from: LoggingSource(log: log), to: destination, progress: SilentProgress())
            } else {
                try exporter.export(sources: { LoggingSource(log: log) }, to: destination, progress: SilentProgress())
            }
            frames.append(fake.frames)
        }
        #expect(frames[0].count == 24)
        #expect(frames[1] == frames[0] && frames[2] == frames[0])
    }

    @Test(
        "with ffmpeg installed, an MP4 made on 2 or 4 threads is byte for byte the one made on 1",
        .enabled(if: TestImages.ffmpegPath != nil))
    func mp4IsTheSame() throws {
        let one = try Self.output(.mp4, jobs: 1)
        #expect(try Self.output(.mp4, jobs: 2) == one)
        #expect(try Self.output(.mp4, jobs: 4) == one)
    }

    @Test("each of 3 threads makes one source and asks it for increasing frames; together they render frames 0…23 once")
    func sourcesPerThread() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = SourceLog()
        try Self.exporter(.png, jobs: 3).export(
            sources: { LoggingSource(log: log) }, to: folder.appendingPathComponent("frames"),
            progress: SilentProgress())
        let requests = log.perSource
        #expect((1...3).contains(requests.count))
        for indices in requests { #expect(indices == indices.sorted() && Set(indices).count == indices.count) }
        #expect(requests.flatMap { $0 }.sorted() == Array(0..<24))
    }

    @Test("the frame observer gets frames 0…23 in order, never more than 2 · 3 + 1 = 7 frames behind the renderers")
    func observerInOrderWithBoundedWindow() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = SourceLog()
        var seen: [Int] = []
        var largestLead = 0
        var gif = GIFOptions()
        gif.palette = .perFrame  // each frame encoded as it comes, as a video's are (no sampling pass first)
        try Self.exporter(.gif, jobs: 3, gif: gif).export(
            sources: { LoggingSource(log: log) }, to: folder.appendingPathComponent("clip.gif"),
            progress: SilentProgress()
        ) { index, image in
            seen.append(index)
            largestLead = max(largestLead, log.highest.load(ordering: .relaxed) - index)
            #expect(image.width == MovingPicture.width)
        }
        #expect(seen == Array(0..<24))
        #expect(largestLead <= 7)
    }

    @Test(
        "frame 7 failing stops a GIF on 1 and 4 threads alike: frameSourceFailed(frame: 7), nothing left behind",
        arguments: [1, 4])
    func failureInOrder(jobs: Int) throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = SourceLog()
        var gif = GIFOptions()
        gif.palette = .perFrame
        let progress = RecordingProgress()
        #expect(throws: ExportError.frameSourceFailed(frame: 7, reason: "the test source broke")) {
            try Self.exporter(.gif, jobs: jobs, gif: gif).export(
                sources: { LoggingSource(log: log, failing: 7) }, to: folder.appendingPathComponent("out.gif"),
                progress: progress)
        }
        #expect(progress.ended == [false])
        #expect(progress.advanced == Array(1...7))
        #expect(TestImages.contents(of: folder).isEmpty)
    }

    @Test("a source maker that throws fails the export at its first frame (frames 4-9: frame 4), on 1 and 2 threads")
    func makerFailure() throws {
        for jobs in [1, 2] {
            let folder = try TestImages.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var exporter = try Self.exporter(.png, jobs: jobs)
            exporter.frames = 4...9
            #expect(throws: ExportError.frameSourceFailed(frame: 4, reason: "the test source broke")) {
                try exporter.export(
                    sources: { () throws -> any FrameSource in throw SourceFailure() },
                    to: folder.appendingPathComponent("frames"), progress: SilentProgress())
            }
            #expect(TestImages.contents(of: folder).isEmpty)
        }
    }

    @Test("100 frames in 3 shards are 0-32, 33-65, 66-99; shard 3 of 3, or 5 shards of 4 frames, have none")
    func shardRanges() {
        #expect((0..<3).map { AnimationExporter.shardRange($0, of: 3, frameCount: 100) } == [0...32, 33...65, 66...99])
        #expect(AnimationExporter.shardRange(3, of: 3, frameCount: 100) == nil)
        #expect(AnimationExporter.shardRange(0, of: 5, frameCount: 4) == nil)
        #expect(AnimationExporter.shardRange(1, of: 5, frameCount: 4) == 0...0)
        #expect(AnimationExporter.shardRange(0, of: 1, frameCount: 1) == 0...0)
    }
}
