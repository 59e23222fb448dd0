import PortableQuartzCore

/// Seed 004, "ship on a Bézier path" (listing 9.3): Play adds a 1 s keyframe animation along the red cubic path
/// from (0, 150) to (300, 150) (controls (75, 0) and (225, 300)) with `rotationMode = .rotateAuto`, so the ship
/// turns with the path, and with the `timeOffset` and `speed` of the two sliders. The first flight uses 0 and 1;
/// then the sliders move to 0.5 and 0.5, and the second flight starts halfway along the path, runs at half speed
/// for 2 s, and wraps round to the start to finish where it began.
enum ShipOnPathDemo {
    /// The flight path of listing 9.3, in the container's coordinates.
    static var bezierPath: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        return path
    }

    /// The scene: Play at 0.5 s; the timeOffset slider dragged to 0.5 from 2 s, the speed slider to 0.5 from
    /// 2.5 s; Play again at 3.1 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 5.5) { scene in
            let controller = ShipOnPathController(views: DemoViews(scene), scene: scene)
            let finger = TouchIndicator(in: scene)
            scene.at(0.5, "tap Play") {
                finger.tap(at: controller.playButton.position)
                controller.play()
            }
            let drags: [(slider: DemoSlider, start: Double, from: Double, to: Double)] = [
                (controller.timeOffsetSlider, 2.0, 0, 0.5), (controller.speedSlider, 2.5, 1, 0.5),
            ]
            for drag in drags {
                for step in 0...8 {
                    scene.at(drag.start + Double(step) * 0.05, "drag a slider") {
                        drag.slider.value = drag.from + (drag.to - drag.from) * Double(step) / 8
                        finger.touch(at: drag.slider.thumbCentre)
                        controller.updateSliders()
                    }
                }
                scene.at(drag.start + 0.45, "lift the finger") { finger.lift() }
            }
            scene.at(3.1, "tap Play") {
                finger.tap(at: controller.playButton.position)
                controller.play()
            }
        }
    }
}

/// Listing 9.3's view controller.
private final class ShipOnPathController {
    let shipLayer: CALayer
    let timeOffsetSlider: DemoSlider
    let speedSlider: DemoSlider
    let playButton: CALayer
    private let timeOffsetLabel: CATextLayer
    private let speedLabel: CATextLayer
    private let bezierPath: CGPath

    init(views: DemoViews, scene: DemoScene) {
        let containerView = LayerTimeScreen.containerView(
            views, in: scene, origin: CGPoint(x: 20, y: (scene.size.height - LayerTimeScreen.containerSide) / 2))
        // create a path
        bezierPath = ShipOnPathDemo.bezierPath
        // draw the path using a CAShapeLayer
        let pathLayer = CAShapeLayer()
        pathLayer.name = "pathLayer"
        pathLayer.frame = containerView.bounds
        pathLayer.path = bezierPath
        pathLayer.fillColor = DemoPalette.clear
        pathLayer.strokeColor = DemoPalette.red
        pathLayer.lineWidth = 3.0
        containerView.addSublayer(pathLayer)
        // add the ship
        shipLayer = CALayer()
        shipLayer.name = "ship"
        shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        shipLayer.position = CGPoint(x: 0, y: 150)
        shipLayer.contents = ShipArtwork.image
        shipLayer.contentsScale = ArtworkCanvas.scale
        containerView.addSublayer(shipLayer)

        // The sliders and their labels, in a column right of the container.
        let left = containerView.frame.maxX + 20
        let width = Swift.max(scene.size.width - left - 16, 60)
        let top = containerView.frame.minY + 30
        func caption(_ text: String, y: CGFloat) -> CATextLayer {
            let label = views.label(
                text, frame: CGRect(x: left, y: y, width: width, height: 18), fontSize: 13,
                colour: DemoPalette.darkGray, alignment: .left)
            scene.root.addSublayer(label)
            return label
        }
        _ = caption("timeOffset", y: top)
        timeOffsetLabel = caption("0.00", y: top + 20)
        timeOffsetSlider = views.slider(
            frame: CGRect(x: left, y: top + 40, width: width, height: 30), value: 0, name: "timeOffsetSlider")
        scene.root.addSublayer(timeOffsetSlider.layer)
        _ = caption("speed", y: top + 90)
        speedLabel = caption("1.00", y: top + 110)
        speedSlider = views.slider(
            frame: CGRect(x: left, y: top + 130, width: width, height: 30), maximum: 2, value: 1,
            name: "speedSlider")
        scene.root.addSublayer(speedSlider.layer)
        playButton = views.button(
            "Play", frame: CGRect(x: left, y: top + 190, width: width, height: 44), name: "playButton")
        scene.root.addSublayer(playButton)
        // set initial values
        updateSliders()
        scene.keepAlive(self)
    }

    /// `- (IBAction)updateSliders`.
    func updateSliders() {
        let timeOffset = timeOffsetSlider.value
        timeOffsetLabel.string = String(format: "%0.2f", timeOffset)
        let speed = Float(speedSlider.value)
        speedLabel.string = String(format: "%0.2f", speed)
    }

    /// `- (IBAction)play`.
    func play() {
        // create the keyframe animation
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position"
        animation.timeOffset = timeOffsetSlider.value
        animation.speed = Float(speedSlider.value)
        animation.duration = 1.0
        animation.path = bezierPath
        animation.rotationMode = .rotateAuto
        animation.isRemovedOnCompletion = false
        shipLayer.add(animation, forKey: "slide")
    }
}
