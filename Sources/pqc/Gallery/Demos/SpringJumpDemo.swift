import PortableQuartzCore

/// Seed 000, "spring jump": tapping the button makes the text field jump with a `CASpringAnimation` of
/// `position.y` (from 1 point below, initial velocity 100, mass 10, stiffness 1500, damping 50, lasting its
/// `settlingDuration`), and flash an orange border with a second spring on `borderColor` (damping 7,
/// stiffness 200) that settles to the model's clear border.
enum SpringJumpDemo {
    /// The scene: the text field and a "Jump" button; the button is tapped at 0.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4.5) { scene in
            let views = DemoViews(scene)
            let textField = ExplicitlyScreen.textField(views, in: scene, y: scene.size.height * 0.4)
            let button = ExplicitlyScreen.button("Jump", views, in: scene, y: scene.size.height * 0.7)
            let finger = TouchIndicator(in: scene)
            scene.at(0.5, "tap Jump") {
                finger.tap(at: button.position)
                testSpringAnimation(textField)
            }
        }
    }

    /// The seed's `testSpringAnimation()` in its final form (duration fixed to `settlingDuration`), followed by the
    /// border flash.
    private static func testSpringAnimation(_ textField: CALayer) {
        let jump = CASpringAnimation(keyPath: "position.y")
        jump.fromValue = textField.position.y + 1.0
        jump.toValue = textField.position.y
        jump.initialVelocity = 100.0
        jump.mass = 10.0
        jump.stiffness = 1500.0
        jump.damping = 50.0
        jump.duration = jump.settlingDuration
        textField.add(jump, forKey: nil)

        textField.borderWidth = 2.0
        textField.borderColor = DemoPalette.clear
        let flash = CASpringAnimation(keyPath: "borderColor")
        flash.damping = 7.0
        flash.stiffness = 200.0
        flash.fromValue = CGColor(red: 1.0, green: 0.27, blue: 0.0, alpha: 1.0)
        flash.duration = flash.settlingDuration
        textField.add(flash, forKey: nil)
        textField.cornerRadius = 5
    }
}
