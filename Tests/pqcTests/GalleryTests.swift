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

@Suite("Geometry previews")
struct GeometryPreviewTests {
    @Test("the closed door (rotation 0) covers x 86…214, y 22…278 like seed 004's layer")
    func closedDoorCorners() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        // At angle 0 the perspective only acts on z, which is 0, so the corners land where the frame says.
        let toContainer = [
            CATransform3DMakeTranslation(0, -128, 0), CATransform3DMakeTranslation(86 - 150, 0, 0), perspective,
            CATransform3DMakeTranslation(150, 150, 0),
        ].reduce(CATransform3DIdentity, CATransform3DConcat)
        let corner = GeometryPreview.project(CGPoint(x: 128, y: 256), through: toContainer)
        #expect(corner == CGPoint(x: 214, y: 278))
        #expect(GeometryPreview.swingingDoor().body.contains("86,22 214,22 214,278 86,278"))
    }

    @Test("the door's free edge swung by −π/4 moves towards the hinge and grows through perspective")
    func swungDoorFreeEdge() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        let rotation = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        // Free edge top corner relative to the hinge: (128, −128, 0) → x = 128·cos45° = 90.51, z = 90.51
        // (rotating by −π/4 about y brings +x towards +z), w = 1 + z·m34 = 0.8190.
        let m = CATransform3DConcat(rotation, perspective)
        let projected = GeometryPreview.project(CGPoint(x: 128, y: -128), through: m)
        #expect(abs(projected.x - 90.5097 / 0.818981) < 1e-3)
        #expect(abs(projected.y - (-128 / 0.818981)) < 1e-3)
    }

    @Test("the shear preview's red box is frame (0, 50, 300, 100): the bounding box of the sheared view")
    func shearBoundingBox() {
        #expect(GeometryPreview.shear().body.contains("0,50 300,50 300,150 0,150"))
    }

    @Test("the flight path is written from the CGPath's elements")
    func shipPathElements() {
        #expect(GeometryPreview.shipPath().body.contains("M0 150 C75 0 225 300 300 150"))
    }

    @Test("format prints at most two decimals and never traps on NaN or infinity")
    func formatting() {
        #expect(GeometryPreview.format(12.3456) == "12.35")
        #expect(GeometryPreview.format(-3) == "-3")
        #expect(GeometryPreview.format(.nan) == "0")
        #expect(GeometryPreview.format(.infinity) == "0")
    }
}

@Suite("Gallery writer")
struct GalleryWriterTests {
    @Test("writes index.html naming every demo and its seed, a GIF per scene (24) and the SVG of the shear preview")
    func writesIndexAndPreviews() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Tiny frames at 1 fps keep the whole gallery quick.
        let options = try GalleryCommand.parse(["--size", "16x12", "--fps", "1"]).options
        let files = try GalleryWriter(folder: folder, options: options).write(demos: DemoCatalog.all)
        let expected = ["index.html", "shear.svg"] + DemoRegistry.builders.keys.map { "\($0).gif" }
        #expect(files.map(\.lastPathComponent).sorted() == expected.sorted())
        #expect(files.count == 26)
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
