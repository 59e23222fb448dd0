import PortableQuartzCore

/// Draws the pictures the seeds load from image files (our stand-ins for `Ship.png`, `Door.png` and `balloon`),
/// with `CGContext`, in UIKit's coordinates: points, origin at the top left, y down.
enum ArtworkCanvas {
    /// The pixels per point of every artwork image, so it stays sharp when the gallery renders at twice the size.
    static let scale: CGFloat = 2

    /// A `size`-point picture (`size × scale` pixels, transparent where nothing is drawn) made by `draw`, which gets
    /// a context whose user space is the picture in points, y down.
    ///
    /// - Precondition: `size` is positive and small enough for a bitmap (every artwork is a fixed size of ours).
    static func image(size: CGSize, _ draw: (CGContext) -> Void) -> CGImage {
        let width = Int((size.width * scale).rounded())
        let height = Int((size.height * scale).rounded())
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else {
            preconditionFailure("ArtworkCanvas cannot make a \(width)×\(height) bitmap for an artwork image")
        }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        draw(context)
        guard let image = context.makeImage() else {
            preconditionFailure("ArtworkCanvas could not turn its \(width)×\(height) bitmap into an image")
        }
        return image
    }

    /// Fills `path` with a linear gradient from `start` to `end` through `colours` (evenly spaced).
    static func fill(
        _ path: CGPath, in context: CGContext, colours: [CGColor], from start: CGPoint, to end: CGPoint
    ) {
        guard let gradient = CGGradient(colorsSpace: nil, colors: colours, locations: nil) else { return }
        context.saveGState()
        context.addPath(path)
        context.clip()
        context.drawLinearGradient(
            gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        context.restoreGState()
    }

    /// Fills `path` with a radial gradient from a point at `centre` out to `radius` through `colours`.
    static func fill(
        _ path: CGPath, in context: CGContext, colours: [CGColor], centre: CGPoint, radius: CGFloat
    ) {
        guard let gradient = CGGradient(colorsSpace: nil, colors: colours, locations: nil) else { return }
        context.saveGState()
        context.addPath(path)
        context.clip()
        context.drawRadialGradient(
            gradient, startCenter: centre, startRadius: 0, endCenter: centre, endRadius: radius,
            options: [.drawsAfterEndLocation])
        context.restoreGState()
    }

    /// Fills `path` with one colour.
    static func fill(_ path: CGPath, in context: CGContext, colour: CGColor) {
        context.addPath(path)
        context.setFillColor(colour)
        context.fillPath()
    }

    /// Strokes `path` with one colour, `width` points wide, round joins.
    static func stroke(_ path: CGPath, in context: CGContext, colour: CGColor, width: CGFloat) {
        context.addPath(path)
        context.setStrokeColor(colour)
        context.setLineWidth(width)
        context.setLineJoin(.round)
        context.setLineCap(.round)
        context.strokePath()
    }

    /// An sRGB colour from 0…255 components, as designers write them.
    static func rgb(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> CGColor {
        CGColor(srgbRed: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }
}
