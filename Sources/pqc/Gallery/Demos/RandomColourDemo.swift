import PortableQuartzCore

/// Seed 001, "random colour": tapping "Change Color" gives `colorLayer` a random background colour. The first tap
/// runs listing 7.1 (no transaction of its own: the implicit animation takes the default 0.25 s); the later taps
/// run listing 7.2, which wraps the change in a transaction with a 1 s duration.
enum RandomColourDemo {
    /// The random colours' seed: the same colours on every run.
    static let seed: UInt64 = 701

    /// The scene: listing 7.1 at 0.5 s, listing 7.2 at 1.5 s and 3 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4.25) { scene in
            let views = DemoViews(scene)
            let screen = ColourLayerScreen(views, in: scene)
            let finger = TouchIndicator(in: scene)
            var random = SeededRandom(seed: seed)
            scene.at(0.5, "tap Change Color (listing 7.1)") {
                finger.tap(at: screen.button.position)
                // randomize the layer background color
                screen.colorLayer.backgroundColor = random.colour()
            }
            for time in [1.5, 3.0] {
                scene.at(time, "tap Change Color (listing 7.2)") {
                    finger.tap(at: screen.button.position)
                    // begin a new transaction
                    CATransaction.begin()
                    // set the animation duration to 1 second
                    CATransaction.setAnimationDuration(1.0)
                    // randomize the layer background color
                    screen.colorLayer.backgroundColor = random.colour()
                    // commit the transaction
                    CATransaction.commit()
                }
            }
        }
    }
}
