import PortableUIKit

/// Seed 002, "keyframe sequence" (`animateKeyframes`): over 5 s `testView` fades to 0.1 (a change made directly in
/// the block spans the whole duration) while three keyframes move it to (10, 5, 200, 100) in the first half,
/// shrink its bounds to 50 × 50 from 2.5 s to 3.5 s, and move it to (250, 100, 200, 100) in the last 1.5 s.
///
/// Each property gets one `CAKeyframeAnimation` over the 5 s whose keyframes hold the value between the windows that
/// change it (SPEC §11.6): position and bounds both have key times 0, 0.5, 0.7, 1.
enum KeyframeSequenceDemo {
    /// The scene: the experiment tapped at 0.5 s; the keyframes run to 5.5 s.
    @MainActor
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(viewCanvas: size, duration: 6) { scene in
            let screen = ViewAnimationScreen(in: scene, buttons: ["Test keyframe animation"])
            let testView = screen.testView
            scene.onMainActor(at: 0.5, "tap Test keyframe animation") {
                screen.tap(button: 0)
                UIView.animateKeyframes(withDuration: 5, delay: 0, options: []) {
                    testView.alpha = 0.1  // over the whole 5 s
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                        testView.frame = CGRect(x: 10, y: 5, width: 200, height: 100)  // 5 × 0.5 = 2.5 s
                    }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.2) {
                        testView.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                    }
                    UIView.addKeyframe(withRelativeStartTime: 0.7, relativeDuration: 0.3) {
                        testView.frame = CGRect(x: 250, y: 100, width: 200, height: 100)
                    }
                } completion: { finished in
                    screen.log("executeKeyframeAnimation: finished=\(finished ? 1 : 0)")
                }
            }
        }
    }
}
