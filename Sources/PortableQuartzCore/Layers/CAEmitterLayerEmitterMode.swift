/// Which part of the emitter shape particles are born on (Apple API).
///
/// The raw values are the strings of Apple's `kCAEmitterLayer…` mode constants. Other names are stored and read back
/// unchanged.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"points"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// At the shape's defining points (its corners; the centre of a point shape).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")

    /// On the shape's outline (edges of a rectangle, rim of a circle).
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")

    /// On the shape's surface (the area of a rectangle, the faces of a cuboid).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")

    /// Anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}
