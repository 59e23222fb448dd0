import Foundation
import Testing

@testable import PortableQuartzCore

/// `layer.presentation()?.render(in:)` draws the whole presentation tree (issue 17 §2.10).
///
/// Evidence: this is how snapshot tests on iOS capture an animated layer — lottie-ios's snapshot tests pause the
/// tree (speed 0, `timeOffset`), call `CATransaction.flush()` and draw `layer.presentation()` with `render(in:)`;
/// Apple's pictures of those samples (../shared/lottie) show every sublayer at its animated values.
@Suite("Rendering a presentation copy")
struct PresentationRenderTests {
    /// A 40 × 40 bitmap context flipped so a layer draws upright, `render` applied, and the image.
    static func draw(_ render: (CGContext) -> Void) -> CGImage {
        let context = CGContext(
            data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.translateBy(x: 0, y: 40)
        context.scaleBy(x: 1, y: -1)
        render(context)
        return context.makeImage()!
    }

    @Test("a paused tree at timeOffset 0.5 of a 1 s slide from x 5 to 25: the sublayer is drawn at x 15")
    func pausedSnapshotDrawsSublayers() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let square = CALayer()
            square.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
            square.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(square)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 5
            slide.toValue = 25
            slide.duration = 1
            slide.beginTime = 0.000_001  // in the root's time, so the pause below decides what shows
            slide.fillMode = .both
            square.add(slide, forKey: "slide")
            root.speed = 0
            root.timeOffset = 0.5
            clock.advance(by: 0)
            let presentation = try! #require(root.presentation())
            let image = Self.draw { presentation.render(in: $0) }
            // Position x 15 at time 0.5 puts the 10-point square over x 10 … 20.
            #expect(pixel(image, 12, 15) == [0, 0, 255, 255])
            #expect(pixel(image, 18, 15) == [0, 0, 255, 255])
            #expect(pixel(image, 8, 15) == [0, 0, 0, 0])
            // The model tree draws the model position (0…10), animations ignored.
            let model = Self.draw { root.render(in: $0) }
            #expect(pixel(model, 5, 15) == [0, 0, 255, 255])
            #expect(pixel(model, 15, 15) == [0, 0, 0, 0])
        }
    }

    @Test("the copy's own values are drawn: a background set on the copy after taking it shows")
    func copyOwnValues() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            clock.advance(by: 0)
            let presentation = try! #require(root.presentation())
            presentation.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            let image = Self.draw { presentation.render(in: $0) }
            #expect(pixel(image, 20, 20) == [255, 0, 0, 255])
        }
    }
}
