/// The shape particles of an emitter layer are born on (Apple API).
///
/// The raw values are the strings of Apple's `kCAEmitterLayer…` shape constants. The shape is centred on
/// (`emitterPosition`, `emitterZPosition`) and sized by `emitterSize` and `emitterDepth`. Other names are stored and
/// read back unchanged.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"point"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A single point at the emitter position (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")

    /// A line along x, `emitterSize.width` long, centred on the emitter position.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")

    /// A rectangle of `emitterSize` in the x-y plane.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")

    /// A box of `emitterSize` × `emitterDepth`.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")

    /// A circle in the x-y plane whose radius is `emitterSize.width`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")

    /// A sphere whose radius is `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}
