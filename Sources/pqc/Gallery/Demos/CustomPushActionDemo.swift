import PortableQuartzCore

/// Seed 001, "custom push-from-left action" (listing 7.6): `colorLayer.actions` maps `backgroundColor` to a push
/// `CATransition` from the left, so each random colour slides in from the left (over the default 0.25 s) instead
/// of fading in.
enum CustomPushActionDemo {
    /// The random colours' seed.
    static let seed: UInt64 = 706

    /// The scene: "Change Color" tapped at 0.5 s, 1.5 s and 2.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3) { scene in
            let views = DemoViews(scene)
            let screen = ColourLayerScreen(views, in: scene)
            let colorLayer = screen.colorLayer
            // add a custom action
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            colorLayer.actions = ["backgroundColor": transition]
            let finger = TouchIndicator(in: scene)
            var random = SeededRandom(seed: seed)
            for time in [0.5, 1.5, 2.5] {
                scene.at(time, "tap Change Color (listing 7.6)") {
                    finger.tap(at: screen.button.position)
                    // randomize the layer background color
                    colorLayer.backgroundColor = random.colour()
                }
            }
        }
    }
}
