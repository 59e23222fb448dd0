import Foundation

/// The Lottie animations `pqc gallery` shows in its Lottie section (our own files, written for the project and
/// free to ship). Each exercises a few of the format's features through PortableLottie.
enum LottieGallerySamples {
    /// One animation: its file name (without `.json`), a title, and the Lottie JSON.
    struct Sample: Sendable {
        let name: String
        let title: String
        let json: String

        /// The JSON as bytes.
        var data: Data { Data(json.utf8) }
    }

    static let all: [Sample] = [loadingRing, bouncingBall, dotWheel]

    /// A ring drawn by trim paths whose end leads and whose start follows, while the layer turns once (stroke,
    /// round caps, eased trim keyframes, linear rotation).
    static let loadingRing = Sample(
        name: "loading-ring", title: "Loading ring: trim paths and rotation",
        json: """
            {"v":"5.7.0","nm":"loading ring","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[
             {"ty":4,"ind":1,"nm":"ring","ip":0,"op":60,"st":0,
              "ks":{"a":{"k":[0,0]},"p":{"k":[100,100]},"s":{"k":[100,100]},"o":{"k":100},
                    "r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[360]}]}},
              "shapes":[{"ty":"gr","nm":"circle","it":[
                {"ty":"el","nm":"path","d":1,"p":{"k":[0,0]},"s":{"k":[120,120]}},
                {"ty":"tm","nm":"trim","m":1,"o":{"k":0},
                 "s":{"a":1,"k":[{"t":15,"s":[0],"o":{"x":0.4,"y":0},"i":{"x":0.2,"y":1}},{"t":55,"s":[100]}]},
                 "e":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0.4,"y":0},"i":{"x":0.2,"y":1}},{"t":40,"s":[100]}]}},
                {"ty":"st","nm":"stroke","c":{"k":[0.1,0.62,0.6,1]},"o":{"k":100},"w":{"k":14},"lc":2,"lj":2},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]},
             {"ty":4,"ind":2,"nm":"track","ip":0,"op":60,"st":0,
              "ks":{"a":{"k":[0,0]},"p":{"k":[100,100]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},
              "shapes":[{"ty":"el","nm":"track","p":{"k":[0,0]},"s":{"k":[120,120]}},
                {"ty":"st","nm":"stroke","c":{"k":[0.85,0.9,0.9,1]},"o":{"k":100},"w":{"k":14},"lc":2,"lj":2}]}]}
            """)

    /// A ball that falls with ease-in, squashes on the floor and rises with ease-out, over a shadow that grows and
    /// darkens as it lands (position and scale keyframes, a hold keyframe on the colour, two layers).
    static let bouncingBall = Sample(
        name: "bouncing-ball", title: "Bouncing ball: easing, squash and a hold keyframe",
        json: """
            {"v":"5.7.0","nm":"bouncing ball","fr":30,"ip":0,"op":40,"w":200,"h":200,"assets":[],"layers":[
             {"ty":4,"ind":1,"nm":"ball","ip":0,"op":40,"st":0,
              "ks":{"a":{"k":[0,20]},"r":{"k":0},"o":{"k":100},
                    "p":{"a":1,"k":[{"t":0,"s":[100,60],"o":{"x":0.5,"y":0},"i":{"x":0.9,"y":0.6}},
                                    {"t":18,"s":[100,170],"o":{"x":0.1,"y":0.4},"i":{"x":0.5,"y":1}},
                                    {"t":40,"s":[100,60]}]},
                    "s":{"a":1,"k":[{"t":0,"s":[100,100]},{"t":17,"s":[100,100]},{"t":19,"s":[125,75]},
                                    {"t":22,"s":[95,105]},{"t":26,"s":[100,100]}]}},
              "shapes":[{"ty":"gr","nm":"ball","it":[
                {"ty":"el","nm":"circle","p":{"k":[0,0]},"s":{"k":[40,40]}},
                {"ty":"fl","nm":"fill","o":{"k":100},
                 "c":{"a":1,"k":[{"t":0,"s":[0.95,0.45,0.2,1],"h":1},{"t":18,"s":[0.95,0.25,0.35,1],"h":1},
                                 {"t":30,"s":[0.95,0.45,0.2,1]}]}},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]},
             {"ty":4,"ind":2,"nm":"shadow","ip":0,"op":40,"st":0,
              "ks":{"a":{"k":[0,0]},"p":{"k":[100,174]},"r":{"k":0},
                    "o":{"a":1,"k":[{"t":0,"s":[20]},{"t":18,"s":[60]},{"t":40,"s":[20]}]},
                    "s":{"a":1,"k":[{"t":0,"s":[50,50],"o":{"x":0.5,"y":0},"i":{"x":0.9,"y":0.6}},
                                    {"t":18,"s":[100,100],"o":{"x":0.1,"y":0.4},"i":{"x":0.5,"y":1}},
                                    {"t":40,"s":[50,50]}]}},
              "shapes":[{"ty":"el","nm":"shadow","p":{"k":[0,0]},"s":{"k":[60,12]}},
                {"ty":"fl","nm":"fill","c":{"k":[0.1,0.1,0.15,1]},"o":{"k":100}}]}]}
            """)

    /// Eight dots made by a repeater turning about the centre, fading from the first copy to the last, over a
    /// rounded square with a linear gradient and a subtracting mask that cuts a round window in it.
    static let dotWheel = Sample(
        name: "dot-wheel", title: "Dot wheel: repeater, gradient fill and a mask",
        json: """
            {"v":"5.7.0","nm":"dot wheel","fr":30,"ip":0,"op":48,"w":200,"h":200,"assets":[],"layers":[
             {"ty":4,"ind":1,"nm":"dots","ip":0,"op":48,"st":0,
              "ks":{"a":{"k":[0,0]},"p":{"k":[100,100]},"s":{"k":[100,100]},"o":{"k":100},
                    "r":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[315]}]}},
              "shapes":[{"ty":"gr","nm":"dot","it":[
                {"ty":"el","nm":"dot","p":{"k":[0,-56]},"s":{"k":[22,22]}},
                {"ty":"fl","nm":"fill","c":{"k":[1,1,1,1]},"o":{"k":100}},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]},
                {"ty":"rp","nm":"repeater","c":{"k":8},"o":{"k":0},"m":1,
                 "tr":{"p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":45},
                       "so":{"k":100},"eo":{"k":15}}}]},
             {"ty":4,"ind":2,"nm":"card","ip":0,"op":48,"st":0,
              "ks":{"a":{"k":[0,0]},"p":{"k":[100,100]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},
              "masksProperties":[{"nm":"window","mode":"s","inv":false,"o":{"k":100},"x":{"k":0},
                "pt":{"k":{"c":true,"v":[[0,-38],[38,0],[0,38],[-38,0]],
                           "i":[[-21,0],[0,-21],[21,0],[0,21]],"o":[[21,0],[0,21],[-21,0],[0,-21]]}}}],
              "shapes":[{"ty":"gr","nm":"card","it":[
                {"ty":"rc","nm":"box","d":1,"p":{"k":[0,0]},"s":{"k":[170,170]},"r":{"k":28}},
                {"ty":"gf","nm":"gradient","t":1,"o":{"k":100},"r":1,
                 "s":{"k":[-85,-85]},"e":{"k":[85,85]},
                 "g":{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,0.2,0.3,0.7,1,0.5,0.2,0.6]},
                                            {"t":24,"s":[0,0.5,0.2,0.6,1,0.2,0.3,0.7]},
                                            {"t":48,"s":[0,0.2,0.3,0.7,1,0.5,0.2,0.6]}]}}},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]}]}
            """)
}
