import PortableQuartzCore

/// Seed 004, "door driven by a pan gesture" (listing 9.4): the door's layer is paused (`speed = 0`) with a 1 s
/// swing to −π/2 on it; each pan callback moves the layer's `timeOffset` by minus the horizontal translation over
/// 200 points, kept within 0 … 0.999, so dragging left opens the door and dragging right closes it.
enum PanDrivenDoorDemo {
    /// One stretch of the scripted drag: from `start`, `count` pan callbacks 0.05 s apart, each reporting a
    /// horizontal translation of `step` points since the last.
    struct Stroke {
        let start: Double
        let count: Int
        let step: CGFloat
    }

    /// The drag: 100 points left (timeOffset 0 → 0.5), 150 more left (clamped at 0.999), then 132 right (→ 0.339).
    static let strokes = [
        Stroke(start: 0.5, count: 10, step: -10), Stroke(start: 1.5, count: 15, step: -10),
        Stroke(start: 2.7, count: 11, step: 12),
    ]

    /// The scene: the finger touches down at 0.45 s, drags in three stretches and lifts at 3.4 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3.75) { scene in
            let views = DemoViews(scene)
            let containerView = LayerTimeScreen.containerView(views, in: scene)
            let doorLayer = LayerTimeScreen.door(in: containerView)
            let finger = TouchIndicator(in: scene)
            // pause all layer animations
            doorLayer.speed = 0.0
            // apply swinging animation (which won't play because layer is paused)
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation.y"
            animation.toValue = -Double.pi / 2
            animation.duration = 1.0
            doorLayer.add(animation, forKey: nil)

            // - (void)pan:(UIPanGestureRecognizer *)pan, with the translation since the last callback.
            let pan: (CGFloat) -> Void = { translation in
                // get horizontal component of pan gesture
                var x = translation
                // convert from points to animation duration using a reasonable scale factor
                x /= 200.0
                // update timeOffset and clamp result
                var timeOffset = doorLayer.timeOffset
                timeOffset = Swift.min(0.999, Swift.max(0.0, timeOffset - Double(x)))
                doorLayer.timeOffset = timeOffset
            }
            var fingerAt = CGPoint(x: scene.size.width - 70, y: scene.size.height / 2)
            let startPoint = fingerAt
            scene.at(0.45, "touch down") { finger.touch(at: startPoint) }
            for stroke in strokes {
                for index in 0..<stroke.count {
                    fingerAt.x += stroke.step
                    let point = fingerAt
                    scene.at(stroke.start + Double(index) * 0.05, "pan \(stroke.step) points") {
                        finger.touch(at: point)
                        pan(stroke.step)
                    }
                }
            }
            scene.at(3.4, "lift the finger") { finger.lift() }
        }
    }
}
