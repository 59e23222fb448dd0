import PortableLottie
import PortableQuartzCoreExport

/// Draws the frames of a Lottie animation with a layer of its own (our helper): the frame at media time `t` is the
/// animation paused at progress `t ÷ duration` (0 for an animation without duration), scaled to fit the frame with
/// its aspect kept (`LottieAnimationLayer.snapshot`). Each rendering thread makes its own source, so the layer
/// trees are never shared.
final class LottieFrameSource: FrameSource {
    private let layer: LottieAnimationLayer
    private let pixels: ExportSize

    /// A source of `animation`'s frames at `pixels`, with `colors` in place of the file's.
    init(animation: LottieAnimation, pixels: ExportSize, colors: [ColorSetting] = []) {
        layer = LottieAnimationLayer(animation: animation)
        for setting in colors { setting.apply(to: layer) }
        self.pixels = pixels
    }

    func frame(at index: Int, time: Double) throws -> CGImage {
        let duration = layer.animation.duration
        guard
            let image = layer.snapshot(
                progress: duration > 0 ? time / duration : 0, width: pixels.width, height: pixels.height)
        else { throw ExportError.invalidSize(width: pixels.width, height: pixels.height) }
        return image
    }
}
