import Foundation

extension LayerProperty {
    /// The property's value through the layer's getter, as Apple's key-value coding reads it (see
    /// `LayerPropertyAccess`); `nil` when the layer's class does not declare the property, and for `string` and
    /// `font`, which `CATextLayer` routes itself.
    func read(from layer: CALayer) -> AnimatableValue? {
        visitAccess(AccessReader(layer: layer))
    }

    /// Sets the property through the layer's setter, converted to its Swift type; false when the layer's class does
    /// not declare the property (and for `string` and `font`) or `value` is not of the property's kind.
    func write(_ value: AnimatableValue, to layer: CALayer) -> Bool {
        visitAccess(AccessWriter(layer: layer, value: value))
    }

    /// The accessor table: how each property is reached on a layer, by a key path of the class that declares it
    /// (applied to an instance it calls its class's override). The switch is exhaustive, so a new property needs a
    /// row here too; the recipe is in Docs/Architecture.md.
    @inline(__always)
    private func visitAccess<Visitor: LayerPropertyAccessVisitor>(_ v: Visitor) -> Visitor.Result {
        switch self {
        case .bounds: v.property(\CALayer.bounds)
        case .position: v.property(\CALayer.position)
        case .zPosition: v.property(\CALayer.zPosition)
        case .anchorPoint: v.property(\CALayer.anchorPoint)
        case .anchorPointZ: v.property(\CALayer.anchorPointZ)
        case .transform: v.property(\CALayer.transform)
        case .sublayerTransform: v.property(\CALayer.sublayerTransform)
        case .isHidden: v.property(\CALayer.isHidden)
        case .isDoubleSided: v.property(\CALayer.isDoubleSided)
        case .isGeometryFlipped: v.property(\CALayer.isGeometryFlipped)
        case .masksToBounds: v.property(\CALayer.masksToBounds)
        case .opacity: v.property(\CALayer.opacity)
        case .allowsGroupOpacity: v.property(\CALayer.allowsGroupOpacity)
        case .backgroundColor: v.property(\CALayer.backgroundColor)
        case .cornerRadius: v.property(\CALayer.cornerRadius)
        case .maskedCorners: v.property(\CALayer.maskedCorners)
        case .cornerCurve: v.property(\CALayer.cornerCurve)
        case .borderWidth: v.property(\CALayer.borderWidth)
        case .borderColor: v.property(\CALayer.borderColor)
        case .shadowColor: v.property(\CALayer.shadowColor)
        case .shadowOpacity: v.property(\CALayer.shadowOpacity)
        case .shadowOffset: v.property(\CALayer.shadowOffset)
        case .shadowRadius: v.property(\CALayer.shadowRadius)
        case .shadowPath: v.property(\CALayer.shadowPath)
        case .contents: v.visit(ContentsAccess())
        case .contentsRect: v.property(\CALayer.contentsRect)
        case .contentsGravity: v.property(\CALayer.contentsGravity)
        case .contentsScale: v.property(\CALayer.contentsScale)
        case .contentsCenter: v.property(\CALayer.contentsCenter)
        case .contentsFormat: v.property(\CALayer.contentsFormat)
        case .minificationFilter: v.property(\CALayer.minificationFilter)
        case .magnificationFilter: v.property(\CALayer.magnificationFilter)
        case .minificationFilterBias: v.property(\CALayer.minificationFilterBias)
        case .isOpaque: v.property(\CALayer.isOpaque)
        case .needsDisplayOnBoundsChange: v.property(\CALayer.needsDisplayOnBoundsChange)
        case .drawsAsynchronously: v.property(\CALayer.drawsAsynchronously)
        case .edgeAntialiasingMask: v.property(\CALayer.edgeAntialiasingMask)
        case .allowsEdgeAntialiasing: v.property(\CALayer.allowsEdgeAntialiasing)
        case .compositingFilter: v.visit(CompositingFilterAccess())
        case .shouldRasterize: v.property(\CALayer.shouldRasterize)
        case .rasterizationScale: v.property(\CALayer.rasterizationScale)
        case .name: v.property(\CALayer.name)
        case .path: v.property(\CAShapeLayer.path)
        case .fillColor: v.property(\CAShapeLayer.fillColor)
        case .fillRule: v.property(\CAShapeLayer.fillRule)
        case .strokeColor: v.property(\CAShapeLayer.strokeColor)
        case .strokeStart: v.property(\CAShapeLayer.strokeStart)
        case .strokeEnd: v.property(\CAShapeLayer.strokeEnd)
        case .lineWidth: v.property(\CAShapeLayer.lineWidth)
        case .miterLimit: v.property(\CAShapeLayer.miterLimit)
        case .lineCap: v.property(\CAShapeLayer.lineCap)
        case .lineJoin: v.property(\CAShapeLayer.lineJoin)
        case .lineDashPhase: v.property(\CAShapeLayer.lineDashPhase)
        case .lineDashPattern: v.visit(NumbersAccess(keyPath: \CAShapeLayer.lineDashPattern))
        case .colors: v.visit(GradientColorsAccess())
        case .locations: v.visit(NumbersAccess(keyPath: \CAGradientLayer.locations))
        case .startPoint: v.property(\CAGradientLayer.startPoint)
        case .endPoint: v.property(\CAGradientLayer.endPoint)
        case .gradientType: v.property(\CAGradientLayer.type)
        case .string: v.visit(NoAccess())
        case .font: v.visit(NoAccess())
        case .fontSize: v.property(\CATextLayer.fontSize)
        case .foregroundColor: v.property(\CATextLayer.foregroundColor)
        case .isWrapped: v.property(\CATextLayer.isWrapped)
        case .truncationMode: v.property(\CATextLayer.truncationMode)
        case .alignmentMode: v.property(\CATextLayer.alignmentMode)
        case .allowsFontSubpixelQuantization: v.property(\CATextLayer.allowsFontSubpixelQuantization)
        case .instanceCount: v.property(\CAReplicatorLayer.instanceCount)
        case .instanceDelay: v.property(\CAReplicatorLayer.instanceDelay)
        case .instanceTransform: v.property(\CAReplicatorLayer.instanceTransform)
        case .instanceColor: v.property(\CAReplicatorLayer.instanceColor)
        case .instanceRedOffset: v.property(\CAReplicatorLayer.instanceRedOffset)
        case .instanceGreenOffset: v.property(\CAReplicatorLayer.instanceGreenOffset)
        case .instanceBlueOffset: v.property(\CAReplicatorLayer.instanceBlueOffset)
        case .instanceAlphaOffset: v.property(\CAReplicatorLayer.instanceAlphaOffset)
        case .preservesDepth:
            v.visit(
                EitherAccess(
                    first: KeyPathAccess(keyPath: \CAReplicatorLayer.preservesDepth),
                    second: KeyPathAccess(keyPath: \CAEmitterLayer.preservesDepth)))
        case .birthRate: v.property(\CAEmitterLayer.birthRate)
        case .lifetime: v.property(\CAEmitterLayer.lifetime)
        case .emitterPosition: v.property(\CAEmitterLayer.emitterPosition)
        case .emitterZPosition: v.property(\CAEmitterLayer.emitterZPosition)
        case .emitterSize: v.property(\CAEmitterLayer.emitterSize)
        case .emitterDepth: v.property(\CAEmitterLayer.emitterDepth)
        case .emitterShape: v.property(\CAEmitterLayer.emitterShape)
        case .emitterMode: v.property(\CAEmitterLayer.emitterMode)
        case .renderMode: v.property(\CAEmitterLayer.renderMode)
        case .velocity: v.property(\CAEmitterLayer.velocity)
        case .scale: v.property(\CAEmitterLayer.scale)
        case .spin: v.property(\CAEmitterLayer.spin)
        case .seed: v.property(\CAEmitterLayer.seed)
        }
    }
}

/// Something done with one row of the accessor table.
private protocol LayerPropertyAccessVisitor {
    associatedtype Result
    func visit<Access: LayerPropertyAccess>(_ access: Access) -> Result
}

extension LayerPropertyAccessVisitor {
    /// A property reached through its key path.
    @inline(__always)
    func property<Layer: CALayer, Value: LayerFieldValue>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value>
    ) -> Result {
        visit(KeyPathAccess(keyPath: keyPath))
    }
}

/// Reads a property through its access.
private struct AccessReader: LayerPropertyAccessVisitor {
    let layer: CALayer

    @inline(__always)
    func visit<Access: LayerPropertyAccess>(_ access: Access) -> AnimatableValue? {
        access.read(layer)?.animatableValue
    }
}

/// Writes a value through a property's access when it converts.
private struct AccessWriter: LayerPropertyAccessVisitor {
    let layer: CALayer
    let value: AnimatableValue

    @inline(__always)
    func visit<Access: LayerPropertyAccess>(_ access: Access) -> Bool {
        guard let converted = Access.Value.converted(from: value) else { return false }
        return access.write(converted, to: layer)
    }
}
