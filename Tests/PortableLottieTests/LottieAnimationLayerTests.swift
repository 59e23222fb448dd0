import Foundation
import PortableQuartzCore
import Testing

@testable import PortableLottie

@Suite("LottieAnimationLayer")
struct LottieAnimationLayerTests {
    /// The premultiplied RGBA bytes of pixel (x, y) from the top.
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        image.withUnsafePremultipliedRGBABytes { bytes in
            let offset = y * image.bytesPerRow + x * 4
            return Array(bytes[offset..<(offset + 4)])
        }
    }

    private func layer(_ layers: String, assets: String = "[]") throws -> LottieAnimationLayer {
        LottieAnimationLayer(
            animation: try LottieAnimation(data: LottieFixtures.composition(layers: layers, assets: assets)))
    }

    @Test("setting progress pauses the composition layer at progress × duration (speed 0, timeOffset)")
    func progress() throws {
        let layer = try layer(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare()))
        layer.currentProgress = 0.25
        #expect(layer.compositionLayer.speed == 0)
        // 60 frames at 30 fps: a quarter is 0.5 s, frame 15.
        #expect(layer.compositionLayer.timeOffset == 0.5)
        #expect(layer.currentFrame == 15)
        layer.currentFrame = 45
        #expect(layer.currentProgress == 0.75)
        #expect(!layer.isAnimationPlaying)
    }

    @Test("a red 40-point square centred in a 100-point composition fills pixels 30…69 at 1 pixel per point")
    func redSquare() throws {
        let layer = try layer(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare()))
        let image = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(image, 50, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 31, 31) == [255, 0, 0, 255])
        #expect(pixel(image, 28, 50) == [0, 0, 0, 0])
        #expect(pixel(image, 71, 50) == [0, 0, 0, 0])
    }

    @Test("an animated position moves the square: at progress 0.5 (frame 30) the linear move is halfway")
    func animatedPosition() throws {
        // Layer position from (0, 0) at frame 0 to (40, 0) at frame 60: at frame 30 it is (20, 0), so the square
        // (centred on (30, 50) of the layer) sits at 50, covering 30…69 horizontally at 1 pixel per point.
        let transform = #"{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":60,"s":[40,0]}]}}"#
        let layer = try layer(
            LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(cx: 30, cy: 50), transform: transform))
        let image = try #require(layer.snapshot(progress: 0.5, width: 100, height: 100))
        #expect(pixel(image, 32, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 67, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 27, 50) == [0, 0, 0, 0])
        #expect(pixel(image, 72, 50) == [0, 0, 0, 0])
    }

    /// Evidence: Apple's pictures of lottie-ios's issue_2055 sample (../shared/lottie), whose blobs turn their skew
    /// axis 0° → 360°: they change from frame to frame, as lottie-ios computes the transform at every frame when
    /// the skew animates; keyframed matrices would be equal at both ends and show no change at all.
    @Test("a skew axis turning 0° → 180° is drawn at every frame: at frame 30 (axis 90°) skew 45° shears vertically")
    func animatedSkewAxis() throws {
        // A 20-point square centred on the layer's origin at (50, 50), skewed 45°. Axis 0° maps (x, y) to
        // (x − y, y); axis 90° to (x, y + x), so the square's point (8, 8) shows at pixel (58, 66) only then.
        let linear = #""i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}"#
        let transform = """
            {"a":{"k":[0,0]},"p":{"k":[50,50]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100},"sk":{"k":45},\
            "sa":{"a":1,"k":[{"t":0,"s":[0],\(linear)},{"t":60,"s":[180]}]}}
            """
        let layer = try layer(
            LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(cx: 0, cy: 0, side: 20), transform: transform))
        let middle = try #require(layer.snapshot(progress: 0.5, width: 100, height: 100))
        #expect(pixel(middle, 58, 66) == [255, 0, 0, 255])
        #expect(pixel(middle, 42, 34) == [255, 0, 0, 255])
        #expect(pixel(middle, 66, 58) == [0, 0, 0, 0])
        let start = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(start, 58, 66) == [0, 0, 0, 0])
        #expect(pixel(start, 50, 58) == [255, 0, 0, 255])
    }

    /// Evidence: Apple's pictures of lottie-ios's TypeFace/A sample (../shared/lottie), whose left arm is the right
    /// arm's layer with scale [-100, 100]: Apple draws it mirrored (0.9996 of the pixels match with the matrix,
    /// 0.981 without); lottie-ios's TransformAnimations.swift animates the whole `transform` whenever `scale.x` is
    /// negative, since split `transform.scale.x`/`.y` animations lose the mirror (Apple's FB9862872).
    @Test("a negative x scale mirrors the layer: scale [-100, 100] at position (50, 0) puts content x 10…30 at 20…40")
    func negativeScaleXMirrors() throws {
        let transform = #"{"a":{"k":[0,0]},"p":{"k":[50,0]},"s":{"k":[-100,100]},"r":{"k":0},"o":{"k":100}}"#
        let layer = try layer(
            LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(cx: 20, cy: 50, side: 20), transform: transform))
        let image = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        // x ↦ 50 − x: the square's 10…30 lands on 20…40; unmirrored it would cover 60…80.
        #expect(pixel(image, 22, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 38, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 70, 50) == [0, 0, 0, 0])
    }

    /// Evidence: Apple's pictures of lottie-ios's TypeFace/D sample (../shared/lottie), whose "BotLine" layer has
    /// scale [100, −100] and rotation 0: Apple draws it flipped vertically below the letter's middle (0.968 of the
    /// pixels match when rotation 0 is written after the scale, 0.99 when not); lottie-ios's `addAnimation` leaves a
    /// fixed value equal to the property's default unwritten.
    @Test("a negative y scale flips vertically with rotation 0: content y 10…30 at position (0, 50) lands on 20…40")
    func negativeScaleYWithNeutralRotation() throws {
        let transform = #"{"a":{"k":[0,0]},"p":{"k":[0,50]},"s":{"k":[100,-100]},"r":{"k":0},"o":{"k":100}}"#
        let layer = try layer(
            LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(cx: 50, cy: 20, side: 20), transform: transform))
        let image = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        // y ↦ 50 − y: the square's 10…30 lands on 20…40, x stays 40…60.
        #expect(pixel(image, 50, 22) == [255, 0, 0, 255])
        #expect(pixel(image, 50, 38) == [255, 0, 0, 255])
        #expect(pixel(image, 50, 70) == [0, 0, 0, 0])
    }

    /// Evidence: Apple's pictures of lottie-ios's issue_1887 sample (../shared/lottie): an ellipse with a gradient
    /// fill, a 93 % fill and an 80 % one-point stroke, in that order. Apple's pixels at the stroke's outer edge are
    /// 96 % opaque (two layers of 80 %) and just inside it the gradient lies over the stroke; lottie-ios's
    /// `shapeRenderGroups` gives each fill a render group (a fill with no outline of its own borrows the previous
    /// group's), applies the stroke to every group, and splits a fill from a stroke whose opacity differs.
    @Test("a stroke after two fills of one outline is drawn once below each: a 50 % stroke's outer edge is 75 % opaque")
    func strokeDrawnOncePerFill() throws {
        let items = """
            {"ty":"rc","nm":"box","d":1,"p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},\
            {"ty":"fl","nm":"red","c":{"k":[1,0,0,1]},"o":{"k":100},"r":1},\
            {"ty":"fl","nm":"green","c":{"k":[0,1,0,1]},"o":{"k":100},"r":1},\
            {"ty":"st","nm":"blue","c":{"k":[0,0,1,1]},"o":{"k":50},"w":{"k":4},"lc":1,"lj":1,"ml":4}
            """
        let layer = try layer(LottieFixtures.shapeLayer(items: items))
        let image = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        // The square's edge is at x = 30; the stroke's outer half covers 28…30: 1 − 0.5 × 0.5 = 0.75 → 191.
        let edge = pixel(image, 29, 50)
        #expect(edge[2] >= 190 && edge[2] <= 192 && edge[3] >= 190 && edge[3] <= 192)
        // Its inner half lies under the red fill, which is on top.
        #expect(pixel(image, 31, 50) == [255, 0, 0, 255])
    }

    /// Evidence: as above (issue_1887: Apple draws the 80 % stroke under its 100 % gradient fill).
    @Test("a gradient fill and a stroke of another opacity are drawn apart, the stroke below: x = 31 is all gradient")
    func gradientFillAboveStrokeOfOtherOpacity() throws {
        let items = """
            {"ty":"rc","nm":"box","d":1,"p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},\
            {"ty":"gf","nm":"green","o":{"k":100},"r":1,"g":{"p":2,"k":{"k":[0,0,1,0,1,0,1,0]}},\
            "s":{"k":[30,50]},"e":{"k":[70,50]},"t":1},\
            {"ty":"st","nm":"blue","c":{"k":[0,0,1,1]},"o":{"k":50},"w":{"k":4},"lc":1,"lj":1,"ml":4}
            """
        let layer = try layer(LottieFixtures.shapeLayer(items: items))
        let image = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        // Inside the edge the opaque gradient (green throughout) hides the stroke: no blue at all.
        let inside = pixel(image, 31, 50)
        #expect(inside[2] == 0 && inside[3] == 255 && inside[1] > 240)
        // Outside it the stroke shows alone at 50 %.
        #expect(pixel(image, 29, 50) == [0, 0, 128, 128])
    }

    @Test("a layer outside its in/out range is hidden: in at frame 30, not drawn at frame 15, drawn at 45")
    func visibility() throws {
        let layer = try layer(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), inFrame: 30, outFrame: 60))
        let early = try #require(layer.snapshot(progress: 0.25, width: 100, height: 100))
        let late = try #require(layer.snapshot(progress: 0.75, width: 100, height: 100))
        #expect(pixel(early, 50, 50) == [0, 0, 0, 0])
        #expect(pixel(late, 50, 50) == [255, 0, 0, 255])
    }

    @Test("the picture keeps the aspect: a 100×100 composition in 200×100 pixels is centred, 50 pixels each side")
    func aspectFit() throws {
        let layer = try layer(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(side: 100)))
        let image = try #require(layer.snapshot(progress: 0, width: 200, height: 100))
        #expect(pixel(image, 48, 50) == [0, 0, 0, 0])
        #expect(pixel(image, 52, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 147, 50) == [255, 0, 0, 255])
        #expect(pixel(image, 152, 50) == [0, 0, 0, 0])
    }

    /// Evidence: lottie-ios's snapshot tests show issue_2310 through `viewportFrame` (85 × 85 inset by 10), and
    /// Apple's pictures of it (../shared/lottie) are the composition 85 ÷ 65 = 1.31 times larger about its centre.
    @Test("a viewport (30, 30, 40, 40) round the 40-point square fills the picture; (0, 0, 50, 50) shows a quarter")
    func viewportFrame() throws {
        let layer = try layer(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare()))
        layer.viewportFrame = CGRect(x: 30, y: 30, width: 40, height: 40)
        let whole = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        for (x, y) in [(0, 0), (99, 0), (50, 50), (0, 99), (99, 99)] {
            #expect(pixel(whole, x, y) == [255, 0, 0, 255], "(\(x), \(y))")
        }
        // The top-left quarter, twice as large: the square's corner (30, 30) lands on pixel 60.
        layer.viewportFrame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let quarter = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(quarter, 58, 58) == [0, 0, 0, 0])
        #expect(pixel(quarter, 61, 61) == [255, 0, 0, 255])
        #expect(pixel(quarter, 99, 99) == [255, 0, 0, 255])
        // An empty viewport counts as none: the whole composition, the square at 30…69.
        layer.viewportFrame = CGRect(x: 0, y: 0, width: 0, height: 50)
        let none = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(none, 28, 50) == [0, 0, 0, 0])
        #expect(pixel(none, 31, 50) == [255, 0, 0, 255])
    }

    /// Evidence: Apple's pictures of lottie-ios's MotionCorpse_Jrcanest sample (../shared/lottie), 1920×1080 points
    /// drawn into 1000×563 pixels: the composition starts at pixel column 0 (a 156-point solid centred on x = 960
    /// has its edges at 459.4 and 540.6 pixels), and every picture matched ours moved right by one pixel while the
    /// fitted width 1920 × (1000 / 1920) = 1000.000…1 made the centring margin −6e−14, rounded down to −1.
    @Test("a fit that fills the width exactly starts at pixel 0: 1920×1080 points in 1000×563 pixels covers 0…999")
    func exactFitStartsAtFirstPixel() throws {
        let items = """
            {"ty":"rc","nm":"box","d":1,"p":{"k":[960,540]},"s":{"k":[1920,1080]},"r":{"k":0}},\
            {"ty":"fl","nm":"red","c":{"k":[1,0,0,1]},"o":{"k":100},"r":1}
            """
        let json = """
            {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":1920,"h":1080,"nm":"wide","assets":[],\
            "layers":[\(LottieFixtures.shapeLayer(items: items))]}
            """
        let layer = LottieAnimationLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        let image = try #require(layer.snapshot(progress: 0, width: 1000, height: 563))
        #expect(pixel(image, 0, 100) == [255, 0, 0, 255])
        #expect(pixel(image, 999, 100) == [255, 0, 0, 255])
        // 1080 × 1000 / 1920 = 562.5 pixels tall: the last row is half covered.
        let lastRow = pixel(image, 500, 562)
        #expect(lastRow[3] >= 126 && lastRow[3] <= 129)
    }

    /// Evidence: Apple's pictures of lottie-ios's TypeFace/C at 50 % and TypeFace/H at 25 % and 50 %
    /// (../shared/lottie, 32 frames at 25 fps): at a hold key's own frame, a layer whose keys are all holds shows
    /// the value before the key (its Float key time rounds up: 16 ÷ 33 → 0.4848485), and a layer whose keys mix
    /// holds and eases shows the key's value (lottie-ios times each run of equal hold-ness in seconds).
    @Test("at a hold key's own frame (16 of 32, 25 fps) all-hold opacity still shows the held 0, mixed shows 100")
    func holdKeyAtItsOwnFrame() throws {
        func square(holdsOnly: Bool) throws -> CGImage {
            let linear = #""i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}"#
            let first = holdsOnly ? #"{"t":0,"s":[0],"h":1}"# : #"{"t":0,"s":[0],\#(linear)}"#
            let transform = #"{"o":{"a":1,"k":[\#(first),{"t":8,"s":[0],"h":1},{"t":16,"s":[100],"h":1}]}}"#
            let shape = LottieFixtures.shapeLayer(
                items: LottieFixtures.redSquare(), transform: transform, outFrame: 32)
            let json = """
                {"v":"5.7.0","fr":25,"ip":0,"op":32,"w":100,"h":100,"nm":"hold","assets":[],"layers":[\(shape)]}
                """
            let layer = LottieAnimationLayer(animation: try LottieAnimation(data: Data(json.utf8)))
            return try #require(layer.snapshot(progress: 0.5, width: 100, height: 100))
        }
        #expect(pixel(try square(holdsOnly: true), 50, 50) == [0, 0, 0, 0])
        #expect(pixel(try square(holdsOnly: false), 50, 50) == [255, 0, 0, 255])
    }

    @Test("expressions and unknown shape items are reported once per layer and skipped")
    func report() throws {
        let items = LottieFixtures.redSquare() + #",{"ty":"zz","nm":"zig"}"#
        let transform = #"{"o":{"k":100,"x":"wiggle(1,2)"},"r":{"k":0,"x":"time*10"}}"#
        let layer = try layer(LottieFixtures.shapeLayer(name: "star", items: items, transform: transform))
        let features = layer.compatibilityIssues.map(\.description)
        #expect(features.filter { $0.contains("expressions") }.count == 1)
        #expect(features.contains { $0.hasPrefix("star:") && $0.contains("\"zz\"") })
    }

    @Test("the tree is ordinary layers with keyframe animations over the whole duration (61 frames at 30 fps)")
    func treeUsesKeyframeAnimations() throws {
        let transform = #"{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[100]}]}}"#
        let layer = try layer(LottieFixtures.shapeLayer(items: LottieFixtures.redSquare(), transform: transform))
        let shapeLayer = try #require(layer.compositionLayer.sublayers?.first)
        let opacity = try #require(shapeLayer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        // Played once (the default), the timeline is one frame longer, as lottie-ios times a paused tree: 61
        // frames at 30 fps, the last keyframe (frame 60) at the Float of 60 ÷ 61.
        #expect(opacity.duration == 61.0 / 30)
        #expect(opacity.keyTimes?.map(\.doubleValue) == [0, Double(Float(60.0 / 61)), 1])
        #expect(opacity.fillMode == .both)
    }
}
