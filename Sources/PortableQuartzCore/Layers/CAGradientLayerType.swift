/// The geometry of the colour ramp a gradient layer draws (Apple API).
///
/// The raw values are the strings of Apple's `kCAGradientLayer…` constants. Other names are stored and read back
/// unchanged.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"axial"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Colours vary along the line from `startPoint` to `endPoint` and are constant across it (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")

    /// Colours vary with distance from `startPoint`; `endPoint` sets the ellipse the last colour reaches (its x and y
    /// distances from `startPoint` are the ellipse's radii).
    public static let radial = CAGradientLayerType(rawValue: "radial")

    /// Colours vary with the angle around `startPoint`, starting in the direction of `endPoint` and going once around.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
