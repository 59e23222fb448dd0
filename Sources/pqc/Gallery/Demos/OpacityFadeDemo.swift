import PortableQuartzCore

/// Seed 000, "opacity fade": a basic animation of `opacity` from 0 to 1 on `layerView`'s layer, with no duration of
/// its own, so it gets the transaction's 0.25 s when added. It is played twice.
enum OpacityFadeDemo {
    /// The scene: `layerView` in the middle, the fade added at 0.5 s and again at 1.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 2.25) { scene in
            let views = DemoViews(scene)
            let layerView = ExplicitlyScreen.layerView(views, in: scene)
            for time in [0.5, 1.5] {
                scene.at(time, "fade layerView in") {
                    let animation = CABasicAnimation(keyPath: "opacity")
                    animation.fromValue = 0
                    animation.toValue = 1
                    layerView.add(animation, forKey: nil)
                }
            }
        }
    }
}
