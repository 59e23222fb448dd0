/// Everything the registry knows about one layer property, in one row of `LayerProperty.facts` (our helper): its
/// Apple key, the kind of value it holds, the class that declares it, and its traits. Adding a property to the
/// registry is adding its case and its row; the switch is exhaustive, so the compiler asks for the row.
struct LayerPropertyFacts {
    /// Marks of a property beyond its key, kind and family.
    struct Traits: OptionSet {
        let rawValue: UInt8
        /// Apple's headers mark it "Animatable".
        static let animatable = Traits(rawValue: 1)
        /// It accepts `nil` (stored as `AnimatableValue.null`).
        static let nullable = Traits(rawValue: 2)
        /// A number Apple declares as `Float`: key-value coding boxes it as a `Float` `NSNumber`.
        static let float = Traits(rawValue: 4)
        /// A number Apple declares as `Int`.
        static let integer = Traits(rawValue: 8)
        /// A number Apple declares as an unsigned integer (masks, `seed`).
        static let unsigned = Traits(rawValue: 16)
    }

    /// Apple's key-value coding key.
    let key: String
    let kind: AnimatableValue.Kind
    let family: LayerProperty.Family
    let traits: Traits

    init(_ key: String, _ kind: AnimatableValue.Kind, _ family: LayerProperty.Family, _ traits: Traits = []) {
        self.key = key
        self.kind = kind
        self.family = family
        self.traits = traits
    }
}

extension LayerProperty {
    /// The property's row: key, kind, declaring class and traits (see `LayerPropertyFacts`).
    var facts: LayerPropertyFacts {
        switch self {
        case .bounds: LayerPropertyFacts("bounds", .rect, .layer, [.animatable])
        case .position: LayerPropertyFacts("position", .point, .layer, [.animatable])
        case .zPosition: LayerPropertyFacts("zPosition", .number, .layer, [.animatable])
        case .anchorPoint: LayerPropertyFacts("anchorPoint", .point, .layer, [.animatable])
        case .anchorPointZ: LayerPropertyFacts("anchorPointZ", .number, .layer, [.animatable])
        case .transform: LayerPropertyFacts("transform", .transform, .layer, [.animatable])
        case .sublayerTransform: LayerPropertyFacts("sublayerTransform", .transform, .layer, [.animatable])
        case .isHidden: LayerPropertyFacts("hidden", .bool, .layer, [.animatable])
        case .isDoubleSided: LayerPropertyFacts("doubleSided", .bool, .layer, [.animatable])
        case .isGeometryFlipped: LayerPropertyFacts("geometryFlipped", .bool, .layer)
        case .masksToBounds: LayerPropertyFacts("masksToBounds", .bool, .layer, [.animatable])
        case .opacity: LayerPropertyFacts("opacity", .number, .layer, [.animatable, .float])
        case .allowsGroupOpacity: LayerPropertyFacts("allowsGroupOpacity", .bool, .layer)
        case .backgroundColor: LayerPropertyFacts("backgroundColor", .color, .layer, [.animatable, .nullable])
        case .cornerRadius: LayerPropertyFacts("cornerRadius", .number, .layer, [.animatable])
        case .maskedCorners: LayerPropertyFacts("maskedCorners", .number, .layer, [.unsigned])
        case .cornerCurve: LayerPropertyFacts("cornerCurve", .string, .layer)
        case .borderWidth: LayerPropertyFacts("borderWidth", .number, .layer, [.animatable])
        case .borderColor: LayerPropertyFacts("borderColor", .color, .layer, [.animatable, .nullable])
        case .shadowColor: LayerPropertyFacts("shadowColor", .color, .layer, [.animatable, .nullable])
        case .shadowOpacity: LayerPropertyFacts("shadowOpacity", .number, .layer, [.animatable, .float])
        case .shadowOffset: LayerPropertyFacts("shadowOffset", .size, .layer, [.animatable])
        case .shadowRadius: LayerPropertyFacts("shadowRadius", .number, .layer, [.animatable])
        case .shadowPath: LayerPropertyFacts("shadowPath", .path, .layer, [.animatable, .nullable])
        case .contents: LayerPropertyFacts("contents", .image, .layer, [.animatable, .nullable])
        case .contentsRect: LayerPropertyFacts("contentsRect", .rect, .layer, [.animatable])
        case .contentsGravity: LayerPropertyFacts("contentsGravity", .string, .layer)
        case .contentsScale: LayerPropertyFacts("contentsScale", .number, .layer, [.animatable])
        case .contentsCenter: LayerPropertyFacts("contentsCenter", .rect, .layer, [.animatable])
        case .contentsFormat: LayerPropertyFacts("contentsFormat", .string, .layer)
        case .minificationFilter: LayerPropertyFacts("minificationFilter", .string, .layer)
        case .magnificationFilter: LayerPropertyFacts("magnificationFilter", .string, .layer)
        case .minificationFilterBias:
            LayerPropertyFacts("minificationFilterBias", .number, .layer, [.animatable, .float])
        case .isOpaque: LayerPropertyFacts("opaque", .bool, .layer)
        case .needsDisplayOnBoundsChange: LayerPropertyFacts("needsDisplayOnBoundsChange", .bool, .layer)
        case .drawsAsynchronously: LayerPropertyFacts("drawsAsynchronously", .bool, .layer)
        case .edgeAntialiasingMask: LayerPropertyFacts("edgeAntialiasingMask", .number, .layer, [.unsigned])
        case .allowsEdgeAntialiasing: LayerPropertyFacts("allowsEdgeAntialiasing", .bool, .layer)
        case .compositingFilter: LayerPropertyFacts("compositingFilter", .string, .layer, [.animatable, .nullable])
        case .shouldRasterize: LayerPropertyFacts("shouldRasterize", .bool, .layer, [.animatable])
        case .rasterizationScale: LayerPropertyFacts("rasterizationScale", .number, .layer, [.animatable])
        case .name: LayerPropertyFacts("name", .string, .layer, [.nullable])
        case .path: LayerPropertyFacts("path", .path, .shapeLayer, [.animatable, .nullable])
        case .fillColor: LayerPropertyFacts("fillColor", .color, .shapeLayer, [.animatable, .nullable])
        case .fillRule: LayerPropertyFacts("fillRule", .string, .shapeLayer)
        case .strokeColor: LayerPropertyFacts("strokeColor", .color, .shapeLayer, [.animatable, .nullable])
        case .strokeStart: LayerPropertyFacts("strokeStart", .number, .shapeLayer, [.animatable])
        case .strokeEnd: LayerPropertyFacts("strokeEnd", .number, .shapeLayer, [.animatable])
        case .lineWidth: LayerPropertyFacts("lineWidth", .number, .shapeLayer, [.animatable])
        case .miterLimit: LayerPropertyFacts("miterLimit", .number, .shapeLayer, [.animatable])
        case .lineCap: LayerPropertyFacts("lineCap", .string, .shapeLayer)
        case .lineJoin: LayerPropertyFacts("lineJoin", .string, .shapeLayer)
        case .lineDashPhase: LayerPropertyFacts("lineDashPhase", .number, .shapeLayer, [.animatable])
        case .lineDashPattern: LayerPropertyFacts("lineDashPattern", .numbers, .shapeLayer, [.nullable])
        case .colors: LayerPropertyFacts("colors", .colors, .gradientLayer, [.animatable, .nullable])
        case .locations: LayerPropertyFacts("locations", .numbers, .gradientLayer, [.animatable, .nullable])
        case .startPoint: LayerPropertyFacts("startPoint", .point, .gradientLayer, [.animatable])
        case .endPoint: LayerPropertyFacts("endPoint", .point, .gradientLayer, [.animatable])
        case .gradientType: LayerPropertyFacts("type", .string, .gradientLayer)
        case .string: LayerPropertyFacts("string", .string, .textLayer, [.nullable])
        case .font: LayerPropertyFacts("font", .string, .textLayer, [.nullable])
        case .fontSize: LayerPropertyFacts("fontSize", .number, .textLayer, [.animatable])
        case .foregroundColor: LayerPropertyFacts("foregroundColor", .color, .textLayer, [.animatable, .nullable])
        case .isWrapped: LayerPropertyFacts("wrapped", .bool, .textLayer)
        case .truncationMode: LayerPropertyFacts("truncationMode", .string, .textLayer)
        case .alignmentMode: LayerPropertyFacts("alignmentMode", .string, .textLayer)
        case .allowsFontSubpixelQuantization: LayerPropertyFacts("allowsFontSubpixelQuantization", .bool, .textLayer)
        case .instanceCount: LayerPropertyFacts("instanceCount", .number, .replicatorLayer, [.animatable, .integer])
        case .instanceDelay: LayerPropertyFacts("instanceDelay", .number, .replicatorLayer, [.animatable])
        case .instanceTransform: LayerPropertyFacts("instanceTransform", .transform, .replicatorLayer, [.animatable])
        case .instanceColor: LayerPropertyFacts("instanceColor", .color, .replicatorLayer, [.animatable, .nullable])
        case .instanceRedOffset:
            LayerPropertyFacts("instanceRedOffset", .number, .replicatorLayer, [.animatable, .float])
        case .instanceGreenOffset:
            LayerPropertyFacts("instanceGreenOffset", .number, .replicatorLayer, [.animatable, .float])
        case .instanceBlueOffset:
            LayerPropertyFacts("instanceBlueOffset", .number, .replicatorLayer, [.animatable, .float])
        case .instanceAlphaOffset:
            LayerPropertyFacts("instanceAlphaOffset", .number, .replicatorLayer, [.animatable, .float])
        case .preservesDepth: LayerPropertyFacts("preservesDepth", .bool, .replicatorLayer)
        case .birthRate: LayerPropertyFacts("birthRate", .number, .emitterLayer, [.animatable, .float])
        case .lifetime: LayerPropertyFacts("lifetime", .number, .emitterLayer, [.animatable, .float])
        case .emitterPosition: LayerPropertyFacts("emitterPosition", .point, .emitterLayer, [.animatable])
        case .emitterZPosition: LayerPropertyFacts("emitterZPosition", .number, .emitterLayer, [.animatable])
        case .emitterSize: LayerPropertyFacts("emitterSize", .size, .emitterLayer, [.animatable])
        case .emitterDepth: LayerPropertyFacts("emitterDepth", .number, .emitterLayer, [.animatable])
        case .emitterShape: LayerPropertyFacts("emitterShape", .string, .emitterLayer)
        case .emitterMode: LayerPropertyFacts("emitterMode", .string, .emitterLayer)
        case .renderMode: LayerPropertyFacts("renderMode", .string, .emitterLayer)
        case .velocity: LayerPropertyFacts("velocity", .number, .emitterLayer, [.animatable, .float])
        case .scale: LayerPropertyFacts("scale", .number, .emitterLayer, [.animatable, .float])
        case .spin: LayerPropertyFacts("spin", .number, .emitterLayer, [.animatable, .float])
        case .seed: LayerPropertyFacts("seed", .number, .emitterLayer, [.unsigned])
        }
    }
}
