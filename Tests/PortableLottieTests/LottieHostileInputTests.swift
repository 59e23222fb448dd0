import Foundation
import PortableQuartzCore
import Testing

@testable import PortableLottie

@Suite("Hostile Lottie input")
struct LottieHostileInputTests {
    @Test("a precomposition used 10 times at each of 12 levels (10¹² layers) stops at the layer budget")
    func exponentialPrecompositions() throws {
        var assets: [String] = []
        for level in 0..<12 {
            let child =
                level == 11
                ? #"{"ty":4,"ip":0,"op":60,"shapes":[]}"#
                : #"{"ty":0,"refId":"p\#(level + 1)","ip":0,"op":60,"w":100,"h":100}"#
            assets.append(
                #"{"id":"p\#(level)","layers":[\#(Array(repeating: child, count: 10).joined(separator: ","))]}"#)
        }
        let data = LottieFixtures.composition(
            layers: #"{"ty":0,"refId":"p0","ip":0,"op":60,"w":100,"h":100}"#,
            assets: "[" + assets.joined(separator: ",") + "]")
        let animation = try LottieAnimation(data: data)
        let built = LottieLayerTree.build(animation)
        #expect(built.issues.contains { $0.feature.contains("more than \(LottieLimits.maximumBuiltLayers) layers") })
    }

    @Test(
        "NaN-producing, infinite and huge numbers are refused by their own path (1e400 as a scale's x, 2e12 as its y)",
        arguments: [("[1e400,100]", "layers[0].ks.s.k[0]"), ("[100,2e12]", "layers[0].ks.s.k[1]")])
    func outOfRangeNumber(scale: String, path: String) {
        let data = LottieFixtures.composition(
            layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: #"{"s":{"k":\#(scale)}}"#))
        #expect {
            try LottieAnimation(data: data)
        } throws: { error in
            (error as? LottieDecodingError)?.path == path
        }
    }

    @Test("every prefix of a real document either decodes or throws a typed error (no crash, no hang)")
    func truncations() {
        let data = LottieFixtures.composition(layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare()))
        var decoded = 0
        for length in stride(from: 0, to: data.count, by: 7) {
            if (try? LottieAnimation(data: data.prefix(length))) != nil { decoded += 1 }
        }
        // Only the whole document is a complete JSON value.
        #expect(decoded == 0)
        #expect((try? LottieAnimation(data: data)) != nil)
    }

    @Test("a 1000-copy repeater of a 1000-copy repeater stops at the 20,000-layer budget and reports it")
    func nestedRepeaters() throws {
        let inner =
            #"{"ty":"gr","it":[{"ty":"el","p":{"k":[0,0]},"s":{"k":[2,2]}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"rp","c":{"k":1000},"tr":{"p":{"k":[1,0]}}}]}"#
        let layer = #"{"ty":4,"ip":0,"op":60,"shapes":[\#(inner),{"ty":"rp","c":{"k":1000},"tr":{"p":{"k":[0,1]}}}]}"#
        let animation = try LottieAnimation(data: LottieFixtures.composition(layers: layer))
        // A million copies asked for (the inner repeater's 1,000 inside each of the outer one's); the build stays
        // within the layer budget (the work is counted, not timed: a 30 s bound failed under the thread sanitizer
        // on a busy machine).
        let built = LottieLayerTree.build(animation)
        var layers = 0
        var stack = [built.root]
        while let layer = stack.popLast() {
            layers += 1
            stack += layer.sublayers ?? []
        }
        // The root and the 20,000 layers of the budget; the rest are left out, and the report says so (it did not
        // before: repeaters and shape groups took from the budget without reporting).
        #expect(layers == LottieLimits.maximumBuiltLayers + 1)
        #expect(built.issues.contains { $0.feature.contains("more than \(LottieLimits.maximumBuiltLayers) layers") })
    }

    @Test("a time remap with keyframes far outside the timeline samples at most 10 000 frames")
    func timeRemapSampling() throws {
        let assets =
            #"[{"id":"c","layers":[\#(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: #"{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":1e6,"s":[100]}]}}"#))]}]"#
        let layers =
            #"{"ty":0,"refId":"c","ip":0,"op":60,"w":100,"h":100,"tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[1e5]}]}}"#
        let animation = try LottieAnimation(data: LottieFixtures.composition(layers: layers, assets: assets))
        let built = LottieLayerTree.build(animation)
        #expect(built.root.sublayers?.count == 1)
    }

    @Test("a precomposition that uses itself is refused with the chain a → a, before anything is built")
    func selfReferencingPrecomposition() {
        let assets = #"[{"id":"a","layers":[{"ty":0,"refId":"a","ip":0,"op":60}]}]"#
        let data = LottieFixtures.composition(layers: #"{"ty":0,"refId":"a","ip":0,"op":60}"#, assets: assets)
        #expect(throws: LottieDecodingError(path: "assets[0]", problem: .precompositionCycle(chain: ["a", "a"]))) {
            try LottieAnimation(data: data)
        }
    }

    @Test("precompositions nest 64 deep (p0 … p63) but not 65: the 65th is refused as too large")
    func precompositionNesting() throws {
        func nested(_ count: Int) -> Data {
            let assets = (0..<count).map { level in
                let inner = level + 1 < count ? #"{"ty":0,"refId":"p\#(level + 1)","ip":0,"op":60}"# : ""
                return #"{"id":"p\#(level)","layers":[\#(inner)]}"#
            }
            return LottieFixtures.composition(
                layers: #"{"ty":0,"refId":"p0","ip":0,"op":60}"#, assets: "[" + assets.joined(separator: ",") + "]")
        }
        _ = try LottieAnimation(data: nested(LottieLimits.maximumNesting))
        #expect(
            throws: LottieDecodingError(
                path: "assets[64]", problem: .tooLarge(limit: "precompositions nested up to 64 deep"))
        ) {
            try LottieAnimation(data: nested(LottieLimits.maximumNesting + 1))
        }
    }

    @Test("a chain of 2000 parented layers (1 523 200 parent wrappers) stops at the 20 000-layer budget")
    func parentChain() throws {
        // Layer k (from 0) is wrapped in min(k, 1024) ancestors (the walk stops after 1024), so the last 976 cost
        // 1025 layers each. Built back to front, 19 of them fit (19 475); the 20th runs out of budget among its
        // wrappers and is left out, as are all the others.
        let layers = (1...2000).map { index in
            let parent = index > 1 ? ",\"parent\":\(index - 1)" : ""
            return #"{"ty":3,"ind":\#(index),"ip":0,"op":60,"ks":{}\#(parent)}"#
        }
        let animation = try LottieAnimation(data: LottieFixtures.composition(layers: layers.joined(separator: ",")))
        let built = LottieLayerTree.build(animation)
        #expect(built.root.sublayers?.count == 19)
        #expect(LottieTreeCensus(built.root).layers == 1 + 19_475)
        #expect(built.issues.contains { $0.feature.contains("more than \(LottieLimits.maximumBuiltLayers) layers") })
    }

    @Test("a mask costs a layer: 250 uses of a layer with 100 masks build 196 of them (19 600 mask layers)")
    func masksCountAgainstTheBudget() throws {
        // Each use costs 102 layers (the precomposition layer, the null layer, its 100 masks): 196 × 102 = 19 992.
        let mask =
            #"{"mode":"a","pt":{"k":{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
        let masked =
            #"{"ty":3,"ind":1,"ip":0,"op":60,"ks":{},"masksProperties":[\#(Array(repeating: mask, count: 100).joined(separator: ","))]}"#
        let use = #"{"ty":0,"refId":"m","ip":0,"op":60,"w":100,"h":100,"ks":{}}"#
        let data = LottieFixtures.composition(
            layers: Array(repeating: use, count: 250).joined(separator: ","),
            assets: #"[{"id":"m","layers":[\#(masked)]}]"#)
        let built = LottieLayerTree.build(try LottieAnimation(data: data))
        #expect(LottieTreeCensus(built.root).shapeLayers == 196 * 100)
    }

    @Test("a text of 25 000 lines (one layer each) is left out: more than the 20 000-layer budget")
    func textLinesCountAgainstTheBudget() throws {
        let text = Array(repeating: "a", count: 25_000).joined(separator: "\\r")
        let layer =
            #"{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"Sans","s":10}}]}}}"#
        let built = LottieLayerTree.build(try LottieAnimation(data: LottieFixtures.composition(layers: layer)))
        #expect(LottieTreeCensus(built.root).textLayers == 0)
        #expect(built.issues.contains { $0.feature.contains("more than \(LottieLimits.maximumBuiltLayers) layers") })
    }

    @Test("400 layers under a time remap over 100 000 frames keep 990 099 sampled values, not 4 000 400")
    func sampledValuesBudget() throws {
        // Under a remap every layer's visibility is sampled at 10 000 intervals (10 001 values). 99 layers fit in
        // the 1 000 000-value budget (990 099 values); the other 301 show their first frame's visibility.
        let leaf = #"{"id":"leaf","layers":[{"ty":3,"ind":1,"ip":0,"op":100000,"ks":{}}]}"#
        let use = #"{"ty":0,"refId":"leaf","ip":0,"op":100000,"w":10,"h":10,"ks":{}}"#
        let middle = #"{"id":"p","layers":[\#(Array(repeating: use, count: 200).joined(separator: ","))]}"#
        let remapped =
            #"{"ty":0,"refId":"p","ip":0,"op":100000,"w":10,"h":10,"ks":{},"tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":100000,"s":[3000]}]}}"#
        let data = Data(
            #"{"fr":30,"ip":0,"op":100000,"w":10,"h":10,"assets":[\#(leaf),\#(middle)],"layers":[\#(remapped)]}"#.utf8)
        let built = LottieLayerTree.build(try LottieAnimation(data: data))
        #expect(LottieTreeCensus(built.root).keyframeValues == 99 * 10_001)
        #expect(built.issues.contains { $0.feature.contains("keyframe values") })
    }

    @Test("a 5000-point path used 1000 times (5 000 000 points) is drawn 200 times: one point costs one value")
    func pathPointsBudget() throws {
        let points = (0..<5000).map { "[\($0 % 100),\($0 / 100)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: 5000).joined(separator: ",")
        let shape =
            #"{"ty":4,"ind":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":{"k":{"c":true,"v":[\#(points)],"#
            + #""i":[\#(zeros)],"o":[\#(zeros)]}}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}"#
        let use = #"{"ty":0,"refId":"s","ip":0,"op":60,"w":100,"h":100,"ks":{}}"#
        let data = LottieFixtures.composition(
            layers: Array(repeating: use, count: 1000).joined(separator: ","),
            assets: #"[{"id":"s","layers":[\#(shape)]}]"#)
        let built = LottieLayerTree.build(try LottieAnimation(data: data))
        #expect(LottieTreeCensus(built.root).paths == 200)
    }
}

/// Counts what a built tree holds, walking it without recursion.
struct LottieTreeCensus {
    var layers = 0
    var shapeLayers = 0
    var textLayers = 0
    /// The shape layers with a path.
    var paths = 0
    /// The values of every keyframe animation in the tree.
    var keyframeValues = 0

    init(_ root: CALayer) {
        var pending = [root]
        while let layer = pending.popLast() {
            layers += 1
            if let shape = layer as? CAShapeLayer {
                shapeLayers += 1
                if shape.path != nil { paths += 1 }
            }
            if layer is CATextLayer { textLayers += 1 }
            for key in layer.animationKeys() ?? [] {
                keyframeValues += (layer.animation(forKey: key) as? CAKeyframeAnimation)?.values?.count ?? 0
            }
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
        }
    }
}
