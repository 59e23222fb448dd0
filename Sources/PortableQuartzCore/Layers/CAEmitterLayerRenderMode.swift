/// The order and blending in which an emitter layer composites its particles (Apple API).
///
/// The raw values are the strings of Apple's `kCAEmitterLayer…` render-mode constants. Other names are stored and read
/// back unchanged.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"unordered"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Particles are composited in no particular order (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")

    /// The oldest particle is drawn first, so younger ones cover it.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")

    /// The oldest particle is drawn last, on top of younger ones.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")

    /// Particles are sorted by depth and drawn from back to front.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")

    /// Particle colours are added together (source colour plus destination).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
