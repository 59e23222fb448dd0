/// Which points inside a `CAShapeLayer`'s path its fill covers (`CAShapeLayerFillRule`, our typed form).
///
/// Raw values are the strings of Apple's `kCAFillRule…` constants. Unknown names fill non-zero, the default.
public enum ShapeFillRule: String, StringChoice {
    /// A point is inside when the path winds round it a non-zero number of times (the default).
    case nonZero = "non-zero"
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = "even-odd"

    /// `nonZero`.
    public static let fallback = ShapeFillRule.nonZero
}
