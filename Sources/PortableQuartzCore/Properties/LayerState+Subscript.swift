import Foundation

extension LayerState {
    /// The value of `property` as an ``AnimatableValue``: numbers of every width as ``AnimatableValue/number(_:)``
    /// (a `Float` property reads back its `Float` value widened, so 0.3 reads 0.30000001192…, as on Apple), `nil`
    /// as ``AnimatableValue/null``, contents as an image, a cross-fade or `null`.
    ///
    /// Setting stores the value in the property's own type: `Float` properties round to the nearest `Float`;
    /// integer properties (`instanceCount`, `seed`, the corner and edge masks) truncate toward zero and clamp to
    /// their range, NaN giving 0 (INFERRED, like `NSNumber.intValue`). A value of another kind than
    /// ``LayerProperty/kind``, or ``AnimatableValue/null`` for a property that is not ``LayerProperty/isNullable``,
    /// is ignored (the property keeps its value): the registry converts values before they get here, so this only
    /// guards against misuse and never traps.
    ///
    /// Reading a transform property creates a transform value, which allocates its out-of-line box (see
    /// ``AnimatableValue``); read ``transform`` and the other typed fields directly where that matters.
    public subscript(property: LayerProperty) -> AnimatableValue {
        get {
            switch property {
            case .bounds: .rect(bounds)
            case .position: .point(position)
            case .zPosition: .number(Double(zPosition))
            case .anchorPoint: .point(anchorPoint)
            case .anchorPointZ: .number(Double(anchorPointZ))
            case .transform: .transform(transform)
            case .sublayerTransform: .transform(sublayerTransform)
            case .isHidden: .bool(isHidden)
            case .isDoubleSided: .bool(isDoubleSided)
            case .isGeometryFlipped: .bool(detailStorage.value.isGeometryFlipped)
            case .masksToBounds: .bool(masksToBounds)
            case .opacity: .number(Double(opacity))
            case .allowsGroupOpacity: .bool(detailStorage.value.allowsGroupOpacity)
            case .backgroundColor: backgroundColor.map(AnimatableValue.color) ?? .null
            case .cornerRadius: .number(Double(cornerRadius))
            case .maskedCorners: .number(Double(detailStorage.value.maskedCorners))
            case .cornerCurve: .string(detailStorage.value.cornerCurve.name)
            case .borderWidth: .number(Double(borderWidth))
            case .borderColor: borderColor.map(AnimatableValue.color) ?? .null
            case .shadowColor: shadowColor.map(AnimatableValue.color) ?? .null
            case .shadowOpacity: .number(Double(shadowOpacity))
            case .shadowOffset: .size(shadowOffset)
            case .shadowRadius: .number(Double(shadowRadius))
            case .shadowPath: shadowPath.map(AnimatableValue.path) ?? .null
            case .contents: AnimatableValue(contents: contents)
            case .contentsRect: .rect(detailStorage.value.contentsRect)
            case .contentsGravity: .string(detailStorage.value.contentsGravity.name)
            case .contentsScale: .number(Double(detailStorage.value.contentsScale))
            case .contentsCenter: .rect(detailStorage.value.contentsCenter)
            case .contentsFormat: .string(detailStorage.value.contentsFormat.name)
            case .minificationFilter: .string(detailStorage.value.minificationFilter.name)
            case .magnificationFilter: .string(detailStorage.value.magnificationFilter.name)
            case .minificationFilterBias: .number(Double(detailStorage.value.minificationFilterBias))
            case .isOpaque: .bool(detailStorage.value.isOpaque)
            case .needsDisplayOnBoundsChange: .bool(detailStorage.value.needsDisplayOnBoundsChange)
            case .drawsAsynchronously: .bool(detailStorage.value.drawsAsynchronously)
            case .edgeAntialiasingMask: .number(Double(detailStorage.value.edgeAntialiasingMask))
            case .allowsEdgeAntialiasing: .bool(detailStorage.value.allowsEdgeAntialiasing)
            case .compositingFilter: detailStorage.value.compositingFilter.map(AnimatableValue.string) ?? .null
            case .shouldRasterize: .bool(detailStorage.value.shouldRasterize)
            case .rasterizationScale: .number(Double(detailStorage.value.rasterizationScale))
            case .name: detailStorage.value.name.map(AnimatableValue.string) ?? .null
            case .path: shapeStorage.value.path.map(AnimatableValue.path) ?? .null
            case .fillColor: shapeStorage.value.fillColor.map(AnimatableValue.color) ?? .null
            case .fillRule: .string(shapeStorage.value.fillRule.name)
            case .strokeColor: shapeStorage.value.strokeColor.map(AnimatableValue.color) ?? .null
            case .strokeStart: .number(Double(shapeStorage.value.strokeStart))
            case .strokeEnd: .number(Double(shapeStorage.value.strokeEnd))
            case .lineWidth: .number(Double(shapeStorage.value.lineWidth))
            case .miterLimit: .number(Double(shapeStorage.value.miterLimit))
            case .lineCap: .string(shapeStorage.value.lineCap.name)
            case .lineJoin: .string(shapeStorage.value.lineJoin.name)
            case .lineDashPhase: .number(Double(shapeStorage.value.lineDashPhase))
            case .lineDashPattern: shapeStorage.value.lineDashPattern.map(AnimatableValue.numbers) ?? .null
            case .colors: gradientStorage.value.colors.map(AnimatableValue.colors) ?? .null
            case .locations: gradientStorage.value.locations.map(AnimatableValue.numbers) ?? .null
            case .startPoint: .point(gradientStorage.value.startPoint)
            case .endPoint: .point(gradientStorage.value.endPoint)
            case .gradientType: .string(gradientStorage.value.type.name)
            case .string: textStorage.value.string.map(AnimatableValue.string) ?? .null
            case .font: textStorage.value.font.map(AnimatableValue.string) ?? .null
            case .fontSize: .number(Double(textStorage.value.fontSize))
            case .foregroundColor: textStorage.value.foregroundColor.map(AnimatableValue.color) ?? .null
            case .isWrapped: .bool(textStorage.value.isWrapped)
            case .truncationMode: .string(textStorage.value.truncationMode.name)
            case .alignmentMode: .string(textStorage.value.alignmentMode.name)
            case .allowsFontSubpixelQuantization: .bool(textStorage.value.allowsFontSubpixelQuantization)
            case .instanceCount: .number(Double(replicatorStorage.value.instanceCount))
            case .instanceDelay: .number(replicatorStorage.value.instanceDelay)
            case .instanceTransform: .transform(replicatorStorage.value.instanceTransform)
            case .instanceColor: replicatorStorage.value.instanceColor.map(AnimatableValue.color) ?? .null
            case .instanceRedOffset: .number(Double(replicatorStorage.value.instanceRedOffset))
            case .instanceGreenOffset: .number(Double(replicatorStorage.value.instanceGreenOffset))
            case .instanceBlueOffset: .number(Double(replicatorStorage.value.instanceBlueOffset))
            case .instanceAlphaOffset: .number(Double(replicatorStorage.value.instanceAlphaOffset))
            case .preservesDepth: .bool(detailStorage.value.preservesDepth)
            case .birthRate: .number(Double(emitterStorage.value.birthRate))
            case .lifetime: .number(Double(emitterStorage.value.lifetime))
            case .emitterPosition: .point(emitterStorage.value.emitterPosition)
            case .emitterZPosition: .number(Double(emitterStorage.value.emitterZPosition))
            case .emitterSize: .size(emitterStorage.value.emitterSize)
            case .emitterDepth: .number(Double(emitterStorage.value.emitterDepth))
            case .emitterShape: .string(emitterStorage.value.emitterShape.name)
            case .emitterMode: .string(emitterStorage.value.emitterMode.name)
            case .renderMode: .string(emitterStorage.value.renderMode.name)
            case .velocity: .number(Double(emitterStorage.value.velocity))
            case .scale: .number(Double(emitterStorage.value.scale))
            case .spin: .number(Double(emitterStorage.value.spin))
            case .seed: .number(Double(emitterStorage.value.seed))
            }
        }
        set {
            switch property {
            case .bounds: if let v = newValue.rectPayload { bounds = v }
            case .position: if let v = newValue.pointPayload { position = v }
            case .zPosition: if let v = newValue.numberPayload { zPosition = CGFloat(v) }
            case .anchorPoint: if let v = newValue.pointPayload { anchorPoint = v }
            case .anchorPointZ: if let v = newValue.numberPayload { anchorPointZ = CGFloat(v) }
            case .transform: if let v = newValue.transformPayload { transform = v }
            case .sublayerTransform: if let v = newValue.transformPayload { sublayerTransform = v }
            case .isHidden: if let v = newValue.boolPayload { isHidden = v }
            case .isDoubleSided: if let v = newValue.boolPayload { isDoubleSided = v }
            case .isGeometryFlipped: if let v = newValue.boolPayload { detailStorage.value.isGeometryFlipped = v }
            case .masksToBounds: if let v = newValue.boolPayload { masksToBounds = v }
            case .opacity: if let v = newValue.numberPayload { opacity = Float(v) }
            case .allowsGroupOpacity: if let v = newValue.boolPayload { detailStorage.value.allowsGroupOpacity = v }
            case .backgroundColor: if let v = newValue.colorPayload { backgroundColor = v }
            case .cornerRadius: if let v = newValue.numberPayload { cornerRadius = CGFloat(v) }
            case .maskedCorners:
                if let v = newValue.numberPayload { detailStorage.value.maskedCorners = LayerState.unsigned(v) }
            case .cornerCurve:
                if let v = newValue.stringPayload { detailStorage.value.cornerCurve = NamedChoice(name: v) }
            case .borderWidth: if let v = newValue.numberPayload { borderWidth = CGFloat(v) }
            case .borderColor: if let v = newValue.colorPayload { borderColor = v }
            case .shadowColor: if let v = newValue.colorPayload { shadowColor = v }
            case .shadowOpacity: if let v = newValue.numberPayload { shadowOpacity = Float(v) }
            case .shadowOffset: if let v = newValue.sizePayload { shadowOffset = v }
            case .shadowRadius: if let v = newValue.numberPayload { shadowRadius = CGFloat(v) }
            case .shadowPath: if let v = newValue.pathPayload { shadowPath = v }
            case .contents: if let v = newValue.contentsPayload { contents = v }
            case .contentsRect: if let v = newValue.rectPayload { detailStorage.value.contentsRect = v }
            case .contentsGravity:
                if let v = newValue.stringPayload { detailStorage.value.contentsGravity = NamedChoice(name: v) }
            case .contentsScale: if let v = newValue.numberPayload { detailStorage.value.contentsScale = CGFloat(v) }
            case .contentsCenter: if let v = newValue.rectPayload { detailStorage.value.contentsCenter = v }
            case .contentsFormat:
                if let v = newValue.stringPayload { detailStorage.value.contentsFormat = NamedChoice(name: v) }
            case .minificationFilter:
                if let v = newValue.stringPayload { detailStorage.value.minificationFilter = NamedChoice(name: v) }
            case .magnificationFilter:
                if let v = newValue.stringPayload { detailStorage.value.magnificationFilter = NamedChoice(name: v) }
            case .minificationFilterBias:
                if let v = newValue.numberPayload { detailStorage.value.minificationFilterBias = Float(v) }
            case .isOpaque: if let v = newValue.boolPayload { detailStorage.value.isOpaque = v }
            case .needsDisplayOnBoundsChange:
                if let v = newValue.boolPayload { detailStorage.value.needsDisplayOnBoundsChange = v }
            case .drawsAsynchronously: if let v = newValue.boolPayload { detailStorage.value.drawsAsynchronously = v }
            case .edgeAntialiasingMask:
                if let v = newValue.numberPayload {
                    detailStorage.value.edgeAntialiasingMask = UInt32(LayerState.unsigned(v, max: UInt(UInt32.max)))
                }
            case .allowsEdgeAntialiasing:
                if let v = newValue.boolPayload { detailStorage.value.allowsEdgeAntialiasing = v }
            case .compositingFilter:
                if let v = newValue.optionalStringPayload { detailStorage.value.compositingFilter = v }
            case .shouldRasterize: if let v = newValue.boolPayload { detailStorage.value.shouldRasterize = v }
            case .rasterizationScale:
                if let v = newValue.numberPayload { detailStorage.value.rasterizationScale = CGFloat(v) }
            case .name: if let v = newValue.optionalStringPayload { detailStorage.value.name = v }
            case .path: if let v = newValue.pathPayload { shapeStorage.value.path = v }
            case .fillColor: if let v = newValue.colorPayload { shapeStorage.value.fillColor = v }
            case .fillRule: if let v = newValue.stringPayload { shapeStorage.value.fillRule = NamedChoice(name: v) }
            case .strokeColor: if let v = newValue.colorPayload { shapeStorage.value.strokeColor = v }
            case .strokeStart: if let v = newValue.numberPayload { shapeStorage.value.strokeStart = CGFloat(v) }
            case .strokeEnd: if let v = newValue.numberPayload { shapeStorage.value.strokeEnd = CGFloat(v) }
            case .lineWidth: if let v = newValue.numberPayload { shapeStorage.value.lineWidth = CGFloat(v) }
            case .miterLimit: if let v = newValue.numberPayload { shapeStorage.value.miterLimit = CGFloat(v) }
            case .lineCap: if let v = newValue.stringPayload { shapeStorage.value.lineCap = NamedChoice(name: v) }
            case .lineJoin: if let v = newValue.stringPayload { shapeStorage.value.lineJoin = NamedChoice(name: v) }
            case .lineDashPhase: if let v = newValue.numberPayload { shapeStorage.value.lineDashPhase = CGFloat(v) }
            case .lineDashPattern: if let v = newValue.numbersPayload { shapeStorage.value.lineDashPattern = v }
            case .colors: if let v = newValue.colorsPayload { gradientStorage.value.colors = v }
            case .locations: if let v = newValue.numbersPayload { gradientStorage.value.locations = v }
            case .startPoint: if let v = newValue.pointPayload { gradientStorage.value.startPoint = v }
            case .endPoint: if let v = newValue.pointPayload { gradientStorage.value.endPoint = v }
            case .gradientType: if let v = newValue.stringPayload { gradientStorage.value.type = NamedChoice(name: v) }
            case .string: if let v = newValue.optionalStringPayload { textStorage.value.string = v }
            case .font: if let v = newValue.optionalStringPayload { textStorage.value.font = v }
            case .fontSize: if let v = newValue.numberPayload { textStorage.value.fontSize = CGFloat(v) }
            case .foregroundColor: if let v = newValue.colorPayload { textStorage.value.foregroundColor = v }
            case .isWrapped: if let v = newValue.boolPayload { textStorage.value.isWrapped = v }
            case .truncationMode:
                if let v = newValue.stringPayload { textStorage.value.truncationMode = NamedChoice(name: v) }
            case .alignmentMode:
                if let v = newValue.stringPayload { textStorage.value.alignmentMode = NamedChoice(name: v) }
            case .allowsFontSubpixelQuantization:
                if let v = newValue.boolPayload { textStorage.value.allowsFontSubpixelQuantization = v }
            case .instanceCount:
                if let v = newValue.numberPayload { replicatorStorage.value.instanceCount = LayerState.integer(v) }
            case .instanceDelay: if let v = newValue.numberPayload { replicatorStorage.value.instanceDelay = v }
            case .instanceTransform:
                if let v = newValue.transformPayload { replicatorStorage.value.instanceTransform = v }
            case .instanceColor: if let v = newValue.colorPayload { replicatorStorage.value.instanceColor = v }
            case .instanceRedOffset:
                if let v = newValue.numberPayload { replicatorStorage.value.instanceRedOffset = Float(v) }
            case .instanceGreenOffset:
                if let v = newValue.numberPayload { replicatorStorage.value.instanceGreenOffset = Float(v) }
            case .instanceBlueOffset:
                if let v = newValue.numberPayload { replicatorStorage.value.instanceBlueOffset = Float(v) }
            case .instanceAlphaOffset:
                if let v = newValue.numberPayload { replicatorStorage.value.instanceAlphaOffset = Float(v) }
            case .preservesDepth: if let v = newValue.boolPayload { detailStorage.value.preservesDepth = v }
            case .birthRate: if let v = newValue.numberPayload { emitterStorage.value.birthRate = Float(v) }
            case .lifetime: if let v = newValue.numberPayload { emitterStorage.value.lifetime = Float(v) }
            case .emitterPosition: if let v = newValue.pointPayload { emitterStorage.value.emitterPosition = v }
            case .emitterZPosition:
                if let v = newValue.numberPayload { emitterStorage.value.emitterZPosition = CGFloat(v) }
            case .emitterSize: if let v = newValue.sizePayload { emitterStorage.value.emitterSize = v }
            case .emitterDepth: if let v = newValue.numberPayload { emitterStorage.value.emitterDepth = CGFloat(v) }
            case .emitterShape:
                if let v = newValue.stringPayload { emitterStorage.value.emitterShape = NamedChoice(name: v) }
            case .emitterMode:
                if let v = newValue.stringPayload { emitterStorage.value.emitterMode = NamedChoice(name: v) }
            case .renderMode:
                if let v = newValue.stringPayload { emitterStorage.value.renderMode = NamedChoice(name: v) }
            case .velocity: if let v = newValue.numberPayload { emitterStorage.value.velocity = Float(v) }
            case .scale: if let v = newValue.numberPayload { emitterStorage.value.scale = Float(v) }
            case .spin: if let v = newValue.numberPayload { emitterStorage.value.spin = Float(v) }
            case .seed:
                if let v = newValue.numberPayload {
                    emitterStorage.value.seed = UInt32(LayerState.unsigned(v, max: UInt(UInt32.max)))
                }
            }
        }
    }

    /// The matrix of a 3-D transform property (`transform`, `sublayerTransform`, `instanceTransform`), read without
    /// creating a value; `nil` for every other property.
    func transformField(_ property: LayerProperty) -> CATransform3D? {
        switch property {
        case .transform: transform
        case .sublayerTransform: sublayerTransform
        case .instanceTransform: replicatorStorage.value.instanceTransform
        default: nil
        }
    }

    /// Writes the matrix of a 3-D transform property; other properties are left alone.
    mutating func setTransformField(_ property: LayerProperty, _ matrix: CATransform3D) {
        switch property {
        case .transform: transform = matrix
        case .sublayerTransform: sublayerTransform = matrix
        case .instanceTransform: replicatorStorage.value.instanceTransform = matrix
        default: break
        }
    }

    /// `value` truncated toward zero and clamped into `Int`'s range; NaN gives 0.
    static func integer(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        if value >= 0x1p63 { return Int.max }
        if value <= -0x1p63 { return Int.min }
        return Int(value)
    }

    /// `value` truncated toward zero and clamped into 0…`max`; NaN gives 0.
    static func unsigned(_ value: Double, max: UInt = UInt.max) -> UInt {
        guard !value.isNaN, value > 0 else { return 0 }
        if value >= Double(max) { return max }
        return Swift.min(UInt(value), max)
    }
}

extension AnimatableValue {
    /// `contents` as a value: an image, a cross-fade, or `null` for no contents.
    init(contents: LayerContents?) {
        switch contents {
        case .none: self = .null
        case .image(let image)?: self = .image(image)
        case .crossFade(let from, let to, let fraction)?: self = .crossFade(from: from, to: to, fraction: fraction)
        }
    }

    // Payload accessors for the setter: `nil` when the value has another kind. The `…?Payload` forms answer
    // `.some(nil)` for `null`.
    var rectPayload: CGRect? {
        if case .rect(let v) = self { return v }
        return nil
    }
    var pointPayload: CGPoint? {
        if case .point(let v) = self { return v }
        return nil
    }
    var sizePayload: CGSize? {
        if case .size(let v) = self { return v }
        return nil
    }
    var numberPayload: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
    var transformPayload: CATransform3D? {
        if case .transform(let v) = self { return v }
        return nil
    }
    var boolPayload: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }
    var stringPayload: String? {
        if case .string(let v) = self { return v }
        return nil
    }
    var colorPayload: ColorComponents?? {
        switch self {
        case .color(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var optionalStringPayload: String?? {
        switch self {
        case .string(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var pathPayload: CGPath?? {
        switch self {
        case .path(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var numbersPayload: [Double]?? {
        switch self {
        case .numbers(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var colorsPayload: [ColorComponents]?? {
        switch self {
        case .colors(let v): .some(v)
        case .null: .some(nil)
        default: nil
        }
    }
    var contentsPayload: LayerContents?? {
        switch self {
        case .image(let image): .some(.image(image))
        case .crossFade(let from, let to, let fraction): .some(.crossFade(from: from, to: to, fraction: fraction))
        case .null: .some(nil)
        default: nil
        }
    }
}
