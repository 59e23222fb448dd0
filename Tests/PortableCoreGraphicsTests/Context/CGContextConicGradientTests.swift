import Foundation
import PortableCoreGraphics
import Testing

/// Worked numbers for `drawConicGradient(_:center:angle:)`.
@Suite("CGContext conic gradients")
struct CGContextConicGradientTests {
    static let redToBlue = CGGradient(
        colorsSpace: nil,
        colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
        locations: nil)!

    /// Whether `actual` is within one level of `expected` in every channel.
    static func near(_ actual: [UInt8], _ expected: [Int]) -> Bool {
        zip(actual, expected).allSatisfy { abs(Int($0) - $1) <= 1 }
    }

    @Test("in a new (y-up) context the sweep turns counter-clockwise on the picture: a quarter turn up is t ≈ 0.245")
    func sweepDirection() {
        // Centre (20, 20) of a 40 × 40 bitmap. Pixel (20, 4) from the top is base-space point (20.5, 35.5): direction
        // (0.5, 15.5), angle atan2(15.5, 0.5) = 1.5385 rad, t = 1.5385 / 2π = 0.2449 → entry round(250.8) = 251,
        // red 255 · (1 − 251/1024) = 192.5, blue 62.5. Pixel (20, 35) from the top is (20.5, 4.5): angle −1.5385,
        // t = 0.7551 → entry 773: red 62.5, blue 192.5.
        let context = makeRGBAContext(width: 40, height: 40)
        context.drawConicGradient(Self.redToBlue, center: CGPoint(x: 20, y: 20), angle: 0)
        let image = context.makeImage()!
        #expect(Self.near(pixel(image, x: 20, y: 4), [192, 0, 63, 255]))
        #expect(Self.near(pixel(image, x: 20, y: 35), [63, 0, 192, 255]))
        // Along +x just above the axis the sweep has barely started: t = atan2(0.5, 15.5) / 2π = 0.0051 → red 254.
        #expect(Self.near(pixel(image, x: 35, y: 19), [254, 0, 1, 255]))
    }

    @Test("the angle turns where location 0 lies: angle π/2 puts the start straight up, t ≈ 0.0051 just left of it")
    func startAngle() {
        // With angle π/2 the pixel (19, 4) from the top, base point (19.5, 35.5), has direction (−0.5, 15.5): angle
        // 1.6030 rad, minus π/2 gives 0.0322 rad, t = 0.0051 → red 254, blue 1.
        let context = makeRGBAContext(width: 40, height: 40)
        context.drawConicGradient(Self.redToBlue, center: CGPoint(x: 20, y: 20), angle: .pi / 2)
        #expect(Self.near(pixel(context, x: 19, y: 4), [254, 0, 1, 255]))
    }

    @Test("the conic gradient covers the whole clip, and a NaN centre paints nothing")
    func coverageAndBadInput() {
        let context = makeRGBAContext(width: 8, height: 8)
        context.clip(to: CGRect(x: 0, y: 0, width: 4, height: 8))
        context.drawConicGradient(Self.redToBlue, center: CGPoint(x: 4, y: 4), angle: 0)
        #expect(paintedPixelCount(context.makeImage()!) == 32)
        let untouched = makeRGBAContext(width: 8, height: 8)
        untouched.drawConicGradient(Self.redToBlue, center: CGPoint(x: CGFloat.nan, y: 4), angle: 0)
        untouched.drawConicGradient(Self.redToBlue, center: CGPoint(x: 4, y: 4), angle: .infinity)
        #expect(paintedPixelCount(untouched.makeImage()!) == 0)
    }
}
