import Foundation

extension ArchivedLayer {
    /// A new layer tree built from this archived layer; `path` names it in errors (`"root"` for the root).
    ///
    /// Works in two steps so that a problem never leaves a half-built tree: first the whole archive is checked and
    /// every value and animation converted (throwing a ``LayerArchiveError`` for an unknown class, a property key
    /// the class does not have, a value of the wrong kind, an extra key that names a property or holds a value
    /// that is not a number, flag or string, and the animation problems of ``ArchivedAnimation/makeAnimation(at:)``);
    /// then, inside a transaction with actions disabled, the layers are created, their values set through
    /// `setValue(_:forKey:)` (in sorted key order), their timing, sublayers and mask set, and the animations added
    /// in order under their keys.
    public func makeLayer(at path: String) throws -> CALayer {
        let plan = try LayerPlan(self, at: path)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return plan.build()
    }
}

/// An archived layer checked and converted, ready to become a layer without any further failure (our helper).
struct LayerPlan {
    let layerClass: ArchivedLayerClass
    /// Values for `setValue(_:forKey:)`, in key order.
    let values: [(key: String, value: Any?)]
    let scrollMode: CAScrollLayerScrollMode?
    let timing: ArchivedTiming
    /// Extra keys and their plain values, in key order.
    let extraValues: [(key: String, value: Any)]
    let sublayers: [LayerPlan]
    let mask: [LayerPlan]
    let animations: [(key: String?, animation: CAAnimation)]

    /// Keys that `CALayer`'s key-value coding treats as members rather than extra keys.
    private static let memberKeys: Set<String> = ArchivedTiming.fields.union([
        "frame", "sublayers", "superlayer", "mask", "delegate", "actions", "style", "scrollMode", "emitterCells",
    ])

    init(_ archived: ArchivedLayer, at path: String) throws {
        guard let layerClass = ArchivedLayerClass(rawValue: archived.className) else {
            throw LayerArchiveError(path: path, reason: .unknownLayerClass(archived.className))
        }
        self.layerClass = layerClass
        let propertiesPath = ArchivePath.field(path, "properties")
        var values: [(key: String, value: Any?)] = []
        var scrollMode: CAScrollLayerScrollMode?
        for (key, value) in archived.properties.sorted(by: { $0.key < $1.key }) {
            let valuePath = ArchivePath.field(propertiesPath, key)
            if layerClass == .scrollLayer, key == ArchivedLayerClass.scrollModeKey {
                guard case .string(let name) = value else {
                    throw LayerArchiveError(
                        path: valuePath, reason: .wrongValueKind(expected: "string", found: value.tag))
                }
                scrollMode = CAScrollLayerScrollMode(rawValue: name)
                continue
            }
            guard let property = LayerProperty(key: key), property.belongs(to: layerClass.family) else {
                throw LayerArchiveError(
                    path: valuePath, reason: .unknownProperty(key: key, layerClass: archived.className))
            }
            let fits = value.kind == property.kind || (value.kind == .null && property.isNullable)
            guard fits else {
                throw LayerArchiveError(
                    path: valuePath,
                    reason: .wrongValueKind(expected: ArchivedValue.tag(of: property.kind), found: value.tag))
            }
            values.append((key, try value.animatableValue(at: valuePath).appleValue))
        }
        self.values = values
        self.scrollMode = scrollMode
        timing = archived.timing

        let extrasPath = ArchivePath.field(path, "extraValues")
        extraValues = try (archived.extraValues ?? [:]).sorted(by: { $0.key < $1.key }).map { key, value in
            let valuePath = ArchivePath.field(extrasPath, key)
            guard LayerProperty(key: key) == nil, !Self.memberKeys.contains(key) else {
                throw LayerArchiveError(
                    path: valuePath, reason: .invalidValue("\"\(key)\" names a layer property, not an extra key"))
            }
            guard value.isPlain else {
                throw LayerArchiveError(
                    path: valuePath, reason: .invalidValue("extra values are numbers, flags or strings"))
            }
            return (key, try value.appleValue(at: valuePath))
        }

        let sublayersPath = ArchivePath.field(path, "sublayers")
        sublayers = try (archived.sublayers ?? []).enumerated().map { index, sublayer in
            try LayerPlan(sublayer, at: ArchivePath.index(sublayersPath, index))
        }
        mask = try archived.mask.map { [try LayerPlan($0, at: ArchivePath.field(path, "mask"))] } ?? []

        let animationsPath = ArchivePath.field(path, "animations")
        animations = try (archived.animations ?? []).enumerated().map { index, animation in
            let animationPath = ArchivePath.animation(animationsPath, key: animation.key, index: index)
            return (animation.key, try animation.makeAnimation(at: animationPath))
        }
    }

    /// The layer and its subtree. Call inside a transaction with actions disabled.
    func build() -> CALayer {
        let layer = layerClass.makeLayer()
        for (key, value) in values {
            layer.setValue(value, forKey: key)
        }
        if let scrollMode, let scrollLayer = layer as? CAScrollLayer {
            scrollLayer.scrollMode = scrollMode
        }
        timing.apply(to: layer)
        for (key, value) in extraValues {
            layer.setValue(value, forKey: key)
        }
        for sublayer in sublayers {
            layer.addSublayer(sublayer.build())
        }
        if let mask = mask.first {
            layer.mask = mask.build()
        }
        for (key, animation) in animations {
            layer.add(animation, forKey: key)
        }
        return layer
    }
}
