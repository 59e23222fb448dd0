import Foundation
import PortableQuartzCore

extension LottieAnimationLayer {
    /// A picture of the animation paused at `progress` (0 first frame, 1 last), `width` × `height` pixels, the
    /// composition scaled to fit with its aspect kept and centred, transparent where nothing is drawn (our
    /// addition).
    ///
    /// It is made as lottie-ios's snapshot tests make Apple's pictures: the layer is paused (speed 0 and a
    /// `timeOffset`), the transaction flushed, and `presentation()` drawn with `render(in:)` into a bitmap context
    /// whose transform does the points-to-pixels scaling (the layer's bounds stay the composition's size in
    /// points). So, as in Apple's snapshots, a layer turning about x or y is drawn unturned with its anchor on its
    /// superlayer's origin until the turn is whole again; a `CARenderer` draws it in 3-D, as a device shows it.
    /// Returns nil when a side is not 1 … 32 767 pixels.
    public func snapshot(progress: Double, width: Int, height: Int) -> CGImage? {
        guard (1...32_767).contains(width), (1...32_767).contains(height),
            let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        bounds = CGRect(origin: .zero, size: animation.size)
        contentMode = .scaleAspectFit
        fitComposition()
        currentProgress = progress.isFinite ? min(max(progress, 0), 1) : 0
        CATransaction.commit()
        CATransaction.flush()
        let size = animation.size
        let scale = min(Double(width) / size.width, Double(height) / size.height)
        // A context is y-up; layers draw y-down, as UIKit's graphics contexts set it up.
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        // Centred on whole pixels: a picture whose size is the composition's rounded up to whole pixels (as Apple's
        // snapshots are) keeps the composition at its top-left corner, as the snapshots show it. The fitted side
        // never exceeds the picture's, but its product can overshoot by an ulp (1920 × (1000 / 1920) is
        // 1000.000…1): without the floor at 0 that margin of −6e−14 would round down to a whole pixel.
        context.translateBy(
            x: max(0, ((Double(width) - size.width * scale) / 2).rounded(.down)),
            y: max(0, ((Double(height) - size.height * scale) / 2).rounded(.down)))
        context.scaleBy(x: scale, y: scale)
        (presentation() ?? self).render(in: context)
        return context.makeImage()
    }
}
