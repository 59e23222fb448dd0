import PortableQuartzCore

/// Seed 000, "`transform.scale.y` by and to": `byValue = 0.5` with `toValue = 3` runs the y scale from 2.5 to 3
/// over 2 s; the model is then updated to the end value (the seed's first fix, a `CATransform3DScale`), so the
/// layer stays stretched when the animation is removed.
enum ScaleYByToDemo {
    /// The scene: `layerView` in the middle; the animation and the model update at 0.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3) { scene in
            let views = DemoViews(scene)
            let layerView = ExplicitlyScreen.layerView(views, in: scene)
            scene.at(0.5, "stretch y") {
                let animation = CABasicAnimation(keyPath: "transform.scale.y")
                animation.duration = 2
                animation.byValue = 0.5
                animation.toValue = 3
                layerView.add(animation, forKey: nil)
                // 1. Update the layer model with CATransform3D.
                var transform = CATransform3DIdentity
                transform = CATransform3DScale(transform, 1, 3, 1)
                layerView.transform = transform
            }
        }
    }
}
