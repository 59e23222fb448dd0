import Foundation

extension LayerState {
    /// The shape's path as a value, leaving no path in its place (`null` when there is none). Taken through the
    /// shape storage's write access, which first gives this state its own storage when it shares one, so a path
    /// that another state can see is counted there too and never comes out as referenced by the value alone.
    mutating func takeShapePath() -> AnimatableValue {
        var taken: CGPath?
        swap(&taken, &shapeStorage.value.path)
        return taken.map(AnimatableValue.path) ?? .null
    }

    /// Sets `property` to its value in `other`, field to field: no ``AnimatableValue`` is made (so a transform
    /// allocates nothing) and integer and `Float` fields are copied bit for bit.
    ///
    /// A property kept in an out-of-line group (``details`` and the subclass groups) is written through the
    /// group's copy-on-write box: nothing is written when both states share the box (the value is already equal);
    /// otherwise a shared box is copied once before the first write, and later writes to this state's own box
    /// allocate nothing.
    ///
    /// `other` is read through a pointer so that only the one field is loaded (a `LayerState` argument could make
    /// the caller copy the whole state first).
    mutating func copyField(_ property: LayerProperty, from other: UnsafePointer<LayerState>) {
        switch property {
        case .bounds: bounds = other.pointee.bounds
        case .position: position = other.pointee.position
        case .zPosition: zPosition = other.pointee.zPosition
        case .anchorPoint: anchorPoint = other.pointee.anchorPoint
        case .anchorPointZ: anchorPointZ = other.pointee.anchorPointZ
        case .transform: transform = other.pointee.transform
        case .sublayerTransform: sublayerTransform = other.pointee.sublayerTransform
        case .isHidden: isHidden = other.pointee.isHidden
        case .isDoubleSided: isDoubleSided = other.pointee.isDoubleSided
        case .isGeometryFlipped: detailStorage.copy(\.isGeometryFlipped, from: other.pointee.detailStorage)
        case .masksToBounds: masksToBounds = other.pointee.masksToBounds
        case .opacity: opacity = other.pointee.opacity
        case .allowsGroupOpacity: detailStorage.copy(\.allowsGroupOpacity, from: other.pointee.detailStorage)
        case .backgroundColor: backgroundColor = other.pointee.backgroundColor
        case .cornerRadius: cornerRadius = other.pointee.cornerRadius
        case .maskedCorners: detailStorage.copy(\.maskedCorners, from: other.pointee.detailStorage)
        case .cornerCurve: detailStorage.copy(\.cornerCurve, from: other.pointee.detailStorage)
        case .borderWidth: borderWidth = other.pointee.borderWidth
        case .borderColor: borderColor = other.pointee.borderColor
        case .shadowColor: shadowColor = other.pointee.shadowColor
        case .shadowOpacity: shadowOpacity = other.pointee.shadowOpacity
        case .shadowOffset: shadowOffset = other.pointee.shadowOffset
        case .shadowRadius: shadowRadius = other.pointee.shadowRadius
        case .shadowPath: shadowPath = other.pointee.shadowPath
        case .contents: contents = other.pointee.contents
        case .contentsRect: detailStorage.copy(\.contentsRect, from: other.pointee.detailStorage)
        case .contentsGravity: detailStorage.copy(\.contentsGravity, from: other.pointee.detailStorage)
        case .contentsScale: detailStorage.copy(\.contentsScale, from: other.pointee.detailStorage)
        case .contentsCenter: detailStorage.copy(\.contentsCenter, from: other.pointee.detailStorage)
        case .contentsFormat: detailStorage.copy(\.contentsFormat, from: other.pointee.detailStorage)
        case .minificationFilter: detailStorage.copy(\.minificationFilter, from: other.pointee.detailStorage)
        case .magnificationFilter: detailStorage.copy(\.magnificationFilter, from: other.pointee.detailStorage)
        case .minificationFilterBias: detailStorage.copy(\.minificationFilterBias, from: other.pointee.detailStorage)
        case .isOpaque: detailStorage.copy(\.isOpaque, from: other.pointee.detailStorage)
        case .needsDisplayOnBoundsChange:
            detailStorage.copy(\.needsDisplayOnBoundsChange, from: other.pointee.detailStorage)
        case .drawsAsynchronously: detailStorage.copy(\.drawsAsynchronously, from: other.pointee.detailStorage)
        case .edgeAntialiasingMask: detailStorage.copy(\.edgeAntialiasingMask, from: other.pointee.detailStorage)
        case .allowsEdgeAntialiasing: detailStorage.copy(\.allowsEdgeAntialiasing, from: other.pointee.detailStorage)
        case .compositingFilter: detailStorage.copy(\.compositingFilter, from: other.pointee.detailStorage)
        case .shouldRasterize: detailStorage.copy(\.shouldRasterize, from: other.pointee.detailStorage)
        case .rasterizationScale: detailStorage.copy(\.rasterizationScale, from: other.pointee.detailStorage)
        case .name: detailStorage.copy(\.name, from: other.pointee.detailStorage)
        case .path: shapeStorage.copy(\.path, from: other.pointee.shapeStorage)
        case .fillColor: shapeStorage.copy(\.fillColor, from: other.pointee.shapeStorage)
        case .fillRule: shapeStorage.copy(\.fillRule, from: other.pointee.shapeStorage)
        case .strokeColor: shapeStorage.copy(\.strokeColor, from: other.pointee.shapeStorage)
        case .strokeStart: shapeStorage.copy(\.strokeStart, from: other.pointee.shapeStorage)
        case .strokeEnd: shapeStorage.copy(\.strokeEnd, from: other.pointee.shapeStorage)
        case .lineWidth: shapeStorage.copy(\.lineWidth, from: other.pointee.shapeStorage)
        case .miterLimit: shapeStorage.copy(\.miterLimit, from: other.pointee.shapeStorage)
        case .lineCap: shapeStorage.copy(\.lineCap, from: other.pointee.shapeStorage)
        case .lineJoin: shapeStorage.copy(\.lineJoin, from: other.pointee.shapeStorage)
        case .lineDashPhase: shapeStorage.copy(\.lineDashPhase, from: other.pointee.shapeStorage)
        case .lineDashPattern: shapeStorage.copy(\.lineDashPattern, from: other.pointee.shapeStorage)
        case .colors: gradientStorage.copy(\.colors, from: other.pointee.gradientStorage)
        case .locations: gradientStorage.copy(\.locations, from: other.pointee.gradientStorage)
        case .startPoint: gradientStorage.copy(\.startPoint, from: other.pointee.gradientStorage)
        case .endPoint: gradientStorage.copy(\.endPoint, from: other.pointee.gradientStorage)
        case .gradientType: gradientStorage.copy(\.type, from: other.pointee.gradientStorage)
        case .string: textStorage.copy(\.string, from: other.pointee.textStorage)
        case .font: textStorage.copy(\.font, from: other.pointee.textStorage)
        case .fontSize: textStorage.copy(\.fontSize, from: other.pointee.textStorage)
        case .foregroundColor: textStorage.copy(\.foregroundColor, from: other.pointee.textStorage)
        case .isWrapped: textStorage.copy(\.isWrapped, from: other.pointee.textStorage)
        case .truncationMode: textStorage.copy(\.truncationMode, from: other.pointee.textStorage)
        case .alignmentMode: textStorage.copy(\.alignmentMode, from: other.pointee.textStorage)
        case .allowsFontSubpixelQuantization:
            textStorage.copy(\.allowsFontSubpixelQuantization, from: other.pointee.textStorage)
        case .instanceCount: replicatorStorage.copy(\.instanceCount, from: other.pointee.replicatorStorage)
        case .instanceDelay: replicatorStorage.copy(\.instanceDelay, from: other.pointee.replicatorStorage)
        case .instanceTransform: replicatorStorage.copy(\.instanceTransform, from: other.pointee.replicatorStorage)
        case .instanceColor: replicatorStorage.copy(\.instanceColor, from: other.pointee.replicatorStorage)
        case .instanceRedOffset: replicatorStorage.copy(\.instanceRedOffset, from: other.pointee.replicatorStorage)
        case .instanceGreenOffset: replicatorStorage.copy(\.instanceGreenOffset, from: other.pointee.replicatorStorage)
        case .instanceBlueOffset: replicatorStorage.copy(\.instanceBlueOffset, from: other.pointee.replicatorStorage)
        case .instanceAlphaOffset: replicatorStorage.copy(\.instanceAlphaOffset, from: other.pointee.replicatorStorage)
        case .preservesDepth: detailStorage.copy(\.preservesDepth, from: other.pointee.detailStorage)
        case .birthRate: emitterStorage.copy(\.birthRate, from: other.pointee.emitterStorage)
        case .lifetime: emitterStorage.copy(\.lifetime, from: other.pointee.emitterStorage)
        case .emitterPosition: emitterStorage.copy(\.emitterPosition, from: other.pointee.emitterStorage)
        case .emitterZPosition: emitterStorage.copy(\.emitterZPosition, from: other.pointee.emitterStorage)
        case .emitterSize: emitterStorage.copy(\.emitterSize, from: other.pointee.emitterStorage)
        case .emitterDepth: emitterStorage.copy(\.emitterDepth, from: other.pointee.emitterStorage)
        case .emitterShape: emitterStorage.copy(\.emitterShape, from: other.pointee.emitterStorage)
        case .emitterMode: emitterStorage.copy(\.emitterMode, from: other.pointee.emitterStorage)
        case .renderMode: emitterStorage.copy(\.renderMode, from: other.pointee.emitterStorage)
        case .velocity: emitterStorage.copy(\.velocity, from: other.pointee.emitterStorage)
        case .scale: emitterStorage.copy(\.scale, from: other.pointee.emitterStorage)
        case .spin: emitterStorage.copy(\.spin, from: other.pointee.emitterStorage)
        case .seed: emitterStorage.copy(\.seed, from: other.pointee.emitterStorage)
        }
    }
}

extension CopyOnWrite {
    /// Sets one field of the value to its value in `other`; nothing happens when both share one box.
    @inline(__always)
    mutating func copy<Field>(_ field: WritableKeyPath<Value, Field>, from other: CopyOnWrite) {
        guard !sharesBox(with: other) else { return }
        value[keyPath: field] = other.value[keyPath: field]
    }
}
