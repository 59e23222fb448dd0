import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Demo scene")
struct DemoSceneTests {
    /// A scene with one committed 100 × 100 layer named "square", opacity 1.
    private func squareScene(duration: Double = 3, script: (DemoScene, CALayer) -> Void = { _, _ in }) -> DemoScene {
        DemoScene(duration: duration) { scene in
            let square = CALayer()
            square.name = "square"
            square.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            scene.root.addSublayer(square)
            script(scene, square)
        }
    }

    @Test("the root is a white 480 × 360 canvas and the set-up is committed at time 0")
    func rootAndSetUp() throws {
        let scene = squareScene()
        #expect(scene.root.bounds == CGRect(x: 0, y: 0, width: 480, height: 360))
        DemoCheck.colour(scene.root.backgroundColor, [1, 1, 1, 1])
        #expect(scene.time == 0)
        let square = try #require(scene.layer(named: "square"))
        // Only a committed layer has a presentation.
        #expect(scene.presentation(of: square)?.position == CGPoint(x: 60, y: 60))
    }

    @Test(
        "an event's implicit transaction commits at the event's time: a linear 1 s fade begun at 0.5 s is half way at 1 s"
    )
    func eventCommitsAtItsTime() throws {
        let scene = squareScene { scene, square in
            scene.at(0.5, "fade") {
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                square.opacity = 0
                CATransaction.commit()
            }
        }
        let square = try #require(scene.layer(named: "square"))
        scene.advance(to: 1)
        #expect(square.animation(forKey: "opacity")?.beginTime == 0.5)
        DemoCheck.close(scene.presentation(of: square).map { Double($0.opacity) }, 0.5)
    }

    @Test("events run in time order, equal times in the order added, each once: b@1, a@0.5, c@1 → a, b, c")
    func eventOrder() {
        var ran: [String] = []
        let scene = squareScene { scene, _ in
            scene.at(1, "b") { ran.append("b") }
            scene.at(0.5, "a") { ran.append("a") }
            scene.at(1, "c") { ran.append("c") }
        }
        #expect(scene.events.map(\.label) == ["a", "b", "c"])
        scene.advance(to: 0.75)
        #expect(ran == ["a"])
        #expect(scene.eventsRun == 1)
        scene.advance(to: 2)
        scene.advance(to: 3)
        #expect(ran == ["a", "b", "c"])
        #expect(scene.time == 3)
    }

    @Test("an event added for a time already passed runs at the next advance, at the scene's time then (1.0 s)")
    func lateEvent() {
        let scene = squareScene()
        scene.advance(to: 1)
        scene.at(0.2, "late") { scene.note("late") }
        scene.advance(to: 1)
        #expect(scene.notes == [DemoScene.Note(time: 1, text: "late")])
    }

    @Test("the engine's animationDidStop at 1.0 s comes before a scripted event at 1.0 s")
    func callbacksComeFromTheEngine() {
        final class Listener: CAAnimationDelegate {
            let scene: DemoScene
            init(scene: DemoScene) { self.scene = scene }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { scene.note("stop \(flag)") }
        }
        let scene = squareScene { scene, square in
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            fade.delegate = Listener(scene: scene)
            square.add(fade, forKey: "fade")
            scene.at(1, "tap") { scene.note("tap") }
        }
        scene.advance(to: 0.999)
        #expect(scene.notes.isEmpty)
        scene.advance(to: 1)
        #expect(scene.notes == [.init(time: 1, text: "stop true"), .init(time: 1, text: "tap")])
    }

    @Test("a time that is not finite leaves the scene at 0.5 s")
    func nonFiniteTimes() {
        let scene = squareScene()
        scene.advance(to: 0.5)
        scene.advance(to: .nan)
        scene.advance(to: .infinity)
        #expect(scene.time == 0.5)
    }

    @Test("a canvas size that is not finite and positive falls back to 480 × 360; 640 × 480 is kept")
    func canvasSize() {
        #expect(
            DemoScene(size: CGSize(width: CGFloat.nan, height: 10), duration: 1) { _ in }.size == DemoScene.defaultSize)
        #expect(DemoScene(size: CGSize(width: -5, height: 10), duration: 1) { _ in }.size == DemoScene.defaultSize)
        let large = DemoScene(size: CGSize(width: 640, height: 480), duration: 1) { _ in }
        #expect(large.root.frame == CGRect(x: 0, y: 0, width: 640, height: 480))
    }

    @Test("layer(named:) finds a nested layer depth first and answers nil for an unknown name")
    func findsLayersByName() throws {
        let scene = squareScene { _, square in
            let inner = CALayer()
            inner.name = "inner"
            square.addSublayer(inner)
        }
        let inner = try #require(scene.layer(named: "inner"))
        #expect(inner.superlayer === scene.layer(named: "square"))
        #expect(scene.layer(named: "root") === scene.root)
        #expect(scene.layer(named: "nothing") == nil)
    }
}
