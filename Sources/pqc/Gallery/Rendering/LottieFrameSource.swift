import PortableLottie
import PortableQuartzCore
import PortableQuartzCoreExport

/// Draws the frames of a Lottie animation with a layer of its own (our helper): the frame at media time `t` is the
/// animation paused at progress `t ÷ duration` (0 for an animation without duration), scaled to fit the frame with
/// its aspect kept and centred, drawn by a `CARenderer` as Core Animation's compositor draws it on a device (3-D
/// turns included; `LottieAnimationLayer.snapshot` draws through `render(in:)`, which leaves layers turning about
/// x or y out of place, as Apple's snapshots do). Each rendering thread makes its own source, so the layer trees
/// are never shared.
final class LottieFrameSource: FrameSource {
    private let layer: LottieAnimationLayer
    private let renderer: CARenderer

    /// A source of `animation`'s frames at `pixels`, with `colors` in place of the file's, showing the `viewport`
    /// rectangle of the composition (nil: all of it).
    /// - Throws: `ExportError.invalidSize` when the size is larger than a renderer can draw.
    init(
        animation: LottieAnimation, pixels: ExportSize, colors: [ColorSetting] = [], viewport: CGRect? = nil
    ) throws(ExportError) {
        guard let renderer = CARenderer(width: pixels.width, height: pixels.height) else {
            throw .invalidSize(width: pixels.width, height: pixels.height)
        }
        layer = LottieAnimationLayer(animation: animation)
        for setting in colors { setting.apply(to: layer) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        layer.viewportFrame = viewport
        CATransaction.commit()
        renderer.layer = layer
        self.renderer = renderer
    }

    func frame(at index: Int, time: Double) throws -> CGImage {
        let duration = layer.animation.duration
        layer.currentProgress = duration > 0 && time.isFinite ? time / duration : 0
        CATransaction.flush()
        return renderer.renderFrame(atTime: time)
    }
}
