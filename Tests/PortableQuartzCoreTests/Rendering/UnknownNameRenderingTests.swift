import Foundation
import Testing

@testable import PortableQuartzCore

/// Layers given names Apple does not define draw exactly as with the property's default, the fallback the
/// renderer has always used (Apple documents only the default; `StringChoice` explains the rule).
@Suite("Unknown names draw as Apple's defaults")
struct UnknownNameRenderingTests {
    /// The premultiplied RGBA bytes of every pixel of `image`.
    private func bytes(_ image: CGImage) -> [UInt8] {
        image.withUnsafePremultipliedRGBABytes { Array($0) }
    }

    /// A 40 × 40 frame of a shape layer stroking (10, 20) → (30, 20) in red, 10 points wide, with `cap`.
    private func strokedLine(cap: CAShapeLayerLineCap) -> CGImage {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 30, y: 20))
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        layer.lineWidth = 10
        layer.lineCap = cap
        return renderFrame(layer, size: 40)
    }

    @Test("an unknown lineCap \"pointy\" strokes as butt: pixel (7, 20) stays clear, every pixel as butt's")
    func unknownLineCapIsButt() {
        let pointy = strokedLine(cap: CAShapeLayerLineCap(rawValue: "pointy"))
        #expect(pixel(pointy, 7, 20) == [0, 0, 0, 0])
        #expect(pixel(pointy, 20, 20) == [255, 0, 0, 255])
        #expect(bytes(pointy) == bytes(strokedLine(cap: .butt)))
        #expect(pixel(strokedLine(cap: .round), 7, 20) == [255, 0, 0, 255])  // the test can tell caps apart
    }

    /// A 40 × 40 frame of a red → blue gradient layer of `type` from (0, 0.5) to (1, 0.5).
    private func gradient(type: CAGradientLayerType) -> CGImage {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.colors = [
            CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1),
        ]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        layer.type = type
        return renderFrame(layer, size: 40)
    }

    @Test("an unknown gradient type \"spiral\" draws axial: red at x 0, blue at x 39, every pixel as axial's")
    func unknownGradientTypeIsAxial() {
        let spiral = gradient(type: CAGradientLayerType(rawValue: "spiral"))
        #expect(pixel(spiral, 0, 20)[0] > 240 && pixel(spiral, 39, 20)[2] > 240)
        #expect(bytes(spiral) == bytes(gradient(type: .axial)))
        #expect(bytes(spiral) != bytes(gradient(type: .radial)))
    }

    /// A 40 × 40 frame of a layer showing a 10 × 10 red image with `gravity`.
    private func contents(gravity: CALayerContentsGravity) -> CGImage {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.contents = squareImage(side: 10, red: 1, green: 0, blue: 0)
        layer.contentsGravity = gravity
        return renderFrame(layer, size: 40)
    }

    @Test("an unknown contentsGravity \"sideways\" stretches as resize: pixel (35, 35) red, every pixel as resize's")
    func unknownGravityIsResize() {
        let sideways = contents(gravity: CALayerContentsGravity(rawValue: "sideways"))
        #expect(pixel(sideways, 35, 35) == [255, 0, 0, 255])
        #expect(bytes(sideways) == bytes(contents(gravity: .resize)))
        let centered = contents(gravity: .center)  // natural size: 15 ..< 25 only
        #expect(pixel(centered, 35, 35) == [0, 0, 0, 0] && pixel(centered, 20, 20) == [255, 0, 0, 255])
    }

    @Test("gravities place a 10 × 10 image in 40 × 40 bounds: bottomRight at (30, 30), top at (15, 0), left at (0, 15)")
    func alignedGravities() {
        let cases: [(CALayerContentsGravity, x: Int, y: Int)] = [
            (.topLeft, 0, 0), (.top, 15, 0), (.topRight, 30, 0), (.left, 0, 15), (.right, 30, 15),
            (.bottomLeft, 0, 30), (.bottom, 15, 30), (.bottomRight, 30, 30),
        ]
        for (gravity, x, y) in cases {
            let image = contents(gravity: gravity)
            #expect(pixel(image, x, y) == [255, 0, 0, 255] && pixel(image, x + 9, y + 9) == [255, 0, 0, 255])
            #expect(pixel(image, (x + 20) % 40, (y + 20) % 40) == [0, 0, 0, 0], "\(gravity.rawValue)")
        }
    }

    /// A 40 × 40 frame of a layer showing a 2 × 1 image (red, blue) magnified with `filter`.
    private func magnified(filter: CALayerContentsFilter) -> CGImage {
        let context = CGContext(
            data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.contents = context.makeImage()
        layer.magnificationFilter = filter
        return renderFrame(layer, size: 40)
    }

    @Test("an unknown magnificationFilter \"blurry\" samples linearly: pixel (19, 20) mixed, every pixel as linear's")
    func unknownFilterIsLinear() {
        let blurry = magnified(filter: CALayerContentsFilter(rawValue: "blurry"))
        let middle = pixel(blurry, 19, 20)
        #expect(middle[0] > 0 && middle[2] > 0)  // red and blue mix at the seam
        #expect(bytes(blurry) == bytes(magnified(filter: .linear)))
        #expect(pixel(magnified(filter: .nearest), 19, 20) == [255, 0, 0, 255])
    }
}
