import Foundation
import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Demo catalog")
struct DemoCatalogTests {
    @Test("lists all 33 demos of the seeds' README, with unique names, from all five seeds")
    func catalogCoversTheSeeds() {
        #expect(DemoCatalog.all.count == 33)
        #expect(Set(DemoCatalog.all.map(\.name)).count == DemoCatalog.all.count)
        #expect(Set(DemoCatalog.all.map(\.seed)) == Set(Seed.allCases))
        #expect(DemoCatalog.all.filter { $0.seed == .layerTime }.count == 4)
    }

    @Test("finds a demo by name and answers nil for an unknown one")
    func lookupByName() {
        #expect(DemoCatalog.demo(named: "swinging-door")?.seed == .layerTime)
        #expect(DemoCatalog.demo(named: "no-such-demo") == nil)
    }
}

@Suite("Gallery writer")
struct GalleryWriterTests {
    @Test("writes index.html naming every demo and its seed, and a GIF per demo (33), off the main thread too")
    func writesIndexAndEveryDemo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Tiny frames at 1 fps keep the whole gallery quick.
        let options = try GalleryCommand.parse(["--size", "16x12", "--fps", "1"]).options
        let files = try GalleryWriter(folder: folder, options: options).write(demos: DemoCatalog.all)
        // The command adds the Lottie section (three animations) when it renders every demo.
        let expected =
            ["index.html"] + DemoCatalog.all.map { "\($0.name).gif" }
            + LottieGallerySamples.all.map { "\($0.name).gif" }
        #expect(files.map(\.lastPathComponent).sorted() == expected.sorted())
        #expect(files.count == 37)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        for demo in DemoCatalog.all {
            #expect(html.contains("id=\"\(demo.name)\""))
        }
        #expect(html.contains("Seed 004: Layer time"))
    }

    @Test("an unwritable output folder gives one clear error naming the folder and the fix")
    func unwritableFolder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: GalleryWriter.Failure.self) {
            try GalleryWriter(folder: file.appendingPathComponent("sub")).write(demos: DemoCatalog.all)
        }
        #expect(error?.description.contains("--out") == true)
    }

    @Test("an unknown --only name is rejected with the list of known names")
    func unknownDemoName() throws {
        #expect(throws: (any Error).self) { try GalleryCommand.parse(["--only", "nope"]) }
        let command = try GalleryCommand.parse(["--only", "shear", "--out", "/tmp/x"])
        #expect(command.only == "shear")
    }
}
