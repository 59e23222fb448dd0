import Foundation
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

    @Test("NaN-producing and infinite numbers are refused by path, not passed on (1e400 in a scale)")
    func infiniteNumber() {
        let data = LottieFixtures.composition(
            layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: #"{"s":{"k":[1e400,100]}}"#)
        )
        #expect {
            try LottieAnimation(data: data)
        } throws: { error in
            (error as? LottieDecodingError)?.path == "layers[0].ks.s.k[0]"
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

    @Test("a 1000-copy repeater of a 1000-copy repeater is bounded by the layer budget")
    func nestedRepeaters() throws {
        let inner =
            #"{"ty":"gr","it":[{"ty":"el","p":{"k":[0,0]},"s":{"k":[2,2]}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"rp","c":{"k":1000},"tr":{"p":{"k":[1,0]}}}]}"#
        let layer = #"{"ty":4,"ip":0,"op":60,"shapes":[\#(inner),{"ty":"rp","c":{"k":1000},"tr":{"p":{"k":[0,1]}}}]}"#
        let animation = try LottieAnimation(data: LottieFixtures.composition(layers: layer))
        let start = Date()
        _ = LottieLayerTree.build(animation)
        #expect(Date().timeIntervalSince(start) < 30)
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
}
