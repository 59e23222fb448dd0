import Foundation
import PortableQuartzCoreExport
import Testing

@Suite("FFmpegVideoEncoder")
struct FFmpegVideoEncoderTests {
    static func frame(_ index: Int, width: Int, height: Int) -> CGImage {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        let color = colors[index % 4]
        return TestImages.solid(width: width, height: height, color.0, color.1, color.2)
    }

    static func exporter(_ format: ExportFormat, environment: [String: String]) throws -> AnimationExporter {
        var exporter = AnimationExporter(
            format: format, timeline: try FrameTimeline(framesPerSecond: 10, frameCount: 8),
            size: ExportSize(width: 32, height: 24))
        exporter.videoEncoder = FFmpegVideoEncoder(environment: environment)
        return exporter
    }

    @Test("without ffmpeg on PATH the error says `sudo apt-get install ffmpeg` and nothing is written")
    func absentFFmpeg() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exporter = try Self.exporter(.mp4, environment: ["PATH": "/nonexistent-pqc-bin"])
        var caught: ExportError?
        do {
            try exporter.export(
                from: ClosureFrameSource { index, _ in Self.frame(index, width: 32, height: 24) },
                to: folder.appendingPathComponent("clip.mp4"), progress: SilentProgress())
        } catch {
            caught = error
        }
        #expect(caught == .encoderNotFound(name: "ffmpeg", searched: "not on PATH=/nonexistent-pqc-bin"))
        #expect(caught?.description.contains("sudo apt-get install ffmpeg") == true)
        #expect(TestImages.contents(of: folder).isEmpty)
    }

    @Test("PQC_FFMPEG naming a missing program is reported as such, even when PATH has ffmpeg")
    func overrideMustBeExecutable() {
        let encoder = FFmpegVideoEncoder(environment: ["PQC_FFMPEG": "/nonexistent/ffmpeg", "PATH": "/usr/bin"])
        #expect(
            throws: ExportError.encoderNotFound(
                name: "ffmpeg", searched: "PQC_FFMPEG=/nonexistent/ffmpeg is not an executable file")
        ) {
            try encoder.locate()
        }
    }

    @Test("an ffmpeg that fails passes the end of its standard error on, exit status 3, and leaves nothing")
    func failingEncoderReportsStandardError() throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tools = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: tools) }
        let script = tools.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\necho 'line one' >&2\necho 'Unknown encoder libx264' >&2\nexit 3\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let exporter = try Self.exporter(.mp4, environment: ["PQC_FFMPEG": script.path])
        var caught: ExportError?
        do {
            try exporter.export(
                from: ClosureFrameSource { index, _ in Self.frame(index, width: 32, height: 24) },
                to: folder.appendingPathComponent("clip.mp4"), progress: SilentProgress())
        } catch {
            caught = error
        }
        #expect(caught == .encoderFailed(name: "ffmpeg", status: 3, message: "line one\nUnknown encoder libx264"))
        #expect(TestImages.contents(of: folder).isEmpty)
    }

    @Test("arguments: raw RGBA 33×24 at 29.97 fps in, padded to even size, H.264 yuv420p out")
    func arguments() {
        let settings = VideoSettings(width: 33, height: 24, framesPerSecond: 29.97, container: .mp4)
        let arguments = FFmpegVideoEncoder.arguments(for: settings, output: URL(fileURLWithPath: "/tmp/x.mp4"))
        let text = arguments.joined(separator: " ")
        #expect(text.contains("-f rawvideo -pix_fmt rgba -s 33x24 -framerate 29970000/1000000 -i pipe:0"))
        #expect(text.contains("-vf pad=ceil(iw/2)*2:ceil(ih/2)*2"))
        #expect(text.contains("-c:v libx264") && text.contains("-pix_fmt yuv420p"))
        #expect(arguments.suffix(3) == ["-f", "mp4", "/tmp/x.mp4"])
        let webm = FFmpegVideoEncoder.arguments(
            for: VideoSettings(width: 32, height: 24, framesPerSecond: 30, container: .webm),
            output: URL(fileURLWithPath: "/tmp/x.webm"))
        #expect(webm.contains("libvpx-vp9") && !webm.contains("-vf") && webm.contains("30"))
    }

    @Test(
        "with ffmpeg installed, 8 frames of red, green, blue, white come back from the file within 10 levels",
        .enabled(if: TestImages.ffmpegPath != nil), arguments: [ExportFormat.mp4, .webm]
    )
    func videoRoundTrip(format: ExportFormat) throws {
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("clip.\(format)")
        try Self.exporter(format, environment: ProcessInfo.processInfo.environment).export(
            from: ClosureFrameSource { index, _ in Self.frame(index, width: 32, height: 24) }, to: destination,
            progress: SilentProgress())
        #expect(TestImages.contents(of: folder) == ["clip.\(format)"])
        let raw = try TestImages.runFFmpeg(["-i", destination.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let frameBytes = 32 * 24 * 4
        #expect(raw.count == 8 * frameBytes)
        let expected: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        for index in 0..<min(8, raw.count / frameBytes) {
            let centre = index * frameBytes + (12 * 32 + 16) * 4
            let got = (0..<3).map { Int(raw[raw.startIndex + centre + $0]) }
            #expect(zip(got, expected[index % 4]).allSatisfy { abs($0 - $1) <= 10 }, "frame \(index): \(got)")
        }
    }

    @Test(
        "with ffmpeg installed, it decodes our GIF to the same canvases as the test decoder",
        .enabled(if: TestImages.ffmpegPath != nil)
    )
    func ffmpegDecodesOurGIF() throws {
        var options = GIFOptions()
        options.palette = .perFrame
        options.dithering = .none
        let frames = (0..<3).map { step in
            (
                image: TestImages.image(width: 20, height: 10) { x, y in
                    (x / 4 == step && y > 2) ? (0, 0, 0, 255) : (UInt8(200 + step), 180, 40, 255)
                }, delay: 10
            )
        }
        let bytes = try GIFEncoder.encode(frames, options: options)
        let folder = try TestImages.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("check.gif")
        try Data(bytes).write(to: file)
        let raw = try TestImages.runFFmpeg(["-i", file.path, "-vsync", "0", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let decoded = try TestGIFDecoder(bytes)
        #expect(raw.count == decoded.frames.count * 20 * 10 * 4)
        for (index, frame) in decoded.frames.enumerated() where raw.count >= (index + 1) * 800 {
            #expect([UInt8](raw[(raw.startIndex + index * 800)..<(raw.startIndex + (index + 1) * 800)]) == frame.canvas)
            #expect(frame.canvas == TestImages.pixels(frames[index].image))
        }
    }
}
