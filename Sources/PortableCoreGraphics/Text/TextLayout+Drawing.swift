import Foundation
@_spi(Engine) import PortableRaster

extension TextLayout {
    /// Adds the glyph outlines of every line to `rasterizer`, between its `begin` and `finish`.
    ///
    /// `transform` maps layout space (points, y down from the top of the text box) to device pixels; glyph
    /// outlines, stored with y up, are flipped on the way. `CGContext.draw(_:at:)` is the public way to draw a
    /// layout; this is the one place that places glyphs.
    func addGlyphs(to rasterizer: inout GlyphRasterizer, transform: Affine2D) {
        let scale = Double(metrics.scale)
        let typeface = font.typeface
        for line in lines {
            let originX = Double(line.origin.x)
            let originY = Double(line.origin.y)
            line.glyphs.withUnsafeBufferPointer { glyphs in
                line.positions.withUnsafeBufferPointer { positions in
                    for index in 0..<glyphs.count {
                        let place = Affine2D(
                            a: scale, b: 0, c: 0, d: -scale, tx: originX + Double(positions[index].x),
                            ty: originY + Double(positions[index].y))
                        rasterizer.addGlyph(glyphs[index], of: typeface, transform: place.concatenated(transform))
                    }
                }
            }
        }
    }
}
