/// The names of the functions a `CAValueFunction` can apply (Apple API).
///
/// The raw values are the strings of Apple's `kCAValueFunction…` constants; each equals the constant's name.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The function's name, for example `"rotateZ"`.
    public let rawValue: String

    /// A name; only the eleven constants below make a function.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// One input, an angle in radians: a rotation about the x axis.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// One input, an angle in radians: a rotation about the y axis.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// One input, an angle in radians: a rotation about the z axis.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three inputs (x, y, z factors): a scale.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// One input: a scale along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// One input: a scale along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// One input: a scale along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three inputs (x, y, z distances in points): a translation.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// One input, in points: a translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// One input, in points: a translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// One input, in points: a translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}
