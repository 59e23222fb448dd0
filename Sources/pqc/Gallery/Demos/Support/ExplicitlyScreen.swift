import PortableQuartzCore

/// The views of seed 000's demo screen (`ExplicitlyViewController` of the article's project), laid out on the
/// canvas: the title label, the text field and `layerView`, a blue square. All three are views, so their layers do
/// not animate implicitly (`DemoViews`).
///
/// Each demo adds only the views its snippet uses, centred on the canvas or at the heights below.
enum ExplicitlyScreen {
    /// The side of `layerView`, in points.
    static let layerViewSide: CGFloat = 100

    /// `layerView`: a blue 100 × 100-point square centred at `centre` (the canvas centre by default).
    static func layerView(_ views: DemoViews, in scene: DemoScene, centre: CGPoint? = nil) -> CALayer {
        let middle = centre ?? CGPoint(x: scene.size.width / 2, y: scene.size.height / 2)
        let side = layerViewSide
        let layer = views.view(
            frame: CGRect(x: middle.x - side / 2, y: middle.y - side / 2, width: side, height: side),
            colour: DemoPalette.blue, name: "layerView")
        scene.root.addSublayer(layer)
        return layer
    }

    /// `titleLabel`: "Core Animation" in 28-point type, 300 points wide, centred at height `y`.
    static func titleLabel(_ views: DemoViews, in scene: DemoScene, y: CGFloat) -> CATextLayer {
        let label = views.label(
            "Core Animation", frame: CGRect(x: scene.size.width / 2 - 150, y: y - 18, width: 300, height: 36),
            fontSize: 28, name: "titleLabel")
        scene.root.addSublayer(label)
        return label
    }

    /// `textField`: a 240 × 40-point rounded field with the placeholder "Username", centred at height `y`.
    static func textField(_ views: DemoViews, in scene: DemoScene, y: CGFloat) -> CALayer {
        let field = views.textField(
            "Username", frame: CGRect(x: scene.size.width / 2 - 120, y: y - 20, width: 240, height: 40),
            isPlaceholder: true, name: "textField")
        scene.root.addSublayer(field)
        return field
    }

    /// A button titled `title`, 160 × 44 points, centred at height `y`.
    static func button(_ title: String, _ views: DemoViews, in scene: DemoScene, y: CGFloat) -> CALayer {
        let button = views.button(
            title, frame: CGRect(x: scene.size.width / 2 - 80, y: y - 22, width: 160, height: 44),
            name: "button")
        scene.root.addSublayer(button)
        return button
    }
}
