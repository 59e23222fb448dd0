import Foundation

/// Every value of one layer in typed fields, starting from Apple's defaults. Our addition.
///
/// A `CALayer` keeps its model values in a `LayerState`; the presentation of a layer is a `LayerState` with the
/// running animations applied; the renderer reads `LayerState`s. Reading or writing a property by its
/// ``LayerProperty`` (``subscript(_:)``) is a switch over typed fields: no strings, no dictionaries. Properties
/// Apple names with string constants (a line cap, a contents gravity) are ``NamedChoice`` values, parsed when set.
///
/// Layout: the properties an animation or the renderer touches on most layers (geometry, opacity, visibility,
/// background, border, corner radius, shadow, contents) are stored inline. The rest live in groups kept out of line
/// and shared between copies until one copy writes to them (``details`` for seldom-changed `CALayer` properties,
/// and one group per subclass: ``shape``, ``gradient``, ``text``, ``replicator``, ``emitter``). A new state shares
/// the default groups, so it allocates nothing; the first write to a group of a state whose group is shared
/// allocates that group once. To animate grouped properties without allocating every frame, keep one presentation
/// state per layer and overwrite the animated properties in it (``copyValue(of:from:)`` resets one property to
/// the model's value) rather than assigning the whole model state to it each frame.
///
/// Every property of every subclass is present whatever the layer's class; a `CALayer` simply never reads its
/// shape properties.
public struct LayerState: Equatable, Sendable {
    /// The state of a new `CALayer`: Apple's default for every property.
    public init() {}

    /// One shared instance of the defaults (``LayerProperty/defaultValue`` reads it).
    public static let defaults = LayerState()

    // MARK: Geometry

    /// `bounds`; default (0, 0, 0, 0).
    public var bounds = CGRect.zero
    /// `position` in the superlayer's coordinates; default (0, 0).
    public var position = CGPoint.zero
    /// `zPosition`; default 0.
    public var zPosition: CGFloat = 0
    /// `anchorPoint` in unit coordinates of the bounds; default (0.5, 0.5).
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// `anchorPointZ`; default 0.
    public var anchorPointZ: CGFloat = 0
    /// `transform`; default identity.
    public var transform = CATransform3DIdentity
    /// `sublayerTransform`; default identity.
    public var sublayerTransform = CATransform3DIdentity

    // MARK: Visibility and appearance

    /// `hidden`; default false.
    public var isHidden = false
    /// `doubleSided`; default true.
    public var isDoubleSided = true
    /// `masksToBounds`; default false.
    public var masksToBounds = false
    /// `opacity` (Apple's type is `Float`, so values set as `Double` are rounded to `Float`); default 1.
    public var opacity: Float = 1
    /// `contents`; default nil.
    public var contents: LayerContents? = nil
    /// `backgroundColor`; default nil.
    public var backgroundColor: ColorComponents? = nil
    /// `cornerRadius` in points; default 0.
    public var cornerRadius: CGFloat = 0
    /// `borderWidth` in points; default 0.
    public var borderWidth: CGFloat = 0
    /// `borderColor`; default opaque black.
    public var borderColor: ColorComponents? = .opaqueBlack
    /// `shadowColor`; default opaque black.
    public var shadowColor: ColorComponents? = .opaqueBlack
    /// `shadowOpacity` (`Float`); default 0.
    public var shadowOpacity: Float = 0
    /// `shadowOffset` in points; default (0, −3).
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// `shadowRadius` in points; default 3.
    public var shadowRadius: CGFloat = 3
    /// `shadowPath`; default nil.
    public var shadowPath: CGPath? = nil

    // MARK: Groups kept out of line

    // Internal rather than private so the property table's rows (Table/LayerProperty+Table.swift) name them, and
    // reads and writes of single fields of a group happen in place instead of copying the whole group out and back.
    var detailStorage = LayerState.sharedDetails
    var shapeStorage = LayerState.sharedShape
    var gradientStorage = LayerState.sharedGradient
    var textStorage = LayerState.sharedText
    var replicatorStorage = LayerState.sharedReplicator
    var emitterStorage = LayerState.sharedEmitter

    private static let sharedDetails = CopyOnWrite(LayerDetails())
    private static let sharedShape = CopyOnWrite(ShapeLayerState())
    private static let sharedGradient = CopyOnWrite(GradientLayerState())
    private static let sharedText = CopyOnWrite(TextLayerState())
    private static let sharedReplicator = CopyOnWrite(ReplicatorLayerState())
    private static let sharedEmitter = CopyOnWrite(EmitterLayerState())

    /// The seldom-changed `CALayer` properties (contents mapping, filters, corner and edge options,
    /// rasterization, flags).
    public var details: LayerDetails {
        get { detailStorage.value }
        set { detailStorage.value = newValue }
        _modify { yield &detailStorage.value }
    }

    /// The `CAShapeLayer` properties.
    public var shape: ShapeLayerState {
        get { shapeStorage.value }
        set { shapeStorage.value = newValue }
        _modify { yield &shapeStorage.value }
    }

    /// The `CAGradientLayer` properties.
    public var gradient: GradientLayerState {
        get { gradientStorage.value }
        set { gradientStorage.value = newValue }
        _modify { yield &gradientStorage.value }
    }

    /// The `CATextLayer` properties.
    public var text: TextLayerState {
        get { textStorage.value }
        set { textStorage.value = newValue }
        _modify { yield &textStorage.value }
    }

    /// The `CAReplicatorLayer` properties.
    public var replicator: ReplicatorLayerState {
        get { replicatorStorage.value }
        set { replicatorStorage.value = newValue }
        _modify { yield &replicatorStorage.value }
    }

    /// The `CAEmitterLayer` properties.
    public var emitter: EmitterLayerState {
        get { emitterStorage.value }
        set { emitterStorage.value = newValue }
        _modify { yield &emitterStorage.value }
    }

    /// Sets `property` to the value it has in `other` (for example to reset a presentation state's animated
    /// property to the model value before applying this frame's animations). Allocation-free, except that the
    /// first write to a group this state shares with another copies the group once (see ``LayerState``).
    public mutating func copyValue(of property: LayerProperty, from other: LayerState) {
        withUnsafePointer(to: other) { copyField(property, from: $0) }
    }
}
