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

    @Test("background-to-red at 8 fps: 18 frames in 3 strips, backgroundColor #800080 at 0.625 s and none at 0")
    func backgroundToRed() throws {
        let (folder, data) = try player("background-to-red", ["--size", "48x36", "--fps", "8"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 2.25 s at 8 fps: frames 0…17 at i/8 s (2.25 itself is past the end); 8 per strip (4 096 / 48 > 8): strips
        // of 8, 8 and 2 frames.
        #expect(data.times.count == 18 && data.times[5] == 0.625)
        #expect(data.framesPerStrip == 8 && data.strips == (0..<3).map { "player/background-to-red/\($0).png" })
        let last = try #require(CGImage(pngData: try Data(contentsOf: folder.appendingPathComponent(data.strips[2]))))
        #expect(last.width == 2 * 48 && last.height == 36)
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
        #expect(data.values.count == timeline.frameCount)
        #expect(data.strips.count == (timeline.frameCount + 7) / 8)
    }
}
