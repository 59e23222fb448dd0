/// The transform of a layer, a shape group or a repeater (the format's `ks` / `tr` object).
///
/// Lengths are in the owner's points, angles in degrees (clockwise on screen), scale and opacity in percent.
/// The transform maps a point *p* of the content to `position + rotate(scale(p − anchor))`, with skew applied
/// after scaling.
public struct LottieTransform: Sendable {
    /// Where the content is positioned: one 2-D property, or separate x and y properties.
    public enum Position: Sendable {
        /// One property of [x, y] (a z component is ignored); keyframes may carry spatial tangents.
        case combined(AnimatableProperty<[Double]>)
        /// Separate properties for x and y (After Effects' "separate dimensions").
        case split(x: AnimatableProperty<Double>, y: AnimatableProperty<Double>)
    }

    /// The point of the content that is placed at ``position`` and about which it rotates and scales.
    public let anchor: AnimatableProperty<[Double]>
    /// Where the anchor goes in the parent.
    public let position: Position
    /// Scale in percent, [x, y].
    public let scale: AnimatableProperty<[Double]>
    /// Rotation about the anchor in degrees (`r`, or `rz` for 3-D layers).
    public let rotation: AnimatableProperty<Double>
    /// Rotation about the x axis in degrees (3-D layers only; 0 otherwise).
    public let rotationX: AnimatableProperty<Double>
    /// Rotation about the y axis in degrees (3-D layers only; 0 otherwise).
    public let rotationY: AnimatableProperty<Double>
    /// Opacity in percent (0 to 100).
    public let opacity: AnimatableProperty<Double>
    /// Skew in degrees.
    public let skew: AnimatableProperty<Double>
    /// The direction of the skew axis in degrees.
    public let skewAxis: AnimatableProperty<Double>

    /// A transform from its parts.
    public init(
        anchor: AnimatableProperty<[Double]>, position: Position, scale: AnimatableProperty<[Double]>,
        rotation: AnimatableProperty<Double>, rotationX: AnimatableProperty<Double>,
        rotationY: AnimatableProperty<Double>, opacity: AnimatableProperty<Double>,
        skew: AnimatableProperty<Double>, skewAxis: AnimatableProperty<Double>
    ) {
        self.anchor = anchor
        self.position = position
        self.scale = scale
        self.rotation = rotation
        self.rotationX = rotationX
        self.rotationY = rotationY
        self.opacity = opacity
        self.skew = skew
        self.skewAxis = skewAxis
    }

    /// The transform that changes nothing.
    public static let identity = LottieTransform(
        anchor: AnimatableProperty([0, 0]), position: .combined(AnimatableProperty([0, 0])),
        scale: AnimatableProperty([100, 100]), rotation: AnimatableProperty(0), rotationX: AnimatableProperty(0),
        rotationY: AnimatableProperty(0), opacity: AnimatableProperty(100), skew: AnimatableProperty(0),
        skewAxis: AnimatableProperty(0))

    /// Whether any skew is ever non-zero.
    var hasSkew: Bool { skew.keyframes.contains { $0.value != 0 } }

    /// Whether the x scale is ever negative (a horizontal mirror). Split into `transform.scale.x` and `.y`, such a
    /// scale does not survive Core Animation's decomposition of the matrix (Apple's bug FB9862872, which lottie-ios
    /// works around by animating the whole matrix): the second component write re-reads the mirror as a half turn.
    var hasNegativeScaleX: Bool { scale.keyframes.contains { ($0.value.first ?? 0) < 0 } }
}
