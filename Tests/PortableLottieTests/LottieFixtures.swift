import Foundation

@testable import PortableLottie

/// Small Lottie documents written for these tests (our own; shapes and numbers chosen to make results easy to
/// work out by hand).
enum LottieFixtures {
    /// A 100×100, 30 fps, 60-frame composition with `layers` (JSON text) and optional `assets`.
    static func composition(layers: String, assets: String = "[]", extra: String = "") -> Data {
        Data(
            """
            {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"test","assets":\(assets),\
            "layers":[\(layers)]\(extra)}
            """.utf8)
    }

    /// A shape layer (index `index`) holding one group with `items` (JSON text) and an identity group transform.
    static func shapeLayer(
        index: Int = 1, name: String = "shape", items: String, transform: String = #"{"o":{"k":100}}"#,
        inFrame: Double = 0, outFrame: Double = 60, extra: String = ""
    ) -> String {
        """
        {"ty":4,"ind":\(index),"nm":"\(name)","ip":\(inFrame),"op":\(outFrame),"st":0,"ks":\(transform),\
        "shapes":[{"ty":"gr","nm":"group","it":[\(items),{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},\
        "s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]\(extra)}
        """
    }

    /// A red square fill item list: a rectangle centred on (cx, cy) with side `side`.
    static func redSquare(cx: Double = 50, cy: Double = 50, side: Double = 40) -> String {
        """
        {"ty":"rc","nm":"box","d":1,"p":{"k":[\(cx),\(cy)]},"s":{"k":[\(side),\(side)]},"r":{"k":0}},\
        {"ty":"fl","nm":"red","c":{"k":[1,0,0,1]},"o":{"k":100},"r":1}
        """
    }

    /// Decodes `data`, failing the test with the error's description.
    static func decode(_ data: Data) throws -> LottieAnimation {
        try LottieAnimation(data: data)
    }
}
