import Foundation
import Testing

@testable import PortableQuartzCore

/// Untrusted counts (issue 19): work and memory follow the caps, whatever the numbers say.
@Suite("Rendering hostile counts")
struct HostileCountTests {
    /// A replicator of `count` instances holding one 2 × 2 red sublayer.
    private static func replicator(count: Int) -> CAReplicatorLayer {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeTranslation(1e-3, 0, 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        dot.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        replicator.addSublayer(dot)
        return replicator
    }

    @Test("instanceCount 10¹² draws copies until the tree holds 65,536 nodes (a 369-byte file grew past 9 GB)")
    func hugeInstanceCount() {
        MediaClock.withManualTime { clock in
            let root = Self.replicator(count: 1_000_000_000_000)
            clock.advance(by: 0)
            let builder = RenderTreeBuilder()
            builder.build(root, atMediaTime: 0)
            // The replicator, then one dot per instance until the tree reaches the cap.
            #expect(builder.tree.count == RenderTreeBuilder.maximumNodesForCopies)
            // Drawn, the originals and the copies all show: the dot is red.
            let renderer = CARenderer(width: 20, height: 20)!
            renderer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            renderer.layer = root
            let image = renderer.renderFrame(atTime: 0)
            let red = image.withUnsafePremultipliedRGBABytes { $0[0] }
            #expect(red == 255)
        }
    }

    @Test("nested replicators of 1,000 × 1,000 × 1,000 instances share the cap: about 65,536 nodes in all")
    func nestedReplicatorsShareTheCap() {
        MediaClock.withManualTime { clock in
            let outer = Self.replicator(count: 1000)
            let middle = Self.replicator(count: 1000)
            middle.addSublayer(Self.replicator(count: 1000))
            outer.addSublayer(middle)
            clock.advance(by: 0)
            let builder = RenderTreeBuilder()
            builder.build(outer, atMediaTime: 0)
            // A copy starts only below the cap; one copy of the outer instance (≤ 1 + 1 + 65,536 nodes) may
            // finish beyond it.
            #expect(builder.tree.count <= 2 * RenderTreeBuilder.maximumNodesForCopies + 4)
            #expect(builder.tree.count >= RenderTreeBuilder.maximumNodesForCopies)
        }
    }

    @Test("a replicator without sublayers and instanceCount Int.max costs at most 65,536 loop turns")
    func emptyReplicator() {
        MediaClock.withManualTime { clock in
            let replicator = CAReplicatorLayer()
            replicator.instanceCount = .max
            clock.advance(by: 0)
            let builder = RenderTreeBuilder()
            builder.build(replicator, atMediaTime: 0)
            #expect(builder.tree.count == 1)
        }
    }
    @Test("a gradient layer drawn at 0.0005 pixels per point is painted at 2⁻¹⁰, about 33 × 43 pixels (fuzz: Lottie)")
    func smallDrawnGradientPaintsFewPixels() {
        // Found by FuzzLottie (a timeout; 18 s in a debug pqc for one 24 × 18 picture): a repeater shrank copies of
        // a 2·10⁷-point gradient layer by 10 each time, and the copy drawn at 0.0005 showed a region 34,056 ×
        // 44,000 points wide, painted at a fixed floor of ¼ pixel per point, so at the 16 Mi-pixel cap.
        let region = CGRect(x: 0, y: 0, width: 34_056, height: 44_000)
        let resolution = PaintedContentCache.resolution(for: 0.0005, bounds: region)
        #expect(resolution == 0x1p-10)
        #expect((Double(region.width) * resolution).rounded(.up) == 34)
        #expect((Double(region.height) * resolution).rounded(.up) == 43)
        // At or above the drawn scale, so the painting never has fewer pixels than the device shows.
        #expect(PaintedContentCache.resolution(for: 0.3, bounds: CGRect(x: 0, y: 0, width: 10, height: 10)) == 0.5)
        #expect(PaintedContentCache.resolution(for: 3, bounds: CGRect(x: 0, y: 0, width: 10, height: 10)) == 4)
        #expect(PaintedContentCache.resolution(for: 100, bounds: CGRect(x: 0, y: 0, width: 10, height: 10)) == 8)
    }

    @Test("a gradient layer a million points square in a 20 × 20 frame paints only the 24 × 24 points it can show")
    func millionPointGradient() {
        // Painted whole, it would need 1 pixel per 256 points to fit the 16 Mi-pixel cap (1/128 gives 6.1·10⁷
        // pixels); the floor of 1/64 there was before painted 15 625² = 2.4·10⁸ pixels, and even 16 Mi pixels took
        // seconds under the fuzzer (a Lottie gradient fill whose path reached a million points).
        let bounds = CGRect(x: 0, y: 0, width: 1e6, height: 1e6)
        #expect(PaintedContentCache.resolution(for: 1, bounds: bounds) == 1.0 / 256)
        #expect(
            PaintedContentCache.resolution(for: 1, bounds: CGRect(x: 0, y: 0, width: 1e30, height: 1e30)) == 0x1p-60)
        // Drawn at (−5·10⁵ + 10, −5·10⁵ + 10): device pixel (0, 0) is layer point (5·10⁵ − 10, 5·10⁵ − 10); the
        // 20-pixel clip grown by 2 for the filter is the painted region.
        let map = PlaneTransform.translation(x: -5e5 + 10, y: -5e5 + 10)
        let region = PaintedContentCache.region(
            of: bounds, map: map, scale: 1, clip: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(region == CGRect(x: 5e5 - 12, y: 5e5 - 12, width: 24, height: 24))
        MediaClock.withManualTime { clock in
            // Red at the top, blue at the bottom; the 20-point window sits at the layer's middle, where the two mix
            // half and half.
            let gradient = CAGradientLayer()
            gradient.colors = [
                CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1),
            ]
            gradient.frame = CGRect(x: -5e5 + 10, y: -5e5 + 10, width: 1e6, height: 1e6)
            clock.advance(by: 0)
            let renderer = CARenderer(width: 20, height: 20)!
            renderer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            renderer.layer = gradient
            let image = renderer.renderFrame(atTime: 0)
            let (red, blue) = image.withUnsafePremultipliedRGBABytes { (Int($0[0]), Int($0[2])) }
            // The same colours half-way along an ordinary 1,001-point strip (how a gradient layer mixes them is
            // pinned in GenericRGBMixingTests: about (145, 33, 150) here).
            let strip = CAGradientLayer()
            strip.colors = gradient.colors
            strip.frame = CGRect(x: 0, y: 0, width: 1, height: 1001)
            let stripRenderer = CARenderer(width: 1, height: 1001)!
            stripRenderer.bounds = CGRect(x: 0, y: 0, width: 1, height: 1001)
            stripRenderer.layer = strip
            let stripImage = stripRenderer.renderFrame(atTime: 0)
            let row = 500 * stripImage.bytesPerRow
            let middle = stripImage.withUnsafePremultipliedRGBABytes { (Int($0[row]), Int($0[row + 2])) }
            #expect(abs(red - middle.0) <= 2 && abs(blue - middle.1) <= 2, "\(red), \(blue) against \(middle)")
        }
    }
}
