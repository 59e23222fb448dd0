import Foundation
import Testing

@testable import PortableQuartzCore

/// Paintings of text and gradient layers are found by what they show, so copies of one layer share one painting
/// (a Lottie repeater's 1,000 copies of a gradient fill painted one ramp and one bitmap each before: 8 s under
/// AddressSanitizer for the input FuzzLottie found, 2.4 s after).
@Suite("PaintedContentCache")
struct PaintedContentCacheTests {
    /// A node for a layer of its own (a new identity each time) drawing a gradient black → `end` over 10 × 10 points.
    static func node(end: ColorComponents = .opaqueWhite) -> RenderNode {
        var node = RenderNode.placeholder(identity: ObjectIdentifier(NSObject()))
        node.kind = .gradient
        node.state.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        node.state.gradient.colors = [.opaqueBlack, end]
        return node
    }

    static let region = CGRect(x: 0, y: 0, width: 10, height: 10)

    @Test("two layers with the same gradient and bounds get the same painting: 1 kept, the same image twice")
    func copiesShareAPainting() throws {
        let cache = PaintedContentCache()
        cache.beginFrame()
        let first = try #require(cache.image(for: Self.node(), region: Self.region, scale: 1))
        let second = try #require(cache.image(for: Self.node(), region: Self.region, scale: 1))
        #expect(first === second)
        #expect(cache.count == 1)
        // Painted at resolution 1: 10 × 10 pixels.
        #expect(first.width == 10 && first.height == 10)
    }

    @Test("a layer with other colours, or the same one at scale 3 (painted at 4), gets its own: 3 kept")
    func differentInputsPaintAgain() throws {
        let cache = PaintedContentCache()
        cache.beginFrame()
        let white = try #require(cache.image(for: Self.node(), region: Self.region, scale: 1))
        let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
        let reddish = try #require(cache.image(for: Self.node(end: red), region: Self.region, scale: 1))
        let sharp = try #require(cache.image(for: Self.node(), region: Self.region, scale: 3))
        #expect(white !== reddish)
        #expect(sharp.width == 40)
        #expect(cache.count == 3)
    }

    @Test("a painting not drawn in a frame is dropped when the frame ends: 2 kept, then 1")
    func unusedPaintingsAreDropped() throws {
        let cache = PaintedContentCache()
        let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
        cache.beginFrame()
        _ = cache.image(for: Self.node(), region: Self.region, scale: 1)
        _ = cache.image(for: Self.node(end: red), region: Self.region, scale: 1)
        cache.endFrame()
        #expect(cache.count == 2)
        cache.beginFrame()
        let kept = try #require(cache.image(for: Self.node(), region: Self.region, scale: 1))
        cache.endFrame()
        #expect(cache.count == 1)
        cache.beginFrame()
        #expect(cache.image(for: Self.node(), region: Self.region, scale: 1) === kept)
    }
}
