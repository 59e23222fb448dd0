import PortableQuartzCore

/// Seed 000, "delegate chain": the title label and the text field fly in from the left (2 s each, the field 0.3 s
/// later); when each flight finishes, the delegate's `animationDidStop(_:finished: true)` reads the layer stored in
/// the animation and adds a 0.25 s pulse of `transform.scale` from 1.5 to 1 to it. The pulses start when the engine
/// reports the flights finished (2 s and 2.3 s), not from the script.
enum DelegateChainDemo {
    /// The scene: the flights start when the screen appears (time 0).
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3) { scene in
            let controller = FlyInController(views: DemoViews(scene), scene: scene)
            controller.flyIn()
        }
    }
}
