/// The curve of a layer's rounded corners (`CALayerCornerCurve`, our typed form).
///
/// Raw values are the strings of Apple's `kCACornerCurve…` constants. Unknown names are circular, the default.
/// Stored and read back; both curves are drawn as circular arcs (Docs/Deviations.md).
public enum CornerCurve: String, StringChoice {
    /// Quarter circles (the default).
    case circular
    /// Apple's smoother curve, whose curvature changes continuously into the straight edges.
    case continuous

    /// `circular`.
    public static let fallback = CornerCurve.circular
}
