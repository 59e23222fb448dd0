import Foundation
import Testing

@testable import PortableQuartzCore

/// A delegate like `UIView` outside an animation block: it answers `NSNull()` for every action and draws nothing
/// (it implements neither `display(_:)` nor `draw(_:in:)`).
private final class ActionsOnlyDelegate: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
}

/// Apple's `-[CALayer display]` asks the delegate's `displayLayer:` only when the delegate implements it, and
/// otherwise draws the layer's `drawInContext:` into the backing store; `CATextLayer`'s `drawInContext:` draws the
/// string. So a text layer whose delegate only answers actions (a label backing a view) shows its text exactly as
/// one without a delegate does.
@Suite("Text layers with a delegate that only answers actions")
struct TextLayerDelegateRenderingTests {
    /// A 100 × 40-point label "Hi" in black 16-point type at the top left of the frame.
    private func label(delegate: (any CALayerDelegate)?) -> CATextLayer {
        let layer = CATextLayer()
        layer.delegate = delegate
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.string = "Hi"
        layer.fontSize = 16
        layer.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        return layer
    }

    /// The pixels whose alpha is above 64 (the glyphs' ink on a transparent target).
    private func inkedPixels(_ image: CGImage) -> Int {
        (0..<image.height).reduce(0) { count, y in
            count + (0..<image.width).filter { pixel(image, $0, y)[3] > 64 }.count
        }
    }

    private func bytes(_ image: CGImage) -> [UInt8] {
        image.withUnsafePremultipliedRGBABytes { [UInt8]($0) }
    }

    @Test("CARenderer: the label with an actions-only delegate shows the same ink as without one, pixel for pixel")
    func rendererPaintsTheText() {
        let delegate = ActionsOnlyDelegate()
        let withDelegate = label(delegate: delegate)
        let frame = renderFrame(withDelegate)
        let reference = renderFrame(label(delegate: nil))
        // "Hi" at 16 points inks 79 pixels above alpha 64 here (two stems, a bar, a stem and a dot); with the bug
        // the delegate's transparent bitmap hid them all (0).
        let ink = inkedPixels(reference)
        #expect(ink > 40)
        #expect(inkedPixels(frame) == ink)
        let identical = bytes(frame) == bytes(reference)
        #expect(identical)
        // The delegate made the layer display a (transparent) bitmap; the text is painted over it.
        #expect(withDelegate.contents is CGImage)
    }

    @Test("render(in:) after displayIfNeeded: the label with an actions-only delegate shows its text")
    func renderInContextPaintsTheText() {
        let delegate = ActionsOnlyDelegate()
        let layer = label(delegate: delegate)
        layer.displayIfNeeded()
        #expect(layer.contents is CGImage)
        let canvas = LayerCanvas(bounds: layer.bounds)
        layer.render(in: canvas.context)
        let reference = LayerCanvas(bounds: layer.bounds)
        label(delegate: nil).render(in: reference.context)
        // 108 pixels with any alpha here; 0 with the bug.
        let ink = reference.paintedPixels.count
        #expect(ink > 40)
        #expect(canvas.paintedPixels.count == ink)
    }
}
