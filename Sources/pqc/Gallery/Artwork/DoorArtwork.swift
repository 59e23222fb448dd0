import PortableQuartzCore

/// Seed 004's `Door.png`: a wooden door with four raised panels, hinges on its left edge and a brass knob near its
/// right edge, filling its 128 × 256-point picture.
///
/// The hinges are on the left because the seed hangs the door on its left edge (`anchorPoint = (0, 0.5)`); the
/// knob then sits at the free edge that swings towards the viewer.
enum DoorArtwork {
    /// The picture's size in points, the door layer's size in listings 9.2 and 9.4.
    static let size = CGSize(width: 128, height: 256)

    /// The door, drawn once.
    static let image: CGImage = ArtworkCanvas.image(size: size) { context in
        let whole = CGRect(origin: .zero, size: size)
        let dark = ArtworkCanvas.rgb(74, 42, 18)

        // The slab: warm wood, a little darker towards the hinge side.
        ArtworkCanvas.fill(
            CGPath(rect: whole, transform: nil), in: context,
            colours: [ArtworkCanvas.rgb(128, 76, 36), ArtworkCanvas.rgb(164, 104, 52), ArtworkCanvas.rgb(148, 92, 44)],
            from: CGPoint(x: 0, y: 0), to: CGPoint(x: 128, y: 0))

        // Grain: faint vertical strokes that wave a little.
        for index in 0..<9 {
            let x = 8 + CGFloat(index) * 14
            let grain = CGMutablePath()
            grain.move(to: CGPoint(x: x, y: 2))
            grain.addCurve(
                to: CGPoint(x: x + 2, y: 254), control1: CGPoint(x: x + 4, y: 90),
                control2: CGPoint(x: x - 3, y: 170))
            ArtworkCanvas.stroke(grain, in: context, colour: ArtworkCanvas.rgb(90, 52, 22, alpha: 0.25), width: 1)
        }

        // Four raised panels: two above the knob, two below it.
        let panels = [
            CGRect(x: 16, y: 16, width: 38, height: 100), CGRect(x: 64, y: 16, width: 38, height: 100),
            CGRect(x: 16, y: 140, width: 38, height: 100), CGRect(x: 64, y: 140, width: 38, height: 100),
        ]
        for panel in panels {
            let shape = CGPath(roundedRect: panel, cornerWidth: 3, cornerHeight: 3, transform: nil)
            ArtworkCanvas.fill(
                shape, in: context, colours: [ArtworkCanvas.rgb(112, 64, 28), ArtworkCanvas.rgb(150, 94, 46)],
                from: CGPoint(x: panel.minX, y: panel.minY), to: CGPoint(x: panel.maxX, y: panel.maxY))
            // Bevel: light along the top and left, shadow along the bottom and right.
            let light = CGMutablePath()
            light.move(to: CGPoint(x: panel.minX + 1, y: panel.maxY - 2))
            light.addLine(to: CGPoint(x: panel.minX + 1, y: panel.minY + 1))
            light.addLine(to: CGPoint(x: panel.maxX - 2, y: panel.minY + 1))
            ArtworkCanvas.stroke(light, in: context, colour: ArtworkCanvas.rgb(214, 160, 100, alpha: 0.8), width: 2)
            let shadow = CGMutablePath()
            shadow.move(to: CGPoint(x: panel.maxX - 1, y: panel.minY + 2))
            shadow.addLine(to: CGPoint(x: panel.maxX - 1, y: panel.maxY - 1))
            shadow.addLine(to: CGPoint(x: panel.minX + 2, y: panel.maxY - 1))
            ArtworkCanvas.stroke(shadow, in: context, colour: ArtworkCanvas.rgb(60, 32, 12, alpha: 0.8), width: 2)
        }

        // Hinges on the left edge.
        for top in [CGFloat(34), 202] {
            let hinge = CGPath(
                roundedRect: CGRect(x: 0, y: top, width: 8, height: 20), cornerWidth: 2, cornerHeight: 2,
                transform: nil)
            ArtworkCanvas.fill(hinge, in: context, colour: ArtworkCanvas.rgb(58, 58, 62))
            let pin = CGPath(ellipseIn: CGRect(x: 2.5, y: top + 8, width: 3, height: 4), transform: nil)
            ArtworkCanvas.fill(pin, in: context, colour: ArtworkCanvas.rgb(150, 150, 156))
        }

        // The brass knob and its plate near the free (right) edge, at mid height.
        let plate = CGPath(
            roundedRect: CGRect(x: 105, y: 110, width: 14, height: 38), cornerWidth: 6, cornerHeight: 6,
            transform: nil)
        ArtworkCanvas.fill(
            plate, in: context, colours: [ArtworkCanvas.rgb(230, 190, 90), ArtworkCanvas.rgb(150, 108, 30)],
            from: CGPoint(x: 105, y: 110), to: CGPoint(x: 119, y: 148))
        let knob = CGPath(ellipseIn: CGRect(x: 104, y: 120, width: 16, height: 16), transform: nil)
        ArtworkCanvas.fill(
            knob, in: context,
            colours: [
                ArtworkCanvas.rgb(255, 240, 170), ArtworkCanvas.rgb(200, 150, 50),
                ArtworkCanvas.rgb(120, 80, 20),
            ],
            centre: CGPoint(x: 109, y: 125), radius: 11)
        ArtworkCanvas.stroke(knob, in: context, colour: ArtworkCanvas.rgb(96, 64, 16), width: 1)

        // The door's edge.
        ArtworkCanvas.stroke(
            CGPath(rect: whole.insetBy(dx: 1.5, dy: 1.5), transform: nil), in: context, colour: dark, width: 3)
    }
}
