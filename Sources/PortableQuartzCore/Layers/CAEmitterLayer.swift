import Foundation

/// A layer that emits, moves and draws particles described by its `emitterCells` (Apple API).
///
/// Particles are born on the emitter shape (`emitterShape` and `emitterMode`), centred on `emitterPosition` (in the
/// layer's coordinates) at depth `emitterZPosition`, sized by `emitterSize` and `emitterDepth`. Each cell's birth
/// rate, lifetime, velocity, scale and spin are multiplied by the layer's factors of the same names, so setting the
/// layer's `birthRate` to 0 stops new particles while the living ones finish. `seed` fixes the random numbers, so
/// two layers with the same seed and cells emit the same particles. Particles are drawn above the background and
/// border, in the order `renderMode` gives; the simulation runs in the layer's time, from its `beginTime`.
///
/// Defaults: no cells, every factor 1, emitter at (0, 0, 0) with zero size and depth, shape `.point`, mode
/// `.volume`, render mode `.unordered`, `preservesDepth` false, seed 0.
///
/// **Animation.** The factors, the emitter position, size and depth animate implicitly on a committed layer;
/// `emitterCells`, the shape, the modes, `preservesDepth` and `seed` change at once.
///
/// The layer holds the cell objects themselves, and so do its presentation copies (see `CAEmitterCell` on threads
/// and on changing attached cells).
open class CAEmitterLayer: CALayer {
    /// `emitterCells`; read and written only with `LayerTreeLock` held.
    var cellStorage: [CAEmitterCell]?

    /// An emitter layer with Apple's defaults; it joins the current transaction (see `CALayer.init()`).
    public override init() {
        super.init()
    }

    /// Not decoded from archives here: always nil (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A copy of `layer`'s values (see `CALayer.init(layer:)`), including its cells (the same cell objects) when
    /// `layer` is an emitter layer.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        LayerTreeLock.withLock { cellStorage = other.cellStorage }
    }

    /// A blank emitter layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CAEmitterLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CAEmitterLayer? {
        super.presentation() as? CAEmitterLayer
    }

    /// The default of `key` (Apple API): `birthRate`, `lifetime`, `velocity`, `scale` and `spin` 1, `emitterShape`
    /// `"point"`, `emitterMode` `"volume"`, `renderMode` `"unordered"`; the other emitter properties (and
    /// `emitterCells`) nil; other keys as `CALayer` answers them.
    open override class func defaultValue(forKey key: String) -> Any? {
        if key == "emitterCells" { return nil }
        if let answer = LayerClassDefaults.answer(forKey: key, family: .emitterLayer) { return answer }
        return super.defaultValue(forKey: key)
    }

    /// `"emitterCells"` reads the cells; other keys as `CALayer`.
    open override func value(forKey key: String) -> Any? {
        if key == "emitterCells" { return emitterCells }
        return super.value(forKey: key)
    }

    /// `"emitterCells"` takes an array of `CAEmitterCell`s or nil (anything else leaves the cells unchanged); other
    /// keys as `CALayer`.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "emitterCells" else {
            super.setValue(value, forKey: key)
            return
        }
        if value == nil || value is [CAEmitterCell] { emitterCells = value as? [CAEmitterCell] }
    }

    // MARK: Cells

    /// The kinds of particle the layer emits. Default nil (nothing is emitted). Not animatable.
    open var emitterCells: [CAEmitterCell]? {
        get { LayerTreeLock.withLock { cellStorage } }
        set {
            LayerTreeLock.withLock {
                noteChange()
                cellStorage = newValue
            }
        }
    }

    // MARK: Factors

    /// Multiplies every cell's `birthRate`. Default 1; 0 stops emission. Animatable.
    open var birthRate: Float {
        get { modelValue(\.emitter.birthRate) }
        set { setModelValue(newValue, for: .birthRate, at: \.emitter.birthRate) }
    }

    /// Multiplies the lifetime of particles as they are born. Default 1. Animatable.
    open var lifetime: Float {
        get { modelValue(\.emitter.lifetime) }
        set { setModelValue(newValue, for: .lifetime, at: \.emitter.lifetime) }
    }

    /// Multiplies the starting speed of particles. Default 1. Animatable.
    open var velocity: Float {
        get { modelValue(\.emitter.velocity) }
        set { setModelValue(newValue, for: .velocity, at: \.emitter.velocity) }
    }

    /// Multiplies the scale of particles. Default 1. Animatable.
    open var scale: Float {
        get { modelValue(\.emitter.scale) }
        set { setModelValue(newValue, for: .scale, at: \.emitter.scale) }
    }

    /// Multiplies the rotation speed of particles. Default 1. Animatable.
    open var spin: Float {
        get { modelValue(\.emitter.spin) }
        set { setModelValue(newValue, for: .spin, at: \.emitter.spin) }
    }

    /// The seed of the layer's random numbers. Default 0. Not animatable.
    open var seed: UInt32 {
        get { modelValue(\.emitter.seed) }
        set { setModelValue(newValue, for: .seed, at: \.emitter.seed) }
    }

    // MARK: Emitter geometry

    /// The centre of the emitter shape in the layer's coordinates (points). Default (0, 0). Animatable.
    open var emitterPosition: CGPoint {
        get { modelValue(\.emitter.emitterPosition) }
        set { setModelValue(newValue, for: .emitterPosition, at: \.emitter.emitterPosition) }
    }

    /// The z coordinate of the emitter shape's centre (points). Default 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { modelValue(\.emitter.emitterZPosition) }
        set { setModelValue(newValue, for: .emitterZPosition, at: \.emitter.emitterZPosition) }
    }

    /// The width and height of the emitter shape in points (a circle's or sphere's radius is the width). Default
    /// (0, 0). Animatable.
    open var emitterSize: CGSize {
        get { modelValue(\.emitter.emitterSize) }
        set { setModelValue(newValue, for: .emitterSize, at: \.emitter.emitterSize) }
    }

    /// The depth of a cuboid emitter shape in points. Default 0. Animatable.
    open var emitterDepth: CGFloat {
        get { modelValue(\.emitter.emitterDepth) }
        set { setModelValue(newValue, for: .emitterDepth, at: \.emitter.emitterDepth) }
    }

    /// The shape particles are born on. Default `.point`. Not animatable.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: modelValue(\.emitter.emitterShape).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .emitterShape, at: \.emitter.emitterShape) }
    }

    /// Which part of the shape particles are born on. Default `.volume`. Not animatable.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: modelValue(\.emitter.emitterMode).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .emitterMode, at: \.emitter.emitterMode) }
    }

    /// The order and blending in which particles are drawn. Default `.unordered`. Not animatable.
    open var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: modelValue(\.emitter.renderMode).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .renderMode, at: \.emitter.renderMode) }
    }

    /// Whether particles keep their depth (sorted and intersected in 3-D) instead of being flattened into the
    /// layer's plane. Default false. Not animatable.
    open var preservesDepth: Bool {
        get { modelValue(\.details.preservesDepth) }
        set { setModelValue(newValue, for: .preservesDepth, at: \.details.preservesDepth) }
    }
}
