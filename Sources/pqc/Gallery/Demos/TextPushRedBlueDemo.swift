import PortableQuartzCore

/// Seed 000, "CATextLayer push transition": a text layer showing "Red" on red gets a 2 s push `CATransition`, then
/// changes to "Blue" on blue; the transition pushes the new state in over the old one.
enum TextPushRedBlueDemo {
    /// The scene: the text layer in the middle; the transition at 0.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3) { scene in
            let transitioningLayer = CATextLayer()
            transitioningLayer.name = "transitioningLayer"
            transitioningLayer.frame = CGRect(
                x: scene.size.width / 2 - 100, y: scene.size.height / 2 - 50, width: 200, height: 100)
            transitioningLayer.backgroundColor = DemoPalette.red
            transitioningLayer.string = "Red"
            transitioningLayer.alignmentMode = .center
            scene.root.addSublayer(transitioningLayer)

            scene.at(0.5, "transition to blue") {
                let transition = CATransition()
                transition.duration = 2
                transition.type = .push
                transitioningLayer.add(transition, forKey: nil)
                // Transition to "blue" state
                transitioningLayer.backgroundColor = DemoPalette.blue
                transitioningLayer.string = "Blue"
            }
        }
    }
}
