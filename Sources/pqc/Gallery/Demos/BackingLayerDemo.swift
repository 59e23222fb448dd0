import PortableQuartzCore

/// Seed 001, "a view's backing layer does not animate" (listings 7.4 and 7.5): the same 1 s transaction as listing
/// 7.2, but setting the background colour of `layerView`'s own layer. The view answers `NSNull` for the layer's
/// actions outside an animation block, so each new colour appears at once. When the screen loads, the demo prints
/// what the view answers outside and inside an animation block, as listing 7.5 does.
enum BackingLayerDemo {
    /// The random colours' seed.
    static let seed: UInt64 = 704

    /// The scene: "Change Color" tapped at 0.5 s, 1.5 s and 2.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3) { scene in
            let views = DemoViews(scene)
            let screen = ColourLayerScreen(views, in: scene, withColorLayer: false)
            let layerView = screen.layerView
            let finger = TouchIndicator(in: scene)
            // Listing 7.5: test layer action when outside of animation block …
            scene.note("Outside: \(describe(views.action(for: layerView, forKey: "backgroundColor")))")
            // … and inside of one.
            views.animate(withDuration: 0.25) {
                scene.note("Inside: \(describe(views.action(for: layerView, forKey: "backgroundColor")))")
            }
            var random = SeededRandom(seed: seed)
            for time in [0.5, 1.5, 2.5] {
                scene.at(time, "tap Change Color (listing 7.4)") {
                    finger.tap(at: screen.button.position)
                    // begin a new transaction
                    CATransaction.begin()
                    // set the animation duration to 1 second
                    CATransaction.setAnimationDuration(1.0)
                    // randomize the layer background color
                    layerView.backgroundColor = random.colour()
                    // commit the transaction
                    CATransaction.commit()
                }
            }
        }
    }

    /// How `NSLog("%@")` prints an action: `<null>` for `NSNull`, the class name in angle brackets otherwise.
    static func describe(_ action: (any CAAction)?) -> String {
        guard let action, !(action is NSNull) else { return "<null>" }
        return "<\(type(of: action))>"
    }
}
