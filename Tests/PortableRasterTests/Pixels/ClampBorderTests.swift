import Testing

@_spi(Engine) @testable import PortableRaster

/// Bordered copies (`PixelBuffer.clampBordered(by:)`) and drawing their interior with `clampBorder`, which must give
/// exactly the pixels of drawing the image itself.
@Suite("Clamp borders")
struct ClampBorderTests {
    typealias Generator = ImageSourceOverTests.Generator

    @Test("a 2 × 2 image bordered by 2 is 6 × 6: (0, 0) repeats the top-left texel 10, (5, 3) the right one 20")
    func borderRepeatsEdgeTexels() throws {
        let grey = ImageSourceOverTests.grey
        var image = try PixelBuffer(width: 2, height: 2)
        image[x: 0, y: 0] = grey(10)
        image[x: 1, y: 0] = grey(20)
        image[x: 0, y: 1] = grey(30)
        image[x: 1, y: 1] = grey(40)
        let bordered = try #require(image.clampBordered(by: 2))
        #expect(bordered.width == 6 && bordered.height == 6)
        #expect(bordered[x: 0, y: 0] == grey(10))
        #expect(bordered[x: 5, y: 3] == grey(40))
        #expect(bordered[x: 5, y: 1] == grey(20))
        #expect(bordered[x: 2, y: 5] == grey(30))
        #expect(bordered[x: 3, y: 2] == grey(20))
    }

    @Test("margins reach the image's edge from a region in or next to the border (2, 0) and stop at real texels")
    func marginsFollowTheBorder() {
        let bounds = PixelRect(x: 0, y: 0, width: 14, height: 14)
        let interior = PixelBuffer.clampMargins(PixelRect(x: 2, y: 2, width: 10, height: 10), in: bounds, border: 2)
        #expect(interior.left == 2 && interior.top == 2 && interior.right == 2 && interior.bottom == 2)
        // A piece touching the interior's left edge only, reaching one texel into the top border.
        let piece = PixelBuffer.clampMargins(PixelRect(x: 2, y: 1, width: 4, height: 5), in: bounds, border: 2)
        #expect(piece.left == 2 && piece.top == 1 && piece.right == 0 && piece.bottom == 0)
    }

    @Test(
        "drawing the bordered interior equals drawing the image on 200 seeded affine, perspective and sub-image draws",
        arguments: [false, true])
    func borderedDrawsMatch(fused: Bool) throws {
        var random = Generator(state: fused ? 41 : 42)
        for _ in 0..<100 {
            let image = try ImageSourceOverTests.noise(
                width: 1 + random.below(40), height: 1 + random.below(40), opaque: random.below(2) == 0,
                using: &random)
            let bordered = try #require(image.clampBordered(by: 2))
            var background = try ImageSourceOverTests.noise(width: 97, height: 83, opaque: false, using: &random)
            if random.below(2) == 0 { background.fill(ImageSourceOverTests.grey(30)) }
            let scale = 0.3 + 3 * random.unit()
            let transform = Affine2D.translation(x: -Double(image.width) / 2, y: -Double(image.height) / 2)
                .concatenated(.scale(x: scale, y: scale * (0.6 + random.unit())))
                .concatenated(.rotation(radians: 6.3 * random.unit()))
                .concatenated(.translation(x: 97 * random.unit(), y: 83 * random.unit()))
            // The whole image, or a piece of it (sides on the image's edge may read the border, others not).
            var source = image.bounds
            if random.below(3) == 0 {
                let x = random.below(image.width)
                let y = random.below(image.height)
                source = PixelRect(
                    x: x, y: y, width: 1 + random.below(image.width - x), height: 1 + random.below(image.height - y))
            }
            let filter: ImageFilter = random.below(5) == 0 ? .trilinear : .bilinear
            let alpha = random.below(3) == 0 ? 1 : Float(random.unit())
            var plain = background
            var viaBorder = background
            var workspace = PaintWorkspace()
            workspace.fusesImageSourceOver = fused
            if random.below(4) == 0 {
                let projective = Projective2D(
                    m11: transform.a, m12: transform.b, m13: 0.004 * (random.unit() - 0.5), m21: transform.c,
                    m22: transform.d, m23: 0.004 * (random.unit() - 0.5), m31: transform.tx, m32: transform.ty, m33: 1)
                plain.draw(
                    image, source: source, projective: projective, filter: filter, alpha: alpha, workspace: &workspace)
                viaBorder.draw(
                    bordered, source: source, projective: projective, filter: filter, alpha: alpha, clampBorder: 2,
                    workspace: &workspace)
            } else {
                plain.draw(
                    image, source: source, transform: transform, filter: filter, alpha: alpha, workspace: &workspace)
                viaBorder.draw(
                    bordered, source: source, transform: transform, filter: filter, alpha: alpha, clampBorder: 2,
                    workspace: &workspace)
            }
            #expect(viaBorder == plain, "image \(image.width)×\(image.height), source \(source), scale \(scale)")
        }
    }
}
