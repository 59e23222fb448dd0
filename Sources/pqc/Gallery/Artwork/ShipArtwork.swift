import PortableQuartzCore

/// Seed 004's `Ship.png`: a small spaceship seen from above, its nose pointing right (+x).
///
/// The nose points along +x because that is the direction `rotationMode = .rotateAuto` turns to the path's
/// tangent: on the Bézier path of listing 9.3 the ship then flies nose first. Fins, cockpit and exhaust make the
/// heading readable at any angle, and the drawing is symmetric about the horizontal axis through its centre.
enum ShipArtwork {
    /// The picture's size in points (its bitmap has `ArtworkCanvas.scale` pixels per point); layers of other sizes
    /// scale it with their `contentsGravity`.
    static let size = CGSize(width: 128, height: 128)

    /// The ship, drawn once.
    static let image: CGImage = ArtworkCanvas.image(size: size) { context in
        let outline = ArtworkCanvas.rgb(40, 44, 56)

        // Exhaust flame behind the engine (left), outer orange then inner yellow.
        let flame = CGMutablePath()
        flame.move(to: CGPoint(x: 30, y: 52))
        flame.addCurve(to: CGPoint(x: 4, y: 64), control1: CGPoint(x: 18, y: 52), control2: CGPoint(x: 10, y: 58))
        flame.addCurve(to: CGPoint(x: 30, y: 76), control1: CGPoint(x: 10, y: 70), control2: CGPoint(x: 18, y: 76))
        flame.closeSubpath()
        ArtworkCanvas.fill(
            flame, in: context, colours: [ArtworkCanvas.rgb(255, 90, 20), ArtworkCanvas.rgb(255, 200, 40)],
            from: CGPoint(x: 4, y: 64), to: CGPoint(x: 30, y: 64))
        let core = CGMutablePath()
        core.move(to: CGPoint(x: 30, y: 58))
        core.addCurve(to: CGPoint(x: 14, y: 64), control1: CGPoint(x: 22, y: 58), control2: CGPoint(x: 17, y: 61))
        core.addCurve(to: CGPoint(x: 30, y: 70), control1: CGPoint(x: 17, y: 67), control2: CGPoint(x: 22, y: 70))
        core.closeSubpath()
        ArtworkCanvas.fill(core, in: context, colour: ArtworkCanvas.rgb(255, 245, 170))

        // Swept-back wings, one above and one below the body.
        for mirrored in [false, true] {
            let flip: (CGFloat) -> CGFloat = { y in mirrored ? 128 - y : y }
            let wing = CGMutablePath()
            wing.move(to: CGPoint(x: 78, y: flip(56)))
            wing.addLine(to: CGPoint(x: 44, y: flip(12)))
            wing.addLine(to: CGPoint(x: 30, y: flip(14)))
            wing.addLine(to: CGPoint(x: 40, y: flip(56)))
            wing.closeSubpath()
            ArtworkCanvas.fill(
                wing, in: context, colours: [ArtworkCanvas.rgb(150, 158, 175), ArtworkCanvas.rgb(96, 104, 122)],
                from: CGPoint(x: 60, y: flip(56)), to: CGPoint(x: 38, y: flip(12)))
            ArtworkCanvas.stroke(wing, in: context, colour: outline, width: 2)
            // A red band near each wing tip.
            let band = CGMutablePath()
            band.move(to: CGPoint(x: 48, y: flip(18)))
            band.addLine(to: CGPoint(x: 43, y: flip(11.5)))
            band.addLine(to: CGPoint(x: 36, y: flip(12.5)))
            band.addLine(to: CGPoint(x: 40, y: flip(19)))
            band.closeSubpath()
            ArtworkCanvas.fill(band, in: context, colour: ArtworkCanvas.rgb(214, 40, 40))
        }

        // The engine block at the tail.
        let engine = CGPath(
            roundedRect: CGRect(x: 24, y: 53, width: 12, height: 22), cornerWidth: 3, cornerHeight: 3,
            transform: nil)
        ArtworkCanvas.fill(engine, in: context, colour: ArtworkCanvas.rgb(70, 74, 86))
        ArtworkCanvas.stroke(engine, in: context, colour: outline, width: 2)

        // The body: a long shape from the tail to a pointed nose at the right.
        let body = CGMutablePath()
        body.move(to: CGPoint(x: 124, y: 64))
        body.addCurve(to: CGPoint(x: 76, y: 46), control1: CGPoint(x: 110, y: 52), control2: CGPoint(x: 94, y: 46))
        body.addLine(to: CGPoint(x: 38, y: 48))
        body.addCurve(to: CGPoint(x: 32, y: 64), control1: CGPoint(x: 33, y: 50), control2: CGPoint(x: 32, y: 56))
        body.addCurve(to: CGPoint(x: 38, y: 80), control1: CGPoint(x: 32, y: 72), control2: CGPoint(x: 33, y: 78))
        body.addLine(to: CGPoint(x: 76, y: 82))
        body.addCurve(to: CGPoint(x: 124, y: 64), control1: CGPoint(x: 94, y: 82), control2: CGPoint(x: 110, y: 76))
        body.closeSubpath()
        ArtworkCanvas.fill(
            body, in: context,
            colours: [
                ArtworkCanvas.rgb(236, 239, 244), ArtworkCanvas.rgb(190, 196, 208), ArtworkCanvas.rgb(128, 136, 152),
            ],
            from: CGPoint(x: 64, y: 46), to: CGPoint(x: 64, y: 82))
        ArtworkCanvas.stroke(body, in: context, colour: outline, width: 2.5)

        // A red stripe along the spine, ending in an arrow head towards the nose.
        let stripe = CGMutablePath()
        stripe.move(to: CGPoint(x: 44, y: 61))
        stripe.addLine(to: CGPoint(x: 70, y: 61))
        stripe.addLine(to: CGPoint(x: 70, y: 57))
        stripe.addLine(to: CGPoint(x: 80, y: 64))
        stripe.addLine(to: CGPoint(x: 70, y: 71))
        stripe.addLine(to: CGPoint(x: 70, y: 67))
        stripe.addLine(to: CGPoint(x: 44, y: 67))
        stripe.closeSubpath()
        ArtworkCanvas.fill(stripe, in: context, colour: ArtworkCanvas.rgb(214, 40, 40))

        // The cockpit canopy near the nose, with a highlight.
        let canopy = CGPath(ellipseIn: CGRect(x: 88, y: 56, width: 24, height: 16), transform: nil)
        ArtworkCanvas.fill(
            canopy, in: context, colours: [ArtworkCanvas.rgb(140, 210, 255), ArtworkCanvas.rgb(20, 70, 160)],
            centre: CGPoint(x: 96, y: 60), radius: 16)
        ArtworkCanvas.stroke(canopy, in: context, colour: outline, width: 2)
        let glint = CGPath(ellipseIn: CGRect(x: 93, y: 58.5, width: 7, height: 4), transform: nil)
        ArtworkCanvas.fill(glint, in: context, colour: ArtworkCanvas.rgb(255, 255, 255, alpha: 0.85))
    }
}
