import Foundation
import Testing

@testable import PortableLottie

@Suite("Decoding Lottie documents")
struct LottieDecodingTests {
    private func error(_ data: Data) -> LottieDecodingError? {
        do {
            _ = try LottieAnimation(data: data)
            return nil
        } catch {
            return error
        }
    }

    @Test("a composition's size, frame rate, time range, duration and markers are read")
    func composition() throws {
        let data = LottieFixtures.composition(
            layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare()),
            extra: #","markers":[{"tm":15,"cm":"hover","dr":10}]"#)
        let animation = try LottieAnimation(data: data)
        #expect(animation.size == CGSize(width: 100, height: 100))
        #expect(animation.framerate == 30)
        // 60 frames at 30 fps.
        #expect(animation.duration == 2)
        #expect(animation.markerNames == ["hover"])
        #expect(animation.progressTime(forMarker: "hover") == 0.25)
        #expect(animation.durationFrameTime(forMarker: "hover") == 25)
        #expect(animation.frameTime(forProgress: 0.5) == 30)
    }

    @Test("shape items are parsed once into their kinds")
    func shapeKinds() throws {
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare())))
        guard case .shape(let items) = animation.layers[0].content, case .group(let inner) = items[0].kind else {
            Issue.record("not a shape layer with a group")
            return
        }
        guard case .rectangle(let rectangle) = inner[0].kind, case .fill(let fill) = inner[1].kind,
            case .transform = inner[2].kind
        else {
            Issue.record("unexpected items \(inner.map(\.kind))")
            return
        }
        #expect(rectangle.size.initialValue == [40, 40])
        #expect(fill.color.initialValue == [1, 0, 0, 1])
    }

    @Test("keyframes keep their easing (first component of per-dimension easing), holds and spatial tangents")
    func keyframes() throws {
        let transform = """
            {"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.4,0.1],"y":[0,0.2]},"i":{"x":0.2,"y":1},\
            "to":[10,0],"ti":[0,-10]},{"t":30,"s":[50,50],"h":1},{"t":45,"s":[90,10]}]}}
            """
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(
                layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: transform)))
        guard case .combined(let position) = animation.layers[0].transform.position else {
            Issue.record("position not combined")
            return
        }
        let frames = position.keyframes
        #expect(frames.map(\.frame) == [0, 30, 45])
        #expect(frames[0].easeOut == CGPoint(x: 0.4, y: 0))
        #expect(frames[0].easeIn == CGPoint(x: 0.2, y: 1))
        #expect(frames[0].spatialOut == CGPoint(x: 10, y: 0))
        #expect(frames[1].isHold)
        // Holding from frame 30 to 45: the value at 44 is still (50, 50).
        #expect(position.value(atFrame: 44) == [50, 50])
    }

    @Test("older files that give segment ends (e) instead of values on the last keyframe read the same")
    func legacyEndValues() throws {
        let transform = #"{"o":{"a":1,"k":[{"t":0,"s":[0],"e":[100]},{"t":10}]}}"#
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(
                layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: transform)))
        let opacity = animation.layers[0].transform.opacity
        #expect(opacity.keyframes.map(\.value) == [0, 100])
        // Linear: halfway at frame 5.
        #expect(opacity.value(atFrame: 5) == 50)
    }

    @Test(
        "a keyframe's members read as by name: a repeated key gives its last value, a last null none (0, 0, then 70)")
    func keyframeMembersReadInOnePass() throws {
        // The first keyframe says "s" twice (the second, 0, wins) and "h" as null then 0; the second gives "s" and then
        // null, so it has no value of its own and repeats the one before; the third is a hold given as a number.
        let keyframes =
            #"[{"t":0,"s":[10],"h":null,"s":[0],"h":0,"o":{"x":0,"y":0},"i":{"x":1,"y":1},"x":5},"#
            + #"{"s":[40],"t":10,"s":null},{"t":20,"s":[70],"h":1}]"#
        let transform = #"{"o":{"a":1,"k":\#(keyframes)}}"#
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(
                layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: transform)))
        let opacity = animation.layers[0].transform.opacity
        #expect(opacity.keyframes.map(\.frame) == [0, 10, 20])
        #expect(opacity.keyframes.map(\.value) == [0, 0, 70])
        #expect(opacity.keyframes.map(\.isHold) == [false, false, true])
        #expect(opacity.keyframes[0].easeOut == CGPoint(x: 0, y: 0))
        #expect(opacity.keyframes[0].easeIn == CGPoint(x: 1, y: 1))
    }

    @Test("a keyframe that is not an object, or has no t, is named in the error")
    func keyframeWithoutTime() throws {
        for (keyframes, path) in [(#"[{"t":0,"s":[0]},5]"#, "k[1]"), (#"[{"t":0,"s":[0]},{"s":[5]}]"#, "k[1].t")] {
            let transform = #"{"o":{"a":1,"k":\#(keyframes)}}"#
            let data = LottieFixtures.composition(
                layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: transform))
            #expect {
                try LottieAnimation(data: data)
            } throws: { error in
                (error as? LottieDecodingError)?.path == "layers[0].ks.o." + path
            }
        }
    }

    @Test(
        "errors name the JSON path of what is wrong",
        arguments: [
            (
                #""fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":10,"s":[1,"x"]}]}}}]"#,
                "layers[0].ks.p.k[1].s[1]"
            ),
            (
                #""fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":60,"ks":{"p":{"k":[{"t":5,"s":[0,0]},{"t":2,"s":[1,1]}]}}}]"#,
                "layers[0].ks.p.k[1].t"
            ),
            (#""fr":30,"ip":0,"op":60,"w":1e9,"h":100,"layers":[]"#, "w"),
            (#""fr":0,"ip":0,"op":60,"w":100,"h":100,"layers":[]"#, "fr"),
            // A rate so small that 20 frames last longer than any Double (found by FuzzLottie).
            (#""fr":305e-324,"ip":0,"op":20,"w":24,"h":18,"layers":[]"#, "fr"),
            // An out point so close to the in point that the span lasts 0 s (found by FuzzLottie).
            (#""fr":30,"ip":0,"op":305e-325,"w":40,"h":30,"layers":[]"#, "op"),
            (#""fr":30,"ip":0,"op":60,"w":100,"h":100"#, "layers"),
            (
                #""fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":60,"shapes":[{"ty":"gf","g":{"p":3,"k":{"k":[0,1,1,1]}}}]}]"#,
                "layers[0].shapes[0].g.k.k"
            ),
        ])
    func errorPaths(members: String, path: String) {
        let failure = error(Data("{\(members)}".utf8))
        #expect(failure?.path == path, "\(String(describing: failure))")
    }

    @Test("malformed JSON reports line and column; an empty document is malformed at line 1, column 1")
    func malformed() {
        #expect(
            error(Data())
                == LottieDecodingError(
                    path: "",
                    problem: .malformedJSON(line: 1, column: 1, reason: "the document ends where a value was expected"))
        )
        guard case .malformedJSON(let line, _, _)? = error(Data("{\n\"fr\": 30,\n}".utf8))?.problem else {
            Issue.record("expected a JSON error")
            return
        }
        #expect(line == 3)
    }

    @Test("a layer naming a precomposition the file does not define decodes, and the tree reports and skips it")
    func missingPrecomposition() throws {
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(layers: #"{"ty":0,"nm":"ghost","refId":"nope","ip":0,"op":60}"#))
        let built = LottieLayerTree.build(animation)
        #expect(built.issues.map(\.description) == ["ghost: precomposition \"nope\" is missing"])
    }

    @Test("a cycle of parents is refused with the chain of layer indices")
    func parentCycle() {
        let layers = """
            {"ty":3,"ind":1,"parent":2,"ip":0,"op":60},{"ty":3,"ind":2,"parent":3,"ip":0,"op":60},\
            {"ty":3,"ind":3,"parent":1,"ip":0,"op":60}
            """
        let failure = error(LottieFixtures.composition(layers: layers))
        #expect(failure?.problem == .parentCycle(chain: [1, 2, 3, 1]))
        #expect(failure?.path == "layers[0].parent")
    }

    @Test("precompositions that contain themselves are refused")
    func precompositionCycle() {
        let assets = """
            [{"id":"a","layers":[{"ty":0,"refId":"b","ip":0,"op":60}]},\
            {"id":"b","layers":[{"ty":0,"refId":"a","ip":0,"op":60}]}]
            """
        let failure = error(LottieFixtures.composition(layers: #"{"ty":0,"refId":"a","ip":0,"op":60}"#, assets: assets))
        #expect(failure?.problem == .precompositionCycle(chain: ["a", "b", "a"]))
    }

    @Test("unknown layer and shape types are kept as unsupported, not errors")
    func unknownTypes() throws {
        let layers = """
            {"ty":13,"nm":"camera","ip":0,"op":60},\
            {"ty":4,"nm":"s","ip":0,"op":60,"shapes":[{"ty":"zz","nm":"zigzag"}]}
            """
        let animation = try LottieAnimation(data: LottieFixtures.composition(layers: layers))
        guard case .unsupported(let type) = animation.layers[0].content,
            case .shape(let items) = animation.layers[1].content, case .unsupported(let shapeType) = items[0].kind
        else {
            Issue.record("unexpected content")
            return
        }
        #expect(type == 13)
        #expect(shapeType == "zz")
    }

    @Test("a base64 data URI image is decoded to its bytes")
    func embeddedImage() throws {
        let assets = #"[{"id":"img","w":2,"h":2,"u":"","p":"data:image/png;base64,AAEC","e":1}]"#
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(layers: #"{"ty":2,"refId":"img","ip":0,"op":60}"#, assets: assets))
        guard case .image(let image)? = animation.assets["img"] else {
            Issue.record("no image asset")
            return
        }
        #expect(image.embeddedData == Data([0, 1, 2]))
    }

    @Test("star points beyond 1 000 are refused by path (a hostile file cannot make a million-point star)")
    func starLimit() {
        let layers = #"{"ty":4,"ip":0,"op":60,"shapes":[{"ty":"sr","sy":1,"pt":{"k":1e7}}]}"#
        #expect(error(LottieFixtures.composition(layers: layers))?.path == "layers[0].shapes[0].pt")
    }

    @Test("looksLikeLottie tells a composition from other JSON")
    func recognition() {
        #expect(LottieAnimation.looksLikeLottie(LottieFixtures.composition(layers: "")))
        #expect(!LottieAnimation.looksLikeLottie(Data(#"{"root":{"class":"CALayer"}}"#.utf8)))
        #expect(!LottieAnimation.looksLikeLottie(Data("not json".utf8)))
    }
}
