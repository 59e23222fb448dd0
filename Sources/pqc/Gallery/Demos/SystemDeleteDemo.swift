import PortableUIKit

/// Seed 002, "system delete animation" (`performSystemAnimation:onViews:…`): `UISystemAnimationDelete` on
/// `testOptionView`'s `leftView` and `rightView`, which swell briefly, shrink to a quarter while fading out (ending
/// with transform (0.25, 0, 0, 0.25, 0, 0) and alpha 0) and leave their superview when it completes.
///
/// The article leaves the parallel `animations` block empty, with `testView.transform = (0.25, 0, 0, 0.25, 0, 0)`
/// commented out (the listed views themselves must not be changed there); the second tap runs that line, so
/// `testView` shrinks alongside. PortableUIKit's delete lasts 0.35 s (its own timing; UIKit does not document one).
enum SystemDeleteDemo {
    /// The scene: the delete tapped at 0.5 s with the article's empty block, "restore" at 1.5 s, the delete again at
    /// 2 s with the commented-out line.
    @MainActor
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 3) { scene in
            let screen = ViewAnimationScreen(
                in: scene, buttons: ["Test performSystemAnimation", "Restore the views"])
            let testView = screen.testView
            let testOptionView = screen.testOptionView
            for (time, shrinksTestView) in [(0.5, false), (2.0, true)] {
                scene.onMainActor(at: time, "tap Test performSystemAnimation") {
                    screen.tap(button: 0)
                    UIView.perform(
                        .delete, on: [testOptionView.leftView, testOptionView.rightView], options: [],
                        animations: {
                            // Do not change the listed views here; other views may animate.
                            if shrinksTestView {
                                testView.transform = CGAffineTransform(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0)
                            }
                        }
                    ) { finished in
                        let leftView = testOptionView.leftView
                        screen.log(
                            "executePerformSystemAnimationOOAC: finished=\(finished ? 1 : 0), "
                                + "leftView.transform=\(ViewAnimationScreen.string(from: leftView.transform)), "
                                + "leftView.alpha=\(ViewAnimationScreen.number(leftView.alpha)), "
                                + "leftView.superview=\(leftView.superview?.layer.name ?? "(null)")")
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
