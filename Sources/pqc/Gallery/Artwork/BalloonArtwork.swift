import PortableQuartzCore

/// Seed 000's `balloon` image: a red party balloon with a highlight, a knot and a wavy string hanging from it,
/// in a 50 × 50-point picture (the balloon layer's frame in the seed).
enum BalloonArtwork {
    /// The picture's size in points.
    static let size = CGSize(width: 50, height: 50)

    /// The balloon, drawn once.
    static let image: CGImage = ArtworkCanvas.image(size: size) { context in
        // The string first, so the knot covers its top.
        let string = CGMutablePath()
        string.move(to: CGPoint(x: 25, y: 38))
        string.addCurve(to: CGPoint(x: 26, y: 49), control1: CGPoint(x: 20, y: 42), control2: CGPoint(x: 31, y: 45))
        ArtworkCanvas.stroke(string, in: context, colour: ArtworkCanvas.rgb(90, 90, 96), width: 1)

        // The balloon: a rounded body narrowing towards the knot.
        let body = CGMutablePath()
        body.move(to: CGPoint(x: 25, y: 36))
        body.addCurve(to: CGPoint(x: 9, y: 16), control1: CGPoint(x: 16, y: 33), control2: CGPoint(x: 9, y: 25))
        body.addCurve(to: CGPoint(x: 25, y: 1), control1: CGPoint(x: 9, y: 7), control2: CGPoint(x: 16, y: 1))
        body.addCurve(to: CGPoint(x: 41, y: 16), control1: CGPoint(x: 34, y: 1), control2: CGPoint(x: 41, y: 7))
        body.addCurve(to: CGPoint(x: 25, y: 36), control1: CGPoint(x: 41, y: 25), control2: CGPoint(x: 34, y: 33))
        body.closeSubpath()
        ArtworkCanvas.fill(
            body, in: context,
            colours: [
                ArtworkCanvas.rgb(255, 140, 140), ArtworkCanvas.rgb(226, 30, 40), ArtworkCanvas.rgb(150, 10, 20),
            ],
            centre: CGPoint(x: 19, y: 11), radius: 30)

        // The knot.
        let knot = CGMutablePath()
        knot.move(to: CGPoint(x: 25, y: 35))
        knot.addLine(to: CGPoint(x: 28, y: 39))
        knot.addLine(to: CGPoint(x: 22, y: 39))
        knot.closeSubpath()
        ArtworkCanvas.fill(knot, in: context, colour: ArtworkCanvas.rgb(170, 16, 26))

        // A soft highlight on the upper left.
        let shine = CGPath(ellipseIn: CGRect(x: 14, y: 6, width: 7, height: 10), transform: nil)
        ArtworkCanvas.fill(shine, in: context, colour: ArtworkCanvas.rgb(255, 255, 255, alpha: 0.55))
    }
}
