import PortableQuartzCore

/// Seed 004, "rotating ship" (listing 9.1): Start reads the duration and repeat count typed in the two fields and
/// spins the ship (`transform.rotation` by 2π) that many times, each turn lasting the duration; the controls are
/// dimmed while it runs and brought back by `animationDidStop(_:finished:)`. With the fields at 1.0 and 2.5 the
/// ship turns two and a half times in 2.5 s and then jumps back upright (the model was never changed).
enum RotatingShipDemo {
    /// The scene: the fields hold "1.0" and "2.5"; Start is tapped at 0.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3.5) { scene in
            let controller = RotatingShipController(views: DemoViews(scene), scene: scene)
            let finger = TouchIndicator(in: scene)
            scene.at(0.5, "tap Start") {
                finger.tap(at: controller.startButton.position)
                controller.start()
            }
        }
    }
}

/// Listing 9.1's view controller.
private final class RotatingShipController: CAAnimationDelegate {
    let shipLayer: CALayer
    let durationField: CALayer
    let repeatField: CALayer
    let startButton: CALayer
    private let durationText = "1.0"
    private let repeatText = "2.5"

    init(views: DemoViews, scene: DemoScene) {
        let containerView = LayerTimeScreen.containerView(
            views, in: scene, origin: CGPoint(x: 20, y: (scene.size.height - LayerTimeScreen.containerSide) / 2))
        // add the ship
        shipLayer = CALayer()
        shipLayer.name = "ship"
        shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
        shipLayer.position = CGPoint(x: 150, y: 150)
        shipLayer.contents = ShipArtwork.image
        shipLayer.contentsScale = ArtworkCanvas.scale
        containerView.addSublayer(shipLayer)

        // The controls, in a column right of the container.
        let left = containerView.frame.maxX + 20
        let width = Swift.max(scene.size.width - left - 16, 60)
        let top = containerView.frame.minY + 40
        scene.root.addSublayer(
            views.label(
                "duration", frame: CGRect(x: left, y: top, width: width, height: 18), fontSize: 13,
                colour: DemoPalette.darkGray, alignment: .left))
        durationField = views.textField(
            durationText, frame: CGRect(x: left, y: top + 22, width: width, height: 36), name: "durationField")
        scene.root.addSublayer(durationField)
        scene.root.addSublayer(
            views.label(
                "repeatCount", frame: CGRect(x: left, y: top + 76, width: width, height: 18), fontSize: 13,
                colour: DemoPalette.darkGray, alignment: .left))
        repeatField = views.textField(
            repeatText, frame: CGRect(x: left, y: top + 98, width: width, height: 36), name: "repeatField")
        scene.root.addSublayer(repeatField)
        startButton = views.button(
            "Start", frame: CGRect(x: left, y: top + 160, width: width, height: 44), name: "startButton")
        scene.root.addSublayer(startButton)
        scene.keepAlive(self)
    }

    private func setControlsEnabled(_ enabled: Bool) {
        for control in [durationField, repeatField, startButton] {
            control.opacity = enabled ? 1.0 : 0.25
        }
    }

    /// `- (IBAction)start`.
    func start() {
        let duration = CFTimeInterval(durationText) ?? 0
        let repeatCount = Float(repeatText) ?? 0
        // animate the ship rotation
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation"
        animation.duration = duration
        animation.repeatCount = repeatCount
        animation.byValue = Double.pi * 2
        animation.delegate = self
        shipLayer.add(animation, forKey: "rotateAnimation")
        // disable controls
        setControlsEnabled(false)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // reenable controls
        setControlsEnabled(true)
    }
}
