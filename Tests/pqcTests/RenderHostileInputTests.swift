import Foundation
import PortableQuartzCore
import PortableQuartzCoreExport
import Testing

@testable import pqc

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `pqc render` against bad input (issue 19): a clear message and an error within seconds, nothing left behind.
@Suite("pqc render with bad input")
struct RenderHostileInputTests {
    /// A 20 × 20 scene with a one-second fade; `duration` replaces the fade's duration text.
    static func scene(duration: String = "1", size: String = "20, 20") -> String {
        """
        {"version": 1, "root": {"class": "CALayer",
          "properties": {"bounds": {"rect": [0, 0, \(size)]}, "position": {"point": [10, 10]},
                         "backgroundColor": {"color": [1, 0, 0, 1]}},
          "animations": [{"class": "CABasicAnimation", "key": "fade", "keyPath": "opacity", "duration": \(duration),
                          "fromValue": {"number": 0}, "toValue": {"number": 1}}]}}
        """
    }

    /// A new empty folder, removed by the caller.
    private func folder(_ name: String) throws -> URL {
        let url = temporaryGalleryFolder(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The message `pqc render` prints for `arguments` (the error of parsing or of running), and how long it took.
    private func failure(_ arguments: [String]) -> (message: String?, seconds: Double) {
        let start = ContinuousClock.now
        var message: String?
        do {
            try RenderCommand.parse(arguments).run()
        } catch {
            message = RenderCommand.message(for: error)
        }
        let elapsed = ContinuousClock.now - start
        return (message, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    @Test("each bad input gets its own message, an error, no file, within seconds")
    func badInputs() throws {
        let work = try folder("bad-inputs")
        defer { try? FileManager.default.removeItem(at: work) }
        func file(_ name: String, _ text: String) throws -> String {
            let url = work.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let output = work.appendingPathComponent("out").appendingPathExtension("gif").path
        // A layer tree 601 levels deep written as JSON nests 1,202 levels.
        var deep = #"{"class": "CALayer"}"#
        for _ in 0..<600 { deep = #"{"class": "CALayer", "sublayers": ["# + deep + "]}" }
        let cases: [([String], String)] = [
            ([work.path, "--out", output], "is a folder, not a scene file"),
            (["/dev/zero", "--out", output], "not a regular file"),
            ([try file("nan.json", Self.scene(duration: #""nan""#)), "--out", output], "duration is NaN"),
            ([try file("cut.json", String(Self.scene().prefix(60))), "--out", output], "looks truncated"),
            ([try file("list.json", "[1, 2, 3]"), "--out", output], "found an array"),
            ([try file("deep.json", #"{"version": 1, "root": "# + deep + "}"), "--out", output], "nests 1202 levels"),
            ([try file("empty.json", Self.scene(size: "0, 0")), "--out", output], "no picture size"),
            ([try file("huge.json", Self.scene(size: "100000, 100000")), "--out", output], "no picture size"),
            ([try file("ok.json", Self.scene()), "--out", output, "--size", "100000x100000"], "1…32767"),
            (
                [work.appendingPathComponent("ok.json").path, "--out", output, "--fps", "0"],
                "--fps 0.0 is out of range"
            ),
            ([work.appendingPathComponent("ok.json").path, "--out", output, "--frames", "9-3"], "0 ≤ A ≤ B"),
            (
                [work.appendingPathComponent("ok.json").path, "--out", "/proc/self/out.gif"],
                "cannot create files in /proc/self"
            ),
        ]
        for (arguments, expected) in cases {
            let (message, seconds) = failure(arguments)
            #expect(message?.contains(expected) == true, "\(arguments): \(message ?? "no error")")
            #expect(seconds < 5, "\(arguments) took \(seconds) s")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { !$0.hasSuffix(".json") }
        #expect(left.isEmpty)
    }

    @Test("a stale staging file and folder of a crashed export are removed by the next export; a locked one is not")
    func staleStagingRemoved() throws {
        let work = try folder("stale")
        defer { try? FileManager.default.removeItem(at: work) }
        let scene = work.appendingPathComponent("scene.json")
        try Data(Self.scene().utf8).write(to: scene)
        // Leftovers as a killed process leaves them: hidden, named like staging items, unlocked, an hour old.
        let staleFile = work.appendingPathComponent(".movie.gif.partial-\(UUID().uuidString)")
        let staleFolder = work.appendingPathComponent(".frames.partial-\(UUID().uuidString)")
        try Data([1, 2, 3]).write(to: staleFile)
        try FileManager.default.createDirectory(at: staleFolder, withIntermediateDirectories: false)
        try Data([4]).write(to: staleFolder.appendingPathComponent("frame_00000.png"))
        // A live export's file, locked by its (here: this) process.
        let live = work.appendingPathComponent(".other.gif.partial-\(UUID().uuidString)")
        try Data([5]).write(to: live)
        let descriptor = open(live.path, O_RDONLY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let hourAgo = Date().addingTimeInterval(-3600)
        for url in [staleFile, staleFolder, live] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: url.path)
        }
        // A hidden file that only looks similar is left alone.
        let unrelated = work.appendingPathComponent(".notes.partial-draft")
        try Data([6]).write(to: unrelated)

        try RenderCommand.parse([scene.path, "--out", work.appendingPathComponent("result.gif").path, "--fps", "4"])
            .run()
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: work.path))
        #expect(names == ["scene.json", "result.gif", live.lastPathComponent, unrelated.lastPathComponent])
    }

    /// The `pqc` program built beside the test bundle.
    static let program: URL? = {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("pqc")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    @Test(
        "SIGINT and SIGTERM during an export end pqc with that signal and remove its staging file or folder",
        .enabled(if: program != nil), arguments: [(SIGINT, "movie.gif"), (SIGTERM, "frames"), (SIGHUP, "clip.gif")])
    func interruptedExportLeavesNothing(signalNumber: Int32, output: String) throws {
        let work = try folder("interrupted")
        defer { try? FileManager.default.removeItem(at: work) }
        let scene = work.appendingPathComponent("scene.json")
        try Data(Self.scene(duration: "30").utf8).write(to: scene)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let process = Process()
        process.executableURL = Self.program
        // 900 frames of 800 × 800: far longer than the test waits.
        process.arguments = [
            "render", scene.path, "--out", out.appendingPathComponent(output).path, "--size", "800x800",
            "--fps", "30", "--duration", "30",
        ]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Wait (at most 60 s) until the export has created its staging item, then interrupt it.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            try FileManager.default.contentsOfDirectory(atPath: out.path).filter({ $0.contains(".partial-") }).isEmpty
        {
            usleep(20_000)
        }
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).isEmpty, "no staging item appeared")
        usleep(200_000)  // let it write a little
        kill(process.processIdentifier, signalNumber)
        let stopBy = Date().addingTimeInterval(30)
        while process.isRunning, Date() < stopBy { usleep(20_000) }
        if process.isRunning {
            Issue.record("pqc did not end within 30 s of the signal")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signalNumber)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
