/// How overlapping outlines fill (the format's `r`).
public enum LottieFillRule: Sendable {
    /// Non-zero winding (1, the default).
    case nonZero
    /// Even-odd (2).
    case evenOdd
}

/// A solid fill: `color` is [red, green, blue] (and possibly alpha) from 0 to 1, `opacity` in percent.
public struct ShapeFill: Sendable {
    /// The colour, components 0…1.
    public let color: AnimatableProperty<[Double]>
    /// The opacity in percent.
    public let opacity: AnimatableProperty<Double>
    /// How overlapping outlines fill.
    public let fillRule: LottieFillRule
}

/// A solid stroke.
public struct ShapeStroke: Sendable {
    /// Line ends (the format's `lc`: 1 butt, 2 round, 3 square).
    public enum LineCap: Sendable {
        case butt, round, square
    }

    /// Corners (the format's `lj`: 1 miter, 2 round, 3 bevel).
    public enum LineJoin: Sendable {
        case miter, round, bevel
    }

    /// One entry of a dash pattern (`d`): a dash length, a gap length, or the pattern's offset.
    public enum DashEntry: Sendable {
        case dash(AnimatableProperty<Double>)
        case gap(AnimatableProperty<Double>)
        case offset(AnimatableProperty<Double>)
    }

    /// The colour, components 0…1 (unused by gradient strokes).
    public let color: AnimatableProperty<[Double]>
    /// The opacity in percent.
    public let opacity: AnimatableProperty<Double>
    /// The line width in points.
    public let width: AnimatableProperty<Double>
    /// Line ends.
    public let lineCap: LineCap
    /// Corners.
    public let lineJoin: LineJoin
    /// The miter limit (as a multiple of the line width).
    public let miterLimit: Double
    /// The dash pattern, in file order; empty for a solid line.
    public let dashes: [DashEntry]
}

/// The gradient of a gradient fill or stroke.
public struct GradientStyle: Sendable {
    /// Linear (`t` 1) or radial (`t` 2).
    public enum Kind: Sendable {
        case linear, radial
    }

    /// Linear or radial.
    public let kind: Kind
    /// The number of colour stops (`g.p`).
    public let colorCount: Int
    /// The stops as the file packs them: `colorCount` groups of [offset, red, green, blue], then optional
    /// [offset, alpha] pairs for a separate opacity ramp.
    public let stops: AnimatableProperty<[Double]>
    /// Where the gradient starts (linear) or its centre (radial), in the shape's coordinates.
    public let startPoint: AnimatableProperty<[Double]>
    /// Where the gradient ends (linear) or a point on its outer circle (radial).
    public let endPoint: AnimatableProperty<[Double]>
    /// Radial highlight length in percent (`h`; not drawn, reported when non-zero).
    public let highlightLength: AnimatableProperty<Double>
    /// The opacity in percent.
    public let opacity: AnimatableProperty<Double>
    /// How overlapping outlines fill (fills only).
    public let fillRule: LottieFillRule
}
