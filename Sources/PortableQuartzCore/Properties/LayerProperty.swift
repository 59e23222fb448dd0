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
        switch self {
        case .bounds: "bounds"
        case .position: "position"
        case .zPosition: "zPosition"
        case .anchorPoint: "anchorPoint"
        case .anchorPointZ: "anchorPointZ"
        case .transform: "transform"
        case .sublayerTransform: "sublayerTransform"
        case .isHidden: "hidden"
        case .isDoubleSided: "doubleSided"
        case .isGeometryFlipped: "geometryFlipped"
        case .masksToBounds: "masksToBounds"
        case .opacity: "opacity"
        case .allowsGroupOpacity: "allowsGroupOpacity"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        case .maskedCorners: "maskedCorners"
        case .cornerCurve: "cornerCurve"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .shadowColor: "shadowColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowOffset: "shadowOffset"
        case .shadowRadius: "shadowRadius"
        case .shadowPath: "shadowPath"
        case .contents: "contents"
        case .contentsRect: "contentsRect"
        case .contentsGravity: "contentsGravity"
        case .contentsScale: "contentsScale"
        case .contentsCenter: "contentsCenter"
        case .contentsFormat: "contentsFormat"
        case .minificationFilter: "minificationFilter"
        case .magnificationFilter: "magnificationFilter"
        case .minificationFilterBias: "minificationFilterBias"
        case .isOpaque: "opaque"
        case .needsDisplayOnBoundsChange: "needsDisplayOnBoundsChange"
        case .drawsAsynchronously: "drawsAsynchronously"
        case .edgeAntialiasingMask: "edgeAntialiasingMask"
        case .allowsEdgeAntialiasing: "allowsEdgeAntialiasing"
        case .compositingFilter: "compositingFilter"
        case .shouldRasterize: "shouldRasterize"
        case .rasterizationScale: "rasterizationScale"
        case .name: "name"
        case .path: "path"
        case .fillColor: "fillColor"
        case .fillRule: "fillRule"
        case .strokeColor: "strokeColor"
        case .strokeStart: "strokeStart"
        case .strokeEnd: "strokeEnd"
        case .lineWidth: "lineWidth"
        case .miterLimit: "miterLimit"
        case .lineCap: "lineCap"
        case .lineJoin: "lineJoin"
        case .lineDashPhase: "lineDashPhase"
        case .lineDashPattern: "lineDashPattern"
        case .colors: "colors"
        case .locations: "locations"
        case .startPoint: "startPoint"
        case .endPoint: "endPoint"
        case .gradientType: "type"
        case .string: "string"
        case .font: "font"
        case .fontSize: "fontSize"
        case .foregroundColor: "foregroundColor"
        case .isWrapped: "wrapped"
        case .truncationMode: "truncationMode"
        case .alignmentMode: "alignmentMode"
        case .allowsFontSubpixelQuantization: "allowsFontSubpixelQuantization"
        case .instanceCount: "instanceCount"
        case .instanceDelay: "instanceDelay"
        case .instanceTransform: "instanceTransform"
        case .instanceColor: "instanceColor"
        case .instanceRedOffset: "instanceRedOffset"
        case .instanceGreenOffset: "instanceGreenOffset"
        case .instanceBlueOffset: "instanceBlueOffset"
        case .instanceAlphaOffset: "instanceAlphaOffset"
        case .preservesDepth: "preservesDepth"
        case .birthRate: "birthRate"
        case .lifetime: "lifetime"
        case .emitterPosition: "emitterPosition"
        case .emitterZPosition: "emitterZPosition"
        case .emitterSize: "emitterSize"
        case .emitterDepth: "emitterDepth"
        case .emitterShape: "emitterShape"
        case .emitterMode: "emitterMode"
        case .renderMode: "renderMode"
        case .velocity: "velocity"
        case .scale: "scale"
        case .spin: "spin"
        case .seed: "seed"
        }
    }

    /// The kind of value the property holds (a `nil` value is ``AnimatableValue/null`` where ``isNullable``).
    /// Integer, `Float` and enum-like option properties are numbers; Apple's string enums are strings.
    public var kind: AnimatableValue.Kind {
        switch self {
        case .bounds, .contentsRect, .contentsCenter:
            .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition:
            .point
        case .shadowOffset, .emitterSize:
            .size
        case .transform, .sublayerTransform, .instanceTransform:
            .transform
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor:
            .color
        case .isHidden, .isDoubleSided, .isGeometryFlipped, .masksToBounds, .allowsGroupOpacity, .isOpaque,
            .needsDisplayOnBoundsChange, .drawsAsynchronously, .allowsEdgeAntialiasing, .shouldRasterize, .isWrapped,
            .allowsFontSubpixelQuantization, .preservesDepth:
            .bool
        case .cornerCurve, .contentsGravity, .contentsFormat, .minificationFilter, .magnificationFilter,
            .compositingFilter, .name, .fillRule, .lineCap, .lineJoin, .gradientType, .string, .font,
            .truncationMode, .alignmentMode, .emitterShape, .emitterMode, .renderMode:
            .string
        case .shadowPath, .path:
            .path
        case .contents:
            .image
        case .lineDashPattern, .locations:
            .numbers
        case .colors:
            .colors
        case .zPosition, .anchorPointZ, .opacity, .cornerRadius, .maskedCorners, .borderWidth, .shadowOpacity,
            .shadowRadius, .contentsScale, .minificationFilterBias, .edgeAntialiasingMask, .rasterizationScale,
            .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase, .fontSize, .instanceCount,
            .instanceDelay, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
            .birthRate, .lifetime, .emitterZPosition, .emitterDepth, .velocity, .scale, .spin, .seed:
            .number
        }
    }

    /// Whether Apple's headers mark the property "Animatable" (SPEC §9 for `CALayer`; the subclass headers for the
    /// rest). Only these get implicit actions and are expected in animation key paths; animating another one
    /// works here the same way (Apple's behaviour for those is unspecified).
    public var isAnimatable: Bool {
        switch self {
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform,
            .isHidden, .isDoubleSided, .masksToBounds, .opacity, .backgroundColor, .cornerRadius, .borderWidth,
            .borderColor, .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath, .contents,
            .contentsRect, .contentsScale, .contentsCenter, .minificationFilterBias, .compositingFilter,
            .shouldRasterize, .rasterizationScale:
            true
        case .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase:
            true
        case .colors, .locations, .startPoint, .endPoint:
            true
        case .fontSize, .foregroundColor:
            true
        case .instanceCount, .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset,
            .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            true
        case .birthRate, .lifetime, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .velocity,
            .scale, .spin:
            true
        default:
            false
        }
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
        switch self {
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor,
            .contents, .shadowPath, .path, .lineDashPattern, .colors, .locations, .compositingFilter, .name,
            .string, .font:
            true
        default:
            false
        }
    }

    /// The layer class that declares the property. `preservesDepth` is declared by both `CAReplicatorLayer` and
    /// `CAEmitterLayer`; it reports ``Family/replicatorLayer``.
    public var family: Family {
        switch self {
        case .path, .fillColor, .fillRule, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineCap,
            .lineJoin, .lineDashPhase, .lineDashPattern:
            .shapeLayer
        case .colors, .locations, .startPoint, .endPoint, .gradientType:
            .gradientLayer
        case .string, .font, .fontSize, .foregroundColor, .isWrapped, .truncationMode, .alignmentMode,
            .allowsFontSubpixelQuantization:
            .textLayer
        case .instanceCount, .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset,
            .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .preservesDepth:
            .replicatorLayer
        case .birthRate, .lifetime, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .emitterShape,
            .emitterMode, .renderMode, .velocity, .scale, .spin, .seed:
            .emitterLayer
        default:
            .layer
        }
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
        switch self {
        case .opacity, .shadowOpacity, .minificationFilterBias, .instanceRedOffset, .instanceGreenOffset,
            .instanceBlueOffset, .instanceAlphaOffset, .birthRate, .lifetime, .velocity, .scale, .spin:
            return NSNumber(value: Float(number))
        case .instanceCount:
            return NSNumber(value: LayerState.integer(number))
        case .seed, .maskedCorners, .edgeAntialiasingMask:
            return NSNumber(value: LayerState.unsigned(number))
        default:
            return NSNumber(value: number)
        }
    }
}
