/// How a shape layer decides which points of its path are inside, for filling (Apple API).
///
/// The raw values are the strings of Apple's `kCAFillRule…` constants. Other names are stored and read back unchanged.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"non-zero"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A point is inside when the path winds around it a non-zero number of times, counting clockwise and counter-
    /// clockwise crossings with opposite signs (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")

    /// A point is inside when a ray from it crosses the path an odd number of times; holes in overlapping subpaths stay
    /// empty.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}
