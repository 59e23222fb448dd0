import Foundation
import PortableRaster

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
            width: Double(lineWidth), cap: strokeCap(lineCap), join: strokeJoin(lineJoin),
            miterLimit: Double(miterLimit))
        var stroker = Stroker()
        let outline = stroker.outline(of: rasterPath(of: self), style: style, transform: affine(transform))
        return cgPath(from: outline)
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
        var stroker = Stroker()
        let dashed = stroker.dashedPath(
            rasterPath(of: self), lengths: pattern, phase: Double(phase),
            transform: affine(transform))
        return cgPath(from: dashed)
    }
}

// MARK: - Conversions to and from the raster engine's types

private func strokeCap(_ cap: CGLineCap) -> StrokeStyle.Cap {
    switch cap {
    case .butt: return .butt
    case .round: return .round
    case .square: return .square
    }
}

private func strokeJoin(_ join: CGLineJoin) -> StrokeStyle.Join {
    switch join {
    case .miter: return .miter
    case .round: return .round
    case .bevel: return .bevel
    }
}

private func affine(_ transform: CGAffineTransform) -> Affine2D {
    Affine2D(
        a: Double(transform.a), b: Double(transform.b), c: Double(transform.c), d: Double(transform.d),
        tx: Double(transform.tx), ty: Double(transform.ty))
}

/// `path`'s elements as a ``RasterPath`` (same coordinates; non-finite points are kept for the stroker to drop).
private func rasterPath(of path: CGPath) -> RasterPath {
    var result = RasterPath()
    result.reserveCapacity(verbs: path.elementTypes.count, points: path.elementPoints.count)
    let points = path.elementPoints
    var index = 0
    func point(_ offset: Int) -> RasterPoint {
        RasterPoint(x: Double(points[index + offset].x), y: Double(points[index + offset].y))
    }
    for type in path.elementTypes {
        switch type {
        case .moveToPoint: result.move(to: point(0))
        case .addLineToPoint: result.line(to: point(0))
        case .addQuadCurveToPoint: result.quadCurve(to: point(1), control: point(0))
        case .addCurveToPoint: result.curve(to: point(2), control1: point(0), control2: point(1))
        case .closeSubpath: result.close()
        }
        index += type.pointCount
    }
    return result
}

/// `path` as an immutable `CGPath`.
private func cgPath(from path: RasterPath) -> CGPath {
    var types: [CGPathElementType] = []
    types.reserveCapacity(path.verbs.count)
    var lastStart = CGPoint.zero
    var index = 0
    let points = path.points.map { CGPoint(x: CGFloat($0.x), y: CGFloat($0.y)) }
    for verb in path.verbs {
        switch verb {
        case .move:
            types.append(.moveToPoint)
            lastStart = points[index]
        case .line: types.append(.addLineToPoint)
        case .quadratic: types.append(.addQuadCurveToPoint)
        case .cubic: types.append(.addCurveToPoint)
        case .close: types.append(.closeSubpath)
        }
        index += verb.pointCount
    }
    return CGPath(elementTypes: types, elementPoints: points, lastSubpathStart: lastStart)
}
