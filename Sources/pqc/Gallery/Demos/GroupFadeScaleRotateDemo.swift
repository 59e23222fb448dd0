import PortableQuartzCore

/// Seed 000, "group of fade with scale and rotateZ value functions": a `CAAnimationGroup` of an opacity fade from 0
/// to 1, a `transform` scale from 1 to 1.5 and a `transform` rotation from π/4 to 0 (both through `CAValueFunction`),
/// lasting 0.5 s, beginning 0.5 s after it is added and filling backwards, so the layer shows the start values
/// during the delay. The group's delegate prints `animationDidStop(_:finished:)` when it ends. It is played twice.
///
/// Deviation from the seed's code: the members get the group's 0.5 s as their own duration. The seed leaves them
/// without one, and what Core Animation does then is not settled (SPEC §6.1 and §13 ask demos to set it); the
/// article's recording shows the members running over the group's whole half second.
///
/// Both transform members animate the same key path, so the later one in the array (the rotation) decides the
/// transform while both run, as on Apple platforms.
enum GroupFadeScaleRotateDemo {
    /// The scene: `layerView` in the middle; the group is added at 0.5 s and at 2 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3) { scene in
            let views = DemoViews(scene)
            let layerView = ExplicitlyScreen.layerView(views, in: scene)
            let controller = GroupDelegate(scene: scene)
            for time in [0.5, 2.0] {
                scene.at(time, "add the group") {
                    controller.addGroup(to: layerView)
                }
            }
        }
    }
}

/// The seed's view controller as the group's delegate.
private final class GroupDelegate: CAAnimationDelegate {
    private weak var scene: DemoScene?

    init(scene: DemoScene) {
        self.scene = scene
    }

    func addGroup(to layerView: CALayer) {
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 0
        fadeOut.toValue = 1
        let expandScale = CABasicAnimation(keyPath: "transform")
        expandScale.valueFunction = CAValueFunction(name: .scale)
        expandScale.fromValue = [1, 1, 1]
        expandScale.toValue = [1.5, 1.5, 1.5]
        let rotate = CABasicAnimation(keyPath: "transform")
        rotate.valueFunction = CAValueFunction(name: .rotateZ)
        rotate.fromValue = Float.pi / 4.0
        rotate.toValue = 0.0
        // Ours: the members' own duration, the group's (see the demo's deviation note).
        for member in [fadeOut, expandScale, rotate] {
            member.duration = 0.5
        }
        let group = CAAnimationGroup()
        group.animations = [fadeOut, expandScale, rotate]
        group.duration = 0.5
        group.beginTime = CACurrentMediaTime() + 0.5
        group.fillMode = .backwards
        group.delegate = self
        layerView.add(group, forKey: nil)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        scene?.note("animationDidStop(_:finished:)")
    }
}
