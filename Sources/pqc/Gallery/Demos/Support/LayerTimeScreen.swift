import PortableQuartzCore

/// The parts of seed 004's screens (Lockwood, chapter 9): `containerView`, a 300 × 300-point view, and the door
/// of listings 9.2 and 9.4 hung in it.
enum LayerTimeScreen {
    /// The container's side, in points.
    static let containerSide: CGFloat = 300

    /// `containerView` at `origin` (centred on the canvas when nil), pale grey so it shows on the white canvas.
    static func containerView(_ views: DemoViews, in scene: DemoScene, origin: CGPoint? = nil) -> CALayer {
        let side = containerSide
        let corner =
            origin ?? CGPoint(x: (scene.size.width - side) / 2, y: (scene.size.height - side) / 2)
        let container = views.view(
            frame: CGRect(origin: corner, size: CGSize(width: side, height: side)), colour: DemoPalette.panel,
            name: "containerView")
        scene.root.addSublayer(container)
        return container
    }

    /// The door of listings 9.2 and 9.4: a 128 × 256 layer hinged on its left edge (`anchorPoint` (0, 0.5)) at
    /// (86, 150) in `container`, whose `sublayerTransform` gets the perspective m34 = −1/500.
    static func door(in container: CALayer) -> CALayer {
        // add the door
        let doorLayer = CALayer()
        doorLayer.name = "door"
        doorLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
        doorLayer.position = CGPoint(x: 150 - 64, y: 150)
        doorLayer.anchorPoint = CGPoint(x: 0, y: 0.5)
        doorLayer.contents = DoorArtwork.image
        doorLayer.contentsScale = ArtworkCanvas.scale
        container.addSublayer(doorLayer)
        // apply perspective transform
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        container.sublayerTransform = perspective
        return doorLayer
    }
}
