import Foundation
import FuzzSupport
import PortableLottie
import PortableQuartzCore

/// Lottie files as `pqc render` and `LottieAnimationLayer` read them: bytes → `LottieAnimation(data:)` (bad input
/// must throw `LottieDecodingError`) → a `LottieAnimationLayer` (its tree built by `LottieLayerTree.build`) drawn
/// at two progresses into a 24 × 18 bitmap, on a manual clock.
enum LottieTarget: FuzzTarget {
    /// The most layers a built tree may hold: the builder's budget, plus the containers it does not count (a
    /// precomposition's clip, a matte's holders, a gradient's or a stroke's parts: a few per counted layer).
    static let maximumTreeSize = LottieLimits.maximumBuiltLayers * 8

    static func test(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let looksLikeLottie = LottieAnimation.looksLikeLottie(data)
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(data: data)
        } catch {
            if error.description.isEmpty { FuzzDriver.fail("an error without a description") }
            if FuzzDriver.isTracing { print("not decoded: \(error)") }
            return
        }
        if !looksLikeLottie { FuzzDriver.fail("a decoded animation that does not look like Lottie") }
        let duration = animation.duration
        guard duration.isFinite, duration > 0, animation.framerate > 0, animation.width > 0, animation.height > 0
        else { FuzzDriver.fail("a decoded animation with duration \(duration), size \(animation.size)") }
        MediaClock.withManualTime { clock in
            clock.advance(by: 0)
            // The layer builds its tree once (`LottieLayerTree.build`); that tree is what is counted and drawn.
            let layer = LottieAnimationLayer(animation: animation)
            let size = treeSize(layer.compositionLayer)
            if FuzzDriver.isTracing { print("built \(size) layers; issues: \(layer.compatibilityIssues)") }
            if size > maximumTreeSize { FuzzDriver.fail("a built tree of \(size) layers") }
            for progress in [0, 0.63] {
                guard let image = layer.snapshot(progress: progress, width: 24, height: 18) else {
                    FuzzDriver.fail("no snapshot")
                }
                if image.width != 24 || image.height != 18 { FuzzDriver.fail("a snapshot of the wrong size") }
                clock.advance(by: 0.25)
            }
        }
    }

    /// The number of layers in the tree under `root`, masks included, counted without recursion.
    static func treeSize(_ root: CALayer) -> Int {
        var count = 0
        var pending = [root]
        while let layer = pending.popLast() {
            count += 1
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
        }
        return count
    }

    static var seeds: [[UInt8]] {
        [shapes, precompositions, strokesAndModifiers, solidsTextAndMasks].map { Array($0.utf8) }
    }

    static var dictionary: [[UInt8]] {
        let keys = [
            "v", "fr", "ip", "op", "w", "h", "nm", "layers", "assets", "markers", "fonts", "list", "chars", "ty", "ind",
            "parent", "refId", "ks", "a", "p", "s", "r", "o", "sk", "sa", "rx", "ry", "rz", "or", "k", "t", "i",
            "e", "x", "y", "to", "ti", "c", "d", "st", "sr", "ao", "bm", "tt", "td", "tp", "hd", "ddd", "tm",
            "masksProperties", "mode", "inv", "pt", "ef", "sy", "shapes", "it", "np", "m", "g", "lc", "lj", "ml",
            "ir", "is", "os", "sc", "sw", "sh", "ch", "fName", "fFamily", "size", "data", "cm", "dr", "id", "u",
        ]
        let shapeKinds = ["gr", "rc", "el", "sr", "sh", "fl", "st", "gf", "gs", "tr", "tm", "rp", "rd", "mm", "o"]
        let values = [
            "1e9", "-1e9", "1e308", "1e400", "-0", "5e-324", "100000", "100001", "1000", "1001", "true", "null",
            "#ff0000", "data:image/png;base64,", "[0,0,0]",
        ]
        return keys.map { Array("\"\($0)\":".utf8) } + shapeKinds.map { Array("\"\($0)\"".utf8) }
            + values.map { Array($0.utf8) }
    }

    // MARK: Seeds (small documents written for this target)

    /// A shape layer: a rectangle and an ellipse filled, with a moving, turning, fading transform.
    static let shapes = """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":40,"h":30,"nm":"shapes","layers":[{"ty":4,"ind":1,"nm":"box",\
        "ip":0,"op":30,"st":0,"ks":{"a":{"k":[0,0]},"p":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":[0.3],"y":[0]},\
        "i":{"x":[0.7],"y":[1]},"to":[2,0],"ti":[-2,0]},{"t":30,"s":[30,20]}]},"s":{"k":[100,100]},"r":{"a":1,\
        "k":[{"t":0,"s":[0],"h":1},{"t":15,"s":[90]}]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":30,"s":[20]}]}},\
        "shapes":[{"ty":"gr","nm":"g","it":[{"ty":"rc","d":1,"p":{"k":[0,0]},"s":{"k":[12,8]},"r":{"k":2}},\
        {"ty":"el","d":3,"p":{"k":[4,4]},"s":{"a":1,"k":[{"t":0,"s":[4,4]},{"t":20,"s":[8,6]}]}},\
        {"ty":"fl","c":{"k":[0.2,0.4,0.9,1]},"o":{"k":100},"r":2},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},\
        "s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]}],"markers":[{"cm":"half","tm":15,"dr":5}]}
        """

    /// A precomposition used twice (once time-remapped), a parent chain and an alpha track matte.
    static let precompositions = """
        {"v":"5.7.0","fr":24,"ip":0,"op":48,"w":32,"h":32,"assets":[{"id":"star","w":32,"h":32,"layers":[\
        {"ty":4,"ind":1,"ip":0,"op":48,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[360]}]}},"shapes":[\
        {"ty":"sr","sy":1,"d":1,"pt":{"k":5},"p":{"k":[16,16]},"r":{"k":0},"ir":{"k":5},"is":{"k":0},\
        "or":{"k":12},"os":{"k":0}},{"ty":"fl","c":{"k":[1,0.8,0,1]},"o":{"k":100}}]}]}],"layers":[\
        {"ty":3,"ind":1,"nm":"null","ip":0,"op":48,"ks":{"p":{"k":[16,16]},"s":{"k":[50,50]}}},\
        {"ty":0,"ind":2,"parent":1,"refId":"star","w":32,"h":32,"ip":0,"op":48,"st":0,"ks":{}},\
        {"ty":4,"ind":3,"td":1,"ip":0,"op":48,"ks":{},"shapes":[{"ty":"el","p":{"k":[16,16]},"s":{"k":[20,20]}},\
        {"ty":"fl","c":{"k":[0,0,0,1]},"o":{"k":100}}]},{"ty":0,"ind":4,"tt":1,"refId":"star","w":32,"h":32,\
        "ip":0,"op":48,"sr":2,"ks":{},"tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[1]}]}}]}
        """

    /// Strokes with dashes, trimmed paths, a gradient, a repeater, rounded corners and a free path.
    static let strokesAndModifiers = """
        {"v":"5.7.0","fr":60,"ip":0,"op":60,"w":48,"h":36,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"ks":{},\
        "shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"k":{"c":true,"v":[[4,4],[20,4],[12,18]],"i":[[0,0],[0,0],\
        [-4,0]],"o":[[0,0],[0,0],[4,0]]}}},{"ty":"rd","r":{"k":3}},{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":80},\
        "w":{"k":2},"lc":2,"lj":1,"ml":4,"d":[{"n":"d","v":{"k":3}},{"n":"g","v":{"k":2}},{"n":"o","v":{"k":1}}]},\
        {"ty":"tm","s":{"k":10},"e":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[100]}]},"o":{"k":0},"m":1},\
        {"ty":"rp","c":{"k":3},"o":{"k":0},"tr":{"p":{"k":[6,2]},"r":{"k":10},"so":{"k":100},"eo":{"k":40}}},\
        {"ty":"tr","p":{"k":[0,0]}}]},{"ty":"rc","p":{"k":[36,24]},"s":{"k":[16,12]},"r":{"k":0}},\
        {"ty":"gf","t":2,"s":{"k":[30,20]},"e":{"k":[42,28]},"o":{"k":100},"g":{"p":2,"k":{"k":[0,1,1,1,1,0,0,0,\
        0,1,1,0.5]}}}]}]}
        """

    /// A solid layer with a mask, a text layer, a null parent and a hidden layer.
    static let solidsTextAndMasks = """
        {"v":"5.7.0","fr":30,"ip":0,"op":20,"w":24,"h":18,"fonts":{"list":[{"fName":"Sans","fFamily":"Sans",\
        "ascent":70}]},"layers":[{"ty":5,"ind":1,"ip":0,"op":20,"ks":{"p":{"k":[2,12]}},"t":{"d":{"k":[{"t":0,\
        "s":{"t":"Hi","f":"Sans","s":10,"j":0,"fc":[0,0,0]}}]}}},{"ty":1,"ind":2,"ip":0,"op":20,"sc":"#33aa55",\
        "sw":24,"sh":18,"ks":{},"masksProperties":[{"mode":"a","inv":false,"pt":{"k":{"c":true,"v":[[2,2],[22,2],\
        [22,16],[2,16]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}},"o":{"k":100}}]},\
        {"ty":4,"ind":3,"hd":true,"ip":0,"op":20,"ks":{},"shapes":[]}]}
        """
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzDriver.initialize(LottieTarget.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.run(LottieTarget.self, data, size)
}
