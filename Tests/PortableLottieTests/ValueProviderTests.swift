import Foundation
import PortableQuartzCore
import Testing

@testable import PortableLottie

/// Keypaths and colour value providers, as lottie-ios's `AnimationKeypath` and `setValueProvider(_:keypath:)` work
/// with its Core Animation engine.
///
/// Evidence: lottie-ios's ValueProviderStore.swift (its comments: `"**.Color"` matches "Color", "Layer 1.Color" and
/// "Layer 1.Layer 2.Color"; `"*.Color"` matches "Layer 1.Color" but not "Layer 1.Layer 2.Color"; the provider
/// registered last wins) and Apple's pictures of lottie-ios's TypeFace/G sample (../shared/lottie), made with three
/// red colour providers ("G 2.Ellipse 1.Stroke 1.Color", "G Outlines 3.G.Fill 1.Color", "Shape Layer 18.Shape
/// 1.Stroke 2.Color" in its Tests/SnapshotConfiguration.swift), which now match at 75 % and 100 %.
@Suite("Value providers")
struct ValueProviderTests {
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        image.withUnsafePremultipliedRGBABytes { bytes in
            let offset = y * image.bytesPerRow + x * 4
            return Array(bytes[offset..<(offset + 4)])
        }
    }

    /// A layer "shape" whose group "group" holds a 40-point square (30…70) filled red by the item "red".
    private func squareLayer() throws -> LottieAnimationLayer {
        LottieAnimationLayer(
            animation: try LottieAnimation(
                data: LottieFixtures.composition(layers: LottieFixtures.shapeLayer(items: LottieFixtures.redSquare()))))
    }

    @Test("** stands for any number of names, none included; * for exactly one")
    func wildcards() {
        let anyDepth = AnimationKeypath(keypath: "**.Color")
        #expect(anyDepth.matches(["Color"]))
        #expect(anyDepth.matches(["Layer 1", "Color"]))
        #expect(anyDepth.matches(["Layer 1", "Layer 2", "Color"]))
        #expect(!anyDepth.matches(["Layer 1", "Opacity"]))
        let one: AnimationKeypath = "*.Color"
        #expect(one.matches(["Layer 1", "Color"]))
        #expect(!one.matches(["Layer 1", "Layer 2", "Color"]))
        #expect(!one.matches(["Color"]))
        let middle = AnimationKeypath(keypath: "shape.**.Fill 1.Color")
        #expect(middle.matches(["shape", "Fill 1", "Color"]))
        #expect(middle.matches(["shape", "a", "b", "Fill 1", "Color"]))
        #expect(!middle.matches(["other", "Fill 1", "Color"]))
        #expect(AnimationKeypath(keypath: "**").matches([]))
        #expect(AnimationKeypath(keys: ["a.b", "Color"]).matches(["a.b", "Color"]))
        #expect(!AnimationKeypath(keypath: "a.b.Color").matches(["a.b", "Color"]))
    }

    @Test("a colour provider for shape.group.red.Color paints the red square blue: pixel (50, 50) is (0, 0, 255)")
    func replacesFillColor() throws {
        let layer = try squareLayer()
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)), keypath: "shape.group.red.Color")
        let image = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(image, 50, 50) == [0, 0, 255, 255])
        #expect(pixel(image, 20, 50) == [0, 0, 0, 0])
    }

    @Test("paths naming other items change nothing; the provider set last wins (green after blue)")
    func lastMatchWins() throws {
        let layer = try squareLayer()
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)), keypath: "**.Stroke 1.Color")
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)), keypath: "shape.red.Color")
        let unchanged = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(unchanged, 50, 50) == [255, 0, 0, 255])
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)), keypath: "**.Color")
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 1, b: 0)), keypath: "*.group.*.Color")
        let green = try #require(layer.snapshot(progress: 0, width: 100, height: 100))
        #expect(pixel(green, 50, 50) == [0, 255, 0, 255])
    }

    @Test("colour keyframes blend linearly: red at frame 0 to blue at frame 60 is (128, 0, 128) at frame 30")
    func keyframedColor() throws {
        let layer = try squareLayer()
        layer.currentProgress = 0.5
        layer.setValueProvider(
            ColorValueProvider([
                Keyframe(frame: 0, value: LottieColor(r: 1, g: 0, b: 0)),
                Keyframe(frame: 60, value: LottieColor(r: 0, g: 0, b: 1)),
            ]), keypath: "**.red.Color")
        #expect(layer.currentProgress == 0.5)
        let image = try #require(layer.snapshot(progress: 0.5, width: 100, height: 100))
        let middle = pixel(image, 50, 50)
        #expect(abs(Int(middle[0]) - 128) <= 1 && middle[1] == 0 && abs(Int(middle[2]) - 128) <= 1)
    }
}
