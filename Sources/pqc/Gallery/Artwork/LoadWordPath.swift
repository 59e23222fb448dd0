import PortableQuartzCore

/// The word "Load" written as single pen strokes, for seed 003's pull-to-refresh: a `CAShapeLayer` stroking it with
/// `strokeEnd` going from 0 to 1 writes the word letter by letter (L, o, a, d, left to right).
///
/// The article's project draws its own lettering; ours is built from lines and circular arcs: lowercase letters
/// are 16 points high on a baseline at y = 32, the L and the d's stem rise to y = 2.
enum LoadWordPath {
    /// The box the strokes fit in (with room for a 3-point pen), in points; use it as the shape layer's bounds.
    static let bounds = CGRect(x: 0, y: 0, width: 88, height: 36)

    /// The strokes, in `bounds`' coordinates (y down).
    static var path: CGPath {
        let path = CGMutablePath()
        // L
        path.move(to: CGPoint(x: 4, y: 2))
        path.addLine(to: CGPoint(x: 4, y: 32))
        path.addLine(to: CGPoint(x: 18, y: 32))
        // o
        addBowl(to: path, centre: CGPoint(x: 29, y: 24))
        // a: bowl, then the stem on its right
        addBowl(to: path, centre: CGPoint(x: 50, y: 24))
        path.move(to: CGPoint(x: 58, y: 16))
        path.addLine(to: CGPoint(x: 58, y: 32))
        // d: bowl, then the tall stem
        addBowl(to: path, centre: CGPoint(x: 72, y: 24))
        path.move(to: CGPoint(x: 80, y: 2))
        path.addLine(to: CGPoint(x: 80, y: 32))
        return path
    }

    /// A full circle of radius 8 around `centre`, started at its right and drawn anticlockwise on screen (as a pen
    /// draws an o), as a sub-path of its own.
    private static func addBowl(to path: CGMutablePath, centre: CGPoint) {
        path.move(to: CGPoint(x: centre.x + 8, y: centre.y))
        path.addArc(center: centre, radius: 8, startAngle: 0, endAngle: -2 * .pi, clockwise: true)
    }
}
