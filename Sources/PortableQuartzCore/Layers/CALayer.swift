import Foundation

/// A rectangle of content with geometry, appearance and animations, placed in a tree of layers (Apple API).
///
/// A layer you create and set is a *model* layer: its properties read back what you set. What is on screen at a
/// moment is its *presentation* (`presentation()`): the values as of the last committed transaction with the
/// running animations applied at the current media time.
///
/// **Changes and transactions.** Every change happens inside a `CATransaction` (an implicit one if none is open).
/// When a layer that has already been committed changes an animatable property and actions are enabled, the layer
/// looks up the action for the property (`action(forKey:)`) before storing the value and runs it after: the
/// built-in action is a basic animation from the value on screen to the new value, 0.25 s with the `default` curve
/// unless the transaction says otherwise. A layer created in the current transaction changes without animation.
///
/// **Threads.** Layers may be used from any thread: every access takes the layer tree's recursive lock
/// (`CATransaction.lock()`) for the moment it touches state. Delegate callbacks and completion blocks come from the
/// media clock (`MediaClock.advance`) or, with the system clock, from the main dispatch queue.
///
/// Storage: the model values live in one `LayerState` value; the hierarchy, the delegate, actions, style, extra
/// keys and animations are kept beside it, each costing one pointer until used.
///
/// Deviations: Apple's `presentation()` and `model()` return `Self`; here they return the nearest class of this
/// module (a `CAShapeLayer` for your subclass of `CAShapeLayer`), because Swift can only create an instance of a
/// dynamic subclass through a `required` initializer, and making `init(layer:)` required would break subclasses
/// written for Apple. Properties your subclass adds are therefore not on its presentation copies.
open class CALayer: NSObject, CAMediaTiming {
    // Thread safety: every stored property below is read and written only with `LayerTreeLock`
    // held (the accessors take it), except `delegateStorage`, a weak reference, whose loads are atomic. The class is
    // not `Sendable` (Apple's is not either): share layers between threads as Apple code does, under your own care.

    /// The model values as set (the whole `LayerState` of this layer).
    var modelState = LayerState()
    /// The model values as of the last commit, kept only while a committed layer has uncommitted changes.
    var committedSnapshot: LayerStateBox?
    /// The `CAMediaTiming` values of the layer.
    var timingStorage = TimingParameters.layerDefaults
    /// The superlayer, not retained: a layer is retained by its superlayer, which clears this when it lets go
    /// (removal or its own deinit).
    unowned(unsafe) var superlayerStorage: CALayer?
    /// The sublayers, back to front; nil until the first is added.
    var sublayerStorage: [CALayer]?
    /// The mask layer, retained.
    var maskStorage: CALayer?
    /// The delegate, not retained (as Apple's).
    weak var delegateStorage: (any CALayerDelegate)?
    /// The `actions` dictionary.
    var actionsStorage: [String: any CAAction]?
    /// The `style` dictionary.
    var styleStorage: [AnyHashable: Any]?
    /// Values stored under keys that are no property (`setValue(_:forKey:)`).
    var extraValues: [String: Any]?
    /// The attached animations; nil until the first is added.
    var animationStorage: LayerAnimations?
    /// For a presentation copy: the model layer it was made from.
    var modelLayerStorage: CALayer?
    /// For a presentation copy: the media time (seconds) whose values it shows.
    var presentationMediaTime: Double = 0
    /// State bits.
    var flags: LayerFlags = []
    /// Names the layer's presentation inputs (committed values and attached animations) since they last changed: a
    /// new, never reused value at each commit and each change to its animations; 0 before either. Meaningful for
    /// committed layers only. See `updatePresentation(_:stamp:layerTime:)`.
    var presentationStamp: UInt64 = 0

    // MARK: Creating layers

    /// A layer with Apple's default for every property. The layer joins the current transaction (it is committed
    /// with it, and animates implicitly only from then on).
    public override init() {
        super.init()
        LayerTreeLock.withLock { TransactionStack.current.register(self) }
    }

    /// A copy of `layer`'s model values, timing and extra keys, made the way Core Animation makes presentation
    /// copies (Apple API). Override it in a subclass to copy your own stored properties, calling `super`. The
    /// hierarchy, delegate and animations are not copied, and the copy does not join a transaction.
    public init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        LayerTreeLock.withLock {
            modelState = other.modelState
            timingStorage = other.timingStorage
            extraValues = other.extraValues
            actionsStorage = other.actionsStorage
            styleStorage = other.styleStorage
        }
    }

    deinit {
        // Sublayers may outlive this layer (someone else holds them): they must not point back at it. Those that
        // die with it are taken apart here one by one, each losing its own sublayers before it goes, instead of
        // in nested deinits, whose call-stack depth would follow the tree's depth (10,000 levels overflow it).
        var orphans: [CALayer] = []
        Self.detachChildren(of: self, into: &orphans)
        while var layer = orphans.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            Self.detachChildren(of: layer, into: &orphans)
        }
    }

    /// Moves `layer`'s sublayers and mask into `orphans`, clearing their back references to it.
    private static func detachChildren(of layer: CALayer, into orphans: inout [CALayer]) {
        if let sublayers = layer.sublayerStorage {
            for sublayer in sublayers where sublayer.superlayerStorage === layer {
                sublayer.superlayerStorage = nil
            }
            layer.sublayerStorage = nil
            orphans.append(contentsOf: sublayers)
        }
        if let mask = layer.maskStorage {
            if mask.superlayerStorage === layer { mask.superlayerStorage = nil }
            layer.maskStorage = nil
            orphans.append(mask)
        }
    }

    /// A blank layer of the nearest class of this module, for a presentation copy. Each class of the family
    /// overrides it.
    func makePresentationCopy() -> CALayer {
        CALayer(layer: self)
    }

    // MARK: Model values

    /// Reads one model value.
    @inline(__always)
    final func modelValue<Value>(_ keyPath: KeyPath<LayerState, Value>) -> Value {
        LayerTreeLock.withLock { modelState[keyPath: keyPath] }
    }

    /// Sets one model value through the action machinery (SPEC §9): the layer joins the transaction; when it has
    /// been committed before and actions are enabled, the action for `property` is looked up before the value is
    /// stored and run after.
    final func setModelValue<Value>(
        _ value: Value, for property: LayerProperty, at keyPath: WritableKeyPath<LayerState, Value>
    ) {
        LayerTreeLock.withLock {
            let oldBounds = modelState.bounds
            let action = prepareChange(of: property)
            modelState[keyPath: keyPath] = value
            if property == .bounds { noteBoundsChange(from: oldBounds) }
            action?.run(forKey: property.key, object: self, arguments: nil)
        }
    }

    /// Sets one model value given as an `AnimatableValue` (the KVC path); same rules as the typed setter. A value
    /// of the wrong kind leaves the property unchanged.
    final func setModelValue(_ value: AnimatableValue, for path: PropertyPath) {
        LayerTreeLock.withLock {
            let oldBounds = modelState.bounds
            let action = prepareChange(of: path.property)
            path.set(value, in: &modelState)
            if path.property == .bounds { noteBoundsChange(from: oldBounds) }
            action?.run(forKey: path.keyPath, object: self, arguments: nil)
        }
    }

    /// Marks the layer for layout when its bounds differ from `oldBounds`, as Apple's layers do (a bounds change
    /// asks for `layoutSublayers`; setting the same bounds does not). Called with the lock held.
    final func noteBoundsChange(from oldBounds: CGRect) {
        if modelState.bounds != oldBounds, !flags.contains(.isPresentation) { flags.insert(.needsLayout) }
    }

    /// Records a coming change of `property` and returns the action to run once the value is stored, if any.
    /// Called with the lock held.
    final func prepareChange(of property: LayerProperty) -> (any CAAction)? {
        prepareChange(forKey: property.key, changesBounds: property == .bounds)
    }

    /// Records a coming change of the value named `key` (a property or an extra key): the layer joins the
    /// transaction, keeps its committed values, and is marked for display when `needsDisplay(forKey:)` (or
    /// `needsDisplayOnBoundsChange` for a bounds change) asks for it. Returns the action to run once the value is
    /// stored, if any. Called with the lock held.
    final func prepareChange(forKey key: String, changesBounds: Bool = false) -> (any CAAction)? {
        if flags.contains(.isPresentation) { return nil }
        noteChange()
        if type(of: self).needsDisplay(forKey: key)
            || (changesBounds && modelState.details.needsDisplayOnBoundsChange)
        {
            flags.insert(.needsDisplay)
        }
        return actionToRun(forKey: key)
    }

    /// The action a change or event named `key` runs now: nil for a layer never committed, for a presentation copy,
    /// and while the transaction disables actions (SPEC §9). Called with the lock held.
    final func actionToRun(forKey key: String) -> (any CAAction)? {
        guard flags.contains(.isCommitted), !flags.contains(.isPresentation),
            !TransactionStack.current.actionsDisabled
        else { return nil }
        return action(forKey: key)
    }

    /// Records a change that has no action (hierarchy, timing, contents drawn by `display()`): the layer joins the
    /// transaction and keeps its committed values for the presentation. Called with the lock held.
    final func noteChange() {
        PresentationEpoch.advance()
        if flags.contains(.isPresentation) { return }
        TransactionStack.current.register(self)
        if flags.contains(.isCommitted), committedSnapshot == nil { committedSnapshot = LayerStateBox(modelState) }
    }

    // MARK: Flags the transaction machinery uses

    /// Whether the layer waits in a transaction's list of changed layers.
    final var isRegisteredForCommit: Bool {
        get { flags.contains(.isRegisteredForCommit) }
        set { if newValue { flags.insert(.isRegisteredForCommit) } else { flags.remove(.isRegisteredForCommit) } }
    }

    /// Whether the layer has been committed at least once (it then has a presentation and animates implicitly).
    final var isCommitted: Bool {
        LayerTreeLock.withLock { flags.contains(.isCommitted) }
    }

    // MARK: CAMediaTiming

    /// When the layer's time starts, in its superlayer's time (seconds). Default 0.
    open var beginTime: CFTimeInterval {
        get { LayerTreeLock.withLock { timingStorage.beginTime } }
        set { setTiming { $0.beginTime = newValue } }
    }

    /// Default infinity for layers: a layer's time never folds or ends.
    open var duration: CFTimeInterval {
        get { LayerTreeLock.withLock { timingStorage.duration } }
        set { setTiming { $0.duration = newValue } }
    }

    /// How fast the layer's time runs relative to its superlayer's. Default 1; 0 pauses the layer and its subtree.
    open var speed: Float {
        get { LayerTreeLock.withLock { timingStorage.speed } }
        set { setTiming { $0.speed = newValue } }
    }

    /// Added to the layer's time after scaling by `speed` (seconds). Default 0.
    open var timeOffset: CFTimeInterval {
        get { LayerTreeLock.withLock { timingStorage.timeOffset } }
        set { setTiming { $0.timeOffset = newValue } }
    }

    /// Stored and read back; layers never repeat (SPEC §1.9). Default 0.
    open var repeatCount: Float {
        get { LayerTreeLock.withLock { timingStorage.repeatCount } }
        set { setTiming { $0.repeatCount = newValue } }
    }

    /// Stored and read back; layers never repeat. Default 0.
    open var repeatDuration: CFTimeInterval {
        get { LayerTreeLock.withLock { timingStorage.repeatDuration } }
        set { setTiming { $0.repeatDuration = newValue } }
    }

    /// Stored and read back; layers never reverse. Default false.
    open var autoreverses: Bool {
        get { LayerTreeLock.withLock { timingStorage.autoreverses } }
        set { setTiming { $0.autoreverses = newValue } }
    }

    /// Stored and read back (an unknown mode reads back as `.removed`). Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { LayerTreeLock.withLock { timingStorage.fillMode } }
        set { setTiming { $0.fillMode = newValue } }
    }

    private func setTiming(_ change: (inout TimingParameters) -> Void) {
        LayerTreeLock.withLock {
            noteChange()
            change(&timingStorage)
        }
    }

    // MARK: Members subclasses override

    /// The action for `event` (Apple API; SPEC §9): the delegate's `action(for:forKey:)`, then the `actions`
    /// dictionary, then the `actions` dictionaries of the `style` chain, then `defaultAction(forKey:)`. The first
    /// non-nil answer wins; `NSNull` means "no action" and comes back as nil.
    ///
    /// When the chain finds nothing, a layer that has been committed answers its built-in implicit animation for
    /// an implicitly animatable property: a `CABasicAnimation` for `event` with no values set (it animates from
    /// the value on screen to the new model value) and the transaction's timing function, or the `default` curve.
    /// A layer never committed answers nil. Whether actions are disabled does not change the answer; it only stops
    /// property changes from running it.
    open func action(forKey event: String) -> (any CAAction)? {
        let found = lookUpAction(forKey: event)
        if found is NSNull { return nil }
        if let found { return found }
        guard isCommitted, let property = LayerProperty(key: event), property.isImplicitlyAnimatable else {
            return nil
        }
        let animation = CABasicAnimation(keyPath: event)
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// The class's default action for `event` (Apple API). `CALayer` answers nil for every key, as Apple's does;
    /// the implicit animation of animatable properties comes from the commit machinery instead. Override it to
    /// give every instance of your class an action.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    /// Whether changing the property `key` marks the contents out of date (Apple API). Default false; override it
    /// in a subclass whose drawing depends on its own properties.
    open class func needsDisplay(forKey key: String) -> Bool {
        false
    }

    /// Updates the contents (Apple API): asks the delegate's `display(_:)`, whose default draws through
    /// `draw(in:)` into a new bitmap and sets it as `contents`. Override it to set `contents` yourself.
    open func display() {
        LayerTreeLock.withLock { _ = flags.remove(.needsDisplay) }
        if let delegate {
            delegate.display(self)
        } else {
            drawContents()
        }
    }

    /// Draws the layer's contents into `ctx` (Apple API), whose coordinates are the layer's bounds with the origin
    /// at the top left (the context is flipped as Apple's layer drawing contexts are). The default asks the
    /// delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Positions the sublayers (Apple API). The default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// A copy of the layer as it is on screen now (Apple API; SPEC §10): the values of the last committed
    /// transaction with every running animation applied at `CACurrentMediaTime()`. Nil for a layer that has never
    /// been committed. Changes made in the still-open transaction do not show in it.
    ///
    /// The copy's `sublayers`, `superlayer` and `mask` are presentation copies too, so `hitTest(_:)` on it tests
    /// what is on screen. Each call makes a new copy; setting its properties changes only that copy. Its class is
    /// the nearest class of this module (see the type's deviations).
    open func presentation() -> CALayer? {
        LayerTreeLock.withLock {
            if let source = modelLayerStorage { return source.presentation() }
            guard flags.contains(.isCommitted) else { return nil }
            let copy = makePresentationCopy()
            let now = CACurrentMediaTime()
            copy.modelState = presentationState(atMediaTime: now)
            copy.presentationMediaTime = now
            copy.timingStorage = timingStorage
            copy.flags = [.isPresentation, .isCommitted]
            copy.modelLayerStorage = self
            copy.delegateStorage = delegateStorage
            return copy
        }
    }

    /// The model layer (Apple API): for a presentation copy the layer it was made from, otherwise the layer itself.
    open func model() -> CALayer {
        LayerTreeLock.withLock { modelLayerStorage ?? self }
    }

    /// The topmost layer of this layer's subtree that contains `p` (given in the superlayer's coordinates), or nil
    /// (Apple API). See `hitTestLayer(at:)` for the rules.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hitTestLayer(at: p)
    }

    /// Whether `p` (in this layer's coordinates) is inside its bounds (Apple API).
    open func contains(_ p: CGPoint) -> Bool {
        boundsContain(p)
    }

    /// The default value of the property named `key` (Apple API); see `defaultLayerValue(forKey:)`.
    open class func defaultValue(forKey key: String) -> Any? {
        defaultLayerValue(forKey: key)
    }

    /// The value of the property named `key`, or of an extra key stored with `setValue(_:forKey:)` (Apple's
    /// key-value coding); see `layerValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        layerValue(forKey: key)
    }

    /// Sets the property named `key`, or stores `value` under an extra key (Apple's key-value coding); see
    /// `setLayerValue(_:forKey:)`.
    open func setValue(_ value: Any?, forKey key: String) {
        setLayerValue(value, forKey: key)
    }
}

/// State bits of a layer (our helper).
struct LayerFlags: OptionSet {
    let rawValue: UInt8

    /// The layer has been committed at least once.
    static let isCommitted = LayerFlags(rawValue: 1 << 0)
    /// The layer is in a transaction's list of changed layers.
    static let isRegisteredForCommit = LayerFlags(rawValue: 1 << 1)
    /// `setNeedsDisplay()` was called and `display()` has not run since.
    static let needsDisplay = LayerFlags(rawValue: 1 << 2)
    /// `setNeedsLayout()` was called and `layoutSublayers()` has not run since.
    static let needsLayout = LayerFlags(rawValue: 1 << 3)
    /// The layer is a presentation copy.
    static let isPresentation = LayerFlags(rawValue: 1 << 4)
    /// The layer is in its clock's list of layers with animation callbacks to deliver.
    static let isTrackedForEvents = LayerFlags(rawValue: 1 << 5)
}

/// A `LayerState` kept by reference (our helper), so a layer without a snapshot pays one pointer.
final class LayerStateBox {
    var state: LayerState

    init(_ state: LayerState) {
        self.state = state
    }
}
