import PortableUIKit

/// Seed 002, "transition from one view to another" (`showHideTransitionViews` and `transition(from:to:…)`):
/// `testOptionView.leftView` gives way to its hidden `centerView` over 5 s.
///
/// With `showHideTransitionViews` nothing leaves or joins the hierarchy: `leftView` is hidden and `centerView`
/// shown, and without a transition option that happens at once (the completion follows on the next turn). The
/// article's variant ③ adds `transitionFlipFromLeft`, which flips the container, `testOptionView`, for the 5 s.
/// Without `showHideTransitionViews` (`option = 0`) `leftView` would be removed and `centerView` inserted in its
/// place, calling `willRemoveSubview:` and `didAddSubview:`.
enum FromToTransitionDemo {
    /// The options of the two taps: the article's, then its variant ③ with the flip.
    static let options: [UIView.AnimationOptions] = [
        .showHideTransitionViews, [.showHideTransitionViews, .transitionFlipFromLeft],
    ]

    /// The scene: the experiment tapped at 0.5 s, "restore" at 1.5 s, the flip variant at 2 s (to 7 s).
    @MainActor
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 7.5) { scene in
            let screen = ViewAnimationScreen(
                in: scene, buttons: ["Test UIViewAnimationOptions usage", "Restore the views"])
            let testOptionView = screen.testOptionView
            for (time, option) in zip([0.5, 2], options) {
                scene.onMainActor(at: time, "tap Test UIViewAnimationOptions usage") {
                    screen.tap(button: 0)
                    UIView.transition(
                        from: testOptionView.leftView, to: testOptionView.centerView, duration: 5, options: option
                    ) { finished in
                        let leftView = testOptionView.leftView
                        screen.log(
                            "executeAnimationWithUIViewAnimationOptionShowHideTransitionViews: "
                                + "finished=\(finished ? 1 : 0), "
                                + "leftView.superview=\(leftView.superview?.layer.name ?? "(null)"), "
                                + "leftView.hidden=\(leftView.isHidden ? 1 : 0)")
                    }
                }
            }
            scene.onMainActor(at: 1.5, "tap Restore the views") {
                screen.tap(button: 1)
                screen.restore()
            }
        }
    }
}
