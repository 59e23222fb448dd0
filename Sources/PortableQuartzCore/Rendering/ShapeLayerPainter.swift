import Foundation

/// Draws the content of a `CAShapeLayer`: its path filled, then stroked (our helper for the compositor).
///
/// The path is in the layer's own coordinates (its bounds space, y down) and is drawn straight into the compositor's
/// surface through the layer's map, at the device's resolution. It is not clipped to the bounds: a shape layer with
/// zero bounds (how most code creates them) draws its whole path, and a stroke sticking out of the bounds is whole.
/// Only `masksToBounds` or a mask clips it, as for sublayers. Evidence: Apple documents that the shape is drawn
/// "in the layer's coordinate space" and says nothing of clipping; lottie-ios builds every shape as a
/// `CAShapeLayer` whose bounds do not contain its path, and Apple's pictures of those samples show the whole shape.
/// What this draws sits above the layer's background and below its sublayers and border.
///
/// Apple's rules, reproduced:
/// - The fill covers the whole path, every subpath closed, with the fill rule (even-odd or non-zero). A nil fill
///   colour fills nothing.
/// - Only the stroke is trimmed: `strokeStart` and `strokeEnd` are fractions of the path's arc length, each
///   clamped to 0…1 (NaN counts as the default, 0 for the start and 1 for the end); `strokeStart ≥ strokeEnd`
///   strokes nothing. Curves are cut exactly where the arc length says (see `PathMeasure`).
/// - A nil stroke colour, or a line width that is not a positive finite number, strokes nothing (a zero width
///   does not draw Core Graphics' one-pixel hairline; it is how layers hide their stroke).
/// - Caps butt, round, square and joins miter, round, bevel, parsed when set (`ShapeLineCap`, `ShapeLineJoin`);
///   unknown names draw as Apple's defaults (butt, miter). The miter limit goes to the stroker as it is.
/// - `lineDashPattern` (painted and unpainted lengths in points, starting painted) with `lineDashPhase`; nil or an
///   empty pattern is a solid line, as is a pattern Core Graphics rejects (all zeros, negative or non-finite).
///
/// Inferred, not verified on Apple hardware: the dash pattern applies to the trimmed piece, starting at the trimmed
/// piece's start, as Core Graphics dashes any path it strokes (so animating `strokeStart` slides the dashes with
/// the start). With `strokeStart` at 0 the dashes are where an untrimmed stroke puts them.
enum ShapeLayerPainter {
    /// Fills and strokes `shape.path`, mapped by `map` into device pixels, at `opacity` (see the type for the
    /// rules), cutting a trimmed stroke with `trimmer`. A nil or empty path draws nothing.
    static func draw(
        _ shape: ShapeLayerState, map: PlaneTransform, opacity: Float, into surface: RenderSurface,
        trimmer: StrokeTrimmer
    ) {
        guard let path = shape.path, !path.isEmpty else { return }
        if let fill = shape.fillColor, fill.alpha > 0 {
            surface.fill(
                .path(path, evenOdd: shape.fillRule.choice == .evenOdd), transform: map, red: fill.red,
                green: fill.green,
                blue: fill.blue, alpha: fill.alpha, opacity: opacity)
        }
        guard let color = shape.strokeColor, color.alpha > 0, shape.lineWidth.isFinite, shape.lineWidth > 0,
            let stroked = trimmer.piece(of: path, start: shape.strokeStart, end: shape.strokeEnd)
        else { return }
        let pen = SurfaceStroke(
            width: Double(shape.lineWidth), cap: lineCap(shape.lineCap), join: lineJoin(shape.lineJoin),
            miterLimit: Double(shape.miterLimit), dashLengths: shape.lineDashPattern ?? [],
            dashPhase: Double(shape.lineDashPhase))
        surface.stroke(
            stroked, with: pen, transform: map, red: color.red, green: color.green, blue: color.blue,
            alpha: color.alpha, opacity: opacity)
    }

    /// How many separate things `shape` paints (0, 1 for a fill or a stroke, 2 for both): with opacity below 1, two
    /// must be composited as one group, so the fill does not show through the stroke.
    static func paintCount(of shape: ShapeLayerState) -> Int {
        guard let path = shape.path, !path.isEmpty else { return 0 }
        var count = 0
        if let fill = shape.fillColor, fill.alpha > 0 { count += 1 }
        if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth.isFinite, shape.lineWidth > 0 {
            count += 1
        }
        return count
    }

    /// A rectangle in the layer's space that holds everything `shape` paints (the path's box grown by the reach of
    /// the pen: half the width, times the miter limit for miter joins and √2 for square caps), or nil when it paints
    /// nothing.
    static func paintedExtent(of shape: ShapeLayerState) -> CGRect? {
        guard paintCount(of: shape) > 0, let path = shape.path else { return nil }
        let box = path.boundingBoxOfPath
        guard shape.strokeColor != nil, shape.lineWidth.isFinite, shape.lineWidth > 0 else { return box }
        var factor: CGFloat = lineCap(shape.lineCap) == .square ? 2.0.squareRoot() : 1
        if lineJoin(shape.lineJoin) == .miter {
            factor = Swift.max(factor, shape.miterLimit.isFinite ? shape.miterLimit : 10)
        }
        let reach = shape.lineWidth / 2 * factor
        return box.insetBy(dx: -reach, dy: -reach)
    }

    /// `value` clamped to 0…1, or `fallback` when it is NaN.
    static func clampedFraction(_ value: CGFloat, default fallback: CGFloat) -> CGFloat {
        value.isNaN ? fallback : Swift.min(Swift.max(value, 0), 1)
    }

    /// Core Graphics' cap for a layer's `lineCap` (an unknown name was parsed as butt).
    static func lineCap(_ cap: NamedChoice<ShapeLineCap>) -> CGLineCap {
        switch cap.choice {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }

    /// Core Graphics' join for a layer's `lineJoin` (an unknown name was parsed as miter).
    static func lineJoin(_ join: NamedChoice<ShapeLineJoin>) -> CGLineJoin {
        switch join.choice {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}
