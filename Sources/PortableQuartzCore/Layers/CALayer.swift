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
/// **Subclasses.** Every property and method a subclass may override on Apple platforms is `open` and declared in
/// the class body (Swift on Linux cannot override members declared in extensions). Where Apple's own code goes
/// through a public member, so does this one: key-value coding calls the property accessors, `frame` sets `bounds`
/// and `position`, the hierarchy methods insert through `insertSublayer(_:at:)`, and every animation, UIKit's
/// included, arrives through `add(_:forKey:)`. Rendering reads the stored values directly, as Core Animation's
/// render server does.
///
/// Deviation: `presentation()` returns a copy of the nearest class of this module (a `CAShapeLayer` for your
/// subclass of `CAShapeLayer`) rather than of your class; see `presentation()`.
open class CALayer: NSObject, CAMediaTiming {
    // Thread safety: every stored property below is read and written only with `LayerTreeLock`
    // held (the accessors take it), except `delegateStorage`, a weak reference, whose loads are atomic. The class is
    // not `Sendable` (Apple's is not either): share layers between threads as Apple code does, under your own care.
    // The properties the frame walks read for every layer skip Swift's run-time exclusivity check
    // (`@exclusivity(unchecked)`): the lock already serialises every access, and no access to one of them overlaps
    // another to the same property (the checked debug builds of the whole test suite found none before the mark).

    /// The model values as set (the whole `LayerState` of this layer).
    @exclusivity(unchecked) var modelState = LayerState()
    /// The model values as of the last commit, kept only while a committed layer has uncommitted changes.
    var committedSnapshot: LayerStateBox?
    /// The `CAMediaTiming` values of the layer.
    @exclusivity(unchecked) var timingStorage = TimingParameters.layerDefaults
    /// The superlayer, held weakly: a layer is retained by its superlayer, which clears this when it lets go of it.
    /// Weak rather than unowned because a superlayer can be released on one thread while another thread, holding
    /// the lock, walks up from one of its sublayers: from the moment its release begins this reads nil, never a
    /// layer that is being destroyed (its deinit runs without the lock).
    weak var superlayerStorage: CALayer?
    /// The sublayers, back to front; nil until the first is added.
    @exclusivity(unchecked) var sublayerStorage: [CALayer]?
    /// The mask layer, retained.
    @exclusivity(unchecked) var maskStorage: CALayer?
    /// The delegate, not retained (as Apple's).
    weak var delegateStorage: (any CALayerDelegate)?
    /// The `actions` dictionary.
    var actionsStorage: [String: any CAAction]?
    /// The `style` dictionary.
    var styleStorage: [AnyHashable: Any]?
    /// Values stored under keys that are no property (`setValue(_:forKey:)`).
    var extraValues: [String: Any]?
    /// The attached animations; nil until the first is added.
    @exclusivity(unchecked) var animationStorage: LayerAnimations?
    /// For a presentation copy: the model layer it was made from.
    var modelLayerStorage: CALayer?
    /// For a presentation copy: the media time (seconds) whose values it shows.
    var presentationMediaTime: Double = 0
    /// State bits.
    @exclusivity(unchecked) var flags: LayerFlags = []
    /// Names the layer's presentation inputs (committed values and attached animations) since they last changed: a
    /// new, never reused value at each commit and each change to its animations; 0 before either. Meaningful for
    /// committed layers only. See `updatePresentation(_:stamp:layerTime:)`.
    @exclusivity(unchecked) var presentationStamp: UInt64 = 0

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

    /// Layers are not decoded from archives here (Apple API; there the layer is read from a keyed archive):
    /// always nil. It is present, and `required` as Apple's, so that subclasses written for Apple, which implement
    /// it and often call `super.init(coder:)`, compile unchanged.
    public required init?(coder: NSCoder) {
        return nil
    }

    deinit {
        // The sublayers that die with this layer are taken apart here one by one, each losing its own sublayers
        // before it goes, instead of in nested deinits, whose call-stack depth would follow the tree's depth
        // (10,000 levels overflow it). Sublayers someone else still holds keep their subtrees; their weak
        // `superlayer` already reads nil. The lock keeps a thread walking up from a deeper layer out of the layers
        // being taken apart. Nothing else reaches this layer any more, so a leaf needs no lock.
        var orphans: [CALayer] = []
        Self.detachChildren(of: self, into: &orphans)
        guard !orphans.isEmpty else { return }
        LayerTreeLock.withLock {
            while var layer = orphans.popLast() {
                guard isKnownUniquelyReferenced(&layer) else { continue }
                Self.detachChildren(of: layer, into: &orphans)
            }
        }
    }

    /// Moves `layer`'s sublayers and mask into `orphans`.
    private static func detachChildren(of layer: CALayer, into orphans: inout [CALayer]) {
        if let sublayers = layer.sublayerStorage {
            layer.sublayerStorage = nil
            orphans.append(contentsOf: sublayers)
        }
        if let mask = layer.maskStorage {
            layer.maskStorage = nil
            orphans.append(mask)
        }
    }

    /// A blank layer of the nearest class of this module, for a presentation copy. Each class of the family
    /// overrides it.
    func makePresentationCopy() -> CALayer {
        CALayer(layer: self)
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

    // MARK: Geometry

    /// The layer's own coordinate rectangle, in points: `size` is how big the layer is, `origin` is the coordinate
    /// its top-left (iOS) corner has for its sublayers and its drawing. Default (0, 0, 0, 0). Animatable.
    ///
    /// Stored as given, including negative or non-finite sizes (the renderer draws nothing for those).
    open var bounds: CGRect {
        get { modelValue(\.bounds) }
        set { setModelValue(newValue, for: .bounds, at: \.bounds) }
    }

    /// Where the layer's `anchorPoint` sits in its superlayer's coordinates, in points. Default (0, 0). Animatable.
    open var position: CGPoint {
        get { modelValue(\.position) }
        set { setModelValue(newValue, for: .position, at: \.position) }
    }

    /// The layer's position on the z axis, in points, towards the viewer. It orders sibling layers (higher in front)
    /// and moves the layer in depth under a perspective `sublayerTransform`. Default 0. Animatable.
    open var zPosition: CGFloat {
        get { modelValue(\.zPosition) }
        set { setModelValue(newValue, for: .zPosition, at: \.zPosition) }
    }

    /// The point of the bounds that `position` places and that `transform` rotates and scales about, in unit
    /// coordinates of the bounds: (0, 0) is the bounds' minimum-x, minimum-y corner, (1, 1) the opposite one.
    /// Default (0.5, 0.5), the centre. Values outside 0…1 put the anchor outside the layer. Animatable.
    open var anchorPoint: CGPoint {
        get { modelValue(\.anchorPoint) }
        set { setModelValue(newValue, for: .anchorPoint, at: \.anchorPoint) }
    }

    /// The z coordinate of the anchor, in points, about which `transform` rotates in 3-D. Default 0. Animatable.
    open var anchorPointZ: CGFloat {
        get { modelValue(\.anchorPointZ) }
        set { setModelValue(newValue, for: .anchorPointZ, at: \.anchorPointZ) }
    }

    /// The transform applied to the layer about its anchor point, in its superlayer's space (points). Default
    /// `CATransform3DIdentity`. Animatable; key-value coding also reaches its parts (`"transform.rotation.z"`,
    /// `"transform.scale"`, `"transform.translation.x"`…).
    open var transform: CATransform3D {
        get { modelValue(\.transform) }
        set { setModelValue(newValue, for: .transform, at: \.transform) }
    }

    /// The transform applied to every sublayer, about the centre of this layer's bounds; set `m34` to `-1 / d` here
    /// to give the sublayers a shared perspective with eye distance `d` points. Default `CATransform3DIdentity`.
    /// Animatable.
    open var sublayerTransform: CATransform3D {
        get { modelValue(\.sublayerTransform) }
        set { setModelValue(newValue, for: .sublayerTransform, at: \.sublayerTransform) }
    }

    /// Whether y grows the other way in this layer's coordinates than in its superlayer's: sublayers and contents
    /// are placed mirrored top to bottom. Default false. Not animatable.
    open var isGeometryFlipped: Bool {
        get { modelValue(\.details.isGeometryFlipped) }
        set { setModelValue(newValue, for: .isGeometryFlipped, at: \.details.isGeometryFlipped) }
    }

    // MARK: Frame

    /// The layer's rectangle in its superlayer's coordinates (Apple API; SPEC §11b). It is derived from `bounds`,
    /// `position`, `anchorPoint` and `transform` and has no storage of its own.
    ///
    /// Reading gives the bounding box of the bounds placed so that the anchor point sits at `position`, after
    /// `transform` about the anchor; with an identity transform `origin = position − anchorPoint × bounds.size`
    /// (bounds 80×40, position (100, 60), anchor (0.25, 0.5) ⇒ (80, 40, 80, 40)). `bounds.origin`, `zPosition`
    /// and the superlayer's `sublayerTransform` do not move it. `CGRect.null` when a corner has no finite image.
    ///
    /// Setting changes `bounds.size` (to the standardized frame's size, mapped back through a non-identity
    /// transform) and `position`, keeping `bounds.origin`: frame (10, 20, 100, 50) with anchor (0, 0) ⇒ position
    /// (10, 20), bounds (0, 0, 100, 50). Both are set through their own setters, as Apple documents ("the layer
    /// changes its position and bounds properties"), so a subclass's overrides of them see the change and each may
    /// start its implicit animation. A frame with a NaN or infinite coordinate is ignored (Apple raises an exception
    /// instead).
    open var frame: CGRect {
        get { LayerGeometry(state: LayerTreeLock.withLock { modelState }).frame }
        set {
            guard let placement = LayerTreeLock.withLock({ LayerGeometry(state: modelState).settingFrame(newValue) })
            else { return }
            bounds = placement.bounds
            position = placement.position
        }
    }

    // MARK: Visibility

    /// Whether the layer and its sublayers are not drawn. A hidden layer still takes part in layout and animation,
    /// but `hitTest(_:)` skips it. Default false. Animatable (it switches half way).
    open var isHidden: Bool {
        get { modelValue(\.isHidden) }
        set { setModelValue(newValue, for: .isHidden, at: \.isHidden) }
    }

    /// Whether the layer is drawn when a 3-D transform turns its back to the viewer. Default true. Animatable.
    open var isDoubleSided: Bool {
        get { modelValue(\.isDoubleSided) }
        set { setModelValue(newValue, for: .isDoubleSided, at: \.isDoubleSided) }
    }

    /// Whether sublayers and contents are clipped to the bounds (with `cornerRadius` rounding the clip). Default
    /// false. Animatable.
    open var masksToBounds: Bool {
        get { modelValue(\.masksToBounds) }
        set { setModelValue(newValue, for: .masksToBounds, at: \.masksToBounds) }
    }

    /// How opaque the layer and its sublayers are drawn, 0 (invisible) … 1 (as drawn). Default 1. Animatable.
    ///
    /// The type is Apple's `Float`: a value computed as `Double` is rounded to the nearest `Float` (0.3 reads back
    /// 0.30000001192…). Values outside 0…1 and NaN are stored and read back as given; only drawing limits them.
    open var opacity: Float {
        get { modelValue(\.opacity) }
        set { setModelValue(newValue, for: .opacity, at: \.opacity) }
    }

    /// Whether `opacity` below 1 applies to the layer and its sublayers as one flattened group (true), or to each
    /// sublayer separately, so overlapping translucent sublayers show through each other (false). Default true
    /// (Apple's default for apps built with iOS 7 or later). Not animatable.
    open var allowsGroupOpacity: Bool {
        get { modelValue(\.details.allowsGroupOpacity) }
        set { setModelValue(newValue, for: .allowsGroupOpacity, at: \.details.allowsGroupOpacity) }
    }

    // MARK: Background and border

    /// The colour that fills the bounds (with `cornerRadius` rounding) behind the contents. Default nil (nothing
    /// drawn). Animatable.
    ///
    /// The layer keeps the colour's sRGB components, not the object: the getter returns a new `CGColor` in the
    /// sRGB space (extended sRGB when a component lies outside 0…1), equal in value to what was set when that was an
    /// sRGB colour, and converted to sRGB otherwise (a gray colour reads back as the same shade in RGB).
    open var backgroundColor: CGColor? {
        get { modelValue(\.backgroundColor)?.cgColor }
        set { setModelValue(newValue.map(ColorComponents.init), for: .backgroundColor, at: \.backgroundColor) }
    }

    /// The radius of the rounded corners of the background and border, and of the clip of `masksToBounds`, in
    /// points. Default 0 (square corners). Any value, negative or NaN included, is stored and read back as given.
    /// Animatable.
    open var cornerRadius: CGFloat {
        get { modelValue(\.cornerRadius) }
        set { setModelValue(newValue, for: .cornerRadius, at: \.cornerRadius) }
    }

    /// Which corners `cornerRadius` rounds. Default all four. Not animatable.
    open var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: modelValue(\.details.maskedCorners)) }
        set { setModelValue(newValue.rawValue, for: .maskedCorners, at: \.details.maskedCorners) }
    }

    /// The shape of the rounded corners. Default `.circular`. Not animatable.
    open var cornerCurve: CALayerCornerCurve {
        get { CALayerCornerCurve(rawValue: modelValue(\.details.cornerCurve).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .cornerCurve, at: \.details.cornerCurve) }
    }

    /// The width of the border drawn inside the bounds, over the contents and sublayers, in points. Default 0 (no
    /// border). Any value is stored and read back as given. Animatable.
    open var borderWidth: CGFloat {
        get { modelValue(\.borderWidth) }
        set { setModelValue(newValue, for: .borderWidth, at: \.borderWidth) }
    }

    /// The colour of the border. Default opaque black; nil draws no border. Stored as sRGB components like
    /// `backgroundColor`. Animatable.
    open var borderColor: CGColor? {
        get { modelValue(\.borderColor)?.cgColor }
        set { setModelValue(newValue.map(ColorComponents.init), for: .borderColor, at: \.borderColor) }
    }

    // MARK: Shadow

    /// The colour of the shadow. Default opaque black. Stored as sRGB components like `backgroundColor`.
    /// Animatable.
    open var shadowColor: CGColor? {
        get { modelValue(\.shadowColor)?.cgColor }
        set { setModelValue(newValue.map(ColorComponents.init), for: .shadowColor, at: \.shadowColor) }
    }

    /// How opaque the shadow is, 0 … 1. Default 0, so a layer casts no shadow until this is raised. The type is
    /// Apple's `Float` (see `opacity`); values outside 0…1 are stored and read back as given. Animatable.
    open var shadowOpacity: Float {
        get { modelValue(\.shadowOpacity) }
        set { setModelValue(newValue, for: .shadowOpacity, at: \.shadowOpacity) }
    }

    /// How far the shadow is moved from the layer, in points, in the layer's coordinates. Default (0, −3): on iOS,
    /// whose layers have y pointing down, the shadow shows 3 points above the layer. Animatable.
    open var shadowOffset: CGSize {
        get { modelValue(\.shadowOffset) }
        set { setModelValue(newValue, for: .shadowOffset, at: \.shadowOffset) }
    }

    /// The blur radius of the shadow, in points. Default 3. Any value is stored and read back as given. Animatable.
    open var shadowRadius: CGFloat {
        get { modelValue(\.shadowRadius) }
        set { setModelValue(newValue, for: .shadowRadius, at: \.shadowRadius) }
    }

    /// The outline of the shadow, in the layer's coordinates. Default nil: the shadow follows the layer's drawn
    /// content (its alpha). A `CGMutablePath` is copied when set, so changing it later does not change the shadow.
    /// Animatable.
    open var shadowPath: CGPath? {
        get { modelValue(\.shadowPath) }
        set { setModelValue(newValue.map { $0.copy() ?? $0 }, for: .shadowPath, at: \.shadowPath) }
    }

    // MARK: Contents

    /// The image the layer shows inside its bounds, placed by `contentsGravity`. Default nil. Animatable (a
    /// cross-fade).
    ///
    /// Apple's type is `Any?`. Any value is kept and read back as set, as on Apple platforms; only a `CGImage` is
    /// drawn (iOS draws nothing for a `UIImage`, a string or another object either, the well-known mistake of
    /// forgetting `.cgImage`). While a `contents` cross-fade runs, the getter of a presentation copy returns the
    /// image that contributes more (the new one from half way on).
    open var contents: Any? {
        get {
            LayerTreeLock.withLock { modelState.contents?.dominantImage ?? extraValues?[LayerProperty.contents.key] }
        }
        set {
            let image = newValue as? CGImage
            LayerTreeLock.withLock {
                // An object that is not drawn is kept beside the model values, under the property's own key, which
                // no extra key can use.
                let kept: Any? = image == nil ? newValue : nil
                if kept != nil || extraValues?[LayerProperty.contents.key] != nil {
                    extraValues = extraValues ?? [:]
                    extraValues?[LayerProperty.contents.key] = kept
                }
            }
            setModelValue(image.map(LayerContents.image), for: .contents, at: \.contents)
        }
    }

    /// The part of the contents image that is shown, in unit coordinates of the image: (0, 0, 1, 1) is the whole
    /// image, (0, 0, 0.5, 1) its left half. Default (0, 0, 1, 1). Parts outside 0…1 repeat the edge pixels.
    /// Animatable.
    open var contentsRect: CGRect {
        get { modelValue(\.details.contentsRect) }
        set { setModelValue(newValue, for: .contentsRect, at: \.details.contentsRect) }
    }

    /// How the contents image is placed in the bounds. Default `.resize` (stretched to fill). Not animatable.
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: modelValue(\.details.contentsGravity).name) }
        set {
            setModelValue(NamedChoice(name: newValue.rawValue), for: .contentsGravity, at: \.details.contentsGravity)
        }
    }

    /// Image pixels per point of the contents: an image 200 pixels wide with scale 2 is 100 points wide for the
    /// positional gravities, and `display()` draws into a bitmap of the bounds' size times this. Default 1.
    /// Values ≤ 0 or non-finite are stored and read back as given; `display()` draws at scale 1 for them.
    /// Animatable.
    open var contentsScale: CGFloat {
        get { modelValue(\.details.contentsScale) }
        set { setModelValue(newValue, for: .contentsScale, at: \.details.contentsScale) }
    }

    /// The stretchable middle of the contents image, in unit coordinates of the image: when the image is resized,
    /// the parts outside this rectangle keep their size (nine-part stretching, as for a resizable button image).
    /// Default (0, 0, 1, 1), the whole image stretches. Animatable.
    open var contentsCenter: CGRect {
        get { modelValue(\.details.contentsCenter) }
        set { setModelValue(newValue, for: .contentsCenter, at: \.details.contentsCenter) }
    }

    /// The pixel format `display()` is asked to draw in. Default `.RGBA8Uint`. Stored and read back; drawing is
    /// always 8-bit RGBA here. Not animatable.
    open var contentsFormat: CALayerContentsFormat {
        get { CALayerContentsFormat(rawValue: modelValue(\.details.contentsFormat).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .contentsFormat, at: \.details.contentsFormat) }
    }

    /// How the contents image is sampled when drawn smaller than its pixel size. Default `.linear`. Not animatable.
    open var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: modelValue(\.details.minificationFilter).name) }
        set {
            setModelValue(
                NamedChoice(name: newValue.rawValue), for: .minificationFilter, at: \.details.minificationFilter)
        }
    }

    /// How the contents image is sampled when drawn larger than its pixel size. Default `.linear`. Not animatable.
    open var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: modelValue(\.details.magnificationFilter).name) }
        set {
            setModelValue(
                NamedChoice(name: newValue.rawValue), for: .magnificationFilter, at: \.details.magnificationFilter)
        }
    }

    /// The bias added to the mipmap level chosen by the `.trilinear` minification filter, in levels: positive
    /// values pick smaller (blurrier) levels. Default 0. The type is Apple's `Float`. Animatable.
    open var minificationFilterBias: Float {
        get { modelValue(\.details.minificationFilterBias) }
        set { setModelValue(newValue, for: .minificationFilterBias, at: \.details.minificationFilterBias) }
    }

    // MARK: Rendering options

    /// A promise that the contents `display()` draws are fully opaque, so the bitmap needs no alpha. Default false.
    /// It does not affect images set directly as `contents` or the background colour. Not animatable.
    open var isOpaque: Bool {
        get { modelValue(\.details.isOpaque) }
        set { setModelValue(newValue, for: .isOpaque, at: \.details.isOpaque) }
    }

    /// Whether changing `bounds` marks the contents as needing `display()`. Default false. Not animatable.
    open var needsDisplayOnBoundsChange: Bool {
        get { modelValue(\.details.needsDisplayOnBoundsChange) }
        set { setModelValue(newValue, for: .needsDisplayOnBoundsChange, at: \.details.needsDisplayOnBoundsChange) }
    }

    /// Whether drawing commands in `draw(in:)` may be queued and run later on another thread. Default false. Stored
    /// and read back; drawing here is always immediate. Not animatable.
    open var drawsAsynchronously: Bool {
        get { modelValue(\.details.drawsAsynchronously) }
        set { setModelValue(newValue, for: .drawsAsynchronously, at: \.details.drawsAsynchronously) }
    }

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is true. Default all four. Not animatable.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { CAEdgeAntialiasingMask(rawValue: modelValue(\.details.edgeAntialiasingMask)) }
        set { setModelValue(newValue.rawValue, for: .edgeAntialiasingMask, at: \.details.edgeAntialiasingMask) }
    }

    /// Whether the edges named by `edgeAntialiasingMask` are anti-aliased when a transform makes them fall between
    /// pixels. Default false (Apple's iOS default when the app's Info.plist does not ask otherwise). Not animatable.
    open var allowsEdgeAntialiasing: Bool {
        get { modelValue(\.details.allowsEdgeAntialiasing) }
        set { setModelValue(newValue, for: .allowsEdgeAntialiasing, at: \.details.allowsEdgeAntialiasing) }
    }

    /// How the layer is blended with what is behind it. Default nil (normal source-over compositing). Animatable.
    ///
    /// Apple's type is `Any?` and takes a Core Image filter or a filter name. Here it takes a name: a `String`
    /// (for example `"multiplyBlendMode"`, `"screenBlendMode"`) or a value whose raw value is a string; any other
    /// value, Core Image filters included, stores nil. The getter returns the name as a `String`.
    open var compositingFilter: Any? {
        get { modelValue(\.details.compositingFilter) }
        set { setModelValue(Self.filterName(newValue), for: .compositingFilter, at: \.details.compositingFilter) }
    }

    /// Whether the layer and its sublayers are drawn into a bitmap once and composited from that bitmap. Default
    /// false. Animatable.
    open var shouldRasterize: Bool {
        get { modelValue(\.details.shouldRasterize) }
        set { setModelValue(newValue, for: .shouldRasterize, at: \.details.shouldRasterize) }
    }

    /// Bitmap pixels per point when `shouldRasterize` is true. Default 1. Any value is stored and read back as
    /// given. Animatable.
    open var rasterizationScale: CGFloat {
        get { modelValue(\.details.rasterizationScale) }
        set { setModelValue(newValue, for: .rasterizationScale, at: \.details.rasterizationScale) }
    }

    /// A name for the layer, for finding it and in debug output; Core Animation does not use it. Default nil.
    /// Not animatable.
    open var name: String? {
        get { modelValue(\.details.name) }
        set { setModelValue(newValue, for: .name, at: \.details.name) }
    }

    // MARK: The layer tree

    /// The sublayers, back to front (Apple API). Setting replaces them all: each old one leaves through
    /// `removeFromSuperlayer()`, each new one comes in through `insertSublayer(_:at:)` (leaving wherever it was), so
    /// a subclass's overrides of those see the change. Nil when there are none. For a presentation copy, their
    /// presentation copies.
    open var sublayers: [CALayer]? {
        get { currentSublayers() }
        set {
            for sublayer in LayerTreeLock.withLock({ sublayerStorage ?? [] }) { sublayer.removeFromSuperlayer() }
            for sublayer in newValue ?? [] { insertSublayer(sublayer, at: UInt32.max) }
        }
    }

    /// The layer whose alpha masks this one's content (Apple API); it has no superlayer of its own. Default nil.
    /// For a presentation copy, the mask's presentation copy.
    open var mask: CALayer? {
        get { currentMask() }
        set { installMask(newValue) }
    }

    /// Appends `layer` to the sublayers (frontmost), removing it from its old superlayer first (Apple API), through
    /// `insertSublayer(_:at:)`.
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32.max)
    }

    /// Inserts `layer` at `idx` of the sublayers; an index past the end appends (Apple API; SPEC §11b). A layer
    /// that was in no tree runs its `onOrderIn` action.
    ///
    /// - Precondition: `layer` is not this layer or one of its superlayers (Apple raises an exception).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        attachSublayer(layer, at: idx)
    }

    /// Inserts `layer` just below `sibling` (behind it); with a nil or foreign sibling, at the back (Apple API),
    /// through `insertSublayer(_:at:)`.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let position = LayerTreeLock.withLock { sibling.flatMap { indexOfSublayer($0, excluding: layer) } }
        insertSublayer(layer, at: UInt32(position ?? 0))
    }

    /// Inserts `layer` just above `sibling` (in front of it); with a nil or foreign sibling, at the front (Apple
    /// API), through `insertSublayer(_:at:)`.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let position = LayerTreeLock.withLock { sibling.flatMap { indexOfSublayer($0, excluding: layer) } }
        insertSublayer(layer, at: position.map { UInt32($0 + 1) } ?? UInt32.max)
    }

    /// Puts `newLayer` where `oldLayer` is and removes `oldLayer` (Apple API), through `removeFromSuperlayer()` and
    /// `insertSublayer(_:at:)`. Nothing happens when `oldLayer` is not a sublayer of this layer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer,
            let position = LayerTreeLock.withLock({ indexOfSublayer(oldLayer, excluding: newLayer) })
        else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(position))
    }

    /// Takes the layer out of its superlayer's sublayers (or its mask slot) (Apple API). Its animations, and those
    /// of its sublayers, are removed as a layer leaving the tree loses them on Apple platforms; their delegates hear
    /// `animationDidStop(_:finished: false)`.
    open func removeFromSuperlayer() {
        LayerTreeLock.withLock { detachFromSuperlayer(runOrderOut: true) }
    }

    // MARK: Animations

    /// Attaches a copy of `anim` under `key` (Apple API; SPEC §7, §1.8).
    ///
    /// The layer keeps its own copy: changing `anim` afterwards changes nothing on screen. A duration ≤ 0 becomes
    /// the transaction's `animationDuration` (0.25 s by default). A `beginTime` of 0 means "when the transaction
    /// commits": the commit sets it to the layer's time at that moment. An animation already under `key` is
    /// replaced; its delegate hears `animationDidStop(_:finished: false)`. The animation shows from the commit of
    /// the current transaction on; delegates and completion blocks are called later, from the clock, never from
    /// here. An animation with a nil key cannot be found or removed by key. A `CATransition` is always stored under
    /// `kCATransition` (`"transition"`), whatever key is given, nil included, so a layer has at most one transition
    /// and a new one replaces it (SPEC §6.2).
    ///
    /// Every animation reaches a layer through here, as on Apple platforms: those of actions (implicit animations)
    /// and those of UIKit's animation blocks too, so an override sees them all.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        attachAnimation(anim, forKey: key)
    }

    /// Removes the animation under `key` (Apple API): it leaves the screen when the transaction commits, and its
    /// delegate hears `animationDidStop(_:finished: false)` after that.
    open func removeAnimation(forKey key: String) {
        detachAnimations { $0 == key }
    }

    /// Removes every animation (Apple API), as `removeAnimation(forKey:)` does for one.
    open func removeAllAnimations() {
        detachAnimations { _ in true }
    }

    // MARK: Display and layout

    /// Marks the contents as out of date (Apple API): `display()` runs when the transaction commits, or at
    /// `displayIfNeeded()`.
    open func setNeedsDisplay() {
        LayerTreeLock.withLock {
            noteChange()
            markNeedsDisplay()
        }
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

    /// Marks the sublayers' layout as out of date (Apple API): `layoutSublayers()` runs when the transaction
    /// commits, or at `layoutIfNeeded()`.
    open func setNeedsLayout() {
        LayerTreeLock.withLock {
            noteChange()
            markNeedsLayout()
        }
    }

    /// Positions the sublayers (Apple API). The default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    // MARK: Actions, presentation, hit testing and key-value coding

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

    /// A copy of the layer as it is on screen now (Apple API; SPEC §10): the values of the last committed
    /// transaction with every running animation applied at `CACurrentMediaTime()`. Nil for a layer that has never
    /// been committed. Changes made in the still-open transaction do not show in it.
    ///
    /// The copy's `sublayers`, `superlayer` and `mask` are presentation copies too, so `hitTest(_:)` on it tests
    /// what is on screen. Each call makes a new copy; setting its properties changes only that copy.
    ///
    /// Deviation: Apple returns `Self?`, a copy made by your class's `init(layer:)`. Here the copy is of the nearest
    /// class of this module (a `CAShapeLayer` for your subclass of `CAShapeLayer`), with every value Core Animation
    /// stores but not the properties your subclass adds. Swift can create an instance of a class known only at run
    /// time through a `required` initializer alone, and the one initializer every subclass written for Apple has is
    /// `init?(coder:)`, which such subclasses commonly implement with `fatalError`. Making `init(layer:)` required
    /// would stop those subclasses from compiling (they override it without `required`, or do not declare it);
    /// returning `Self?` would leave nil for them. Copies of this module's own classes are of the exact class.
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
    /// Its type is the receiver's, as on Apple: the model of a presentation copy is of the copy's class or a subclass
    /// of it.
    open func model() -> Self {
        LayerTreeLock.withLock { modelLayerStorage as? Self ?? self }
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
