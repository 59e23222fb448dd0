import PortableQuartzCore
import Testing

@Suite("LayerState storage and defaults (SPEC §11b)")
struct LayerStateTests {
    @Test("a new state has Apple's CALayer defaults")
    func calayerDefaults() {
        let state = LayerState()
        #expect(state.bounds == .zero && state.position == .zero)
        #expect(state.anchorPoint == CGPoint(x: 0.5, y: 0.5) && state.anchorPointZ == 0 && state.zPosition == 0)
        #expect(state.transform == CATransform3DIdentity && state.sublayerTransform == CATransform3DIdentity)
        #expect(!state.masksToBounds && !state.details.isGeometryFlipped && !state.isHidden && state.isDoubleSided)
        #expect(state.details.contentsScale == 1 && state.opacity == 1)
        #expect(state.backgroundColor == nil && state.borderColor == .opaqueBlack && state.shadowColor == .opaqueBlack)
        #expect(
            state.shadowOffset == CGSize(width: 0, height: -3) && state.shadowRadius == 3 && state.shadowOpacity == 0)
        #expect(state.details.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(state.details.contentsGravity == "resize" && state.details.cornerCurve == "circular")
        #expect(state.details.maskedCorners == 15 && state.details.edgeAntialiasingMask == 15)
    }

    @Test("subclass groups start at Apple's defaults")
    func subclassDefaults() {
        let state = LayerState()
        #expect(state.shape.fillColor == .opaqueBlack && state.shape.strokeColor == nil && state.shape.path == nil)
        #expect(state.shape.strokeStart == 0 && state.shape.strokeEnd == 1 && state.shape.lineWidth == 1)
        #expect(state.shape.miterLimit == 10 && state.shape.fillRule == "non-zero" && state.shape.lineCap == "butt")
        #expect(state.gradient.startPoint == CGPoint(x: 0.5, y: 0) && state.gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(state.gradient.type == "axial" && state.gradient.colors == nil)
        #expect(
            state.text.fontSize == 36 && state.text.foregroundColor == .opaqueWhite && state.text.font == "Helvetica")
        #expect(state.replicator.instanceCount == 1 && state.replicator.instanceColor == .opaqueWhite)
        #expect(
            state.emitter.birthRate == 1 && state.emitter.emitterShape == "point"
                && state.emitter.emitterMode == "volume")
    }

    @Test("every property reads back a value of its kind, or null where nullable")
    func defaultKinds() {
        for property in LayerProperty.allCases {
            let value = LayerState()[property]
            #expect(value.kind == property.kind || (value.isNull && property.isNullable), "\(property.key)")
            #expect(property.defaultValue == value, "\(property.key)")
        }
    }

    @Test("every property stores and returns a non-default value of its kind through the subscript")
    func subscriptRoundTrip() {
        for property in LayerProperty.allCases {
            var value = Self.sample(for: property.kind)
            if property.defaultValue == .bool(true) { value = .bool(false) }
            var state = LayerState()
            state[property] = value
            #expect(state[property] == value, "\(property.key)")
            #expect(state != LayerState(), "\(property.key)")
            // Only that property changed.
            var reset = state
            reset[property] = property.defaultValue
            #expect(reset == LayerState(), "\(property.key)")
        }
    }

    @Test("null clears a nullable property and is ignored by others; a value of the wrong kind is ignored")
    func nullAndWrongKinds() {
        var state = LayerState()
        state[.borderColor] = .null
        #expect(state.borderColor == nil)
        state[.opacity] = .null
        #expect(state.opacity == 1)
        state[.position] = .number(3)
        #expect(state.position == .zero)
        state[.backgroundColor] = .point(.zero)
        #expect(state.backgroundColor == nil)
        state[.contents] = .string("image.png")
        #expect(state.contents == nil)
    }

    @Test("Float properties round to Float like Apple's: opacity 0.3 reads back 0.30000001192…")
    func floatRounding() {
        var state = LayerState()
        state[.opacity] = .number(0.3)
        #expect(state.opacity == Float(0.3))
        #expect(state[.opacity] == .number(Double(Float(0.3))))
    }

    @Test("integer properties truncate toward zero and clamp; NaN gives 0")
    func integerProperties() {
        var state = LayerState()
        state[.instanceCount] = .number(3.9)
        #expect(state.replicator.instanceCount == 3)
        state[.instanceCount] = .number(-2.5)
        #expect(state.replicator.instanceCount == -2)
        state[.instanceCount] = .number(.nan)
        #expect(state.replicator.instanceCount == 0)
        state[.instanceCount] = .number(.infinity)
        #expect(state.replicator.instanceCount == Int.max)
        state[.seed] = .number(-4)
        #expect(state.emitter.seed == 0)
        state[.seed] = .number(1e12)
        #expect(state.emitter.seed == UInt32.max)
        state[.maskedCorners] = .number(5)
        #expect(state.details.maskedCorners == 5)
    }

    @Test("contents hold an image, a cross-fade or nothing")
    func contents() {
        let a = PropertyFixtures.image(1)
        let b = PropertyFixtures.image(2)
        var state = LayerState()
        state[.contents] = .image(a)
        #expect(state.contents == .image(a))
        state[.contents] = .crossFade(from: a, to: b, fraction: 0.25)
        #expect(state.contents == .crossFade(from: a, to: b, fraction: 0.25))
        #expect(state.contents?.dominantImage === a)
        state[.contents] = .null
        #expect(state.contents == nil)
    }

    @Test("copies are independent: writing a grouped property of a copy leaves the original alone")
    func copyOnWrite() {
        var original = LayerState()
        original.shape.strokeEnd = 0.5
        var copy = original
        copy.shape.strokeEnd = 0.25
        copy[.lineWidth] = .number(4)
        copy.details.name = "copy"
        #expect(original.shape.strokeEnd == 0.5 && original.shape.lineWidth == 1 && original.details.name == nil)
        #expect(copy.shape.strokeEnd == 0.25 && copy.shape.lineWidth == 4 && copy.details.name == "copy")
        #expect(LayerState().shape.strokeEnd == 1)
    }

    @Test("copyValue(of:from:) resets one property from another state")
    func copyValue() {
        var model = LayerState()
        model.position = CGPoint(x: 5, y: 6)
        model.shape.strokeEnd = 0.4
        var presentation = LayerState()
        presentation.copyValue(of: .position, from: model)
        presentation.copyValue(of: .strokeEnd, from: model)
        #expect(presentation.position == CGPoint(x: 5, y: 6) && presentation.shape.strokeEnd == 0.4)
        #expect(presentation.bounds == model.bounds)
    }

    @Test("the inline part stays small (well under the 1 KB per layer budget); groups live out of line")
    func inlineSize() {
        #expect(MemoryLayout<LayerState>.size <= 640)
    }

    /// A value of `kind` that no property has as its default.
    private static func sample(for kind: AnimatableValue.Kind) -> AnimatableValue {
        switch kind {
        case .null: .null
        case .number: .number(7)
        case .point: .point(CGPoint(x: 3, y: -4))
        case .size: .size(CGSize(width: 6, height: 8))
        case .rect: .rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        case .color: .color(ColorComponents(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
        case .transform: .transform(CATransform3DMakeRotation(0.5, 0, 0, 1))
        case .affineTransform: .affineTransform(CGAffineTransform(rotationAngle: 0.5))
        case .numbers: .numbers([0.25, 0.75])
        case .colors: .colors([.opaqueWhite, .transparentBlack])
        case .path: .path(PropertyFixtures.wigglePath())
        case .image: .image(PropertyFixtures.image())
        case .bool: .bool(true)
        case .string: .string("sample")
        }
    }
}

@Suite("LayerState property registry (LayerProperty)")
struct LayerStatePropertyRegistryTests {
    @Test("every property of SPEC §9's animatable list is registered and marked animatable")
    func spec9Animatable() throws {
        let keys = [
            "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
            "hidden",
            "doubleSided", "masksToBounds", "contents", "contentsRect", "contentsScale", "contentsCenter",
            "minificationFilterBias", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "opacity",
            "compositingFilter", "shouldRasterize", "rasterizationScale", "shadowColor", "shadowOpacity",
            "shadowOffset",
            "shadowRadius", "shadowPath",
        ]
        for key in keys {
            let property = try #require(LayerProperty(key: key), "\(key)")
            #expect(property.isAnimatable, "\(key)")
            #expect(property.family == .layer, "\(key)")
        }
    }

    @Test("subclass properties carry their header's animatable marks")
    func subclassAnimatable() {
        let animatable: [LayerProperty] = [
            .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase, .colors,
            .locations, .startPoint, .endPoint, .fontSize, .foregroundColor, .instanceCount, .instanceDelay,
            .instanceTransform, .instanceColor, .instanceAlphaOffset, .birthRate, .emitterPosition, .velocity, .spin,
        ]
        let fixed: [LayerProperty] = [
            .isGeometryFlipped, .fillRule, .lineCap, .lineJoin, .lineDashPattern, .gradientType, .string, .font,
            .isWrapped, .alignmentMode, .preservesDepth, .emitterShape, .seed, .contentsGravity, .name, .maskedCorners,
        ]
        for property in animatable { #expect(property.isAnimatable, "\(property.key)") }
        for property in fixed { #expect(!property.isAnimatable, "\(property.key)") }
        #expect(LayerProperty.path.isAnimatable && !LayerProperty.path.isImplicitlyAnimatable)
        #expect(LayerProperty.strokeEnd.isImplicitlyAnimatable)
    }

    @Test("keys are unique and unknown keys give nil")
    func keys() {
        #expect(Set(LayerProperty.allCases.map(\.key)).count == LayerProperty.allCases.count)
        #expect(LayerProperty(key: "frame") == nil)
        #expect(LayerProperty(key: "isHidden") == nil)
        #expect(LayerProperty(key: "hidden") == .isHidden)
    }

    @Test("families: subclass properties belong to their class, CALayer's to all, preservesDepth to two")
    func families() {
        #expect(LayerProperty.strokeEnd.family == .shapeLayer)
        #expect(LayerProperty.strokeEnd.belongs(to: .shapeLayer) && !LayerProperty.strokeEnd.belongs(to: .layer))
        #expect(LayerProperty.opacity.belongs(to: .emitterLayer))
        #expect(
            LayerProperty.preservesDepth.belongs(to: .emitterLayer)
                && LayerProperty.preservesDepth.belongs(to: .replicatorLayer))
        #expect(!LayerProperty.preservesDepth.belongs(to: .textLayer))
        #expect(LayerProperty.gradientType.family == .gradientLayer && LayerProperty.fontSize.family == .textLayer)
    }
}
