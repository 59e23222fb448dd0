/// How a `CAShapeLayer` stroke's open ends are drawn (`CAShapeLayerLineCap`, our typed form).
///
/// Raw values are the strings of Apple's `kCALineCap…` constants. Unknown names draw butt caps, the default.
public enum ShapeLineCap: String, StringChoice {
    /// The stroke ends flat at the end point (the default).
    case butt
    /// A half-disc of the line width's diameter about the end point.
    case round
    /// The stroke goes on flat for half the line width past the end point.
    case square

    /// `butt`.
    public static let fallback = ShapeLineCap.butt
}
