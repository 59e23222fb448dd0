/// The shape a `CAEmitterLayer` emits particles from (`CAEmitterLayerEmitterShape`, our typed form).
///
/// Raw values are the strings of Apple's `kCAEmitterLayer…` shape constants. Unknown names emit from a point, the
/// default. `EmitterSimulation` says where on each shape particles are born.
public enum EmitterShape: String, StringChoice {
    /// The emitter position itself (the default).
    case point
    /// A line along x, `emitterSize.width` long, centred on the position.
    case line
    /// A rectangle of `emitterSize`, centred on the position.
    case rectangle
    /// A box of `emitterSize` and `emitterDepth`, centred on the position.
    case cuboid
    /// A circle of radius half `emitterSize.width` about the position.
    case circle
    /// A sphere of radius half `emitterSize.width` about the position.
    case sphere

    /// `point`.
    public static let fallback = EmitterShape.point
}
