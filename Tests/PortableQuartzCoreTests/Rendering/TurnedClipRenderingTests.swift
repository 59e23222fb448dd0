import Foundation
import PortableQuartzCoreTesting
import Testing

@testable import PortableQuartzCore

/// A layer that clips to its bounds while turned (no clip of it falls on whole pixels) makes no clip mask when
/// everything it draws inside lies well within its bounds; these cases check the pictures are those of the clip.
@Suite("Clips of turned layers")
struct TurnedClipRenderingTests {
    /// A white 80 × 80 picture holding a 60 × 40 layer turned by `angle` about its centre (40, 40) that clips to
    /// its bounds or not, with one red sublayer at `inner` (in the clipping layer's bounds space).
    private func picture(angle: Double, inner: CGRect, clips: Bool) -> [UInt8] {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 80, height: 80), red: 1, green: 1, blue: 1)
        let clipping = CALayer()
        clipping.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        clipping.position = CGPoint(x: 40, y: 40)
        clipping.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        clipping.masksToBounds = clips
        clipping.addSublayer(solidLayer(inner))
        root.addSublayer(clipping)
        let renderer = CARenderer(width: 80, height: 80)!
        renderer.layer = root
        return renderer.renderFrame(atTime: 0).withUnsafePremultipliedRGBABytes { Array($0) }
    }

    @Test(
        "60 turned layers: a sublayer lying inside the bounds draws as without the clip, one crossing them is cut (a 20 × 20 square at (50, 10) turned 30° loses its right part)"
    )
    func turnedClips() {
        MediaClock.withManualTime(startingAt: 0) { _ in
            // Worked case: the square spans x 50…70 of bounds 60 wide; past x = 60 nothing shows. Bounds point
            // (65, 20) lies at (40, 40) + R(30°)·(35, 0) = (70.3, 57.5) on the picture.
            let crossing = picture(angle: .pi / 6, inner: CGRect(x: 50, y: 10, width: 20, height: 20), clips: true)
            let unclipped = picture(angle: .pi / 6, inner: CGRect(x: 50, y: 10, width: 20, height: 20), clips: false)
            let offset = (57 * 80 + 70) * 4
            #expect(Array(crossing[offset..<offset + 4]) == [255, 255, 255, 255])
            #expect(Array(unclipped[offset..<offset + 4]) == [255, 0, 0, 255])

            var random = SeededRandom(seed: 0x5EED_C11B)
            var inside = 0
            for _ in 0..<60 {
                let angle = random.nextDouble(in: -3...3)
                let width = random.nextDouble(in: 1...30)
                let height = random.nextDouble(in: 1...20)
                let inner = CGRect(
                    x: random.nextDouble(in: -10...(60 - width + 10)),
                    y: random.nextDouble(in: -10...(40 - height + 10)), width: width, height: height)
                let clipped = picture(angle: angle, inner: inner, clips: true)
                if CGRect(x: 2, y: 2, width: 56, height: 36).contains(inner) {
                    inside += 1
                    #expect(clipped == picture(angle: angle, inner: inner, clips: false), "\(angle) \(inner)")
                } else if !CGRect(x: -2, y: -2, width: 64, height: 44).contains(inner) {
                    #expect(clipped != picture(angle: angle, inner: inner, clips: false), "\(angle) \(inner)")
                }
            }
            #expect(inside >= 10)
        }
    }

    @Test(
        "render(in:): a sublayer turned about y is laid out in 2-D, its centre on the clipping layer's origin, and cut there: (−3, −3) of the bounds stays white, (3, 3) is red"
    )
    func turnedClipAroundLayerDrawnIn2D() throws {
        // In 3-D the 10 × 10 square sits at the middle of the 60 × 40 bounds, inside them; `render(in:)` draws a
        // layer whose transform is not affine with its anchor on the superlayer's origin instead (see
        // RenderInContextTransformTests), so the square spans −5…5 and the clip must cut its outer three quarters.
        // Bounds point (−3, −3) lands at (40, 40) + R(30°)·(−33, −23) = (22.9, 3.6) on the picture, (3, 3) at
        // (25.1, 11.8).
        let root = solidLayer(CGRect(x: 0, y: 0, width: 80, height: 80), red: 1, green: 1, blue: 1)
        let clipping = CALayer()
        clipping.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        clipping.position = CGPoint(x: 40, y: 40)
        clipping.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        clipping.masksToBounds = true
        let square = solidLayer(CGRect(x: 25, y: 15, width: 10, height: 10))
        square.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        clipping.addSublayer(square)
        root.addSublayer(clipping)
        CATransaction.flush()
        let context = flippedContext(width: 80, height: 80)
        root.render(in: context)
        let image = try #require(context.makeImage())
        #expect(pixel(image, 22, 3) == [255, 255, 255, 255])
        #expect(pixel(image, 25, 11) == [255, 0, 0, 255])
    }
}
