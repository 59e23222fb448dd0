import PortableQuartzCore

/// A translucent disc that shows where the scripted finger touches (our addition: the seeds' screenshots are of a
/// phone in the hand, the gallery's are not). It sits above everything and never takes part in the seed's logic.
final class TouchIndicator {
    /// The disc's layer, added to the root last so it is on top.
    let layer: CALayer
    private static let side: CGFloat = 30

    /// Adds the indicator to `scene`'s root, hidden; create it after the demo's own layers so it is drawn on top.
    init(in scene: DemoScene) {
        layer = CALayer()
        layer.name = "touch"
        layer.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        layer.cornerRadius = Self.side / 2
        layer.backgroundColor = CGColor(srgbRed: 0.2, green: 0.2, blue: 0.25, alpha: 0.22)
        layer.borderWidth = 2
        layer.borderColor = CGColor(srgbRed: 0.2, green: 0.2, blue: 0.25, alpha: 0.55)
        layer.opacity = 0
        scene.root.addSublayer(layer)
    }

    /// A tap at `point` (root coordinates): the disc appears there and fades out over 0.5 s.
    func tap(at point: CGPoint) {
        move(to: point, opacity: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 0.5
        layer.add(fade, forKey: "tap")
    }

    /// A finger resting or dragging at `point`: the disc shows there at once.
    func touch(at point: CGPoint) {
        move(to: point, opacity: 1)
    }

    /// The finger leaves the screen.
    func lift() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0
        CATransaction.commit()
    }

    private func move(to point: CGPoint, opacity: Float) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = point
        layer.opacity = opacity
        CATransaction.commit()
    }
}
