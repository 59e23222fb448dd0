import Foundation
import Testing

@testable import pqc

@Suite("First minutes: help and command reports")
struct CommandReportTests {
    @Test("pqc --help starts by saying what to run and what comes out (gallery/index.html)")
    func helpSaysWhatToRun() {
        let abstract = Pqc.configuration.abstract
        #expect(abstract.hasPrefix("Start with `pqc gallery`"))
        #expect(abstract.contains("./gallery/index.html"))
        #expect(Pqc.helpMessage().hasPrefix("OVERVIEW: Start with `pqc gallery`"))
    }

    @Test("durations read 8.4 s below a minute and 5 min 12 s above; sizes 812.4 kB and 24.1 MB")
    func formats() {
        #expect(CommandReport.duration(.milliseconds(8_449)) == "8.4 s")
        #expect(CommandReport.duration(.milliseconds(312_400)) == "5 min 12 s")
        #expect(CommandReport.size(812_400) == "812.4 kB")
        #expect(CommandReport.size(24_100_000) == "24.1 MB")
    }

    @Test("the byte count of a folder includes every file inside it: 3 + 5 bytes")
    func folderBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("abc".utf8).write(to: folder.appendingPathComponent("a/x"))
        try Data("defgh".utf8).write(to: folder.appendingPathComponent("y"))
        #expect(CommandReport.bytes(of: [folder]) == 8)
        #expect(CommandReport.bytes(of: [folder.appendingPathComponent("y")]) == 5)
    }
}
