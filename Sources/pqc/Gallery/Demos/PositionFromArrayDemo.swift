import PortableQuartzCore

/// Seed 000, "position from an array": `fromValue = [0, 100]`, `toValue = [100, view.bounds.size.height]` — arrays
/// of numbers standing for `CGPoint`s. Over the default 0.25 s the layer's centre runs from (0, 100) to
/// (100, canvas height), then it jumps back to its model position. It is played twice.
enum PositionFromArrayDemo {
    /// The scene: `layerView` in the middle, the animation added at 0.5 s and at 1.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 2.25) { scene in
            let views = DemoViews(scene)
            let view = scene.root
            let layerView = ExplicitlyScreen.layerView(views, in: scene)
            for time in [0.5, 1.5] {
                scene.at(time, "animate position") {
                    let animation = CABasicAnimation(keyPath: "position")
                    animation.fromValue = [0, 100]
                    animation.toValue = [100, view.bounds.size.height]
                    layerView.add(animation, forKey: nil)
                }
            }
        }
    }
}
