import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Gallery artwork")
struct ArtworkTests {
    /// The premultiplied RGBA of the pixel under the point (x, y) of a picture drawn at `ArtworkCanvas.scale`.
    private func pixel(_ image: CGImage, x: Double, y: Double) -> [UInt8] {
        let bytes = image.premultipliedRGBABytes
        let column = Int(x * Double(ArtworkCanvas.scale))
        let row = Int(y * Double(ArtworkCanvas.scale))
        let start = (row * image.width + column) * 4
        return Array(bytes[start..<start + 4])
    }

    @Test("the pictures are 2 pixels per point: ship 256 × 256, door 256 × 512, balloon 100 × 100")
    func sizes() {
        #expect(ShipArtwork.image.width == 256 && ShipArtwork.image.height == 256)
        #expect(DoorArtwork.image.width == 256 && DoorArtwork.image.height == 512)
        #expect(BalloonArtwork.image.width == 100 && BalloonArtwork.image.height == 100)
    }

    @Test("the ship points right: its nose (121, 64) is opaque, the space above and below the nose is empty")
    func shipHeading() {
        let image = ShipArtwork.image
        #expect(pixel(image, x: 121, y: 64)[3] == 255)
        #expect(pixel(image, x: 121, y: 50)[3] == 0)
        #expect(pixel(image, x: 121, y: 78)[3] == 0)
        #expect(pixel(image, x: 2, y: 2)[3] == 0)
        // The wings sweep back: far from the axis there is wing near the tail (x 38), none near the nose (x 100).
        #expect(pixel(image, x: 38, y: 20)[3] == 255)
        #expect(pixel(image, x: 100, y: 20)[3] == 0)
        // Mirror symmetry about y = 64: the same opacity above and below.
        #expect(pixel(image, x: 45, y: 30)[3] == 255)
        #expect(pixel(image, x: 45, y: 97.9)[3] == 255)
    }

    @Test("the door is opaque wood everywhere, with a brass knob near its free right edge at (112, 128)")
    func door() {
        let image = DoorArtwork.image
        for (x, y) in [(0.5, 0.5), (64.0, 128.0), (127.5, 255.5), (30.0, 60.0)] {
            #expect(pixel(image, x: x, y: y)[3] == 255)
        }
        let knob = pixel(image, x: 112, y: 128)
        #expect(knob[0] > 150 && knob[1] > 100 && knob[2] < 90, "brass: \(knob)")
        let wood = pixel(image, x: 64, y: 128)
        #expect(wood[0] > wood[1] && wood[1] > wood[2], "brown: \(wood)")
    }

    @Test("the balloon is red at (30, 25), its string hangs below, its corners are empty")
    func balloon() {
        let image = BalloonArtwork.image
        let body = pixel(image, x: 30, y: 25)
        #expect(body[3] == 255 && body[0] > 150 && body[1] < 60 && body[2] < 60, "red: \(body)")
        #expect(pixel(image, x: 1, y: 1)[3] == 0)
        #expect(pixel(image, x: 48, y: 48)[3] == 0)
        #expect(pixel(image, x: 25.5, y: 44)[3] > 0, "the string")
    }

    @Test("drawing is deterministic: the same picture twice gives the same bytes")
    func deterministic() {
        let draw: (CGContext) -> Void = { context in
            ArtworkCanvas.fill(
                CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 10, height: 6), transform: nil), in: context,
                colour: ArtworkCanvas.rgb(200, 40, 40))
        }
        let first = ArtworkCanvas.image(size: CGSize(width: 16, height: 16), draw)
        let second = ArtworkCanvas.image(size: CGSize(width: 16, height: 16), draw)
        #expect(first.premultipliedRGBABytes == second.premultipliedRGBABytes)
        // y grows downwards: the ellipse (top 2, bottom 8) is in the upper half of the picture.
        #expect(pixel(first, x: 7, y: 5)[3] == 255)
        #expect(pixel(first, x: 7, y: 12)[3] == 0)
    }

    @Test("the word path has six sub-paths (L; o; a's bowl and stem; d's bowl and stem) inside its 88 × 36 box")
    func loadWord() {
        let path = LoadWordPath.path
        var moves = 0
        path.applyWithBlock { element in
            if element.pointee.type == .moveToPoint { moves += 1 }
        }
        #expect(moves == 6)
        let box = path.boundingBoxOfPath
        #expect(LoadWordPath.bounds.contains(box))
        DemoCheck.close(Double(box.minY), 2, tolerance: 1e-9)
        DemoCheck.close(Double(box.maxY), 32, tolerance: 1e-9)
    }
}
