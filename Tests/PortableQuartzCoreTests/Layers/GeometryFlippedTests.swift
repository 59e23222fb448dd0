import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer that fills the rectangle (0, 0, 10, 10) of its own coordinates in `draw(in:)`.
private final class CornerDrawingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

/// `isGeometryFlipped` flips a layer's own coordinates, and so its sublayers' positions, its drawing and conversions,
/// while images stay upright (issue 17 §2.9, which re-decides the documented deviation that ignored it).
///
/// Evidence: Apple's CALayer header — the geometry "of the layer (and its sublayers) is flipped vertically", and
/// "even when geometry is flipped, image orientation remains the same"; `contentsAreFlipped` is true when an odd
/// number of layers from the receiver up to and including the implicit container of the root (flipped on iOS,
/// whose coordinates count down from the top) flip their geometry, and `display` then hands `draw(in:)` a y-flipped
/// context.
@Suite("Flipped geometry")
struct GeometryFlippedTests {
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// Root (100 × 100) → flipped parent filling it → child at frame (10, 10, 20, 20).
    static func tree() -> (root: CALayer, parent: CALayer, child: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let parent = CALayer()
        parent.frame = root.bounds
        parent.isGeometryFlipped = true
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = blue
        root.addSublayer(parent)
        parent.addSublayer(child)
        return (root, parent, child)
    }

    @Test("a child at (10, 10) of a flipped 100-point layer sits at y 70 … 90 of the root, (10, 90) for its origin")
    func conversionsCountFromTheBottom() {
        let (root, parent, child) = Self.tree()
        #expect(parent.convert(CGPoint.zero, from: child) == CGPoint(x: 10, y: 10))
        #expect(root.convert(CGPoint.zero, from: child) == CGPoint(x: 10, y: 90))
        #expect(root.convert(CGPoint(x: 0, y: 20), from: child) == CGPoint(x: 10, y: 70))
        #expect(child.convert(CGPoint(x: 15, y: 85), from: root) == CGPoint(x: 5, y: 5))
        #expect(root.hitTest(CGPoint(x: 15, y: 85)) === child)
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) === parent)
    }

    @Test("the renderer draws the child at rows 70 … 89, not 10 … 29")
    func renderedFromTheBottom() {
        let frame = renderFrame(Self.tree().root)
        #expect(pixel(frame, 20, 80) == [0, 0, 255, 255])
        #expect(pixel(frame, 20, 20) == [0, 0, 0, 0])
    }

    @Test("an image stays upright in a flipped layer and in its child: its red top row shows at the top")
    func imagesStayUpright() {
        // 2 × 2 pixels: top row red, bottom row blue.
        let context = CGContext(
            data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))  // bottom row (Core Graphics counts up)
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 1, width: 2, height: 1))
        let image = context.makeImage()!
        let (root, parent, child) = Self.tree()
        child.backgroundColor = nil
        child.contents = image
        child.magnificationFilter = .nearest
        parent.contents = image
        parent.magnificationFilter = .nearest
        let frame = renderFrame(root)
        // The child covers rows 70 … 89 on screen: red above blue.
        #expect(pixel(frame, 20, 72) == [255, 0, 0, 255])
        #expect(pixel(frame, 20, 87) == [0, 0, 255, 255])
        // The flipped parent itself: red top half, blue bottom half (outside the child).
        #expect(pixel(frame, 60, 10) == [255, 0, 0, 255])
        #expect(pixel(frame, 60, 90) == [0, 0, 255, 255])
    }

    @Test("contentsAreFlipped: true for an ordinary layer, false for a flipped one and its children")
    func contentsAreFlippedCounts() {
        let (root, parent, child) = Self.tree()
        #expect(root.contentsAreFlipped())
        #expect(!parent.contentsAreFlipped())
        #expect(!child.contentsAreFlipped())
        child.isGeometryFlipped = true
        #expect(child.contentsAreFlipped())
    }

    @Test("draw(in:) of a flipped layer draws in its flipped coordinates: (0, 0, 10, 10) lands at the bottom left")
    func drawingInFlippedCoordinates() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let drawing = CornerDrawingLayer()
        drawing.frame = root.bounds
        root.addSublayer(drawing)
        drawing.setNeedsDisplay()
        let upright = renderFrame(root)
        #expect(pixel(upright, 5, 5) == [0, 128, 0, 255])
        drawing.isGeometryFlipped = true
        drawing.setNeedsDisplay()
        let flipped = renderFrame(root)
        #expect(pixel(flipped, 5, 95) == [0, 128, 0, 255])
        #expect(pixel(flipped, 5, 5) == [0, 0, 0, 0])
    }
}
