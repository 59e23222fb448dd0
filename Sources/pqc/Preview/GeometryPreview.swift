import PortableQuartzCore

/// A still SVG drawing of one demo's geometry, computed with PortableQuartzCore's transforms and paths.
///
/// These previews stand in for the animated renders until the renderer exists: every coordinate in them comes
/// from the engine's own math (CATransform3D projection, CGAffineTransform, CGPath), so they are checked by the
/// same tests that check the engine.
struct GeometryPreview {
    /// Width and height of the drawing, in points.
    let size: CGSize
    /// SVG elements inside the root `<svg>`.
    let body: String
    /// One sentence under the drawing saying what it shows.
    let caption: String

    /// The whole SVG document.
    var svg: String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.format(size.width))" \
        height="\(Self.format(size.height))" viewBox="0 0 \(Self.format(size.width)) \(Self.format(size.height))">
        <rect width="100%" height="100%" fill="#f4f4f4"/>
        \(body)</svg>

        """
    }

    /// The preview for `demo`, or nil when it has none yet.
    static func forDemo(_ demo: Demo) -> GeometryPreview? {
        switch demo.name {
        case "swinging-door", "pan-driven-door": swingingDoor()
        case "shear": shear()
        case "ship-on-path": shipPath()
        default: nil
        }
    }

    /// Seed 004's door: a 128×256 layer hinged on its left edge (anchorPoint (0, 0.5), position (86, 150)) in a
    /// 300×300 container whose sublayerTransform has m34 = −1/500, drawn at rotation.y = 0, −π/8, …, −π/2 + 0.05.
    static func swingingDoor() -> GeometryPreview {
        let doorSize = CGSize(width: 128, height: 256)
        let anchor = CGPoint(x: 0, y: 0.5)
        let position = CGPoint(x: 150 - 64, y: 150)
        let containerCentre = CGPoint(x: 150, y: 150)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        let angles: [CGFloat] = [0, -.pi / 8, -.pi / 4, -3 * .pi / 8, -.pi / 2 + 0.05]
        var body = ""
        for (index, angle) in angles.enumerated() {
            // Door point → container point: move the anchor to the origin, rotate, place at `position`, then
            // apply the container's sublayerTransform about the container's centre and divide by w.
            let toContainer = [
                CATransform3DMakeTranslation(-anchor.x * doorSize.width, -anchor.y * doorSize.height, 0),
                CATransform3DMakeRotation(angle, 0, 1, 0),
                CATransform3DMakeTranslation(position.x - containerCentre.x, position.y - containerCentre.y, 0),
                perspective,
                CATransform3DMakeTranslation(containerCentre.x, containerCentre.y, 0),
            ].reduce(CATransform3DIdentity, CATransform3DConcat)
            let corners = [
                CGPoint(x: 0, y: 0), CGPoint(x: doorSize.width, y: 0),
                CGPoint(x: doorSize.width, y: doorSize.height), CGPoint(x: 0, y: doorSize.height),
            ].map { project($0, through: toContainer) }
            let shade = 40 + index * 35
            body += polygon(corners, fill: "rgb(\(shade),\(90 + index * 20),160)", opacity: 0.55)
        }
        return GeometryPreview(
            size: CGSize(width: 300, height: 300), body: body,
            caption: "Door outline at rotation.y 0 … −π/2 through the m34 = −1/500 perspective (CATransform3D).")
    }

    /// Seed 002's shear: a 200×100 view at (50, 50) whose transform becomes (1, 0, −1, 1, 0, 0) about its centre.
    /// Draws the untransformed frame, the sheared outline and its bounding box (what `frame` would report).
    static func shear() -> GeometryPreview {
        let frame = CGRect(x: 50, y: 50, width: 200, height: 100)
        let centre = CGPoint(x: frame.midX, y: frame.midY)
        let shear = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)
        let aboutCentre = CGAffineTransform(translationX: -centre.x, y: -centre.y)
            .concatenating(shear)
            .concatenating(CGAffineTransform(translationX: centre.x, y: centre.y))
        let corners = [
            CGPoint(x: frame.minX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.minY),
            CGPoint(x: frame.maxX, y: frame.maxY), CGPoint(x: frame.minX, y: frame.maxY),
        ]
        let box = frame.applying(aboutCentre)
        let body =
            polygon(corners, fill: "none", stroke: "#999")
            + polygon(corners.map { $0.applying(aboutCentre) }, fill: "rgb(70,130,200)", opacity: 0.6)
            + polygon(
                [
                    CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                    CGPoint(x: box.maxX, y: box.maxY), CGPoint(x: box.minX, y: box.maxY),
                ], fill: "none", stroke: "#d33")
        return GeometryPreview(
            size: CGSize(width: 300, height: 200), body: body,
            caption: "Shear (1, 0, −1, 1, 0, 0) about the centre; red: the bounding box CGRect.applying reports.")
    }

    /// Seed 004's flight path: a cubic from (0, 150) to (300, 150) with controls (75, 0) and (225, 300), drawn
    /// from the CGPath's own elements.
    static func shipPath() -> GeometryPreview {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(
            to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        var d = ""
        path.applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint: d += "M\(format(points[0].x)) \(format(points[0].y)) "
            case .addLineToPoint: d += "L\(format(points[0].x)) \(format(points[0].y)) "
            case .addQuadCurveToPoint:
                d += "Q\(format(points[0].x)) \(format(points[0].y)) \(format(points[1].x)) \(format(points[1].y)) "
            case .addCurveToPoint:
                d +=
                    "C" + (0..<3).map { "\(format(points[$0].x)) \(format(points[$0].y))" }.joined(separator: " ")
                    + " "
            case .closeSubpath: d += "Z "
            @unknown default: break
            }
        }
        let body = "<path d=\"\(d)\" fill=\"none\" stroke=\"rgb(200,80,40)\" stroke-width=\"3\"/>\n"
        return GeometryPreview(
            size: CGSize(width: 300, height: 300), body: body,
            caption: "The ship's flight path, written out from the CGPath's elements.")
    }

    /// `point` (z = 0) mapped through `transform` with the perspective divide.
    static func project(_ point: CGPoint, through t: CATransform3D) -> CGPoint {
        let x = point.x * t.m11 + point.y * t.m21 + t.m41
        let y = point.x * t.m12 + point.y * t.m22 + t.m42
        let w = point.x * t.m14 + point.y * t.m24 + t.m44
        return CGPoint(x: x / w, y: y / w)
    }

    static func polygon(_ points: [CGPoint], fill: String, stroke: String = "#333", opacity: Double = 1) -> String {
        let list = points.map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " ")
        return "<polygon points=\"\(list)\" fill=\"\(fill)\" fill-opacity=\"\(opacity)\" stroke=\"\(stroke)\"/>\n"
    }

    /// A coordinate with at most two decimals, so the SVG is stable and readable; non-finite values print as 0.
    static func format(_ value: CGFloat) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let rounded = (Double(value) * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
