/// A rectangle shape item: centred on `position`, `size` wide and high, corners rounded by `roundness` points.
public struct RectangleShape: Sendable {
    /// The centre.
    public let position: AnimatableProperty<[Double]>
    /// Width and height.
    public let size: AnimatableProperty<[Double]>
    /// Corner radius in points.
    public let roundness: AnimatableProperty<Double>
    /// Which way the outline runs.
    public let direction: PathDirection
}

/// An ellipse shape item: centred on `position`, `size` wide and high.
public struct EllipseShape: Sendable {
    /// The centre.
    public let position: AnimatableProperty<[Double]>
    /// Width and height.
    public let size: AnimatableProperty<[Double]>
    /// Which way the outline runs.
    public let direction: PathDirection
}

/// A star or regular polygon shape item.
public struct StarShape: Sendable {
    /// Whether points alternate between two radii (a star) or lie on one (a polygon).
    public enum Kind: Sendable {
        /// A star (`sy` 1).
        case star
        /// A polygon (`sy` 2).
        case polygon
    }

    /// Star or polygon.
    public let kind: Kind
    /// The centre.
    public let position: AnimatableProperty<[Double]>
    /// The number of points (a fractional count draws a partial last point, as After Effects does).
    public let points: AnimatableProperty<Double>
    /// Rotation in degrees; 0 puts the first point straight up.
    public let rotation: AnimatableProperty<Double>
    /// The outer radius.
    public let outerRadius: AnimatableProperty<Double>
    /// The outer roundness in percent.
    public let outerRoundness: AnimatableProperty<Double>
    /// The inner radius (stars only).
    public let innerRadius: AnimatableProperty<Double>
    /// The inner roundness in percent (stars only).
    public let innerRoundness: AnimatableProperty<Double>
    /// Which way the outline runs.
    public let direction: PathDirection
}

/// A free Bézier path shape item.
public struct PathShape: Sendable {
    /// The path.
    public let shape: AnimatableProperty<BezierShape>
    /// Which way the outline runs (a counter-clockwise path is drawn reversed).
    public let direction: PathDirection
}
