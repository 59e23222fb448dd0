import Foundation

extension LottieDecoder {
    /// The layers of a `layers` array.
    static func layerList(_ node: JSONNode) throws(LottieDecodingError) -> [LottieLayer] {
        var layers: [LottieLayer] = []
        for entry in try node.elements() { layers.append(try layer(entry)) }
        return layers
    }

    private static func layer(_ node: JSONNode) throws(LottieDecodingError) -> LottieLayer {
        guard node.isObject else { throw node.mismatch("an object (a layer)") }
        let frames = -LottieLimits.maximumFrame...LottieLimits.maximumFrame
        let type = try node.required("ty").integer(in: -1_000_000...1_000_000)
        let content: LottieLayer.Content
        switch type {
        case 0:
            content = .precomposition(
                PrecompositionReference(
                    assetID: try node.required("refId").string(),
                    width: try node["w"]?.number(in: 0...LottieLimits.maximumSide) ?? 0,
                    height: try node["h"]?.number(in: 0...LottieLimits.maximumSide) ?? 0,
                    timeRemap: try node["tm"].map { (tm) throws(LottieDecodingError) in
                        try property(tm, default: 0, value: number)
                    }))
        case 1:
            content = .solid(
                color: try hexColor(node.required("sc")),
                width: try node["sw"]?.number(in: 0...LottieLimits.maximumSide) ?? 0,
                height: try node["sh"]?.number(in: 0...LottieLimits.maximumSide) ?? 0)
        case 2: content = .image(assetID: try node.required("refId").string())
        case 3: content = .null
        case 4: content = .shape(try shapeItems(node["shapes"]))
        case 5: content = .text(try text(node.required("t")))
        default: content = .unsupported(type: type)
        }
        let stretchNode = node["sr"]
        let stretch = try stretchNode?.number(in: -1000...1000) ?? 1
        if let stretchNode, abs(stretch) < 1e-3 || stretch < 0 {
            throw LottieDecodingError(at: stretchNode.path, .outOfRange(value: stretch, allowed: "0.001 to 1000"))
        }
        var masks: [LottieMask] = []
        for entry in try node["masksProperties"]?.elements() ?? [] { masks.append(try mask(entry)) }
        var effects: [LayerEffect] = []
        for entry in try node["ef"]?.elements() ?? [] { effects.append(try effect(entry)) }
        for entry in try node["sy"]?.elements() ?? [] { effects.append(try layerStyle(entry)) }
        let matte = try node["tt"]?.integer(in: -1_000_000...1_000_000)
        return LottieLayer(
            name: try node["nm"]?.string() ?? "",
            index: try node["ind"]?.integer(in: -1_000_000_000...1_000_000_000),
            parentIndex: try node["parent"]?.integer(in: -1_000_000_000...1_000_000_000),
            content: content,
            transform: try transform(node["ks"], is3D: try node["ddd"]?.bool() ?? false),
            inFrame: try node.required("ip").number(in: frames),
            outFrame: try node.required("op").number(in: frames),
            startFrame: try node["st"]?.number(in: frames) ?? 0,
            stretch: stretch,
            autoOrient: try node["ao"]?.bool() ?? false,
            blendMode: LottieLayer.BlendMode(rawValue: try node["bm"]?.integer(in: -1_000...1_000) ?? 0) ?? .normal,
            masks: masks,
            matteMode: matte.flatMap(LottieLayer.MatteMode.init(rawValue:)),
            isMatteSource: try node["td"]?.bool() ?? false,
            matteParentIndex: try node["tp"]?.integer(in: -1_000_000_000...1_000_000_000),
            isHidden: try node["hd"]?.bool() ?? false,
            is3D: try node["ddd"]?.bool() ?? false,
            effects: effects)
    }

    /// A colour written as `#rrggbb` (solid layers), as components 0…1.
    private static func hexColor(_ node: JSONNode) throws(LottieDecodingError) -> [Double] {
        let text = try node.string()
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
            throw node.invalid("a solid colour must be written #rrggbb")
        }
        let rgb = digits.count == 8 ? value >> 8 : value
        return [Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255]
    }

    // MARK: Transforms

    /// A transform object (`ks` of a layer, `tr` of a shape group); nil reads as the identity.
    static func transform(_ node: JSONNode?, is3D: Bool = false) throws(LottieDecodingError) -> LottieTransform {
        guard let node else { return .identity }
        let position: LottieTransform.Position
        if let positionNode = node["p"], try positionNode["s"]?.bool() == true {
            position = .split(
                x: try property(positionNode["x"], default: 0, value: number),
                y: try property(positionNode["y"], default: 0, value: number))
        } else {
            position = .combined(try property(node["p"], default: [0, 0], value: vector))
        }
        return LottieTransform(
            anchor: try property(node["a"], default: [0, 0], value: vector),
            position: position,
            scale: try property(node["s"], default: [100, 100], value: vector),
            rotation: try property(node["r"] ?? node["rz"], default: 0, value: number),
            rotationX: try property(node["rx"], default: 0, value: number),
            rotationY: try property(node["ry"], default: 0, value: number),
            opacity: try property(node["o"], default: 100, value: number),
            skew: try property(node["sk"], default: 0, value: number),
            skewAxis: try property(node["sa"], default: 0, value: number))
    }

    // MARK: Masks and effects

    private static func mask(_ node: JSONNode) throws(LottieDecodingError) -> LottieMask {
        let modeNode = node["mode"]
        let modeText = try modeNode?.string() ?? "a"
        guard let mode = LottieMask.Mode(rawValue: modeText) else {
            throw (modeNode ?? node).invalid("unknown mask mode \"\(modeText)\" (expected a, s, i, l, d, f or n)")
        }
        return LottieMask(
            name: try node["nm"]?.string() ?? "", mode: mode, isInverted: try node["inv"]?.bool() ?? false,
            shape: try property(node.required("pt"), default: .empty, value: shape),
            opacity: try property(node["o"], default: 100, value: number),
            expansion: try property(node["x"], default: 0, value: number))
    }

    /// An effect (`ef` entry). Drop shadows (type 25) keep their five settings, read by position: colour,
    /// opacity (0…255), direction, distance, softness.
    private static func effect(_ node: JSONNode) throws(LottieDecodingError) -> LayerEffect {
        let type = try node["ty"]?.integer(in: -1_000_000...1_000_000) ?? -1
        let name = try node["nm"]?.string() ?? ""
        let enabled = try node["en"]?.bool() ?? true
        guard type == 25 else { return LayerEffect(name: name, isEnabled: enabled, kind: .unsupported(type: type)) }
        let values = try node["ef"]?.elements() ?? []
        func setting<Value>(
            _ position: Int, default fallback: Value, _ read: ValueReader<Value>
        ) throws(LottieDecodingError) -> AnimatableProperty<Value> {
            try property(position < values.count ? values[position]["v"] : nil, default: fallback, value: read)
        }
        let shadow = DropShadow(
            source: .effect,
            color: try setting(0, default: [0, 0, 0, 1], vector),
            opacity: try setting(1, default: 255, number).map { $0 / 255 * 100 },
            angle: try setting(2, default: 135, number),
            distance: try setting(3, default: 0, number),
            blur: try setting(4, default: 0, number))
        return LayerEffect(name: name, isEnabled: enabled, kind: .dropShadow(shadow))
    }

    /// A layer style (`sy` entry); drop shadows are type 1.
    private static func layerStyle(_ node: JSONNode) throws(LottieDecodingError) -> LayerEffect {
        let type = try node["ty"]?.integer(in: -1_000_000...1_000_000) ?? -1
        let name = try node["nm"]?.string() ?? ""
        guard type == 1 else { return LayerEffect(name: name, isEnabled: true, kind: .unsupported(type: 1000 + type)) }
        let shadow = DropShadow(
            source: .layerStyle,
            color: try property(node["c"], default: [0, 0, 0, 1], value: vector),
            opacity: try property(node["o"], default: 75, value: number),
            angle: try property(node["a"], default: 135, value: number),
            distance: try property(node["d"], default: 5, value: number),
            blur: try property(node["s"], default: 5, value: number))
        return LayerEffect(name: name, isEnabled: true, kind: .dropShadow(shadow))
    }

    // MARK: Text

    private static func text(_ node: JSONNode) throws(LottieDecodingError) -> TextContent {
        let documents = try property(node.required("d"), default: TextDocument.empty, value: textDocument)
        let holding = AnimatableProperty(
            keyframes: documents.keyframes.map {
                Keyframe(frame: $0.frame, value: $0.value, isHold: true)
            }, expression: documents.expression)
        return TextContent(
            documents: holding, hasAnimators: (node["a"]?.count ?? 0) > 0,
            followsPath: node["p"]?["m"] != nil)
    }

    private static func textDocument(_ node: JSONNode) throws(LottieDecodingError) -> TextDocument {
        let justification: TextDocument.Justification
        switch try node["j"]?.integer(in: -1_000...1_000) ?? 0 {
        case 1: justification = .right
        case 2: justification = .center
        default: justification = .left
        }
        let size = try node["s"]?.number(in: 0...10_000) ?? 0
        let box = try node["sz"]?.numbers()
        let boxPosition = try node["ps"]?.numbers()
        return TextDocument(
            text: try node["t"]?.string() ?? "", fontName: try node["f"]?.string() ?? "", fontSize: size,
            justification: justification, tracking: try node["tr"]?.number() ?? 0,
            lineHeight: try node["lh"]?.number() ?? size * 1.2, baselineShift: try node["ls"]?.number() ?? 0,
            fillColor: try node["fc"]?.numbers(), strokeColor: try node["sc"]?.numbers(),
            strokeWidth: try node["sw"]?.number(in: 0...10_000) ?? 0, strokeOverFill: try node["of"]?.bool() ?? false,
            boxSize: box.flatMap { $0.count >= 2 ? CGSize(width: $0[0], height: $0[1]) : nil },
            boxPosition: boxPosition.flatMap { $0.count >= 2 ? CGPoint(x: $0[0], y: $0[1]) : nil })
    }
}

extension TextDocument {
    /// No text.
    static let empty = TextDocument(
        text: "", fontName: "", fontSize: 0, justification: .left, tracking: 0, lineHeight: 0, baselineShift: 0,
        fillColor: nil, strokeColor: nil, strokeWidth: 0, strokeOverFill: false, boxSize: nil, boxPosition: nil)
}
