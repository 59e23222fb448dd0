import Foundation
import PortableRaster

extension CGContext {
    /// The bitmap's size in pixels (our addition, for compositing layers into a context).
    package var pixelSize: (width: Int, height: Int) { (buffer.width, buffer.height) }

    /// The map from user space to the bitmap's pixels (y down, origin at the top-left pixel corner), or `nil` when
    /// the CTM is not finite or is singular (our addition).
    package var userToPixels: PlaneTransform? {
        guard let device = deviceTransform else { return nil }
        return PlaneTransform(
            m11: device.a, m12: device.b, m13: 0, m21: device.c, m22: device.d, m23: 0, m31: device.tx,
            m32: device.ty, m33: 1)
    }

    /// Composites `image`, which has the bitmap's size and is aligned with its pixels, over the bitmap with the
    /// state's alpha, blend mode and clip (our addition: the last step of `CALayer.render(in:)`).
    package func drawPixels(_ image: CGImage) {
        var area = buffer.bounds.intersection(image.raster.bounds)
        if let clip = state.clip { area = area.intersection(clip.bounds) }
        guard !area.isEmpty else { return }
        prepare(area)
        buffer.draw(
            image.raster, transform: .identity, filter: .nearest, alpha: Float(state.alpha),
            blendMode: state.blendMode.rasterMode, clip: area, clipMask: state.clip, workspace: &workspace)
        publish(area)
    }
}
