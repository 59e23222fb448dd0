import PortableQuartzCore

/// Seed 000, "removing running animations": the same fly-in as the delegate chain, but the "change" button is
/// tapped while both labels are on their way; `removeAnimation(forKey:)` takes the animations off, the labels jump
/// to their model positions (the centre), and the delegate hears `finished: false`, so no pulse follows.
enum RemoveRunningDemo {
    /// The scene: the flights start at time 0; the button is tapped at 1 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 2.5) { scene in
            let views = DemoViews(scene)
            let controller = FlyInController(views: views, scene: scene)
            let button = ExplicitlyScreen.button("Change", views, in: scene, y: scene.size.height * 0.75)
            let finger = TouchIndicator(in: scene)
            controller.flyIn()
            scene.at(1, "tap Change") {
                finger.tap(at: button.position)
                controller.removeRunningAnimations()
            }
        }
    }
}
