import PortableQuartzCore

/// Seed 001, "completion block that rotates 90°" (listing 7.3): the 1 s colour change gets a completion block that
/// turns `colorLayer` by a further 90°. The block runs when the engine reports the colour animation finished; by
/// then the transaction has been popped, so the turn takes the default 0.25 s. Tapped twice.
enum CompletionRotateDemo {
    /// The random colours' seed.
    static let seed: UInt64 = 703

    /// The scene: "Change Color" tapped at 0.5 s and 2.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4) { scene in
            let views = DemoViews(scene)
            let screen = ColourLayerScreen(views, in: scene)
            let colorLayer = screen.colorLayer
            let finger = TouchIndicator(in: scene)
            var random = SeededRandom(seed: seed)
            for time in [0.5, 2.5] {
                scene.at(time, "tap Change Color (listing 7.3)") {
                    finger.tap(at: screen.button.position)
                    // begin a new transaction
                    CATransaction.begin()
                    // set the animation duration to 1 second
                    CATransaction.setAnimationDuration(1.0)
                    // add the spin animation on completion
                    CATransaction.setCompletionBlock {
                        // rotate the layer 90 degrees
                        var transform = colorLayer.affineTransform()
                        transform = transform.rotated(by: .pi / 2)
                        colorLayer.setAffineTransform(transform)
                    }
                    // randomize the layer background color
                    colorLayer.backgroundColor = random.colour()
                    // commit the transaction
                    CATransaction.commit()
                }
            }
        }
    }
}
