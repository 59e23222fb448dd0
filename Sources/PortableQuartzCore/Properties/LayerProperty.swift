import Foundation

/// One property that Core Animation stores on a layer and renders or animates: every `CALayer` property with a
/// value (not the hierarchy, delegate, actions or style), and the value properties of `CAShapeLayer`,
/// `CAGradientLayer`, `CATextLayer`, `CAReplicatorLayer` and `CAEmitterLayer`. Our addition, the typed registry
/// of ARCHITECTURE practice 5: a key string is looked up once (``init(key:)``, or `PropertyPath(keyPath:)` for
/// dotted paths) and everything after that works on the case.
///
/// Each case knows its Apple key (``key``, the KVC name: `"hidden"`, not `"isHidden"`), the kind of value it holds
/// (``kind``), Apple's default (``defaultValue``), whether Apple marks it animatable (``isAnimatable``), whether it
/// accepts `nil` (``isNullable``) and which layer class declares it (``family``).
///
/// Not in the registry: `frame` (derived from bounds, position, anchor point and transform; it has no storage and
/// Apple does not animate it), `filters` and `backgroundFilters` (Core Image filters are out of scope),
/// `sublayers`, `mask`, `delegate`, `actions`, `style`, `emitterCells`, the `CAMediaTiming` properties (the timing
/// model owns them), and properties Apple added for HDR content (`wantsExtendedDynamicRangeContent`,
/// `toneMapMode`, `preferredDynamicRange`, `contentsHeadroom`).
public enum LayerProperty: Hashable, Sendable, CaseIterable {
    // CALayer geometry
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    // CALayer visibility and appearance
    case isHidden, isDoubleSided, isGeometryFlipped, masksToBounds, opacity, allowsGroupOpacity
    case backgroundColor, cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    // CALayer contents
    case contents, contentsRect, contentsGravity, contentsScale, contentsCenter, contentsFormat
    case minificationFilter, magnificationFilter, minificationFilterBias
    // CALayer rendering options
    case isOpaque, needsDisplayOnBoundsChange, drawsAsynchronously, edgeAntialiasingMask, allowsEdgeAntialiasing
    case compositingFilter, shouldRasterize, rasterizationScale, name
    // CAShapeLayer
    case path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineCap, lineJoin
    case lineDashPhase, lineDashPattern
    // CAGradientLayer
    case colors, locations, startPoint, endPoint, gradientType
    // CATextLayer
    case string, font, fontSize, foregroundColor, isWrapped, truncationMode, alignmentMode
    case allowsFontSubpixelQuantization
    // CAReplicatorLayer (and `preservesDepth`, shared with CAEmitterLayer)
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset, preservesDepth
    // CAEmitterLayer
    case birthRate, lifetime, emitterPosition, emitterZPosition, emitterSize, emitterDepth
    case emitterShape, emitterMode, renderMode, velocity, scale, spin, seed

    /// The layer classes that declare properties, for ``family``.
    public enum Family: Hashable, Sendable {
        /// `CALayer` itself (every layer has these).
        case layer
        case shapeLayer, gradientLayer, textLayer, replicatorLayer, emitterLayer
    }

    /// The property whose Apple key is `key` (case-sensitive, e.g. `"position"`, `"hidden"`, `"type"`), or `nil`
    /// when no registered property has that key.
    public init?(key: String) {
        guard let property = LayerProperty.byKey[key] else { return nil }
        self = property
    }

    private static let byKey: [String: LayerProperty] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.key, $0) })

    /// Apple's KVC key, the string used in key paths, `actions` dictionaries and `animation(forKey:)`-style events.
    public var key: String {
        facts.key
    }

    /// The kind of value the property holds (a `nil` value is ``AnimatableValue/null`` where ``isNullable``).
    /// Integer, `Float` and enum-like option properties are numbers; Apple's string enums are strings.
    public var kind: AnimatableValue.Kind {
        facts.kind
    }

    /// Whether Apple's headers mark the property "Animatable" (SPEC §9 for `CALayer`; the subclass headers for the
    /// rest). Only these get implicit actions and are expected in animation key paths; animating another one
    /// works here the same way (Apple's behaviour for those is unspecified).
    public var isAnimatable: Bool {
        facts.traits.contains(.animatable)
    }

    /// Whether changing the property creates an implicit animation on a committed layer: every animatable
    /// property except the paths (a shape layer's `path` and `shadowPath`), which Apple documents as animating
    /// only explicitly.
    public var isImplicitlyAnimatable: Bool {
        isAnimatable && self != .path && self != .shadowPath
    }

    /// Whether the property accepts `nil` (stored as ``AnimatableValue/null``): the colours, `contents`, the
    /// paths, the optional arrays, and the optional names (`name`, `compositingFilter`, `string`, `font`).
    public var isNullable: Bool {
        facts.traits.contains(.nullable)
    }

    /// The layer class that declares the property. `preservesDepth` is declared by both `CAReplicatorLayer` and
    /// `CAEmitterLayer`; it reports ``Family/replicatorLayer``.
    public var family: Family {
        facts.family
    }

    /// Whether a layer of `family` has this property: `CALayer`'s own properties belong to every family;
    /// `preservesDepth` to replicator and emitter layers.
    public func belongs(to family: Family) -> Bool {
        switch self.family {
        case .layer: true
        case .replicatorLayer where self == .preservesDepth: family == .replicatorLayer || family == .emitterLayer
        case let own: own == family
        }
    }

    /// Apple's default value (what a new layer reports), ``AnimatableValue/null`` for `nil` defaults.
    public var defaultValue: AnimatableValue {
        LayerState.defaults[self]
    }

    /// `value`, a value of this property, in the form Apple's key-value coding hands it out: like
    /// ``AnimatableValue/appleValue``, with each number boxed in the property's own Apple type, so it casts as it
    /// does on Apple platforms: `Float` properties (`opacity`, `shadowOpacity`, the emitter and replicator rates)
    /// as a `Float` `NSNumber` (`as? Float` gives back 0.3 exactly), `instanceCount` as an `Int`, `seed` and the
    /// corner and edge masks as unsigned integers, the rest as a `Double` (`CGFloat`) `NSNumber`.
    public func appleValue(of value: AnimatableValue) -> Any? {
        guard case .number(let number) = value else { return value.appleValue }
        let traits = facts.traits
        if traits.contains(.float) { return NSNumber(value: Float(number)) }
        if traits.contains(.integer) { return NSNumber(value: LayerState.integer(number)) }
        if traits.contains(.unsigned) { return NSNumber(value: LayerState.unsigned(number)) }
        return NSNumber(value: number)
    }
}
