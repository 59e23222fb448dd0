import Foundation
import Testing

@testable import PortableQuartzCore

/// `render(in:)` composites the tree over what the context holds, with the context's alpha and clip, whether it
/// draws straight into a transparent bitmap or through a separate frame, and one call leaves nothing behind for the
/// next (the frames and trees it draws with are reused from call to call).
///
/// Evidence: Apple's `render(in:)` documentation ("renders the layer and its sublayers into the specified
/// context"), and how snapshot code uses it on iOS — drawing into a fresh transparent bitmap context (lottie-ios's
/// and swift-snapshot-testing's layer snapshots), or over a filled one, where the layer is composited source-over.
@Suite("Rendering a layer tree into a context")
struct RenderInContextTests {
    /// A `side` × `side` premultiplied RGBA context, flipped so layers draw upright.
    private func context(side: Int = 40) -> CGContext {
        flippedContext(width: side, height: side)
    }

    /// A 40 × 40 root holding a red square (0…20) at opacity 0.5 and a blue square (10…30) at opacity 0.25.
    private func translucentTree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let red = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        red.opacity = 0.5
        let blue = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), red: 0, green: 0, blue: 1)
        blue.opacity = 0.25
        root.addSublayer(red)
        root.addSublayer(blue)
        CATransaction.flush()
        return root
    }

    private func close(_ actual: [Int], _ expected: [Int]) -> Bool {
        zip(actual, expected).allSatisfy { abs($0 - $1) <= 1 }
    }

    @Test("into a transparent bitmap: the bytes of drawing through a whole-bitmap clip; red at 0.5 is (128, 0, 0, 128)")
    func transparentBitmapMatchesComposited() throws {
        let root = translucentTree()
        let direct = context()
        root.render(in: direct)
        let clipped = context()
        clipped.clip(to: CGRect(x: 0, y: 0, width: 40, height: 40))
        root.render(in: clipped)
        let first = try #require(direct.makeImage())
        let second = try #require(clipped.makeImage())
        for y in 0..<40 {
            for x in 0..<40 { #expect(pixel(first, x, y) == pixel(second, x, y)) }
        }
        #expect(close(pixel(first, 5, 5), [128, 0, 0, 128]))
        #expect(pixel(first, 35, 35) == [0, 0, 0, 0])
    }

    @Test("over an opaque blue bitmap: red at opacity 0.5 gives (128, 0, 127, 255)")
    func compositesOverExistingPixels() throws {
        let root = translucentTree()
        let target = context()
        target.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        target.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        root.render(in: target)
        let image = try #require(target.makeImage())
        #expect(close(pixel(image, 5, 5), [128, 0, 127, 255]))
        #expect(pixel(image, 35, 35) == [0, 0, 255, 255])
    }

    @Test("with the context's alpha 0.5 an opaque red layer is drawn at half: (128, 0, 0, 128)")
    func contextAlphaApplies() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40))
        CATransaction.flush()
        let target = context()
        target.setAlpha(0.5)
        root.render(in: target)
        #expect(close(pixel(try #require(target.makeImage()), 20, 20), [128, 0, 0, 128]))
    }

    @Test("one call leaves nothing for the next: a full red tree, then a 10-point green square shows only green")
    func nothingCarriesOver() throws {
        let red = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red: 0, green: 1, blue: 0))
        CATransaction.flush()
        red.render(in: context())
        let target = context()
        root.render(in: target)
        let image = try #require(target.makeImage())
        #expect(pixel(image, 5, 5) == [0, 255, 0, 255])
        #expect(pixel(image, 30, 30) == [0, 0, 0, 0])
        let small = context(side: 20)
        root.render(in: small)
        let smallImage = try #require(small.makeImage())
        #expect(pixel(smallImage, 5, 5) == [0, 255, 0, 255])
        #expect(pixel(smallImage, 15, 15) == [0, 0, 0, 0])
    }
}
