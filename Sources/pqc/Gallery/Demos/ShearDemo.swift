import PortableUIKit

/// Seed 002, "shear transform" (`executePropertyAnimation`): a 1 s animation, 1 s after the tap, of `testView`'s
/// transform to the shear `(1, 0, −1, 1, 0, 0)` about its centre, which keeps every row's y and moves the rows above
/// the centre right and those below left by their distance from it. While sheared, `frame` reports the bounding box
/// `(50, 50, 300, 100)`; the app's restore button sets the transform back to the identity first, then the frame.
enum ShearDemo {
    /// The shear of the seed: x' = x − y, y' = y (coordinates from the view's centre, y down).
    static let shear = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)

    /// The scene: "Test property animation" tapped at 0.5 s (the shear runs from 1.5 s to 2.5 s), "restore" at 3 s.
    @MainActor
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 3.5) { scene in
            let screen = ViewAnimationScreen(
                in: scene, buttons: ["Test property animation", "Restore the views"])
            let testView = screen.testView
            scene.onMainActor(at: 0.5, "tap Test property animation") {
                screen.tap(button: 0)
                UIView.animate(withDuration: 1, delay: 1, options: []) {
                    // x' = a*x + c*y + tx, y' = b*x + d*y + ty, from the view's centre.
                    testView.transform = shear
                } completion: { finished in
                    // The seed's NSLog, and the frame it says is not to be trusted while transformed.
                    screen.log(
                        "executePropertyAnimation: finished=\(finished ? 1 : 0), "
                            + "frame=\(ViewAnimationScreen.string(from: testView.frame))")
                }
            }
            scene.onMainActor(at: 3, "tap Restore the views") {
                screen.tap(button: 1)
                screen.restore()
            }
        }
    }
}
