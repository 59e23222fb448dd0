import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// Draws the lines of `layout` with the fill colour, the top-left corner of the layout's box at `point`
    /// (user space). Our addition, not Apple API (Apple draws text through Core Text).
    ///
    /// The layout measures downwards from its top edge; in the y-up space of a new context its lines therefore
    /// run down from `point`, glyphs upright. In a flipped (UIKit-style, y-down) space the glyphs come out upside
    /// down, as Core Text's do without a text matrix — flip the CTM back around the call if needed. Alpha, blend
    /// mode, clip, shadow and anti-aliasing settings apply; the current path is left alone. All glyphs are
    /// rasterized into one mask with the nonzero rule, so overlapping glyphs are painted once.
    public func draw(_ layout: TextLayout, at point: CGPoint) {
        guard let device = deviceTransform, point.x.isFinite, point.y.isFinite, !layout.lines.isEmpty else { return }
        let layoutToDevice = Affine2D(a: 1, b: 0, c: 0, d: -1, tx: Double(point.x), ty: Double(point.y))
            .concatenated(device)
        glyphRasterizer.begin(clip: drawingBounds)
        layout.addGlyphs(to: &glyphRasterizer, transform: layoutToDevice)
        glyphRasterizer.finish(into: &shapeMask)
        paintShape(.color(state.fillColor))
    }
}
