import PortableQuartzCore

/// Seed 000, "backgroundColor to red": a basic animation with only `toValue = UIColor.red.cgColor`, so it runs from
/// the layer's own colour (blue) to red over the default 0.25 s, then the layer shows its model colour again (an
/// explicit animation does not change the model). It is played twice.
enum BackgroundToRedDemo {
    /// The scene: the blue `layerView`, the animation added at 0.5 s and at 1.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 2.25) { scene in
            let views = DemoViews(scene)
            let layerView = ExplicitlyScreen.layerView(views, in: scene)
            for time in [0.5, 1.5] {
                scene.at(time, "animate backgroundColor to red") {
                    let animation = CABasicAnimation(keyPath: "backgroundColor")
                    animation.toValue = DemoPalette.red
                    layerView.add(animation, forKey: nil)
                }
            }
        }
    }
}
