import Foundation
import PortableQuartzCoreExport
import Testing

@testable import pqc

@Suite("Gallery player data")
struct DemoPlayerTests {
    /// Writes the gallery of `demo` with `arguments` into a fresh folder and returns the folder and the player's data.
    func player(_ demo: String, _ arguments: [String]) throws -> (URL, DemoPlayerWriter.PlayerData) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-player-\(UUID().uuidString)")
        let options = try GalleryCommand.parse(arguments).options
        _ = try GalleryWriter(folder: folder, options: options).write(demos: [DemoCatalog.demo(named: demo)!])
        let script = try String(contentsOf: folder.appendingPathComponent("player/\(demo).js"), encoding: .utf8)
        #expect(script.hasPrefix("pqcGallery.add({") && script.hasSuffix("});\n"))
        let json = script.dropFirst("pqcGallery.add(".count).dropLast(");\n".count)
        return (folder, try JSONDecoder().decode(DemoPlayerWriter.PlayerData.self, from: Data(json.utf8)))
    }

    @Test("background-to-red at 8 fps: 18 frames, repeats stored once, backgroundColor #800080 at 0.625 s, none at 0")
    func backgroundToRed() throws {
        let (folder, data) = try player("background-to-red", ["--size", "48x36", "--fps", "8"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 2.25 s at 8 fps: frames 0…17 at i/8 s (2.25 itself is past the end).
        #expect(data.times.count == 18 && data.times[5] == 0.625)
        // The colour changes only while an animation runs (0.5…0.75 s and 1.5…1.75 s: frames 5 and 13, the frames at
        // 0.5 and 1.5 still showing blue); every other frame repeats the one before. So 3 pictures are stored: blue,
        // the frame at 0.625, blue again; one strip (4 096 / 48 > 8 per strip) of 3 columns.
        #expect(data.cells == [0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 3, 4, 4, 4, 4])
        #expect(data.framesPerStrip == 8 && data.strips == ["player/background-to-red/0.png"])
        let strip = try #require(CGImage(pngData: try Data(contentsOf: folder.appendingPathComponent(data.strips[0]))))
        #expect(strip.width == 5 * 48 && strip.height == 36)
        #expect(data.tracks == [AnimatedProperties.Track(layer: "layerView", keyPath: "backgroundColor")])
        // 0.125 s into the default 0.25 s from blue to red: half-way, (0.5, 0, 0.5).
        #expect(data.values[5] == ["#800080"])
        #expect(data.values[0] == [nil])
    }

    @Test("above 50 fps a GIF skips frames, yet the player gets every frame of the timeline in order")
    func everyFrameAtHighRates() throws {
        let (folder, data) = try player("opacity-fade", ["--size", "16x12", "--fps", "100"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let timeline = try FrameTimeline(framesPerSecond: 100, duration: OpacityFadeDemo.scene().duration)
        #expect(data.times == timeline.times)
        #expect(data.values.count == timeline.frameCount && data.cells.count == timeline.frameCount)
        // Cells count up by 0 (a repeat) or 1 (a new picture), and the strips hold every stored picture.
        #expect(zip(data.cells, data.cells.dropFirst()).allSatisfy { $1 - $0 == 0 || $1 - $0 == 1 })
        #expect(data.strips.count == (data.cells.last! + 1 + 7) / 8)
    }
}
