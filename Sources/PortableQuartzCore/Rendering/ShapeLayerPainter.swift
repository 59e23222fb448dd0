import Foundation

/// Draws the content of a `CAShapeLayer`: its path filled, then stroked (our helper for the compositor).
///
/// The context's user space must be the layer's bounds space with y down, exactly as for `draw(in:)` (the caller
/// flips and scales); the path's coordinates are used as they are, so a path point (5, 5) lands 5 points right and
/// 5 points down from the bounds' origin corner. What this draws sits above the layer's background and below its
/// sublayers and border.
///
/// Apple's rules, reproduced:
/// - The fill covers the whole path, every subpath closed, with the fill rule (`"even-odd"`, anything else is
///   non-zero). A nil fill colour fills nothing.
/// - Only the stroke is trimmed: `strokeStart` and `strokeEnd` are fractions of the path's arc length, each
///   clamped to 0…1 (NaN counts as the default, 0 for the start and 1 for the end); `strokeStart ≥ strokeEnd`
///   strokes nothing. Curves are cut exactly where the arc length says (see `PathMeasure`).
/// - A nil stroke colour, or a line width that is not a positive finite number, strokes nothing (a zero width
///   does not draw Core Graphics' one-pixel hairline; it is how layers hide their stroke).
/// - Caps `"butt"`, `"round"`, `"square"` and joins `"miter"`, `"round"`, `"bevel"`; unknown names use Apple's
///   defaults (butt, miter). The miter limit goes to Core Graphics as it is.
/// - `lineDashPattern` (painted and unpainted lengths in points, starting painted) with `lineDashPhase`; nil or an
///   empty pattern is a solid line, as is a pattern Core Graphics rejects (all zeros, negative or non-finite).
///
/// Inferred, not verified on Apple hardware: the dash pattern applies to the trimmed piece, starting at the trimmed
/// piece's start, as Core Graphics dashes any path it strokes (so animating `strokeStart` slides the dashes with
/// the start). With `strokeStart` at 0 the dashes are where an untrimmed stroke puts them.
enum ShapeLayerPainter {
    /// Fills and strokes `shape.path` into `context` (see the type for the rules). A nil or empty path draws
    /// nothing. The context's graphics state is restored before returning.
    static func draw(_ shape: ShapeLayerState, in context: CGContext) {
        guard let path = shape.path, !path.isEmpty else { return }
        context.saveGState()
        defer { context.restoreGState() }
        if let fill = shape.fillColor {
            context.setFillColor(fill.cgColor)
            context.addPath(path)
            context.fillPath(using: shape.fillRule == "even-odd" ? .evenOdd : .winding)
        }
        guard let strokeColor = shape.strokeColor, shape.lineWidth.isFinite, shape.lineWidth > 0,
            let stroked = strokedPiece(of: path, start: shape.strokeStart, end: shape.strokeEnd)
        else { return }
        context.setStrokeColor(strokeColor.cgColor)
        context.setLineWidth(shape.lineWidth)
        context.setLineCap(lineCap(shape.lineCap))
        context.setLineJoin(lineJoin(shape.lineJoin))
        context.setMiterLimit(shape.miterLimit)
        if let pattern = shape.lineDashPattern, !pattern.isEmpty {
            context.setLineDash(phase: shape.lineDashPhase, lengths: pattern.map { CGFloat($0) })
        }
        context.addPath(stroked)
        context.strokePath()
    }

    /// The part of `path` between the fractions `start` and `end` of its arc length, `path` itself when the range
    /// is the whole path, or nil when nothing is to be stroked (see the type for clamping).
    static func strokedPiece(of path: CGPath, start: CGFloat, end: CGFloat) -> CGPath? {
        let from = clampedFraction(start, default: 0)
        let to = clampedFraction(end, default: 1)
        guard from < to else { return nil }
        if from == 0 && to == 1 { return path }
        let measure = PathMeasure(path)
        guard measure.totalLength > 0 else { return nil }
        let piece = measure.trimmedPath(fromLength: from * measure.totalLength, toLength: to * measure.totalLength)
        return piece.isEmpty ? nil : piece
    }

    /// `value` clamped to 0…1, or `fallback` when it is NaN.
    static func clampedFraction(_ value: CGFloat, default fallback: CGFloat) -> CGFloat {
        value.isNaN ? fallback : Swift.min(Swift.max(value, 0), 1)
    }

    /// Core Graphics' cap for a `CAShapeLayerLineCap` raw value; unknown names give `.butt`.
    static func lineCap(_ name: String) -> CGLineCap {
        switch name {
        case "round": .round
        case "square": .square
        default: .butt
        }
    }

    /// Core Graphics' join for a `CAShapeLayerLineJoin` raw value; unknown names give `.miter`.
    static func lineJoin(_ name: String) -> CGLineJoin {
        switch name {
        case "round": .round
        case "bevel": .bevel
        default: .miter
        }
    }
}
