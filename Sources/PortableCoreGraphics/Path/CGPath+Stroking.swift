import Foundation
@_spi(Engine) import PortableRaster

extension CGPath {
    /// A path whose filled area is the area stroking this path would paint.
    ///
    /// The path is stroked in its own coordinates with the given width, cap, join and miter limit (a miter corner
    /// whose miter length exceeds `miterLimit` times the width is bevelled; Apple's drawing default is 10), and
    /// the outline is then mapped by `transform`, so a transform that scales unevenly stretches the pen too.
    ///
    /// The result is made of straight lines that stay within 1/256 of a unit (after `transform`) of the exact
    /// outline; curves and round caps and joins are flattened. It is meant to be filled with the nonzero
    /// (winding) rule, as `contains(_:using:transform:)` does by default: its contours overlap where the stroke
    /// overlaps itself, and each closed subpath gives an outer and an inner loop. A `lineWidth` that is not
    /// positive and finite gives an empty path (Apple requires a positive width). NaN or infinite points are left
    /// out, as when drawing.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        guard lineWidth > 0, lineWidth.isFinite else {
            return CGPath(elementTypes: [], elementPoints: [], lastSubpathStart: .zero)
        }
        let style = StrokeStyle(
            width: Double(lineWidth), cap: StrokeStyle.Cap(lineCap), join: StrokeStyle.Join(lineJoin),
            miterLimit: Double(miterLimit))
        var source = RasterPath()
        source.load(self)
        var stroker = Stroker()
        return CGPath.make(from: stroker.outline(of: source, style: style, transform: Affine2D(transform)))
    }

    /// A path made of the dashes that drawing this path with the dash pattern `lengths` and `phase` would
    /// stroke, mapped by `transform`.
    ///
    /// `lengths` alternate between painted and unpainted lengths, starting with painted; an odd count is used
    /// twice over. `phase` is how far into the pattern each subpath starts. Both are measured along the path
    /// before `transform`. Each dash becomes an open subpath of straight lines (within 1/256 of a unit of the
    /// curves, after `transform`); a dash that crosses the start of a closed subpath is one subpath through that
    /// corner, and a closed subpath painted all the way round stays closed. A zero-length dash becomes a move and
    /// a line to the same point, which round or square caps still draw. A pattern that is empty, all zeros, or
    /// holds a negative or non-finite length means no dashing: the result is this path mapped by `transform`,
    /// curves included.
    public func copy(
        dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity
    ) -> CGPath {
        let pattern = lengths.map { Double($0) }
        guard StrokeStyle(dashLengths: pattern, dashPhase: Double(phase)).isDashed else {
            return CGPath(
                elementTypes: elementTypes, elementPoints: elementPoints.map { pathTransformed($0, transform) },
                lastSubpathStart: pathTransformed(lastSubpathStart, transform))
        }
        var source = RasterPath()
        source.load(self)
        var stroker = Stroker()
        return CGPath.make(
            from: stroker.dashedPath(source, lengths: pattern, phase: Double(phase), transform: Affine2D(transform)))
    }
}
