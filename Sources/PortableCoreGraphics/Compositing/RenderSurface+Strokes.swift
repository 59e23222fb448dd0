import Foundation
@_spi(Engine) import PortableRaster

/// How the compositor strokes a path (our addition): the pen of a shape layer, in the layer's own units.
package struct SurfaceStroke {
    /// Pen width in the path's units; must be positive and finite to draw.
    package var width: Double
    package var cap: CGLineCap
    package var join: CGLineJoin
    /// Largest ratio of miter length to width before a corner is bevelled; NaN counts as 10.
    package var miterLimit: Double
    /// Alternating painted and unpainted lengths in the path's units; empty (or any pattern Core Graphics rejects)
    /// is solid.
    package var dashLengths: [Double]
    /// How far into the pattern each subpath starts.
    package var dashPhase: Double

    package init(
        width: Double, cap: CGLineCap, join: CGLineJoin, miterLimit: Double, dashLengths: [Double],
        dashPhase: Double
    ) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashLengths = dashLengths
        self.dashPhase = dashPhase
    }

    var style: StrokeStyle {
        StrokeStyle(
            width: width, cap: StrokeStyle.Cap(cap), join: StrokeStyle.Join(join), miterLimit: miterLimit,
            dashLengths: dashLengths, dashPhase: dashPhase)
    }
}

extension RenderSurface {
    /// Strokes `path` (in its own space, mapped by `transform` into device pixels) with `stroke`, in a straight
    /// colour at `opacity`, clipped to the current clip.
    ///
    /// The pen is applied before the transform, as Core Graphics strokes in user space: an uneven scale makes it an
    /// ellipse, a perspective map foreshortens it. Nothing is drawn for a width that is not positive and finite, or a
    /// transform that is not finite or is singular. Pieces of the stroke outside the clip cost almost nothing, so a
    /// path far larger than the frame is cheap.
    package func stroke(
        _ path: CGPath, with stroke: SurfaceStroke, transform: PlaneTransform, red: Double, green: Double,
        blue: Double, alpha colorAlpha: Double, opacity: Float
    ) {
        let clip = currentClip
        guard stroke.width > 0, stroke.width.isFinite, transform.isFinite, transform.determinant != 0,
            !clip.rect.isEmpty
        else { return }
        settleFrame()
        shapePath.load(path)
        noteStrokeInputs(stroke, transform, clip: clip.rect)
        guard
            let source = coverage(
                clipMask: clip.mask, rasterize: { self.rasterize(path, stroke, transform: transform, clip: clip.rect) })
        else { return }
        let color = PremultipliedColor(
            red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(colorAlpha))
        let sourceMask = mask(of: source)
        noteDrawn(sourceMask.bounds, into: depth)
        buffers[depth].fill(sourceMask, color: color, alpha: opacity)
    }

    /// How finely the compositor flattens a stroke, in device pixels: 1/8, four times the tolerance of fills
    /// (``ScanConverter/defaultTolerance``).
    ///
    /// The stroker gives half of it to the centre line and half to the pen's turn, and bounds control points (the
    /// curve stays closer than they do), so a stroke's edges stay within 1/8 pixel of the true outline. At 1/32 a
    /// stroked curve took twice the steps (their number grows with the square root of the precision), and a frame
    /// of large stroked rings a third more instructions. Apple's pictures do not tell the two apart: rendering the
    /// 532 of `../shared/lottie` both ways changed 152 of them, the same 488 pass either way, and the mean matching
    /// fraction moved by 2 × 10⁻⁶. `CGContext` strokes keep the context's flatness.
    static let strokeTolerance = 1.0 / 8

    /// Replaces ``shapeMask`` with the coverage of the outline in `shapePath` (loaded from `path`) stroked with
    /// `stroke` and mapped by `transform` (finite and invertible), inside `clip`.
    private func rasterize(_ path: CGPath, _ stroke: SurfaceStroke, transform: PlaneTransform, clip: PixelRect) {
        if let affine = transform.affine {
            stroker.stroke(
                shapePath, style: stroke.style, transform: affine, clip: clip, tolerance: Self.strokeTolerance,
                converter: &scanConverter, into: &shapeMask)
        } else {
            // Outline in the path's space, finely enough for the largest magnification the map gives the path.
            let box = path.boundingBoxOfPath
            let scale = transform.localScale(at: CGPoint(x: box.midX, y: box.midY))
            let tolerance = Self.strokeTolerance / Swift.max(scale.isFinite ? scale : 1, 1e-6)
            let outline = stroker.outline(of: shapePath, style: stroke.style, tolerance: tolerance)
            projector.project(outline, by: transform.projective, into: &projectedPath)
            scanConverter.fill(projectedPath, rule: .nonZero, clip: clip, into: &shapeMask)
        }
    }
}
