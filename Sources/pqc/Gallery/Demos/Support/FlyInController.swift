import PortableQuartzCore

/// Seed 000's view controller in the article's "KVC on animations" part: it flies the title label and the text
/// field in from the left with one `flyRight` animation (tagged with `setValue(_:forKey:)`), and, as their delegate,
/// starts a pulse on the layer stored in the animation when a "form" animation finishes. It prints what the
/// article's `animationDidStop(_:finished:)` prints (into the scene's notes).
final class FlyInController: CAAnimationDelegate {
    /// The title label, centred at 30 % of the canvas height.
    let titleLabel: CATextLayer
    /// The text field, centred at 50 % of the canvas height.
    let textField: CALayer
    private weak var scene: DemoScene?
    private let bounds: CGRect

    /// Adds the title label and the text field to `scene`, which keeps the controller alive.
    init(views: DemoViews, scene: DemoScene) {
        self.scene = scene
        bounds = scene.root.bounds
        titleLabel = ExplicitlyScreen.titleLabel(views, in: scene, y: scene.size.height * 0.3)
        textField = ExplicitlyScreen.textField(views, in: scene, y: scene.size.height * 0.5)
        scene.keepAlive(self)
    }

    /// The seed's fly-in: the title from now, the field 0.3 s later and filling both ways; both end at the centre,
    /// where their model positions are then set.
    func flyIn() {
        let flyRight = CABasicAnimation(keyPath: "position.x")
        flyRight.fromValue = -bounds.size.width / 2
        flyRight.toValue = bounds.size.width / 2
        flyRight.duration = 2
        flyRight.delegate = self
        flyRight.setValue("form", forKey: "name")
        flyRight.setValue(titleLabel, forKey: "layer")
        titleLabel.add(flyRight, forKey: "title")
        flyRight.beginTime = CACurrentMediaTime() + 0.3
        flyRight.fillMode = .both
        flyRight.setValue(textField, forKey: "layer")
        textField.add(flyRight, forKey: "field")
        titleLabel.position.x = bounds.size.width / 2
        textField.position.x = bounds.size.width / 2
    }

    /// The seed's "change" button: removes both running animations by key.
    func removeRunningAnimations() {
        titleLabel.removeAnimation(forKey: "title")
        textField.removeAnimation(forKey: "field")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        scene?.note("animationDidStop(_:finished:)")
        if !flag {
            scene?.note("Did not reached the end of the duration")
            return
        }
        guard let name = anim.value(forKey: "name") as? String else { return }
        if name == "form" {  // form field found
            let layer = anim.value(forKey: "layer") as? CALayer
            anim.setValue(nil, forKey: "layer")
            let pulse = CABasicAnimation(keyPath: "transform.scale")
            pulse.fromValue = 1.5
            pulse.toValue = 1.0
            pulse.duration = 0.25
            layer?.add(pulse, forKey: nil)
        }
    }
}
