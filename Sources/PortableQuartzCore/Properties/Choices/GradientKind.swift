/// How a `CAGradientLayer` spreads its colours (`CAGradientLayerType`, our typed form).
///
/// Raw values are the strings of Apple's `kCAGradientLayer…` constants. Unknown names draw axial gradients, the
/// default.
public enum GradientKind: String, StringChoice {
    /// Along the line from `startPoint` to `endPoint` (the default).
    case axial
    /// Out from `startPoint` to an ellipse through `endPoint`.
    case radial
    /// Round `startPoint`, starting in the direction of `endPoint`.
    case conic

    /// `axial`.
    public static let fallback = GradientKind.axial
}
