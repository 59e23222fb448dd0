import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Demo views (UIKit stand-ins)")
struct DemoViewsTests {
    @Test("a view answers NSNull outside an animation block and an ease-in-ease-out basic animation inside one")
    func actions() throws {
        _ = DemoScene(duration: 1) { scene in
            let views = DemoViews(scene)
            let view = views.view(frame: CGRect(x: 0, y: 0, width: 10, height: 10), colour: DemoPalette.blue)
            #expect(views.action(for: view, forKey: "position") is NSNull)
            views.animate(withDuration: 0.3) {
                let inside = views.action(for: view, forKey: "position") as? CABasicAnimation
                #expect(inside?.keyPath == "position")
                #expect(inside?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
                #expect(views.action(for: view, forKey: "sublayers") is NSNull)
            }
        }
    }

    @Test("animate(withDuration: 0.3) moves a committed view over 0.3 s and calls completion when the engine says")
    func animateBlock() throws {
        var completedAt: Double?
        let scene = DemoScene(duration: 2) { scene in
            let views = DemoViews(scene)
            let view = views.view(frame: CGRect(x: 0, y: 0, width: 10, height: 10), colour: nil, name: "view")
            scene.root.addSublayer(view)
            scene.at(1, "move") {
                views.animate(withDuration: 0.3, animations: { view.position = CGPoint(x: 105, y: 5) }) {
                    completedAt = CACurrentMediaTime()
                }
            }
        }
        // Half way on the ease-in-ease-out curve (0.42, 0, 0.58, 1), which is symmetric: 0.5.
        DemoCheck.close(scene.shown("view", at: 1.15)?.position.x.native, 55, tolerance: 1e-6)
        #expect(completedAt == nil)
        scene.advance(to: 1.3)
        #expect(completedAt == 1.3)
    }

    @Test(
        "a slider keeps its value within its range (1.5 → 1, NaN → 0) and puts a 26-point thumb at value 0.5 at x 240")
    func slider() {
        _ = DemoScene(duration: 1) { scene in
            let views = DemoViews(scene)
            let slider = views.slider(frame: CGRect(x: 100, y: 200, width: 280, height: 30), value: 0.5)
            // 100 + 13 + 0.5 × (280 − 26).
            #expect(slider.thumbCentre == CGPoint(x: 240, y: 215))
            slider.value = 1.5
            #expect(slider.value == 1)
            slider.value = .nan
            #expect(slider.value == 0)
            #expect(slider.thumbCentre == CGPoint(x: 113, y: 215))
        }
    }
}
