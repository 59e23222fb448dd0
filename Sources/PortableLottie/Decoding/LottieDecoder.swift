import Foundation

/// Turns Lottie JSON into a ``LottieAnimation`` (our own decoder, written from the format's documentation).
///
/// Strings the format uses as type tags (`ty`, mask modes…) are parsed once here into enums. Everything read is
/// checked: numbers finite and in range, keyframes in order, asset references resolved, no cycles of parents or
/// precompositions. The first problem found is thrown with its JSON path.
enum LottieDecoder {
    /// Decodes `data`; see ``LottieAnimation/init(data:)``.
    static func decode(_ data: Data) throws(LottieDecodingError) -> LottieAnimation {
        guard data.count <= LottieLimits.maximumFileSize else {
            throw LottieDecodingError(
                path: "", problem: .tooLarge(limit: "files up to \(LottieLimits.maximumFileSize) bytes"))
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw LottieDecodingError(
                path: "", problem: .malformedJSON(line: error.line, column: error.column, reason: error.reason))
        }
        return try composition(JSONNode(document))
    }

    private static func composition(_ node: JSONNode) throws(LottieDecodingError) -> LottieAnimation {
        guard node.isObject else { throw node.mismatch("an object (a Lottie composition)") }
        let framerate = try node.required("fr").number(in: 0...LottieLimits.maximumFrameRate)
        guard framerate >= LottieLimits.minimumFrameRate else {
            throw LottieDecodingError(
                at: node.path.appending("fr"),
                .outOfRange(value: framerate, allowed: "at least \(LottieLimits.minimumFrameRate)"))
        }
        let frames = -LottieLimits.maximumFrame...LottieLimits.maximumFrame
        let startFrame = try node.required("ip").number(in: frames)
        let endNode = try node.required("op")
        let endFrame = try endNode.number(in: frames)
        // A span so small that it lasts 0 seconds at this rate (op 3·10⁻³²³ after ip 0 at 30 fps; found by
        // FuzzLottie) counts as no span.
        guard endFrame > startFrame, (endFrame - startFrame) / framerate > 0 else {
            throw LottieDecodingError(
                at: endNode.path, .outOfRange(value: endFrame, allowed: "after ip (\(startFrame))"))
        }
        let width = try side(node.required("w"))
        let height = try side(node.required("h"))

        var assets: [String: LottieAsset] = [:]
        var assetNodes: [String: JSONNode] = [:]
        for entry in try node["assets"]?.elements() ?? [] {
            let id = try entry.required("id").string()
            assetNodes[id] = entry
            assets[id] = try asset(entry, id: id)
        }
        let layers = try layerList(node.required("layers"))
        try checkReferences(layers: layers, at: node.required("layers"), assets: assets, assetNodes: assetNodes)

        var markers: [LottieMarker] = []
        for entry in try node["markers"]?.elements() ?? [] {
            markers.append(
                LottieMarker(
                    name: try entry["cm"]?.string() ?? "", frame: try entry.required("tm").number(in: frames),
                    durationFrames: try entry["dr"]?.number(in: frames) ?? 0))
        }
        var fonts: [LottieFont] = []
        for entry in try node["fonts"]?["list"]?.elements() ?? [] {
            fonts.append(
                LottieFont(
                    name: try entry.required("fName").string(), family: try entry["fFamily"]?.string() ?? "",
                    style: try entry["fStyle"]?.string() ?? "", ascent: try entry["ascent"]?.number() ?? 75))
        }
        var glyphs: [LottieGlyph] = []
        for entry in try node["chars"]?.elements() ?? [] {
            glyphs.append(
                LottieGlyph(
                    character: try entry.required("ch").string(), family: try entry["fFamily"]?.string() ?? "",
                    style: try entry["style"]?.string() ?? "", size: try entry["size"]?.number(in: 0...1e6) ?? 100,
                    width: try entry["w"]?.number() ?? 0,
                    shapes: try shapeItems(entry["data"]?["shapes"])))
        }
        return LottieAnimation(
            version: try node["v"]?.string() ?? "", name: try node["nm"]?.string() ?? "", framerate: framerate,
            startFrame: startFrame, endFrame: endFrame, width: width, height: height, layers: layers, assets: assets,
            markers: markers, fonts: fonts, glyphs: glyphs)
    }

    /// A composition or precomposition side: above 0 and at most ``LottieLimits/maximumSide``.
    static func side(_ node: JSONNode) throws(LottieDecodingError) -> Double {
        let value = try node.number()
        guard value > 0, value <= LottieLimits.maximumSide else {
            throw LottieDecodingError(
                at: node.path,
                value > LottieLimits.maximumSide
                    ? .tooLarge(limit: "sides up to \(Int(LottieLimits.maximumSide)) points")
                    : .outOfRange(value: value, allowed: "above 0"))
        }
        return value
    }

    // MARK: Assets

    private static func asset(_ node: JSONNode, id: String) throws(LottieDecodingError) -> LottieAsset {
        if let layers = node["layers"] {
            return .precomposition(PrecompositionAsset(id: id, layers: try layerList(layers)))
        }
        let file = try node["p"]?.string() ?? ""
        let folder = try node["u"]?.string() ?? ""
        let embedded = try embeddedData(file, at: node["p"]?.path ?? node.path)
        return .image(
            ImageAsset(
                id: id, width: try node["w"]?.number(in: 0...LottieLimits.maximumSide) ?? 0,
                height: try node["h"]?.number(in: 0...LottieLimits.maximumSide) ?? 0, embeddedData: embedded,
                path: embedded == nil ? folder + file : ""))
    }

    /// The bytes of a base64 `data:` URI, nil for anything else (an external file name).
    private static func embeddedData(_ text: String, at path: JSONPath) throws(LottieDecodingError) -> Data? {
        guard text.hasPrefix("data:") else { return nil }
        guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else {
            throw LottieDecodingError(at: path, .invalid("an embedded image must be a base64 data URI"))
        }
        guard
            let data = Data(base64Encoded: String(text[text.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else {
            throw LottieDecodingError(at: path, .invalid("the embedded image's base64 text does not decode"))
        }
        return data
    }

    // MARK: References

    /// Checks that precompositions do not contain themselves and that no layer list has a cycle of parents.
    /// A precomposition layer naming an asset the file does not define is not an error: real files have them
    /// (lottie-ios draws nothing for such a layer), so the builder skips the layer and reports it.
    private static func checkReferences(
        layers: [LottieLayer], at node: JSONNode, assets: [String: LottieAsset], assetNodes: [String: JSONNode]
    ) throws(LottieDecodingError) {
        try checkParents(layers, at: node)
        for (id, asset) in assets {
            guard case .precomposition(let precomposition) = asset, let assetNode = assetNodes[id] else { continue }
            let layersNode = try assetNode.required("layers")
            try checkParents(precomposition.layers, at: layersNode)
        }
        // Depth-first search over "precomposition uses precomposition" edges.
        var state: [String: Bool] = [:]  // false: on the current path; true: finished
        func visit(_ id: String, chain: [String]) throws(LottieDecodingError) {
            if let finished = state[id] {
                if !finished {
                    let cycle = Array(chain.drop { $0 != id }) + [id]
                    throw LottieDecodingError(at: assetNodes[id]?.path ?? .root, .precompositionCycle(chain: cycle))
                }
                return
            }
            guard chain.count < LottieLimits.maximumNesting else {
                throw LottieDecodingError(
                    at: assetNodes[id]?.path ?? .root,
                    .tooLarge(limit: "precompositions nested up to \(LottieLimits.maximumNesting) deep"))
            }
            state[id] = false
            if case .precomposition(let precomposition)? = assets[id] {
                for layer in precomposition.layers {
                    if case .precomposition(let reference) = layer.content {
                        try visit(reference.assetID, chain: chain + [id])
                    }
                }
            }
            state[id] = true
        }
        for id in assets.keys.sorted() { try visit(id, chain: []) }
    }

    /// Follows every layer's parents once (each index is finished at most once, so this is linear in the layers).
    private static func checkParents(_ layers: [LottieLayer], at node: JSONNode) throws(LottieDecodingError) {
        var parents: [Int: Int] = [:]
        for layer in layers {
            if let index = layer.index, let parent = layer.parentIndex { parents[index] = parent }
        }
        var finished: Set<Int> = []
        for (position, layer) in layers.enumerated() {
            guard let start = layer.index else { continue }
            var chain: [Int] = []
            var onChain: Set<Int> = []
            var current: Int? = start
            while let index = current, !finished.contains(index) {
                if onChain.contains(index) {
                    throw LottieDecodingError(
                        at: node.path.appending(position).appending("parent"),
                        .parentCycle(chain: Array(chain.drop { $0 != index }) + [index]))
                }
                chain.append(index)
                onChain.insert(index)
                current = parents[index]
            }
            finished.formUnion(chain)
        }
    }
}
