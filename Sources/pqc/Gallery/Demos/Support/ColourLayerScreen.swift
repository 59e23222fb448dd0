import PortableQuartzCore

/// The screen of seed 001's listings 7.1–7.6: `layerView`, a 200 × 200-point view, with `colorLayer` — a
/// stand-alone blue layer at (50, 50, 100, 100) inside it — and a "Change Color" button below.
///
/// `colorLayer` is not a view's layer, so its property changes animate implicitly; `layerView`'s own layer is a
/// view's and does not (`DemoViews`).
struct ColourLayerScreen {
    /// The view (`layerView`), pale grey so it shows on the white canvas.
    let layerView: CALayer
    /// The stand-alone sublayer (`colorLayer`).
    let colorLayer: CALayer
    /// The "Change Color" button.
    let button: CALayer

    /// Builds the screen on `scene`'s canvas, centred horizontally. With `withColorLayer` false (listing 7.4) the
    /// view has no sublayer and its own layer is blue; `colorLayer` is then the view's layer.
    init(_ views: DemoViews, in scene: DemoScene, withColorLayer: Bool = true) {
        let midX = scene.size.width / 2
        layerView = views.view(
            frame: CGRect(x: midX - 100, y: 30, width: 200, height: 200), colour: DemoPalette.panel,
            name: "layerView")
        scene.root.addSublayer(layerView)
        if withColorLayer {
            // create sublayer
            let colorLayer = CALayer()
            colorLayer.name = "colorLayer"
            colorLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
            colorLayer.backgroundColor = DemoPalette.blue
            // add it to our view
            layerView.addSublayer(colorLayer)
            self.colorLayer = colorLayer
        } else {
            // set the color of our layerView backing layer directly
            layerView.backgroundColor = DemoPalette.blue
            colorLayer = layerView
        }
        button = views.button(
            "Change Color", frame: CGRect(x: midX - 80, y: 268, width: 160, height: 44), name: "button")
        scene.root.addSublayer(button)
    }
}
