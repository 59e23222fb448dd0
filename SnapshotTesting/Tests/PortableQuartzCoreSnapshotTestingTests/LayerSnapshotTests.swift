import Foundation
import PortableQuartzCoreSnapshotTesting
import Testing

/// A 100 × 60 white root with a 40 × 40 red square at (30, 10) whose opacity is animated from 0 to 1 over 1 s
/// (linear), committed at media time 0 on `clock`.
func fadingSquare(on clock: MediaClock) -> CALayer {
    MediaClock.withInstalled(clock) { clock in
        let root = CALayer()
        root.name = "root"
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.name = "square"
        square.frame = CGRect(x: 30, y: 10, width: 40, height: 40)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        square.add(fade, forKey: "fade")
        clock.advance(by: 0)
        return root
    }
}

/// The snapshot the strategy takes of `value` (the picture or text it would compare).
func take<Value, Format>(_ strategy: Snapshotting<Value, Format>, of value: Value) -> Format {
    var result: Format?
    strategy.snapshot(value).run { result = $0 }
    return result!
}

extension CGImage {
    /// Every pixel's premultiplied RGBA, rows packed.
    var premultipliedRGBA: [UInt8] {
        withUnsafePremultipliedRGBABytes { bytes in
            (0..<height).flatMap { row in bytes[(row * bytesPerRow)..<(row * bytesPerRow + width * 4)] }
        }
    }
}

/// The premultiplied RGBA of pixel (x, y).
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    image.withUnsafePremultipliedRGBABytes { bytes in
        (0..<4).map { bytes[y * image.bytesPerRow + x * 4 + $0] }
    }
}

@Suite("Layer snapshot strategies")
struct LayerSnapshotTests {
    @Test("image(at: 0.5) draws the square half faded: red at opacity 0.5 over white is (255, 128, 128)")
    func imageAtTime() {
        let clock = MediaClock(startingAt: 0)
        let layer = fadingSquare(on: clock)
        let image = take(.image(at: 0.5, clock: clock), of: layer)
        #expect(image.width == 100 && image.height == 60)
        // Source-over of (1, 0, 0) at alpha 0.5 on white: 0.5 × 255 + 0.5 × 255 = 255 red, 0.5 × 255 ≈ 128 others.
        let centre = pixel(image, 50, 30)
        #expect(centre[0] == 255 && (127...128).contains(centre[1]) && centre[1] == centre[2] && centre[3] == 255)
        #expect(pixel(image, 5, 5) == [255, 255, 255, 255])
        #expect(clock.now == 0.5)
        assertSnapshot(of: layer, as: .image(at: 0.5, clock: MediaClock(startingAt: 0.5)))
    }

    @Test("the same tree and time give the same bytes, with or without the tree's own clock")
    func deterministic() {
        let clock = MediaClock(startingAt: 0)
        let layer = fadingSquare(on: clock)
        let first = take(.image(at: 0.25), of: layer).premultipliedRGBA
        let second = take(.image(at: 0.25, clock: clock), of: layer).premultipliedRGBA
        #expect(first == second)
    }

    @Test("image(atProgress: 0.5) of a 1 s fade begun at 0 is the picture at 0.5 s")
    func imageAtProgress() {
        let clock = MediaClock(startingAt: 0)
        let layer = fadingSquare(on: clock)
        #expect(AnimationSpan.of(layer) == 0...1)
        let byProgress = take(.image(atProgress: 0.5), of: layer).premultipliedRGBA
        let byTime = take(.image(at: 0.5), of: layer).premultipliedRGBA
        #expect(byProgress == byTime)
    }

    @Test("dump(at: 0.25) lists the square's presentation opacity 0.250 and its animation's key path")
    func dumpAtTime() {
        let clock = MediaClock(startingAt: 0)
        let layer = fadingSquare(on: clock)
        let text = take(.dump(at: 0.25, clock: clock), of: layer)
        #expect(text.contains("  CALayer \"square\"\n    frame (30.000, 10.000, 40.000, 40.000)"))
        #expect(text.contains("    opacity 0.250\n"))
        #expect(text.contains("    animation \"fade\": opacity\n"))
        assertSnapshot(of: layer, as: .dump(at: 0.25, clock: clock))
    }

    @Test("images that differ beyond the tolerance fail with the count and the largest difference")
    func imageDiffing() throws {
        let white = try #require(CGImage(premultipliedRGBA: [UInt8](repeating: 255, count: 16), width: 2, height: 2))
        var bytes = [UInt8](repeating: 255, count: 16)
        bytes[4] = 250  // pixel (1, 0) red 250: 5 levels off
        let off = try #require(CGImage(premultipliedRGBA: bytes, width: 2, height: 2))
        let failure = try #require(Diffing<CGImage>.image().diffV2(white, off))
        #expect(
            failure.0 == "1 of 4 pixels differ by more than 0 levels; the largest difference is 5 levels, at (1, 0).")
        // The difference picture: the differing pixel red, the others white faded to (191 + 255/4) = 254.
        guard case .data(let png, name: "difference.png") = try #require(failure.1.first) else {
            Issue.record("no difference picture")
            return
        }
        let marked = try #require(Diffing<CGImage>.image().fromData(png) as CGImage?)
        #expect(pixel(marked, 1, 0) == [255, 0, 0, 255] && pixel(marked, 0, 0) == [254, 254, 254, 255])
        #expect(Diffing<CGImage>.image(tolerance: 5).diffV2(white, off) == nil)
        let reloaded = Diffing<CGImage>.image().fromData(Diffing<CGImage>.image().toData(off))
        #expect(pixel(reloaded, 1, 0) == [250, 255, 255, 255])
    }
}
