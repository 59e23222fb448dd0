import PortableUIKit

/// Seed 002, "curl-up transition" (`allowAnimatedContent` and `transition(with:…)`): a 6 s `transitionCurlUp` on
/// `testOptionView` whose closure moves its `rightView` to (30, 15, 67.5, 40), hides `leftView`, shows `centerView`
/// and moves the view itself to the centre (80, 100).
///
/// The curl is a `"pageCurl"` `CATransition` on the view's layer, drawn by the renderer between the old and the new
/// picture; the frame and centre changes made in the closure still animate as in an ordinary block, with the
/// transition's duration and curve (seed 002); `isHidden` does not animate.
enum CurlUpDemo {
    /// The seed's handler, which its completion prints (`NSStringFromSelector(_cmd)`).
    static let handler = "executeAnimationWithUIViewAnimationOptionAllowAnimatedContent"

    /// The scene: the experiment tapped at 0.5 s; the curl and the moves run to 6.5 s.
    @MainActor
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 7) { scene in
            let screen = ViewAnimationScreen(in: scene, buttons: ["Test UIViewAnimationOptions usage"])
            let testOptionView = screen.testOptionView
            scene.onMainActor(at: 0.5, "tap Test UIViewAnimationOptions usage") {
                screen.tap(button: 0)
                let option: UIView.AnimationOptions = .transitionCurlUp
                UIView.transition(with: testOptionView, duration: 6, options: option) {
                    // Animates whether or not allowAnimatedContent is set (its frame was (77.5, 5, 67.5, 40)).
                    testOptionView.rightView.frame = CGRect(x: 30, y: 15, width: 67.5, height: 40)
                    testOptionView.leftView.isHidden = true
                    testOptionView.centerView.isHidden = false
                    // testOptionView's frame was (200, 50, 150, 50).
                    testOptionView.center = CGPoint(x: 80, y: 100)
                } completion: { finished in
                    screen.log(
                        "\(handler): finished=\(finished ? 1 : 0)"
                    )
                }
            }
        }
    }
}
