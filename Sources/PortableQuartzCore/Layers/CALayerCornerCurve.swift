/// The shape of a layer's rounded corners (Apple API).
///
/// The raw values are the strings of Apple's `kCACornerCurve…` constants. A name that is none of the two is stored
/// and read back unchanged and draws like `.circular`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name, for example `"continuous"`.
    public let rawValue: String

    /// A corner curve with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A corner curve with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Each corner is a quarter circle of radius `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Each corner eases from the straight edge into the curve, with continuous curvature (the "squircle" look of
    /// Apple's app icons).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
