import PortableUIKit

/// Seed 002, "nested durations and delays" (`overrideInheritedDuration`): an outer 6 s block moves `testView` to
/// (150, 50, 100, 120); inside it, a block of 2 s with a delay of 1 s fades it to 0.1.
///
/// A nested block inherits its parent's duration unless it passes `overrideInheritedDuration`, and never inherits
/// its delay (SPEC §11.4): with the article's option the fade runs from 1 s to 3 s after the tap; with its
/// commented-out `option = 0` it runs 6 s, from 1 s to 7 s, ending a second after the outer block.
enum NestedDurationsDemo {
    /// The seed's handler, which its completions print (`NSStringFromSelector(_cmd)`).
    static let handler = "executeAnimationWithUIViewAnimationOptionOverrideInheritedDuration"

    /// The scene: the experiment tapped at 0.5 s, the inner block with `innerOptions` (the article's
    /// `overrideInheritedDuration` unless told otherwise).
    @MainActor
    static func scene(
        size: CGSize = DemoScene.defaultSize, innerOptions: UIView.AnimationOptions = .overrideInheritedDuration
    ) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 8) { scene in
            let screen = ViewAnimationScreen(in: scene, buttons: ["Test UIViewAnimationOptions usage"])
            let testView = screen.testView
            scene.onMainActor(at: 0.5, "tap Test UIViewAnimationOptions usage") {
                screen.tap(button: 0)
                UIView.animate(withDuration: 6, delay: 0, options: []) {
                    testView.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
                    screen.log("animation1")
                    // Nested: starts with the outer block unless delayed; lasts 2 s only with the override.
                    UIView.animate(withDuration: 2, delay: 1, options: innerOptions) {
                        testView.alpha = 0.1
                        screen.log("animation2")
                    } completion: { finished in
                        screen.log(
                            "\(handler): finished=\(finished ? 1 : 0) (animation2)"
                        )
                    }
                } completion: { finished in
                    screen.log(
                        "\(handler): finished=\(finished ? 1 : 0) (animation1)"
                    )
                }
            }
        }
    }
}
