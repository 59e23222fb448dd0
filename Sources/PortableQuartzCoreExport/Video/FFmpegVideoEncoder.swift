import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Encodes MP4 and WebM by running the `ffmpeg` program and piping raw RGBA frames into it (our addition).
///
/// `ffmpeg` is found through the `PQC_FFMPEG` environment variable (the path of the program) when it is set, else
/// on `PATH`. Frames go to its standard input as `rawvideo rgba`; what it prints on standard error is kept in a
/// temporary log, and the last lines of it are part of the error when it fails.
///
/// MP4 is H.264 (`libx264`, `yuv420p`, CRF 18, `+faststart`); WebM is VP9 (`libvpx-vp9`, `yuv420p`, CRF 32,
/// constant quality). 4:2:0 chroma needs even sizes, so an odd width or height is padded by one black column or
/// row. Muxers run with `+bitexact`, so files carry no encoder version or creation time.
///
/// While a session runs, the process ignores `SIGPIPE` (set once, for the whole process): if `ffmpeg` dies,
/// writing a frame then fails with an error instead of killing the program.
public struct FFmpegVideoEncoder: VideoEncoder {
    /// The environment variable that names the `ffmpeg` program to use.
    public static let pathVariable = "PQC_FFMPEG"

    /// The environment `PQC_FFMPEG` and `PATH` are read from.
    public var environment: [String: String]

    /// An encoder that looks for `ffmpeg` in `environment` (the process's own by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The `ffmpeg` program to run.
    /// - Throws: ``ExportError/encoderNotFound(name:searched:)`` saying where it looked.
    public func locate() throws(ExportError) -> URL {
        if let override = environment[Self.pathVariable], !override.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: override) else {
                throw .encoderNotFound(
                    name: "ffmpeg", searched: "\(Self.pathVariable)=\(override) is not an executable file")
            }
            return URL(fileURLWithPath: override)
        }
        let path = environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw .encoderNotFound(name: "ffmpeg", searched: path.isEmpty ? "PATH is empty" : "not on PATH=\(path)")
    }

    /// The arguments given to `ffmpeg` for `settings`, writing `output`.
    public static func arguments(for settings: VideoSettings, output: URL) -> [String] {
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-nostats", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(settings.width)x\(settings.height)",
            "-framerate", rate(settings.framesPerSecond), "-i", "pipe:0", "-an",
        ]
        if settings.width % 2 != 0 || settings.height % 2 != 0 {
            arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
        }
        switch settings.container {
        case .mp4:
            arguments += [
                "-c:v", "libx264", "-preset", "medium", "-crf", String(settings.quality ?? 18), "-pix_fmt",
                "yuv420p", "-movflags", "+faststart",
            ]
        case .webm:
            arguments += [
                "-c:v", "libvpx-vp9", "-crf", String(settings.quality ?? 32), "-b:v", "0", "-pix_fmt", "yuv420p",
                "-row-mt", "1",
            ]
        }
        arguments += ["-fflags", "+bitexact", "-f", settings.container.rawValue, output.path]
        return arguments
    }

    /// A frame rate as ffmpeg reads it: whole numbers plainly, others as a fraction over 1 000 000.
    static func rate(_ framesPerSecond: Double) -> String {
        if framesPerSecond == framesPerSecond.rounded(), framesPerSecond < 1e9 {
            return String(Int(framesPerSecond))
        }
        return "\(Int((framesPerSecond * 1_000_000).rounded()))/1000000"
    }

    public func startEncoding(
        _ settings: VideoSettings, to output: URL
    ) throws(ExportError)
        -> any VideoEncodingSession
    {
        let program = try locate()
        return try FFmpegSession(
            program: program, arguments: Self.arguments(for: settings, output: output),
            frameByteCount: settings.width * settings.height * 4)
    }
}

/// `SIGPIPE` ignored once for the process, so a write to a dead `ffmpeg` returns an error (see the encoder).
private let brokenPipesIgnored: Bool = {
    signal(SIGPIPE, SIG_IGN)
    return true
}()

/// One running `ffmpeg`.
private final class FFmpegSession: VideoEncodingSession {
    private let process = Process()
    private let input = Pipe()
    private let log: URL
    private let frameByteCount: Int
    private var ended = false

    init(program: URL, arguments: [String], frameByteCount: Int) throws(ExportError) {
        _ = brokenPipesIgnored
        self.frameByteCount = frameByteCount
        log = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-ffmpeg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = program
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        do {
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
        } catch {
            OutputLocation.remove(log)
            throw .encoderFailed(
                name: "ffmpeg", status: -1, message: "could not start \(program.path): \(error.localizedDescription)")
        }
    }

    func append(_ rgba: [UInt8]) throws(ExportError) {
        precondition(rgba.count == frameByteCount, "a video frame must be width × height × 4 bytes")
        do {
            try input.fileHandleForWriting.write(contentsOf: rgba)
        } catch {
            throw stopAfterFailure(writeError: error.localizedDescription)
        }
    }

    func finish() throws(ExportError) {
        guard !ended else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        ended = true
        defer { OutputLocation.remove(log) }
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw .encoderFailed(name: "ffmpeg", status: process.terminationStatus, message: logTail())
        }
    }

    func cancel() {
        guard !ended else { return }
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        ended = true
        OutputLocation.remove(log)
    }

    /// Waits for the process after a failed write and describes what happened.
    private func stopAfterFailure(writeError: String) -> ExportError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        ended = true
        let tail = logTail()
        OutputLocation.remove(log)
        return .encoderFailed(
            name: "ffmpeg", status: process.terminationStatus,
            message: tail.isEmpty ? "writing a frame failed: \(writeError)" : tail)
    }

    /// The last 20 lines (at most 4 000 characters) of what ffmpeg printed.
    private func logTail() -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "" }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
        return String(lines.suffix(4_000))
    }

    deinit { cancel() }
}
