import PortableUIKit

/// Seed 002, "nested spring" (`overrideInheritedOptions`): a 5 s spring block (damping ratio 0.2, initial velocity
/// 0.5) moves `testView` to (150, 50, 100, 120); a block nested in it moves `testOptionView` to the same frame.
///
/// A nested block inherits its parent's spring unless it passes `overrideInheritedOptions`; the article's options
/// `overrideInheritedCurve | curveEaseInOut | overrideInheritedOptions` give it an ease-in-out curve instead. It
/// still inherits the 5 s (no `overrideInheritedDuration`).
///
/// UIKit fits the spring to the duration (SPEC §11.5): ω solves |(ζω − v) / (ω√(1 − ζ²))| · e^(−ζωd) = 0.001,
/// here ω = 2.3749. That equation weighs only the sine term, and with v = 0.5 close to ζω = 0.475 it is small, so
/// the spring is cut at 5 s with 5.5 % of the move left and `testView` then snaps to its frame.
enum NestedSpringDemo {
    /// The seed's handler, which its completions print (`NSStringFromSelector(_cmd)`).
    static let handler = "executeAnimationWithUIViewAnimationOptionOverrideInheritedOptions"

    /// The article's options of the nested block.
    static let articleOptions: UIView.AnimationOptions = [
        .overrideInheritedCurve, .curveEaseInOut, .overrideInheritedOptions,
    ]

    /// The scene: the experiment tapped at 0.5 s, the nested block with `innerOptions`.
    @MainActor
    static func scene(
        size: CGSize = DemoScene.defaultSize, innerOptions: UIView.AnimationOptions = articleOptions
    ) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 6) { scene in
            let screen = ViewAnimationScreen(in: scene, buttons: ["Test UIViewAnimationOptions usage"])
            let testView = screen.testView
            let testOptionView = screen.testOptionView
            scene.onMainActor(at: 0.5, "tap Test UIViewAnimationOptions usage") {
                screen.tap(button: 0)
                UIView.animate(
                    withDuration: 5, delay: 0, usingSpringWithDamping: 0.2, initialSpringVelocity: 0.5, options: []
                ) {
                    testView.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
                    screen.log("animation1")
                    UIView.animate(withDuration: 1, delay: 0, options: innerOptions) {
                        testOptionView.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
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
