import Foundation

/// The description of one kind of particle an emitter layer gives birth to (Apple API).
///
/// A cell says how many particles appear per second (`birthRate`), how long each lives (`lifetime` ±
/// `lifetimeRange` seconds), where it flies (`velocity` points per second in the direction given by
/// `emissionLongitude` and `emissionLatitude`, spread over the cone `emissionRange`, pulled by the accelerations),
/// how it looks (`contents`, usually a `CGImage`, tinted by `color` and scaled by `scale`) and how those change over
/// its life (`scaleSpeed`, `spin`, the colour speeds). Every "range" property is the half-width of a uniform random
/// spread around its base value. A cell with `emitterCells` makes each of its particles an emitter of those cells.
/// The `CAEmitterLayer` multiplies several of these values by its own factors.
///
/// Defaults (Apple's): enabled, every rate, range, speed, angle and acceleration 0 (so a new cell emits nothing
/// until `birthRate` and `lifetime` are set), `scale` 1, `color` opaque white, no contents, `contentsRect` the unit
/// rectangle, `contentsScale` 1, both filters `"linear"`, filter bias 0, no sub-cells, no style, no name. Timing
/// (`CAMediaTiming`): begin 0, duration infinite (the cell emits for as long as its emitter), speed 1, no offset or
/// repeats, fill mode `.removed`.
///
/// Key-value coding: `value(forKey:)` and `setValue(_:forKey:)` read and write every property by its Objective-C
/// name (`"enabled"` for `isEnabled`), numbers as `NSNumber`, and store any other key as an extra value.
///
/// **Threads.** Every property reads and writes the cell's values with the layer tree's lock held
/// (`CATransaction.lock()`), so a cell may be configured on one thread while another reads it; a change of several
/// properties is atomic only inside `CATransaction.lock()` … `unlock()`. The layer holds the cell objects themselves
/// (as do its presentation copies): it does not copy their values when a transaction commits, as Apple does, so a
/// change to an attached cell is seen by whoever reads the layer next.
///
/// Deviations: Apple's class adopts `NSSecureCoding` (archiving is not supported here). Its `+emitterCell` factory is
/// unavailable in Swift on Apple platforms, and is here too: write `CAEmitterCell()`. Animating cell properties
/// through a layer key path (`"emitterCells.spark.birthRate"`) is not supported.
open class CAEmitterCell: NSObject, CAMediaTiming, EmitterCellSource, @unchecked Sendable {
    // Safety of `@unchecked Sendable`: `state`, the only stored property, is read and written only with
    // `LayerTreeLock` held (see `read(_:)` and `write(_:_:)`).

    /// The cell's values.
    private var state = EmitterCellState()

    /// A cell with Apple's defaults.
    public override init() {
        super.init()
    }

    /// Apple's class factory, unavailable in Swift as on Apple platforms.
    @available(*, unavailable, message: "use object construction 'CAEmitterCell()'")
    open class func emitterCell() -> CAEmitterCell {
        CAEmitterCell()
    }

    /// A consistent copy of every value of the cell (for the renderer).
    final var values: EmitterCellState {
        LayerTreeLock.withLock { state }
    }

    private func read<Value>(_ keyPath: KeyPath<EmitterCellState, Value>) -> Value {
        LayerTreeLock.withLock { state[keyPath: keyPath] }
    }

    private func write<Value>(_ keyPath: WritableKeyPath<EmitterCellState, Value>, _ value: Value) {
        LayerTreeLock.withLock { state[keyPath: keyPath] = value }
    }

    // MARK: Defaults and key-value coding

    /// The value a property has before it is set (Apple API): `"enabled"` true, `"autoreverses"` false,
    /// `"scale"` and `"contentsScale"` 1, `"color"` opaque white, `"contentsRect"` (0, 0, 1, 1), both filters
    /// `"linear"`, `"speed"` 1, `"duration"` infinity (issue 17 §2.6), `"fillMode"` `"removed"`. Every other key gives
    /// nil, meaning the property's zero value (0, nil). Numbers and flags are `NSNumber`s, names `NSString`s.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "enabled": NSNumber(value: true)
        case "autoreverses": NSNumber(value: false)
        case "scale", "contentsScale": NSNumber(value: 1.0)
        case "color": EmitterCellState.opaqueWhite
        case "contentsRect": CGRect(x: 0, y: 0, width: 1, height: 1)
        case "minificationFilter", "magnificationFilter": NSString(string: "linear")
        case "speed": NSNumber(value: Float(1))
        case "duration": NSNumber(value: Double.infinity)
        case "fillMode": NSString(string: CAMediaTimingFillMode.removed.rawValue)
        default: nil
        }
    }

    /// Whether the property named `key` would be archived (Apple API). Every property is; archiving itself is not
    /// supported by this implementation.
    open func shouldArchiveValue(forKey key: String) -> Bool {
        true
    }

    /// The value of the property named `key` (its Objective-C name), or the extra value stored under `key` (Apple's
    /// key-value coding). Numbers and flags come back as `NSNumber`, `fillMode` as its name, `contentsRect` as a
    /// `CGRect`, the rest as the property's own value. Unknown keys without a stored value give nil.
    open func value(forKey key: String) -> Any? {
        if let path = EmitterCellState.floatProperty(forKey: key) { return NSNumber(value: read(path)) }
        if let path = EmitterCellState.cgFloatProperty(forKey: key) { return NSNumber(value: Double(read(path))) }
        if let path = EmitterCellState.timeProperty(forKey: key) { return NSNumber(value: read(path)) }
        switch key {
        case "name": return name
        case "enabled": return NSNumber(value: isEnabled)
        case "autoreverses": return NSNumber(value: autoreverses)
        case "fillMode": return fillMode.rawValue
        case "color": return color
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "emitterCells": return emitterCells
        case "style": return style
        default: return read(\.extraValues)[key]
        }
    }

    /// Sets the property named `key`, or stores `value` under `key` when no property has that name (Apple's
    /// key-value coding). Numbers may be given in any numeric type or as `NSNumber`, names as `String`, the
    /// rectangle as a `CGRect`, an `NSValue` or four numbers. A value of the wrong type, or nil for a property that
    /// cannot be nil, leaves the property unchanged (Apple raises an exception there). For an extra key, nil
    /// removes the stored value.
    open func setValue(_ value: Any?, forKey key: String) {
        if let path = EmitterCellState.floatProperty(forKey: key) {
            if let number = KeyValueCoercion.double(value) { write(path, Float(number)) }
            return
        }
        if let path = EmitterCellState.cgFloatProperty(forKey: key) {
            if let number = KeyValueCoercion.double(value) { write(path, CGFloat(number)) }
            return
        }
        if let path = EmitterCellState.timeProperty(forKey: key) {
            if let number = KeyValueCoercion.double(value) { write(path, number) }
            return
        }
        switch key {
        case "name":
            if value == nil || value is String { name = value as? String }
        case "enabled":
            if let flag = KeyValueCoercion.bool(value) { isEnabled = flag }
        case "autoreverses":
            if let flag = KeyValueCoercion.bool(value) { autoreverses = flag }
        case "fillMode":
            if let name = KeyValueCoercion.string(value) { fillMode = CAMediaTimingFillMode(rawValue: name) }
        case "color":
            if value == nil || value is CGColor { color = value.map { $0 as! CGColor } }
        case "contents":
            contents = value
        case "contentsRect":
            if case .rect(let rect)? = AnimatableValue(converting: value, as: .rect) { contentsRect = rect }
        case "minificationFilter":
            if let name = KeyValueCoercion.string(value) { minificationFilter = name }
        case "magnificationFilter":
            if let name = KeyValueCoercion.string(value) { magnificationFilter = name }
        case "emitterCells":
            if value == nil || value is [CAEmitterCell] { emitterCells = value as? [CAEmitterCell] }
        case "style":
            if value == nil || value is [AnyHashable: Any] { style = value as? [AnyHashable: Any] }
        default:
            write(\.extraValues[key], value)
        }
    }

    // MARK: Identity

    /// The cell's name, used to address it in key paths. Default nil.
    open var name: String? {
        get { read(\.name) }
        set { write(\.name, newValue) }
    }

    /// Whether the cell emits and draws particles (key `"enabled"`). Default true.
    open var isEnabled: Bool {
        get { read(\.isEnabled) }
        set { write(\.isEnabled, newValue) }
    }

    // MARK: Emission

    /// Particles born per second (multiplied by the layer's `birthRate`). Default 0.
    open var birthRate: Float {
        get { read(\.birthRate) }
        set { write(\.birthRate, newValue) }
    }

    /// The mean lifetime of a particle in seconds (multiplied by the layer's `lifetime`). Default 0.
    open var lifetime: Float {
        get { read(\.lifetime) }
        set { write(\.lifetime, newValue) }
    }

    /// How far a particle's lifetime may differ from `lifetime`, in seconds either way. Default 0.
    open var lifetimeRange: Float {
        get { read(\.lifetimeRange) }
        set { write(\.lifetimeRange, newValue) }
    }

    /// The emission direction's angle from the z axis, in radians (the colatitude). Default 0.
    open var emissionLatitude: CGFloat {
        get { read(\.emissionLatitude) }
        set { write(\.emissionLatitude, newValue) }
    }

    /// The emission direction's angle in the x-y plane from the x axis, in radians. Default 0.
    open var emissionLongitude: CGFloat {
        get { read(\.emissionLongitude) }
        set { write(\.emissionLongitude, newValue) }
    }

    /// The angle of the cone around the emission direction in which particles leave, in radians (2π: every
    /// direction). Default 0.
    open var emissionRange: CGFloat {
        get { read(\.emissionRange) }
        set { write(\.emissionRange, newValue) }
    }

    // MARK: Motion

    /// A particle's mean starting speed in points per second (multiplied by the layer's `velocity`). Default 0.
    open var velocity: CGFloat {
        get { read(\.velocity) }
        set { write(\.velocity, newValue) }
    }

    /// How far a particle's starting speed may differ from `velocity`, in points per second either way. Default 0.
    open var velocityRange: CGFloat {
        get { read(\.velocityRange) }
        set { write(\.velocityRange, newValue) }
    }

    /// The x component of the acceleration applied to every particle, in points per second². Default 0.
    open var xAcceleration: CGFloat {
        get { read(\.xAcceleration) }
        set { write(\.xAcceleration, newValue) }
    }

    /// The y component of the acceleration (positive pulls down with the iOS coordinate convention), in points per
    /// second². Default 0.
    open var yAcceleration: CGFloat {
        get { read(\.yAcceleration) }
        set { write(\.yAcceleration, newValue) }
    }

    /// The z component of the acceleration, in points per second². Default 0.
    open var zAcceleration: CGFloat {
        get { read(\.zAcceleration) }
        set { write(\.zAcceleration, newValue) }
    }

    // MARK: Size and rotation

    /// A particle's mean scale factor for its contents (multiplied by the layer's `scale`). Default 1.
    open var scale: CGFloat {
        get { read(\.scale) }
        set { write(\.scale, newValue) }
    }

    /// How far a particle's starting scale may differ from `scale`, either way. Default 0.
    open var scaleRange: CGFloat {
        get { read(\.scaleRange) }
        set { write(\.scaleRange, newValue) }
    }

    /// How fast a particle's scale changes, per second. Default 0.
    open var scaleSpeed: CGFloat {
        get { read(\.scaleSpeed) }
        set { write(\.scaleSpeed, newValue) }
    }

    /// A particle's mean rotation speed in radians per second (multiplied by the layer's `spin`). Default 0.
    open var spin: CGFloat {
        get { read(\.spin) }
        set { write(\.spin, newValue) }
    }

    /// How far a particle's rotation speed may differ from `spin`, in radians per second either way. Default 0.
    open var spinRange: CGFloat {
        get { read(\.spinRange) }
        set { write(\.spinRange, newValue) }
    }

    // MARK: Colour

    /// The mean colour the contents are multiplied by, returned as the object that was set. Default opaque white.
    open var color: CGColor? {
        get { read(\.color) }
        set { write(\.color, newValue) }
    }

    /// How far a particle's red component may differ from `color`'s, either way (0…1 units). Default 0.
    open var redRange: Float {
        get { read(\.redRange) }
        set { write(\.redRange, newValue) }
    }

    /// How far a particle's green component may differ from `color`'s, either way. Default 0.
    open var greenRange: Float {
        get { read(\.greenRange) }
        set { write(\.greenRange, newValue) }
    }

    /// How far a particle's blue component may differ from `color`'s, either way. Default 0.
    open var blueRange: Float {
        get { read(\.blueRange) }
        set { write(\.blueRange, newValue) }
    }

    /// How far a particle's alpha may differ from `color`'s, either way. Default 0.
    open var alphaRange: Float {
        get { read(\.alphaRange) }
        set { write(\.alphaRange, newValue) }
    }

    /// How fast a particle's red component changes, per second (−0.5 takes a full red to none in 2 s). Default 0.
    open var redSpeed: Float {
        get { read(\.redSpeed) }
        set { write(\.redSpeed, newValue) }
    }

    /// How fast a particle's green component changes, per second. Default 0.
    open var greenSpeed: Float {
        get { read(\.greenSpeed) }
        set { write(\.greenSpeed, newValue) }
    }

    /// How fast a particle's blue component changes, per second. Default 0.
    open var blueSpeed: Float {
        get { read(\.blueSpeed) }
        set { write(\.blueSpeed, newValue) }
    }

    /// How fast a particle's alpha changes, per second (negative values fade particles out). Default 0.
    open var alphaSpeed: Float {
        get { read(\.alphaSpeed) }
        set { write(\.alphaSpeed, newValue) }
    }

    // MARK: Contents

    /// The particle's picture, usually a `CGImage`. Default nil (the particle draws nothing).
    open var contents: Any? {
        get { read(\.contents) }
        set { write(\.contents, newValue) }
    }

    /// The part of `contents` drawn, in unit coordinates of the image. Default (0, 0, 1, 1), the whole image.
    open var contentsRect: CGRect {
        get { read(\.contentsRect) }
        set { write(\.contentsRect, newValue) }
    }

    /// Image pixels per point of the contents (2 draws a 64-pixel image 32 points wide). Default 1.
    open var contentsScale: CGFloat {
        get { read(\.contentsScale) }
        set { write(\.contentsScale, newValue) }
    }

    /// The filter used when the contents are drawn smaller than their size (a `CALayerContentsFilter` name).
    /// Default `"linear"`.
    open var minificationFilter: String {
        get { read(\.minificationFilter) }
        set { write(\.minificationFilter, newValue) }
    }

    /// The filter used when the contents are drawn larger than their size. Default `"linear"`.
    open var magnificationFilter: String {
        get { read(\.magnificationFilter) }
        set { write(\.magnificationFilter, newValue) }
    }

    /// The level-of-detail bias of the `"trilinear"` minification filter. Default 0.
    open var minificationFilterBias: Float {
        get { read(\.minificationFilterBias) }
        set { write(\.minificationFilterBias, newValue) }
    }

    // MARK: Sub-cells and style

    /// Cells that each particle of this cell emits, with the particle's position and direction as their emitter.
    /// Default nil.
    open var emitterCells: [CAEmitterCell]? {
        // Only this setter stores sub-cells, so each one is a `CAEmitterCell`.
        get { read(\.emitterCells)?.compactMap { $0 as? CAEmitterCell } }
        set { write(\.emitterCells, newValue) }
    }

    /// A dictionary of default values, as a layer's `style`. Stored and read back. Default nil.
    open var style: [AnyHashable: Any]? {
        get { read(\.style) }
        set { write(\.style, newValue) }
    }

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in its emitter layer's time (seconds). Default 0.
    open var beginTime: CFTimeInterval {
        get { read(\.timing.beginTime) }
        set { write(\.timing.beginTime, newValue) }
    }

    /// The length of one cycle of the cell's time, in seconds. Default 0.
    open var duration: CFTimeInterval {
        get { read(\.timing.duration) }
        set { write(\.timing.duration, newValue) }
    }

    /// How fast the cell's time runs relative to its layer's. Default 1.
    open var speed: Float {
        get { read(\.timing.speed) }
        set { write(\.timing.speed, newValue) }
    }

    /// Added to the cell's time after scaling by `speed` (seconds). Default 0.
    open var timeOffset: CFTimeInterval {
        get { read(\.timing.timeOffset) }
        set { write(\.timing.timeOffset, newValue) }
    }

    /// How many cycles the cell's time runs. Default 0 (once).
    open var repeatCount: Float {
        get { read(\.timing.repeatCount) }
        set { write(\.timing.repeatCount, newValue) }
    }

    /// How long the cell's time repeats, in seconds. Default 0 (unused).
    open var repeatDuration: CFTimeInterval {
        get { read(\.timing.repeatDuration) }
        set { write(\.timing.repeatDuration, newValue) }
    }

    /// Whether each cycle runs forwards and then backwards. Default false.
    open var autoreverses: Bool {
        get { read(\.timing.autoreverses) }
        set { write(\.timing.autoreverses, newValue) }
    }

    /// What the cell shows outside its active time. Default `.removed`; an unknown mode reads back as `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { read(\.timing.fillMode) }
        set { write(\.timing.fillMode, newValue) }
    }
}
