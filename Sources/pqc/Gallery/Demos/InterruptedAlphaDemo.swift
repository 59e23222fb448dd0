import PortableUIKit

/// Seed 002, "interrupted alpha animations" (`beginFromCurrentState`): animation 1 fades `testView` to 0.5 over 4 s;
/// 2 s in, the second button sets `alpha = 0.1` outside any block and starts animation 2, to 1 over 5 s with
/// `beginFromCurrentState`.
///
/// Opacity is not animated additively, so animation 2 replaces animation 1 under the same key: animation 1's
/// completion hears `finished = 0` at once. With `beginFromCurrentState` animation 2 starts from the alpha on screen
/// (0.75: animation 1 half way on the ease-in-out curve), without it from the 0.1 just set (SPEC §11.2).
enum InterruptedAlphaDemo {
    /// The seed's handlers of the two buttons, which their completions print (`NSStringFromSelector(_cmd)`).
    static let firstHandler = "executeAnimationForUIViewAnimationOptionBeginFromCurrentState"
    static let secondHandler = "executeAnimationWithUIViewAnimationOptionBeginFromCurrentState"

    /// The scene: animation 1 tapped at 0.5 s, animation 2 at 2.5 s with `secondOptions` (the article's
    /// `beginFromCurrentState` unless told otherwise; its commented-out alternative is `[]`).
    @MainActor
    static func scene(
        size: CGSize = DemoScene.defaultSize, secondOptions: UIView.AnimationOptions = .beginFromCurrentState
    ) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 8) { scene in
            let screen = ViewAnimationScreen(
                in: scene, buttons: ["Start animation 1 (alpha 0.5, 4 s)", "Test beginFromCurrentState"])
            let testView = screen.testView
            scene.onMainActor(at: 0.5, "tap Start animation 1") {
                screen.tap(button: 0)
                UIView.animate(withDuration: 4, delay: 0, options: []) {
                    testView.alpha = 0.5
                    screen.log("animation1")
                } completion: { finished in
                    screen.log(
                        "\(firstHandler): finished=\(finished ? 1 : 0) (animation1)"
                    )
                }
            }
            scene.onMainActor(at: 2.5, "tap Test beginFromCurrentState") {
                screen.tap(button: 1)
                testView.alpha = 0.1
                UIView.animate(withDuration: 5, delay: 0, options: secondOptions) {
                    testView.alpha = 1
                    screen.log("animation2")
                } completion: { finished in
                    screen.log(
                        "\(secondHandler): finished=\(finished ? 1 : 0) (animation2)"
                    )
                }
            }
        }
    }
}
