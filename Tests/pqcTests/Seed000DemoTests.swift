import PortableQuartzCore
import Testing

@testable import pqc

/// Seed 000's demos at chosen times, against the values the article's code should produce.
@Suite("Seed 000 demos")
struct Seed000DemoTests {
    @Test("opacity fade: 0 → 1 over the default 0.25 s from 0.5 s, so 0.5 at 0.625 s and the model's 1 at 0.8 s")
    func opacityFade() {
        let scene = OpacityFadeDemo.scene()
        DemoCheck.close(scene.shown("layerView", at: 0.625).map { Double($0.opacity) }, 0.5)
        DemoCheck.close(scene.shown("layerView", at: 0.8).map { Double($0.opacity) }, 1)
        DemoCheck.close(scene.shown("layerView", at: 1.5).map { Double($0.opacity) }, 0)
    }

    @Test("backgroundColor to red: blue → red, half way (0.5, 0, 0.5) at 0.625 s, blue again at 0.8 s")
    func backgroundToRed() {
        let scene = BackgroundToRedDemo.scene()
        DemoCheck.colour(scene.shown("layerView", at: 0.625)?.backgroundColor, [0.5, 0, 0.5, 1])
        DemoCheck.colour(scene.shown("layerView", at: 0.8)?.backgroundColor, [0, 0, 1, 1])
    }

    @Test("position from arrays: (0, 100) → (100, 360), so (50, 230) at 0.625 s, then back at the centre")
    func positionFromArrays() {
        let scene = PositionFromArrayDemo.scene()
        DemoCheck.close(scene.shown("layerView", at: 0.625)?.position, CGPoint(x: 50, y: 230))
        DemoCheck.close(scene.shown("layerView", at: 0.8)?.position, CGPoint(x: 240, y: 180))
    }

    @Test("transform.scale.y by 0.5 to 3: 2.75 at 1.5 s (half of 2 s from 2.5), then the model's 3 with no animation")
    func scaleY() throws {
        let scene = ScaleYByToDemo.scene()
        DemoCheck.close(scene.shown("layerView", at: 0.5).map { Double($0.transform.m22) }, 2.5)
        DemoCheck.close(scene.shown("layerView", at: 1.5).map { Double($0.transform.m22) }, 2.75)
        DemoCheck.close(scene.shown("layerView", at: 2.75).map { Double($0.transform.m22) }, 3)
        #expect(try #require(scene.layer(named: "layerView")).animationKeys() == nil)
    }

    @Test(
        "spring jump: y starts 1 point low (145), is 138.3825 after 0.1 s, rests at 144; the border flashes from orange"
    )
    func springJump() throws {
        let scene = SpringJumpDemo.scene()
        let start = scene.shown("textField", at: 0.5)
        DemoCheck.close(start.map { Double($0.position.y) }, 145)
        DemoCheck.colour(start?.borderColor, [1, 0.27, 0, 1])
        // q(t) = 1 − e^(−βt)(cos ωd·t + B sin ωd·t): ω = √150, ζ = 0.204124, β = 2.5, ωd = 11.98958,
        // B = (β − 100)/ωd; q(0.1) = 6.617487, so y = 145 − 6.617487.
        DemoCheck.close(scene.shown("textField", at: 0.6).map { Double($0.position.y) }, 138.382513, tolerance: 1e-4)
        // Both springs last their settling durations (3.6478 s and 2.0386 s), then the model shows.
        let rested = scene.shown("textField", at: 0.5 + 3.6479)
        DemoCheck.close(rested.map { Double($0.position.y) }, 144)
        DemoCheck.colour(rested?.borderColor, [0, 0, 0, 0])
        #expect(try #require(scene.layer(named: "textField")).animationKeys() == nil)
    }

    @Test("wobble: −0.3142 rad at x = 0.1 (0.275 s), −π/4 at the first key time (0.3125 s), still after two rounds")
    func wobble() {
        let scene = WobbleDemo.scene()
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("titleLabel", at: 0.275)?.transform), -Double.pi / 10)
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("titleLabel", at: 0.3125)?.transform), -Double.pi / 4)
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("titleLabel", at: 0.5 + 0.1875)?.transform), Double.pi / 4)
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("titleLabel", at: 0.8)?.transform), 0)
    }

    @Test("balloon: (240, 90) at 0.75 s, at the middle key (530, 180) at 1.5 s, then at its model (−50, 260)")
    func balloonFlight() {
        let scene = BalloonFlightDemo.scene()
        DemoCheck.close(scene.shown("balloon", at: 0)?.position, CGPoint(x: -50, y: 0))
        DemoCheck.close(scene.shown("balloon", at: 0.75)?.position, CGPoint(x: 240, y: 90))
        DemoCheck.close(scene.shown("balloon", at: 1.5)?.position, CGPoint(x: 530, y: 180))
        DemoCheck.close(scene.shown("balloon", at: 3.1)?.position, CGPoint(x: -50, y: 260))
        #expect(scene.layer(named: "balloon")?.contents as? CGImage === BalloonArtwork.image)
    }

    @Test("text push: 'Red' on red until 0.5 s, then the model is 'Blue' on blue while the 2 s push runs")
    func textPush() throws {
        let scene = TextPushRedBlueDemo.scene()
        let layer = try #require(scene.layer(named: "transitioningLayer") as? CATextLayer)
        scene.advance(to: 0.4)
        #expect(layer.string as? String == "Red")
        scene.advance(to: 0.6)
        #expect(layer.string as? String == "Blue")
        DemoCheck.colour(layer.backgroundColor, [0, 0, 1, 1])
    }

    @Test("navigation: the title reads 'Explicitly' after the push at 0.5 s and 'CoreAnimation' after the pop at 2.5 s")
    func navigation() throws {
        let scene = NavigationPushPopDemo.scene()
        let title = try #require(scene.layer(named: "navigationTitle") as? CATextLayer)
        scene.advance(to: 0.4)
        #expect(title.string as? String == "CoreAnimation")
        scene.advance(to: 0.6)
        #expect(title.string as? String == "Explicitly")
        #expect(scene.layer(named: "explicitlyScreen") != nil)
        #expect(scene.layer(named: "rootScreen") == nil)
        scene.advance(to: 2.6)
        #expect(title.string as? String == "CoreAnimation")
        #expect(scene.layer(named: "explicitlyScreen") == nil)
    }

    @Test("group: during the 0.5 s delay opacity 0 and π/4 (backwards fill); 0.5 and π/8 at 1.25 s; stop at 1.5 s")
    func group() {
        let scene = GroupFadeScaleRotateDemo.scene()
        let delayed = scene.shown("layerView", at: 0.6)
        DemoCheck.close(delayed.map { Double($0.opacity) }, 0)
        DemoCheck.close(DemoCheck.rotationZ(delayed?.transform), Double.pi / 4, tolerance: 1e-6)
        let middle = scene.shown("layerView", at: 1.25)
        DemoCheck.close(middle.map { Double($0.opacity) }, 0.5)
        DemoCheck.close(DemoCheck.rotationZ(middle?.transform), Double.pi / 8, tolerance: 1e-6)
        let after = scene.shown("layerView", at: 1.6)
        DemoCheck.close(after.map { Double($0.opacity) }, 1)
        DemoCheck.close(after?.transform, CATransform3DIdentity)
        scene.advance(to: 3)
        #expect(scene.notes.map(\.time) == [1.5, 3])
        #expect(scene.notes.allSatisfy { $0.text == "animationDidStop(_:finished:)" })
    }

    @Test(
        "delegate chain: the title flies −240 → 240 over 2 s; its pulse (1.5 → 1) starts at 2 s from animationDidStop")
    func delegateChain() {
        let scene = DelegateChainDemo.scene()
        DemoCheck.close(scene.shown("titleLabel", at: 0.15)?.position.x.native, -204)
        DemoCheck.close(scene.shown("textField")?.position.x.native, -240)
        DemoCheck.close(scene.shown("titleLabel", at: 1)?.position.x.native, 0)
        DemoCheck.close(scene.shown("textField", at: 1.3)?.position.x.native, 0)
        DemoCheck.close(scene.shown("titleLabel", at: 1.99)?.transform.m11.native, 1)
        #expect(scene.notes.isEmpty)
        // 0.1 s into the 0.25 s pulse: 1.5 − 0.5 × 0.4.
        DemoCheck.close(scene.shown("titleLabel", at: 2.1)?.transform.m11.native, 1.3)
        DemoCheck.close(scene.shown("titleLabel")?.position.x.native, 240)
        DemoCheck.close(scene.shown("textField", at: 2.4)?.transform.m11.native, 1.3)
        #expect(scene.notes.map(\.time) == [2, 2.3])
    }

    @Test("removing running animations at 1 s: both labels jump to 240, the delegate hears finished: false, no pulse")
    func removeRunning() {
        let scene = RemoveRunningDemo.scene()
        DemoCheck.close(scene.shown("titleLabel", at: 0.5)?.position.x.native, -120)
        DemoCheck.close(scene.shown("titleLabel", at: 1.05)?.position.x.native, 240)
        DemoCheck.close(scene.shown("textField")?.position.x.native, 240)
        #expect(
            scene.notes.map(\.text) == [
                "animationDidStop(_:finished:)", "Did not reached the end of the duration",
                "animationDidStop(_:finished:)", "Did not reached the end of the duration",
            ])
        #expect(scene.notes.allSatisfy { $0.time == 1 })
        DemoCheck.close(scene.shown("titleLabel", at: 2.5)?.transform, CATransform3DIdentity)
    }
}
