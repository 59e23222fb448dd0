import Foundation
import PortableQuartzCoreExport
import Testing

@Suite("AnimationExporter")
struct AnimationExporterTests {
    /// Frame i: a 6 × 4 image whose red is 40·i and whose bottom-right pixel is half-transparent blue.
    static func frame(_ index: Int, width: Int = 6, height: Int = 4) -> CGImage {
        TestImages.image(width: width, height: height) { x, y in
            x == width - 1 && y == height - 1
                ? (0, 0, 128, 128) : (UInt8(40 * index % 256), UInt8(x * 30), UInt8(y * 50), 255)
        }
    }

    static func exporter(_ format: ExportFormat, frames: Int = 4, fps: Double = 10) throws -> AnimationExporter {
        AnimationExporter(
            format: format, timeline: try FrameTimeline(start: 1, framesPerSecond: fps, frameCount: frames),
            size: ExportSize(width: 6, height: 4))
    }

    @Test("a PNG sequence holds frame_00000 … frame_00003.png, decoding to the source pixels at times 1.0 … 1.3")
    func pngSequenceRoundTrip() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("frames")
        var times: [Double] = []
        let result = try Self.exporter(.png).export(
            from: ClosureFrameSource { index, time in
                times.append(time)
                return Self.frame(index)
            }, to: destination, progress: SilentProgress())
        #expect(times == (0..<4).map { 1 + Double($0) / 10 })
        #expect(TestImages.contents(of: folder) == ["frames"])
        #expect(TestImages.contents(of: destination) == (0..<4).map { "frame_0000\($0).png" })
        #expect(result.files.count == 4 && result.framesWritten == 4)
        for index in 0..<4 {
            let data = try Data(contentsOf: destination.appendingPathComponent("frame_0000\(index).png"))
            let decoded = try #require(CGImage(pngData: data))
            #expect(decoded.premultipliedRGBABytes == Self.frame(index).premultipliedRGBABytes)
        }
    }

    @Test("frames 2-3 of 120 are frame_00002.png and frame_00003.png, added beside frames already there")
    func pngRangeJoinsExistingFolder() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: destination.appendingPathComponent("frame_00000.png"))
        var exporter = try Self.exporter(.png, frames: 120)
        exporter.frames = 2...3
        try exporter.export(
            from: ClosureFrameSource { index, _ in Self.frame(index) }, to: destination, progress: SilentProgress())
        #expect(TestImages.contents(of: destination) == ["frame_00000.png", "frame_00002.png", "frame_00003.png"])
        #expect(TestImages.contents(of: folder) == ["frames"])
        exporter.pngSequence.minimumDigits = 1
        #expect(exporter.pngSequence.fileName(forFrame: 2, frameCount: 120) == "frame_002.png")
    }

    @Test("a GIF export at 10 fps writes 4 frames of 10 cs with a global palette, samples counted in progress")
    func gifExport() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("anim.gif")
        let progress = RecordingProgress()
        var calls: [Int] = []
        let result = try Self.exporter(.gif).export(
            from: ClosureFrameSource { index, _ in
                calls.append(index)
                return Self.frame(index)
            }, to: destination, progress: progress)
        let decoded = try TestGIFDecoder([UInt8](try Data(contentsOf: destination)))
        #expect(decoded.frames.map(\.delay) == [10, 10, 10, 10])
        #expect(decoded.globalPalette != nil)
        // Four frames sampled for the palette, then four encoded.
        #expect(calls == [0, 1, 2, 3, 0, 1, 2, 3])
        #expect(progress.began.map(\.total) == [8] && progress.began.map(\.title) == ["anim.gif"])
        #expect(progress.advanced == Array(1...8) && progress.ended == [true])
        #expect(result.framesRendered == 8 && result.framesWritten == 4)
        #expect(TestImages.contents(of: folder) == ["anim.gif"])
    }

    @Test(
        "a source failing at frame 2 leaves the folder as it was, for every format",
        arguments: [ExportFormat.png, .gif, .mp4]
    )
    func failureLeavesNothing(format: ExportFormat) throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent(format == .png ? "frames" : "out.\(format)")
        var exporter = try Self.exporter(format)
        exporter.gif.palette = .perFrame
        let fake = FakeVideoEncoder()
        exporter.videoEncoder = fake
        let progress = RecordingProgress()
        #expect(throws: ExportError.frameSourceFailed(frame: 2, reason: "the test source broke")) {
            try exporter.export(
                from: ClosureFrameSource { index, _ in
                    if index == 2 { throw SourceFailure() }
                    return Self.frame(index)
                }, to: destination, progress: progress)
        }
        #expect(TestImages.contents(of: folder).isEmpty)
        #expect(progress.ended == [false])
        if format == .mp4 { #expect(fake.cancelled) }
    }

    @Test("a failed export keeps the file that was already at the destination, byte for byte")
    func failureKeepsExistingFile() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.gif")
        try Data("previous".utf8).write(to: destination)
        #expect(throws: ExportError.self) {
            try Self.exporter(.gif).export(
                from: ClosureFrameSource { index, _ in index == 3 ? Self.frame(0, width: 7) : Self.frame(index) },
                to: destination, progress: SilentProgress())
        }
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(TestImages.contents(of: folder) == ["out.gif"])
    }

    @Test("cancelling the export's task after frame 1 throws .cancelled and leaves nothing")
    func cancellation() async throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.gif")
        let exporter = try Self.exporter(.gif, frames: 6)
        let outcome = await Task { () -> ExportError? in
            do throws(ExportError) {
                try exporter.export(
                    from: ClosureFrameSource { index, _ in
                        if index == 1 { withUnsafeCurrentTask { $0?.cancel() } }
                        return Self.frame(index)
                    }, to: destination, progress: SilentProgress())
                return nil
            } catch {
                return error
            }
        }.value
        #expect(outcome == .cancelled)
        #expect(TestImages.contents(of: folder).isEmpty)
    }

    @Test("bad destinations name the path: a missing folder, a folder where a file goes, a file where a folder goes")
    func badDestinations() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ClosureFrameSource { index, _ in Self.frame(index) }
        let missing = folder.appendingPathComponent("nope/out.gif")
        #expect(throws: ExportError.folderNotFound(path: folder.appendingPathComponent("nope").path)) {
            try Self.exporter(.gif).export(from: source, to: missing, progress: SilentProgress())
        }
        #expect(throws: ExportError.destinationIsFolder(path: folder.path)) {
            try Self.exporter(.gif).export(from: source, to: folder, progress: SilentProgress())
        }
        let file = folder.appendingPathComponent("file")
        try Data().write(to: file)
        #expect(throws: ExportError.destinationIsFile(path: file.path)) {
            try Self.exporter(.png).export(from: source, to: file, progress: SilentProgress())
        }
        #expect(ExportError.folderNotFound(path: "/x/y").description.contains("mkdir -p '/x/y'"))
    }

    @Test("a read-only folder is reported as not writable, with the chmod fix", .enabled(if: getuid() != 0))
    func unwritableFolder() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path) }
        #expect(throws: ExportError.folderNotWritable(path: folder.path)) {
            try Self.exporter(.gif).export(
                from: ClosureFrameSource { index, _ in Self.frame(index) }, to: folder.appendingPathComponent("a.gif"),
                progress: SilentProgress())
        }
    }

    @Test("settings are checked first: frames 2-9 of 4, an empty timeline, a 0×4 size, a 7×4 frame")
    func invalidSettings() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.gif")
        let source = ClosureFrameSource { index, _ in Self.frame(index) }
        var exporter = try Self.exporter(.gif)
        exporter.frames = 2...9
        #expect(throws: ExportError.invalidFrameRange(first: 2, last: 9, frameCount: 4)) {
            try exporter.export(from: source, to: destination, progress: SilentProgress())
        }
        exporter = try Self.exporter(.gif, frames: 0)
        #expect(throws: ExportError.emptyTimeline) { try exporter.frameIndices() }
        exporter = try Self.exporter(.gif)
        exporter.size = ExportSize(width: 0, height: 4)
        #expect(throws: ExportError.invalidSize(width: 0, height: 4)) { try exporter.frameIndices() }
        exporter = try Self.exporter(.png)
        #expect(
            throws: ExportError.frameSizeMismatch(frame: 0, expectedWidth: 6, expectedHeight: 4, width: 7, height: 4)
        ) {
            try exporter.export(
                from: ClosureFrameSource { _, _ in Self.frame(0, width: 7) }, to: destination,
                progress: SilentProgress())
        }
        #expect(TestImages.contents(of: folder).isEmpty)
    }

    @Test(
        "a video gets every frame flattened: (0, 0, 128, 128) over black is (0, 0, 128, 255), over white (127, 127, 255, 255)"
    )
    func videoThroughFakeEncoder() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("clip.webm")
        var exporter = try Self.exporter(.webm, frames: 3, fps: 24)
        let fake = FakeVideoEncoder()
        exporter.videoEncoder = fake
        try exporter.export(
            from: ClosureFrameSource { index, _ in Self.frame(index) }, to: destination, progress: SilentProgress())
        #expect(fake.settings == VideoSettings(width: 6, height: 4, framesPerSecond: 24, container: .webm))
        #expect(fake.output != destination && fake.output?.deletingLastPathComponent().path == folder.path)
        #expect(fake.frames.count == 3)
        let last = (4 * 6 - 1) * 4
        #expect(Array(fake.frames[0][last..<(last + 4)]) == [0, 0, 128, 255])
        #expect(Array(fake.frames[2][0..<4]) == [80, 0, 0, 255])
        #expect(try String(contentsOf: destination, encoding: .utf8) == "frames: 3")
        #expect(TestImages.contents(of: folder) == ["clip.webm"])

        let white = FakeVideoEncoder()
        exporter.videoEncoder = white
        exporter.videoBackground = .white
        try exporter.export(
            from: ClosureFrameSource { index, _ in Self.frame(index) }, to: destination, progress: SilentProgress())
        #expect(Array(white.frames[0][last..<(last + 4)]) == [127, 127, 255, 255])
    }

    @Test("a video encoder failing at the end leaves nothing and passes its message on")
    func videoEncoderFailure() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var exporter = try Self.exporter(.mp4)
        let fake = FakeVideoEncoder()
        fake.failsOnFinish = true
        exporter.videoEncoder = fake
        #expect(throws: ExportError.encoderFailed(name: "fake", status: 1, message: "Conversion failed!")) {
            try exporter.export(
                from: ClosureFrameSource { index, _ in Self.frame(index) }, to: folder.appendingPathComponent("a.mp4"),
                progress: SilentProgress())
        }
        #expect(TestImages.contents(of: folder).isEmpty)
    }

    @Test("parsing: 640x480 and 640×480 are sizes, 0x5 is not; 10-20 and 7 are frame ranges, 5-2 is not")
    func parsing() {
        #expect(ExportSize(parsing: "640x480") == ExportSize(width: 640, height: 480))
        #expect(ExportSize(parsing: "640×480")?.description == "640x480")
        #expect(
            ExportSize(parsing: "0x5") == nil && ExportSize(parsing: "abc") == nil
                && ExportSize(parsing: "1x2x3") == nil)
        #expect(AnimationExporter.frameRange(parsing: "10-20") == 10...20)
        #expect(AnimationExporter.frameRange(parsing: "7") == 7...7)
        #expect(
            AnimationExporter.frameRange(parsing: "5-2") == nil && AnimationExporter.frameRange(parsing: "-3") == nil)
        #expect(ExportFormat(fileExtension: "GIF") == .gif && ExportFormat(fileExtension: "m4v") == .mp4)
        #expect(ExportFormat(fileExtension: "jpg") == nil && ExportFormat.png.writesFolder)
    }
}
