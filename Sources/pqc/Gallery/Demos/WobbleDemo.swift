import PortableQuartzCore

/// Seed 000, "wobble": a keyframe animation of `transform.rotation` through 0, −π/4, 0, π/4, 0 at key times 0,
/// ¼, ½, ¾, 1, lasting 0.25 s and repeated twice, on the title label. It is played twice.
enum WobbleDemo {
    /// The scene: the title label in the middle, wobbled at 0.25 s and at 1.25 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 2) { scene in
            let views = DemoViews(scene)
            let titleLabel = ExplicitlyScreen.titleLabel(views, in: scene, y: scene.size.height / 2)
            for time in [0.25, 1.25] {
                scene.at(time, "wobble the title") {
                    let wobble = CAKeyframeAnimation(keyPath: "transform.rotation")
                    wobble.duration = 0.25
                    wobble.repeatCount = 2
                    wobble.values = [0.0, -.pi / 4.0, 0.0, .pi / 4.0, 0.0]
                    wobble.keyTimes = [0.0, 0.25, 0.5, 0.75, 1.0]
                    titleLabel.add(wobble, forKey: nil)
                }
            }
        }
    }
}
