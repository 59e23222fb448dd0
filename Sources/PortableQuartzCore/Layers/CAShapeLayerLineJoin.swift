/// How a shape layer joins two connected segments of its stroke (Apple API).
///
/// The raw values are the strings of Apple's `kCALineJoin…` constants. Other names are stored and read back unchanged.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"miter"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The outer edges are extended until they meet, unless the point would lie further than `miterLimit` × half the
    /// line width from the corner; then the join is bevelled (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")

    /// The corner is rounded with a circle of diameter `lineWidth`.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")

    /// The corner is cut straight across between the outer edges.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
