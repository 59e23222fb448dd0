import Foundation

// The properties whose Apple type has no `LayerFieldValue` conformance (`Any`, and arrays of `NSNumber`, a class
// that cannot make the conversion's arrays of `Self`): their accesses convert by hand (see `LayerPropertyAccess`).

/// `contents` (`Any?` on Apple): a `CGImage` or nil.
struct ContentsAccess: LayerPropertyAccess {
    func read(_ layer: CALayer) -> LayerContents?? {
        .some((layer.contents as? CGImage).map(LayerContents.image))
    }

    func write(_ value: LayerContents?, to layer: CALayer) -> Bool {
        layer.contents = value?.dominantImage
        return true
    }
}

/// `compositingFilter` (`Any?` on Apple): a filter name or nil.
struct CompositingFilterAccess: LayerPropertyAccess {
    func read(_ layer: CALayer) -> String?? {
        .some(layer.compositingFilter as? String)
    }

    func write(_ value: String?, to layer: CALayer) -> Bool {
        layer.compositingFilter = value
        return true
    }
}

/// `CAGradientLayer.colors` (`[Any]?` on Apple): `CGColor`s or nil; elements of other types are skipped.
struct GradientColorsAccess: LayerPropertyAccess {
    func read(_ layer: CALayer) -> [ColorComponents]?? {
        guard let gradient = layer as? CAGradientLayer else { return nil }
        return .some(gradient.colors?.compactMap { ($0 as? CGColor).map(ColorComponents.init) })
    }

    func write(_ value: [ColorComponents]?, to layer: CALayer) -> Bool {
        guard let gradient = layer as? CAGradientLayer else { return false }
        gradient.colors = value?.map(\.cgColor)
        return true
    }
}

/// `lineDashPattern` and `locations` (`[NSNumber]?` on Apple): numbers or nil.
struct NumbersAccess<Layer: CALayer>: LayerPropertyAccess {
    let keyPath: ReferenceWritableKeyPath<Layer, [NSNumber]?>

    @inline(__always)
    func read(_ layer: CALayer) -> [Double]?? {
        (layer as? Layer).map { $0[keyPath: keyPath]?.map(\.doubleValue) }
    }

    @inline(__always)
    func write(_ value: [Double]?, to layer: CALayer) -> Bool {
        guard let layer = layer as? Layer else { return false }
        layer[keyPath: keyPath] = value?.map { NSNumber(value: $0) }
        return true
    }
}
