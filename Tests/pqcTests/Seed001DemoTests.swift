import PortableQuartzCore
import Testing

@testable import pqc

/// Seed 001's demos at chosen times.
@Suite("Seed 001 demos")
struct Seed001DemoTests {
    private let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    @Test("SeededRandom is SplitMix64: seed 0 gives 0xE220A839 first (the high half of 0xE220A8397B1DCDAF)")
    func splitMix() {
        var random = SeededRandom(seed: 0)
        #expect(random.arc4random() == 0xE220_A839)
    }

    @Test("the seeds' random colour is arc4random() / INT_MAX per component, kept at 1 when above")
    func randomColour() {
        var numbers = SeededRandom(seed: 42)
        var colours = SeededRandom(seed: 42)
        let expected = (0..<3).map { _ in min(1, Double(numbers.arc4random()) / 2_147_483_647) }
        DemoCheck.colour(colours.colour(), expected + [1])
    }

    @Test("random colour: the first change animates over 0.25 s on the default curve, the next ones over 1 s")
    func randomColourTimings() throws {
        var random = SeededRandom(seed: RandomColourDemo.seed)
        let first = random.colour()
        let second = random.colour()
        let scene = RandomColourDemo.scene()
        let colorLayer = try #require(scene.layer(named: "colorLayer"))
        // 0.125 s into 0.25 s: x = 1/2, the default curve gives 0.802403.
        DemoCheck.colour(
            scene.shown("colorLayer", at: 0.625)?.backgroundColor,
            DemoCheck.mix(blue, first, DemoCheck.DefaultCurve.half))
        DemoCheck.colour(scene.shown("colorLayer", at: 0.8)?.backgroundColor, DemoCheck.mix(first, first, 0))
        scene.advance(to: 1.6)
        #expect(colorLayer.animation(forKey: "backgroundColor")?.duration == 1)
        DemoCheck.colour(
            scene.shown("colorLayer", at: 2.0)?.backgroundColor,
            DemoCheck.mix(first, second, DemoCheck.DefaultCurve.half))
    }

    @Test("completion block: no turn until the 1 s fade ends at 1.5 s; then 90° over 0.25 s (1.26041 rad at 1.625 s)")
    func completionRotates() throws {
        let scene = CompletionRotateDemo.scene()
        let colorLayer = try #require(scene.layer(named: "colorLayer"))
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("colorLayer", at: 1.49)?.transform), 0)
        #expect(colorLayer.animationKeys() == ["backgroundColor"])
        // π/2 × 0.802403 = 1.260412.
        DemoCheck.close(
            DemoCheck.rotationZ(scene.shown("colorLayer", at: 1.625)?.transform), 1.2604122938, tolerance: 1e-6)
        #expect(colorLayer.animation(forKey: "transform")?.duration == 0.25)
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("colorLayer", at: 1.75)?.transform), Double.pi / 2)
        #expect(colorLayer.animationKeys() == nil)
        // The second tap (2.5 s) turns it on to π by 3.75 s.
        DemoCheck.close(abs(DemoCheck.rotationZ(scene.shown("colorLayer", at: 3.75)?.transform) ?? 0), Double.pi)
    }

    @Test("backing layer: the view's own layer takes each new colour at once; the view answers <null> outside a block")
    func backingLayer() throws {
        var random = SeededRandom(seed: BackingLayerDemo.seed)
        let first = random.colour()
        let scene = BackingLayerDemo.scene()
        let layerView = try #require(scene.layer(named: "layerView"))
        DemoCheck.colour(scene.shown("layerView", at: 0.5)?.backgroundColor, DemoCheck.mix(first, first, 0))
        #expect(layerView.animationKeys() == nil)
        #expect(scene.notes.map(\.text) == ["Outside: <null>", "Inside: <CABasicAnimation>"])
    }

    @Test("custom action: the colour change runs the push-from-left transition for 0.25 s, showing the new colour")
    func customPushAction() throws {
        var random = SeededRandom(seed: CustomPushActionDemo.seed)
        let first = random.colour()
        let scene = CustomPushActionDemo.scene()
        let colorLayer = try #require(scene.layer(named: "colorLayer"))
        scene.advance(to: 0.6)
        // Apple files a transition under "transition"; accept the event key too, where the engine files it today.
        let running = colorLayer.animation(forKey: "transition") ?? colorLayer.animation(forKey: "backgroundColor")
        let transition = try #require(running as? CATransition)
        #expect(transition.type == .push)
        #expect(transition.subtype == .fromLeft)
        #expect(transition.duration == 0.25)
        DemoCheck.colour(scene.shown("colorLayer")?.backgroundColor, DemoCheck.mix(first, first, 0))
    }

    @Test(
        "tap to move: the first tap misses and starts a 4 s move; 1 s in, the layer is 40.85 % along at (297.19, 216.77)"
    )
    func tapToMove() throws {
        let scene = TapToMoveDemo.scene()
        let colorLayer = try #require(scene.layer(named: "colorLayer"))
        let second = TapToMoveDemo.secondTap(in: scene.size)
        DemoCheck.close(second, CGPoint(x: 289, y: 209.7), tolerance: 1e-9)
        // From (240, 180) to (380, 270); x = 1/4 on the default curve gives 0.408511.
        // Just before the tap (1.2 s) the point is on the layer as it is on screen, not on the model layer.
        let shown = try #require(scene.shown("colorLayer", at: 1.2))
        #expect(shown.hitTest(second) != nil)
        #expect(colorLayer.hitTest(second) == nil, "the model layer already sits at the destination")
        DemoCheck.close(
            scene.shown("colorLayer", at: 1.25)?.position, CGPoint(x: 297.19148, y: 216.76595), tolerance: 1e-4)
        #expect(scene.notes.map(\.text) == ["missed: move to (380.0, 270.0)", "hit: new colour"])
        #expect(scene.notes.map(\.time) == [0.25, 1.25])
        DemoCheck.close(scene.shown("colorLayer", at: 4.5)?.position, CGPoint(x: 380, y: 270))
    }
}
