import PortableQuartzCore
import PortableQuartzCoreExport

/// How a frame of a given pixel size shows a scene (our helper): the part of the scene's space it covers, in
/// points, and the pixels per point.
///
/// The scene keeps its proportions: it is scaled by the largest factor that fits it inside the frame, and the frame
/// shows more of the scene's space along the other direction (the scene centred in it).
struct RenderCanvas: Equatable, Sendable {
    /// The frame size in pixels.
    let pixels: ExportSize
    /// Pixels per point, finite and positive.
    let scale: CGFloat
    /// The rectangle of the root layer's superlayer space that fills the frame, in points.
    let bounds: CGRect

    /// The canvas showing `content` (points) in a frame of `pixels`: scale `min(width ÷ content.width,
    /// height ÷ content.height)`, the content centred. A `content` side that is not finite and positive counts as
    /// the frame's own size in points at scale 1 along that side.
    ///
    /// Example: 240×240 pixels for a 480×360 scene → scale 0.5, bounds (0, −60, 480, 480).
    init(pixels: ExportSize, content: CGRect) {
        let width = CGFloat(pixels.width)
        let height = CGFloat(pixels.height)
        let usableWidth = content.width.isFinite && content.width > 0
        let usableHeight = content.height.isFinite && content.height > 0
        let scale = Swift.min(
            usableWidth ? width / content.width : 1, usableHeight ? height / content.height : 1)
        let points = CGSize(width: width / scale, height: height / scale)
        let origin = CGPoint(
            x: (content.minX.isFinite ? content.minX : 0) - (usableWidth ? (points.width - content.width) / 2 : 0),
            y: (content.minY.isFinite ? content.minY : 0) - (usableHeight ? (points.height - content.height) / 2 : 0))
        self.pixels = pixels
        self.scale = scale
        self.bounds = CGRect(origin: origin, size: points)
    }

    /// The canvas for a demo built on a canvas of `points` points laid out to the frame's proportions: at least
    /// `minimum` points in both directions (the demos are drawn for it), as large as the frame's shape asks along
    /// the other direction.
    ///
    /// Example: 1280×720 pixels with a 480×360 minimum → scale 2, a 640×360-point scene.
    static func demo(pixels: ExportSize, minimum: CGSize = DemoScene.defaultSize) -> RenderCanvas {
        let scale = Swift.min(
            CGFloat(pixels.width) / minimum.width, CGFloat(pixels.height) / minimum.height)
        let points = CGSize(width: CGFloat(pixels.width) / scale, height: CGFloat(pixels.height) / scale)
        return RenderCanvas(pixels: pixels, content: CGRect(origin: .zero, size: points))
    }

    /// A renderer drawing this canvas; nil when the pixel size is one `CARenderer` refuses.
    func makeRenderer() -> CARenderer? {
        guard let renderer = CARenderer(width: pixels.width, height: pixels.height, scale: scale) else { return nil }
        renderer.bounds = bounds
        return renderer
    }
}
