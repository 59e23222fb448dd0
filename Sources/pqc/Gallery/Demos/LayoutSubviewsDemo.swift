import PortableUIKit

/// Seed 002, "subviews following layout" (`executeAnimationWithUIViewAnimationOptionLayoutSubviews`): a 1 s animation
/// of `testOptionView`'s frame from (200, 50, 150, 50) to (200, 70, 100, 120). With `layoutSubviews` the view lays out
/// its subviews inside the block, so their frames (which `RCCustomView.layoutSubviews` computes from its size) animate
/// with it and keep "half the width − 7.5" all the way; with the article's commented-out `option = 0` the layout
/// happens when the transaction commits, outside the block, and the subviews jump to their final frames.
enum LayoutSubviewsDemo {
    /// The options of the two taps: the article's `layoutSubviews`, then its commented-out alternative, 0.
    static let options: [UIView.AnimationOptions] = [.layoutSubviews, []]

    /// The scene: the experiment tapped at 0.5 s with `layoutSubviews`, "restore" at 2 s, the experiment again at
    /// 2.5 s with `option = 0`.
    @MainActor
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 4) { scene in
            let screen = ViewAnimationScreen(
                in: scene, buttons: ["Test UIViewAnimationOptions usage", "Restore the views"])
            let testOptionView = screen.testOptionView
            for (time, option) in zip([0.5, 2.5], options) {
                scene.onMainActor(at: time, "tap Test UIViewAnimationOptions usage") {
                    screen.tap(button: 0)
                    UIView.animate(withDuration: 1, delay: 0, options: option) {
                        testOptionView.frame = CGRect(x: 200, y: 70, width: 100, height: 120)
                    } completion: { finished in
                        screen.log(
                            "executeAnimationWithUIViewAnimationOptionLayoutSubviews: finished=\(finished ? 1 : 0)")
                    }
                }
            }
            scene.onMainActor(at: 2, "tap Restore the views") {
                screen.tap(button: 1)
                screen.restore()
            }
        }
    }
}
