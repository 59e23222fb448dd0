import Foundation

extension ArchivedLayer {
    /// The archive of `layer` and everything under it.
    ///
    /// * Class: the nearest class of this module (``ArchivedLayerClass/init(of:)``).
    /// * Properties: every registered property of the class (`LayerProperty.allCases` that belong to its family)
    ///   whose model value differs from `LayerProperty.defaultValue`, read in one go under the layer tree lock;
    ///   plus a scroll layer's `scrollMode` when it is not `"both"`.
    /// * Timing: the `CAMediaTiming` values that differ from a layer's defaults.
    /// * Extra keys: those whose values are numbers, flags or strings.
    /// * Sublayers and mask, recursively; every attached animation in the order added, with its key or none (as
    ///   `animation(forKey:)` returns them: `beginTime` is the layer time a commit stamped), except those being
    ///   removed.
    public init(_ layer: CALayer) {
        let layerClass = ArchivedLayerClass(of: layer)
        let (state, extras) = LayerTreeLock.withLock { (layer.modelState, layer.extraValues) }
        var properties: [String: ArchivedValue] = [:]
        for property in LayerProperty.allCases where property.belongs(to: layerClass.family) {
            let value = state[property]
            if value != property.defaultValue {
                properties[property.key] = ArchivedValue(value)
            }
        }
        if let scrollLayer = layer as? CAScrollLayer, scrollLayer.scrollMode != .both {
            properties[ArchivedLayerClass.scrollModeKey] = .string(scrollLayer.scrollMode.rawValue)
        }
        let plainExtras = (extras ?? [:]).compactMapValues { ArchivedValue(plainValue: $0) }
        let animations = layer.attachedAnimations().map { ArchivedAnimation($0.animation, key: $0.key) }
        self.init(
            className: layerClass.rawValue, properties: properties,
            timing: ArchivedTiming(layer, defaultDuration: .infinity),
            extraValues: plainExtras.isEmpty ? nil : plainExtras,
            sublayers: layer.sublayers.flatMap { $0.isEmpty ? nil : $0.map(ArchivedLayer.init) },
            mask: layer.mask.map(ArchivedLayer.init),
            animations: animations.isEmpty ? nil : animations)
    }
}
