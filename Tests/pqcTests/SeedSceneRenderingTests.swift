import Foundation
import PortableQuartzCore
import Testing

@testable import pqc

/// The seed scenes drawn by `CARenderer` at chosen times: pixels where the engine's geometry puts the layers.
@Suite("Seed scenes rendered")
struct SeedSceneRenderingTests {
    /// Renders demo `name` at each of `times` (increasing) with one renderer, as an export does.
    private func frames(_ name: String, at times: [Double]) throws -> [CGImage] {
        let scene = try #require(DemoRegistry.scene(named: name))
        let renderer = try #require(CARenderer(width: Int(scene.size.width), height: Int(scene.size.height)))
        renderer.layer = scene.root
        return times.map { time in
            scene.advance(to: time)
            return scene.withClock { renderer.renderFrame(atTime: time) }
        }
    }

    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        image.withUnsafePremultipliedRGBABytes { bytes in
            (0..<4).map { Int(bytes[y * image.bytesPerRow + x * 4 + $0]) }
        }
    }

    @Test("Red → Blue push half-way (t = 1.5 s of a 2 s push from 0.5 s): blue enters on the left, red leaves right")
    func textPushHalfWay() throws {
        let images = try frames("text-push-red-blue", at: [0.25, 1.5])
        // The 200 × 100 text layer spans x 140…340, y 130…230 on the 480 × 360 canvas; half-way the new picture
        // covers x 140…240 and the old one x 240…340.
        #expect(rgba(images[0], 300, 220) == [255, 0, 0, 255])
        #expect(rgba(images[1], 150, 220) == [0, 0, 255, 255])
        #expect(rgba(images[1], 330, 220) == [255, 0, 0, 255])
    }

    @Test("wobble at 0 s: the title \"Core Animation\" (28-point black on white, a view's label) is painted")
    func wobbleTitle() throws {
        let image = try frames("wobble", at: [0])[0]
        // The 300 × 36 label spans x 90…390, y 162…198 on the 480 × 360 canvas; its delegate answers actions as a
        // view does, which must not hide the text. The text darkens 1229 of those 10,800 pixels below half grey
        // here; a blank label (the bug) left all of them white.
        var darkPixels = 0
        for y in 162..<198 {
            for x in 90..<390 where rgba(image, x, y)[0] < 128 { darkPixels += 1 }
        }
        #expect(darkPixels > 600)
        #expect(rgba(image, 20, 20) == [255, 255, 255, 255])
    }

    @Test("the balloon at 0.75 s is drawn around (240, 90); at 1.5 s it is at its middle keyframe, off the right edge")
    func balloon() throws {
        let images = try frames("balloon-flight", at: [0.75, 1.5])
        #expect(rgba(images[0], 240, 90) != [255, 255, 255, 255])
        // At 1.5 s the balloon is centred on (530, 180), beyond the 480-point canvas: only background shows at
        // the canvas's right edge on that row.
        #expect(rgba(images[1], 479, 180) == rgba(images[1], 479, 10))
    }

    @Test("the swinging door at 1 s: its free top corner lands near (272.4, 23.7) in perspective")
    func door() throws {
        let image = try frames("swinging-door", at: [1])[0]
        let inside = rgba(image, 268, 30)
        let outside = rgba(image, 284, 14)
        #expect(inside != outside)
        #expect(inside[3] == 255)
    }

    @Test("the ship is drawn where its presentation layer is, and hiding it changes those pixels")
    func shipOnPath() throws {
        let scene = try #require(DemoRegistry.scene(named: "ship-on-path"))
        let renderer = try #require(CARenderer(width: Int(scene.size.width), height: Int(scene.size.height)))
        renderer.layer = scene.root
        scene.advance(to: 2.5)
        let ship = try #require(findLayer(named: "ship", in: scene.root))
        let center = try #require(
            scene.withClock { () -> CGPoint? in
                guard let presentation = ship.presentation() else { return nil }
                return scene.root.convert(
                    CGPoint(x: presentation.bounds.midX, y: presentation.bounds.midY), from: presentation)
            })
        let shown = scene.withClock { renderer.renderFrame(atTime: 2.5) }
        scene.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            ship.isHidden = true
            CATransaction.commit()
        }
        let hidden = scene.withClock { renderer.renderFrame(atTime: 2.5) }
        let x = Int(center.x.rounded(.down))
        let y = Int(center.y.rounded(.down))
        #expect(rgba(shown, x, y) != rgba(hidden, x, y))
    }

    private func findLayer(named name: String, in layer: CALayer) -> CALayer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers ?? [] {
            if let found = findLayer(named: name, in: sublayer) { return found }
        }
        return nil
    }
}
