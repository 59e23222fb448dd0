/// How a shape layer ends the open subpaths and dashes of its stroke (Apple API).
///
/// The raw values are the strings of Apple's `kCALineCap…` constants. Other names are stored and read back unchanged.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"butt"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The stroke stops flat at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")

    /// A half circle of diameter `lineWidth` is added around the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")

    /// The stroke continues flat for half the `lineWidth` past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}
