import Foundation
import PortableQuartzCore

extension LottieAnimationLayer {
    /// A picture of the animation paused at `progress` (0 first frame, 1 last), `width` × `height` pixels, the
    /// composition scaled to fit with its aspect kept and centred, transparent where nothing is drawn (our
    /// addition).
    ///
    /// It is made as lottie-ios's snapshot tests make Apple's pictures: the layer is paused (speed 0 and a
    /// `timeOffset`), the transaction flushed, and the presentation of the tree drawn (here by a `CARenderer`,
    /// which draws the presentation tree at the current media time). The layer's bounds are the composition's
    /// size in points; the renderer's scale does the points-to-pixels scaling.
    /// Returns nil when the size is not 1 … 32 767 pixels a side.
    public func snapshot(progress: Double, width: Int, height: Int) -> CGImage? {
        guard (1...32_767).contains(width), (1...32_767).contains(height) else { return nil }
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
        guard let renderer = CARenderer(width: width, height: height, scale: scale) else { return nil }
        // The renderer's bounds are in the superlayer's space, where the layer sits at its frame.
        let frame = self.frame
        let points = CGSize(width: Double(width) / scale, height: Double(height) / scale)
        renderer.bounds = CGRect(
            x: frame.minX - (points.width - size.width) / 2, y: frame.minY - (points.height - size.height) / 2,
            width: points.width, height: points.height)
        renderer.layer = self
        return renderer.renderFrame(atTime: CACurrentMediaTime())
    }
}
