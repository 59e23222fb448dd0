import Foundation
import PortableRaster

extension TextLayout {
    /// Fills the glyph outlines of every line into `buffer` with `color` (source-over), anti-aliased.
    ///
    /// `transform` maps layout space (points, y down from the top of the text box) to device pixels (y down
    /// from the top row). Glyph outlines, stored with y up, are flipped on the way. All glyphs go into one
    /// coverage mask with the nonzero rule, so overlapping glyphs do not darken where they overlap. Pixels
    /// outside the buffer are clipped; a non-finite transform draws nothing.
    ///
    /// The bitmap `CGContext` wraps this; `rasterizer` is its reusable scratch space (drawing the same layout
    /// again allocates nothing).
    func draw(
        into buffer: inout PixelBuffer, transform: CGAffineTransform, color: PremultipliedColor,
        rasterizer: inout GlyphRasterizer
    ) {
        let device = Affine2D(
            a: Double(transform.a), b: Double(transform.b), c: Double(transform.c), d: Double(transform.d),
            tx: Double(transform.tx), ty: Double(transform.ty))
        guard device.isFinite, !lines.isEmpty else { return }
        let scale = Double(metrics.scale)
        let typeface = font.typeface
        rasterizer.begin(clip: buffer.bounds)
        for line in lines {
            let originX = Double(line.origin.x)
            let originY = Double(line.origin.y)
            line.glyphs.withUnsafeBufferPointer { glyphs in
                line.positions.withUnsafeBufferPointer { positions in
                    for index in 0..<glyphs.count {
                        let place = Affine2D(
                            a: scale, b: 0, c: 0, d: -scale, tx: originX + Double(positions[index].x),
                            ty: originY + Double(positions[index].y))
                        rasterizer.addGlyph(glyphs[index], of: typeface, transform: place.concatenated(device))
                    }
                }
            }
        }
        rasterizer.finish(color: color, into: &buffer)
    }

    /// Like ``draw(into:transform:color:rasterizer:)`` with a `CGColor`, converted to sRGB and premultiplied.
    func draw(
        into buffer: inout PixelBuffer, transform: CGAffineTransform, color: CGColor,
        rasterizer: inout GlyphRasterizer
    ) {
        let rgba = color.rgbaComponents
        let paint = PremultipliedColor(
            red: Float(rgba.red), green: Float(rgba.green), blue: Float(rgba.blue), alpha: Float(rgba.alpha))
        draw(into: &buffer, transform: transform, color: paint, rasterizer: &rasterizer)
    }
}
