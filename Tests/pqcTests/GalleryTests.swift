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
    @Test("writes index.html, a GIF and a player (strips and data script) per demo (33), off the main thread too")
    func writesIndexAndEveryDemo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Tiny frames at 1 fps keep the whole gallery quick.
        let options = try GalleryCommand.parse(["--size", "16x12", "--fps", "1"]).options
        let files = try GalleryWriter(folder: folder, options: options).write(demos: DemoCatalog.all)
        let names = Set(files.map { GalleryWriter.relativePath(of: $0, in: folder) })
        #expect(files.first?.lastPathComponent == "index.html")
        for demo in DemoCatalog.all {
            #expect(names.contains("\(demo.name).gif"))
            #expect(names.contains("player/\(demo.name).js"))
            // 16 pixels wide: 8 frames per strip, so the first strip always exists.
            #expect(names.contains("player/\(demo.name)/0.png"))
        }
        // The command adds the Lottie section (three animations) when it renders every demo.
        for sample in LottieGallerySamples.all {
            #expect(names.contains("lottie/\(sample.name).gif"))
        }
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        for demo in DemoCatalog.all {
            #expect(html.contains("id=\"\(demo.name)\""))
            #expect(html.contains("<li><a href=\"#\(demo.name)\">"))
            #expect(html.contains("data-demo=\"\(demo.name)\""))
            #expect(html.contains("<script src=\"player/\(demo.name).js\"></script>"))
            #expect(html.contains(DemoSource.relativePath(of: demo)))
        }
        #expect(html.contains("Seed 004: Layer time"))
        #expect(html.contains("Seed 001 · § 完成块 (Completion blocks) · listing 7.3"))
        // Offline from file://: nothing is fetched from elsewhere.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("@import"))
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
