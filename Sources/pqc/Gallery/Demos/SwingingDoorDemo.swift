import PortableQuartzCore

/// Seed 004, "swinging door" (listing 9.2): the door turns about its hinge (`transform.rotation.y` to −π/2 over 2 s)
/// and, with `autoreverses`, back, for ever (`repeatDuration = INFINITY`); the container's perspective
/// (m34 = −1/500) makes the free edge grow as it comes towards the viewer.
enum SwingingDoorDemo {
    /// The scene: the animation is added when the screen loads (time 0); one swing out and back is recorded.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4) { scene in
            let views = DemoViews(scene)
            let containerView = LayerTimeScreen.containerView(views, in: scene)
            let doorLayer = LayerTimeScreen.door(in: containerView)
            // apply swinging animation
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation.y"
            animation.toValue = -Double.pi / 2
            animation.duration = 2.0
            animation.repeatDuration = .infinity
            animation.autoreverses = true
            doorLayer.add(animation, forKey: nil)
        }
    }
}
