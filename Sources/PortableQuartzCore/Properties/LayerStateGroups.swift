import Foundation

// The property groups `LayerState` keeps out of line (see `LayerState`): rarely changed `CALayer` properties and
// the properties of each `CALayer` subclass. Every default is Apple's (headers and SPEC §11b).

/// `CALayer` properties that are seldom changed per frame: contents mapping, filters, corner and edge options,
/// rasterization, flags. Our addition; part of ``LayerState``.
public struct LayerDetails: Hashable, Sendable {
    /// `geometryFlipped`; default false.
    public var isGeometryFlipped = false
    /// `contentsRect`, unit coordinates of the contents image; default (0, 0, 1, 1).
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// `contentsGravity`, parsed; default resize.
    public var contentsGravity = NamedChoice(ContentsGravity.resize)
    /// `contentsScale`, image pixels per point; default 1.
    public var contentsScale: CGFloat = 1
    /// `contentsCenter`, unit coordinates of the stretchable centre; default (0, 0, 1, 1).
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// `contentsFormat`, parsed; default 8-bit RGBA (Apple's `.RGBA8Uint`).
    public var contentsFormat = NamedChoice(ContentsFormat.rgba8)
    /// `minificationFilter`, parsed; default linear.
    public var minificationFilter = NamedChoice(ContentsFilter.linear)
    /// `magnificationFilter`, parsed; default linear.
    public var magnificationFilter = NamedChoice(ContentsFilter.linear)
    /// `minificationFilterBias` (Apple's type is `Float`); default 0.
    public var minificationFilterBias: Float = 0
    /// `opaque`; default false.
    public var isOpaque = false
    /// `needsDisplayOnBoundsChange`; default false.
    public var needsDisplayOnBoundsChange = false
    /// `drawsAsynchronously`; default false.
    public var drawsAsynchronously = false
    /// `edgeAntialiasingMask` raw bits (left 1, right 2, bottom 4, top 8); default all four edges, 15.
    public var edgeAntialiasingMask: UInt32 = 0b1111
    /// `allowsEdgeAntialiasing`; default false (Apple's iOS default without an Info.plist entry).
    public var allowsEdgeAntialiasing = false
    /// `maskedCorners` raw bits (minXminY 1, maxXminY 2, minXmaxY 4, maxXmaxY 8); default all four corners, 15.
    public var maskedCorners: UInt = 0b1111
    /// `cornerCurve`, parsed; default circular.
    public var cornerCurve = NamedChoice(CornerCurve.circular)
    /// `allowsGroupOpacity`; default true (Apple's default for apps built with iOS 7 SDKs or later).
    public var allowsGroupOpacity = true
    /// `compositingFilter` as a filter name (for example `"multiplyBlendMode"`); default nil (source-over). Setting
    /// it sets `compositingBlendMode`.
    public var compositingFilter: String? = nil {
        didSet { compositingBlendMode = compositingFilter.flatMap(CGBlendMode.init(compositingFilter:)) ?? .normal }
    }
    /// The blend mode `compositingFilter` names, parsed when it is set: how the layer (as one group) combines with
    /// what is below it. `.normal` for nil and for names that are no blend mode.
    public private(set) var compositingBlendMode = CGBlendMode.normal
    /// `shouldRasterize`; default false.
    public var shouldRasterize = false
    /// `rasterizationScale`; default 1.
    public var rasterizationScale: CGFloat = 1
    /// `name`; default nil.
    public var name: String? = nil
    /// `preservesDepth` of `CAReplicatorLayer` and `CAEmitterLayer` (one key, one field); default false.
    public var preservesDepth = false

    /// Apple's defaults.
    public init() {}
}

/// The properties `CAShapeLayer` adds, with Apple's defaults. Our addition; part of ``LayerState``.
public struct ShapeLayerState: Hashable, Sendable {
    /// `path`; default nil.
    public var path: CGPath? = nil
    /// `fillColor`; default opaque black.
    public var fillColor: ColorComponents? = .opaqueBlack
    /// `fillRule`, parsed; default non-zero.
    public var fillRule = NamedChoice(ShapeFillRule.nonZero)
    /// `strokeColor`; default nil (no stroke).
    public var strokeColor: ColorComponents? = nil
    /// `strokeStart`, fraction of the path length; default 0.
    public var strokeStart: CGFloat = 0
    /// `strokeEnd`, fraction of the path length; default 1.
    public var strokeEnd: CGFloat = 1
    /// `lineWidth` in points; default 1.
    public var lineWidth: CGFloat = 1
    /// `miterLimit`; default 10.
    public var miterLimit: CGFloat = 10
    /// `lineCap`, parsed; default butt.
    public var lineCap = NamedChoice(ShapeLineCap.butt)
    /// `lineJoin`, parsed; default miter.
    public var lineJoin = NamedChoice(ShapeLineJoin.miter)
    /// `lineDashPhase` in points; default 0.
    public var lineDashPhase: CGFloat = 0
    /// `lineDashPattern`, alternating painted and unpainted lengths in points; default nil (solid).
    public var lineDashPattern: [Double]? = nil

    /// Apple's defaults.
    public init() {}
}

/// The properties `CAGradientLayer` adds, with Apple's defaults. Our addition; part of ``LayerState``.
public struct GradientLayerState: Hashable, Sendable {
    /// `colors`, one per stop; default nil.
    public var colors: [ColorComponents]? = nil
    /// `locations`, one 0…1 position per stop; default nil (evenly spread).
    public var locations: [Double]? = nil
    /// `startPoint` in unit coordinates of the bounds; default (0.5, 0).
    public var startPoint = CGPoint(x: 0.5, y: 0)
    /// `endPoint` in unit coordinates of the bounds; default (0.5, 1).
    public var endPoint = CGPoint(x: 0.5, y: 1)
    /// `type`, parsed; default axial.
    public var type = NamedChoice(GradientKind.axial)

    /// Apple's defaults.
    public init() {}
}

/// The properties `CATextLayer` adds, with Apple's defaults. Our addition; part of ``LayerState``.
public struct TextLayerState: Hashable, Sendable {
    /// `string` as plain text (an attributed string contributes its characters); default nil.
    public var string: String? = nil
    /// `font` as a font name; default `"Helvetica"` (Apple's default font).
    public var font: String? = "Helvetica"
    /// `fontSize` in points; default 36.
    public var fontSize: CGFloat = 36
    /// `foregroundColor`; default opaque white.
    public var foregroundColor: ColorComponents? = .opaqueWhite
    /// `wrapped`; default false.
    public var isWrapped = false
    /// `truncationMode`, parsed; default none.
    public var truncationMode = NamedChoice(TextTruncation.none)
    /// `alignmentMode`, parsed; default natural.
    public var alignmentMode = NamedChoice(TextAlignment.natural)
    /// `allowsFontSubpixelQuantization`; default false.
    public var allowsFontSubpixelQuantization = false

    /// Apple's defaults.
    public init() {}
}

/// The properties `CAReplicatorLayer` adds, with Apple's defaults (`preservesDepth` lives in ``LayerDetails``).
/// Our addition; part of ``LayerState``.
public struct ReplicatorLayerState: Hashable, Sendable {
    /// `instanceCount`, copies including the original; default 1.
    public var instanceCount = 1
    /// `instanceDelay` in seconds; default 0.
    public var instanceDelay: Double = 0
    /// `instanceTransform`; default identity.
    public var instanceTransform = CATransform3DIdentity
    /// `instanceColor`; default opaque white.
    public var instanceColor: ColorComponents? = .opaqueWhite
    /// `instanceRedOffset` (Apple's type is `Float`); default 0.
    public var instanceRedOffset: Float = 0
    /// `instanceGreenOffset`; default 0.
    public var instanceGreenOffset: Float = 0
    /// `instanceBlueOffset`; default 0.
    public var instanceBlueOffset: Float = 0
    /// `instanceAlphaOffset`; default 0.
    public var instanceAlphaOffset: Float = 0

    /// Apple's defaults.
    public init() {}
}

/// The properties `CAEmitterLayer` adds, with Apple's defaults (`preservesDepth` lives in ``LayerDetails``).
/// Our addition; part of ``LayerState``.
public struct EmitterLayerState: Hashable, Sendable {
    /// `birthRate` multiplier (Apple's type is `Float`); default 1.
    public var birthRate: Float = 1
    /// `lifetime` multiplier; default 1.
    public var lifetime: Float = 1
    /// `emitterPosition`; default (0, 0).
    public var emitterPosition = CGPoint.zero
    /// `emitterZPosition`; default 0.
    public var emitterZPosition: CGFloat = 0
    /// `emitterSize`; default (0, 0).
    public var emitterSize = CGSize.zero
    /// `emitterDepth`; default 0.
    public var emitterDepth: CGFloat = 0
    /// `emitterShape`, parsed; default point.
    public var emitterShape = NamedChoice(EmitterShape.point)
    /// `emitterMode`, parsed; default volume.
    public var emitterMode = NamedChoice(EmitterMode.volume)
    /// `renderMode`, parsed; default unordered.
    public var renderMode = NamedChoice(EmitterRenderMode.unordered)
    /// `velocity` multiplier; default 1.
    public var velocity: Float = 1
    /// `scale` multiplier; default 1.
    public var scale: Float = 1
    /// `spin` multiplier; default 1.
    public var spin: Float = 1
    /// `seed` of the random generator; default 0.
    public var seed: UInt32 = 0

    /// Apple's defaults.
    public init() {}
}
