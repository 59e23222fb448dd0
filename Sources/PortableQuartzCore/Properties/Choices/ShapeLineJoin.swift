/// How a `CAShapeLayer` stroke turns at corners (`CAShapeLayerLineJoin`, our typed form).
///
/// Raw values are the strings of Apple's `kCALineJoin…` constants. Unknown names draw miter joins, the default.
public enum ShapeLineJoin: String, StringChoice {
    /// The outer edges meet in a point, cut to a bevel beyond the miter limit (the default).
    case miter
    /// A disc of the line width's diameter about the corner.
    case round
    /// The outer corners are joined by a straight cut.
    case bevel

    /// `miter`.
    public static let fallback = ShapeLineJoin.miter
}
