/// Which part of a `CAEmitterLayer`'s shape emits (`CAEmitterLayerEmitterMode`, our typed form).
///
/// Raw values are the strings of Apple's `kCAEmitterLayer…` mode constants. Unknown names emit from the volume,
/// the default.
public enum EmitterMode: String, StringChoice {
    /// The shape's defining points (ends, corners, centre).
    case points
    /// The shape's outline.
    case outline
    /// The shape's surface.
    case surface
    /// The shape's inside (the default).
    case volume

    /// `volume`.
    public static let fallback = EmitterMode.volume
}
