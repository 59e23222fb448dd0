import Foundation

/// How key-value coding reaches a registered property through the layer's own Swift property (our helper).
///
/// On Apple platforms `setValue(_:forKey:)` and `value(forKey:)` call the property's accessor methods, so a subclass
/// that overrides `backgroundColor` (to colour a sublayer instead, say) sees the values set and read by key. Here
/// each registered property of the layer classes has one accessor: a typed key path of the class that declares it,
/// which Swift dispatches to the subclass's override. It converts between the property's Swift type and
/// `AnimatableValue` the way `LayerState`'s subscript does (integers truncate toward zero and clamp, NaN gives 0).
///
/// `string` and `font` are absent: `CATextLayer` routes those keys to its properties itself.
struct LayerPropertyAccessor: Sendable {
    /// The property's value through its getter; nil when the layer's class does not declare the property.
    let read: @Sendable (CALayer) -> AnimatableValue?
    /// Sets the property through its setter; false when the layer's class does not declare it or the value is not
    /// of the property's kind.
    let write: @Sendable (CALayer, AnimatableValue) -> Bool

    /// The accessor of `property`, if it has one.
    static func of(_ property: LayerProperty) -> LayerPropertyAccessor? {
        table[property]
    }

    // The key paths name the declaring classes' properties; applying one to an instance calls its class's override.
    private static let table: [LayerProperty: LayerPropertyAccessor] = [
        .bounds: rect(\CALayer.bounds), .position: point(\CALayer.position),
        .zPosition: number(\CALayer.zPosition), .anchorPoint: point(\CALayer.anchorPoint),
        .anchorPointZ: number(\CALayer.anchorPointZ), .transform: transform(\CALayer.transform),
        .sublayerTransform: transform(\CALayer.sublayerTransform), .isHidden: bool(\CALayer.isHidden),
        .isDoubleSided: bool(\CALayer.isDoubleSided), .isGeometryFlipped: bool(\CALayer.isGeometryFlipped),
        .masksToBounds: bool(\CALayer.masksToBounds), .opacity: number(\CALayer.opacity),
        .allowsGroupOpacity: bool(\CALayer.allowsGroupOpacity), .backgroundColor: color(\CALayer.backgroundColor),
        .cornerRadius: number(\CALayer.cornerRadius),
        .maskedCorners: unsigned(\CALayer.maskedCorners, max: .max, raw: \.rawValue, make: CACornerMask.init),
        .cornerCurve: name(\CALayer.cornerCurve), .borderWidth: number(\CALayer.borderWidth),
        .borderColor: color(\CALayer.borderColor), .shadowColor: color(\CALayer.shadowColor),
        .shadowOpacity: number(\CALayer.shadowOpacity), .shadowOffset: size(\CALayer.shadowOffset),
        .shadowRadius: number(\CALayer.shadowRadius), .shadowPath: path(\CALayer.shadowPath),
        .contents: contents, .contentsRect: rect(\CALayer.contentsRect),
        .contentsGravity: name(\CALayer.contentsGravity), .contentsScale: number(\CALayer.contentsScale),
        .contentsCenter: rect(\CALayer.contentsCenter), .contentsFormat: name(\CALayer.contentsFormat),
        .minificationFilter: name(\CALayer.minificationFilter),
        .magnificationFilter: name(\CALayer.magnificationFilter),
        .minificationFilterBias: number(\CALayer.minificationFilterBias), .isOpaque: bool(\CALayer.isOpaque),
        .needsDisplayOnBoundsChange: bool(\CALayer.needsDisplayOnBoundsChange),
        .drawsAsynchronously: bool(\CALayer.drawsAsynchronously),
        .edgeAntialiasingMask: unsigned(
            \CALayer.edgeAntialiasingMask, max: UInt(UInt32.max), raw: { UInt($0.rawValue) },
            make: { CAEdgeAntialiasingMask(rawValue: UInt32($0)) }),
        .allowsEdgeAntialiasing: bool(\CALayer.allowsEdgeAntialiasing), .compositingFilter: compositingFilter,
        .shouldRasterize: bool(\CALayer.shouldRasterize), .rasterizationScale: number(\CALayer.rasterizationScale),
        .name: optionalString(\CALayer.name),
        // CAShapeLayer
        .path: path(\CAShapeLayer.path), .fillColor: color(\CAShapeLayer.fillColor),
        .fillRule: name(\CAShapeLayer.fillRule), .strokeColor: color(\CAShapeLayer.strokeColor),
        .strokeStart: number(\CAShapeLayer.strokeStart), .strokeEnd: number(\CAShapeLayer.strokeEnd),
        .lineWidth: number(\CAShapeLayer.lineWidth), .miterLimit: number(\CAShapeLayer.miterLimit),
        .lineCap: name(\CAShapeLayer.lineCap), .lineJoin: name(\CAShapeLayer.lineJoin),
        .lineDashPhase: number(\CAShapeLayer.lineDashPhase), .lineDashPattern: numbers(\CAShapeLayer.lineDashPattern),
        // CAGradientLayer
        .colors: colors, .locations: numbers(\CAGradientLayer.locations),
        .startPoint: point(\CAGradientLayer.startPoint), .endPoint: point(\CAGradientLayer.endPoint),
        .gradientType: name(\CAGradientLayer.type),
        // CATextLayer
        .fontSize: number(\CATextLayer.fontSize), .foregroundColor: color(\CATextLayer.foregroundColor),
        .isWrapped: bool(\CATextLayer.isWrapped), .truncationMode: name(\CATextLayer.truncationMode),
        .alignmentMode: name(\CATextLayer.alignmentMode),
        .allowsFontSubpixelQuantization: bool(\CATextLayer.allowsFontSubpixelQuantization),
        // CAReplicatorLayer
        .instanceCount: integer(\CAReplicatorLayer.instanceCount),
        .instanceDelay: number(\CAReplicatorLayer.instanceDelay),
        .instanceTransform: transform(\CAReplicatorLayer.instanceTransform),
        .instanceColor: color(\CAReplicatorLayer.instanceColor),
        .instanceRedOffset: number(\CAReplicatorLayer.instanceRedOffset),
        .instanceGreenOffset: number(\CAReplicatorLayer.instanceGreenOffset),
        .instanceBlueOffset: number(\CAReplicatorLayer.instanceBlueOffset),
        .instanceAlphaOffset: number(\CAReplicatorLayer.instanceAlphaOffset),
        .preservesDepth: either(bool(\CAReplicatorLayer.preservesDepth), bool(\CAEmitterLayer.preservesDepth)),
        // CAEmitterLayer
        .birthRate: number(\CAEmitterLayer.birthRate), .lifetime: number(\CAEmitterLayer.lifetime),
        .emitterPosition: point(\CAEmitterLayer.emitterPosition),
        .emitterZPosition: number(\CAEmitterLayer.emitterZPosition),
        .emitterSize: size(\CAEmitterLayer.emitterSize), .emitterDepth: number(\CAEmitterLayer.emitterDepth),
        .emitterShape: name(\CAEmitterLayer.emitterShape), .emitterMode: name(\CAEmitterLayer.emitterMode),
        .renderMode: name(\CAEmitterLayer.renderMode), .velocity: number(\CAEmitterLayer.velocity),
        .scale: number(\CAEmitterLayer.scale), .spin: number(\CAEmitterLayer.spin),
        .seed: unsigned(\CAEmitterLayer.seed, max: UInt(UInt32.max), raw: { UInt($0) }, make: { UInt32($0) }),
    ]

    // MARK: Accessors by Swift type

    /// An accessor through `keyPath` that reads the value with `get` and writes what `set` makes of a value (nil:
    /// not of the property's kind).
    private static func make<Layer: CALayer, Value>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value> & Sendable,
        get: @escaping @Sendable (Value) -> AnimatableValue,
        set: @escaping @Sendable (AnimatableValue) -> Value?
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            read: { layer in (layer as? Layer).map { get($0[keyPath: keyPath]) } },
            write: { layer, value in
                guard let layer = layer as? Layer, let converted = set(value) else { return false }
                layer[keyPath: keyPath] = converted
                return true
            })
    }

    private static func number<Layer: CALayer, Value: BinaryFloatingPoint & Sendable>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value> & Sendable
    ) -> LayerPropertyAccessor {
        make(keyPath, get: { .number(Double($0)) }, set: { $0.numberPayload.map { Value($0) } })
    }

    private static func integer<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, Int> & Sendable) -> Self {
        make(keyPath, get: { .number(Double($0)) }, set: { $0.numberPayload.map(LayerState.integer) })
    }

    /// An unsigned integer or option set: `raw` gives its number, `make` makes it from one in 0…`max`.
    private static func unsigned<Layer: CALayer, Value: Sendable>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value> & Sendable, max: UInt,
        raw: @escaping @Sendable (Value) -> UInt,
        make: @escaping @Sendable (UInt) -> Value
    ) -> LayerPropertyAccessor {
        self.make(
            keyPath, get: { .number(Double(raw($0))) },
            set: { $0.numberPayload.map { make(LayerState.unsigned($0, max: max)) } })
    }

    private static func bool<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, Bool> & Sendable) -> Self {
        make(keyPath, get: { .bool($0) }, set: { $0.boolPayload })
    }

    private static func point<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGPoint> & Sendable) -> Self {
        make(keyPath, get: { .point($0) }, set: { $0.pointPayload })
    }

    private static func size<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGSize> & Sendable) -> Self {
        make(keyPath, get: { .size($0) }, set: { $0.sizePayload })
    }

    private static func rect<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGRect> & Sendable) -> Self {
        make(keyPath, get: { .rect($0) }, set: { $0.rectPayload })
    }

    private static func transform<Layer: CALayer>(
        _ keyPath: ReferenceWritableKeyPath<Layer, CATransform3D> & Sendable
    ) -> LayerPropertyAccessor {
        make(keyPath, get: { .transform($0) }, set: { $0.transformPayload })
    }

    private static func color<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGColor?> & Sendable) -> Self {
        make(
            keyPath, get: { $0.map { .color(ColorComponents($0)) } ?? .null },
            set: { value in value.colorPayload.map { $0?.cgColor } })
    }

    private static func path<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGPath?> & Sendable) -> Self {
        make(keyPath, get: { $0.map(AnimatableValue.path) ?? .null }, set: { $0.pathPayload })
    }

    /// One of Apple's string-backed names (`CALayerContentsGravity`, `CAShapeLayerLineCap`…).
    private static func name<Layer: CALayer, Value: RawRepresentable<String> & Sendable>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value> & Sendable
    ) -> LayerPropertyAccessor {
        make(keyPath, get: { .string($0.rawValue) }, set: { $0.stringPayload.flatMap(Value.init(rawValue:)) })
    }

    private static func optionalString<Layer: CALayer>(
        _ keyPath: ReferenceWritableKeyPath<Layer, String?> & Sendable
    ) -> Self {
        make(keyPath, get: { $0.map(AnimatableValue.string) ?? .null }, set: { $0.optionalStringPayload })
    }

    private static func numbers<Layer: CALayer>(
        _ keyPath: ReferenceWritableKeyPath<Layer, [NSNumber]?> & Sendable
    ) -> Self {
        make(
            keyPath, get: { $0.map { .numbers($0.map(\.doubleValue)) } ?? .null },
            set: { value in value.numbersPayload.map { $0?.map { NSNumber(value: $0) } } })
    }

    /// The first of `accessors` whose class the layer is.
    private static func either(_ accessors: LayerPropertyAccessor...) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            read: { layer in accessors.lazy.compactMap { $0.read(layer) }.first },
            write: { layer, value in accessors.contains { $0.write(layer, value) } })
    }

    /// `contents` (`Any?` on Apple): a `CGImage` or nil.
    private static let contents = LayerPropertyAccessor(
        read: { layer in (layer.contents as? CGImage).map(AnimatableValue.image) ?? .null },
        write: { layer, value in
            guard let payload = value.contentsPayload else { return false }
            layer.contents = payload?.dominantImage
            return true
        })

    /// `compositingFilter` (`Any?` on Apple): a filter name or nil.
    private static let compositingFilter = LayerPropertyAccessor(
        read: { layer in (layer.compositingFilter as? String).map(AnimatableValue.string) ?? .null },
        write: { layer, value in
            guard let payload = value.optionalStringPayload else { return false }
            layer.compositingFilter = payload
            return true
        })

    /// `CAGradientLayer.colors` (`[Any]?` on Apple): `CGColor`s or nil.
    private static let colors = LayerPropertyAccessor(
        read: { layer in
            guard let gradient = layer as? CAGradientLayer else { return nil }
            guard let colors = gradient.colors else { return .null }
            return .colors(colors.compactMap { ($0 as? CGColor).map(ColorComponents.init) })
        },
        write: { layer, value in
            guard let gradient = layer as? CAGradientLayer, let payload = value.colorsPayload else { return false }
            gradient.colors = payload?.map(\.cgColor)
            return true
        })
}
