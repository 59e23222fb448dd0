import Foundation

/// One rectangle of a layer's contents image and where it goes (our helper).
struct ContentsPiece: Equatable {
    /// Image pixels, top-left origin.
    var source: CGRect
    /// Layer bounds coordinates (points, y down).
    var destination: CGRect
}

/// Where a layer's contents image is drawn: `contentsRect`, `contentsGravity`, `contentsScale` and
/// `contentsCenter` (our helper; pure).
///
/// - `contentsRect` picks the part of the image to show, in unit coordinates of the image, (0, 0) at its top-left.
///   Parts outside the unit square repeat the edge texels (the image is clamped).
/// - `contentsGravity` places that part in `bounds`. `resize` stretches it to the bounds; `resizeAspect` fits it
///   inside keeping its aspect ratio, `resizeAspectFill` covers the bounds keeping it (overflowing, which shows
///   unless the layer masks to its bounds); the others keep its natural size — pixels ÷ `contentsScale` points —
///   and align it: `center`, `top`, `bottom`, `left`, `right`, `topLeft`, `topRight`, `bottomLeft`,
///   `bottomRight`. Top means the bounds' minimum y (the top on screen in a y-down layer); see Docs/Deviations.md.
///   An unknown gravity name was parsed as `resize` when it was set (`ContentsGravity`).
/// - `contentsCenter` (unit coordinates of the shown part) other than the whole part splits it into a 3 × 3 grid:
///   corners keep their natural size, edges stretch along one axis, the centre along both. When the natural
///   edges are larger than the destination, they shrink proportionally and the centre vanishes.
enum ContentsLayout {
    /// Replaces `pieces` with the pieces for an image of `width` × `height` pixels; empty when nothing shows (empty
    /// or non-finite geometry).
    static func pieces(
        width: Int, height: Int, bounds: CGRect, details: LayerDetails, into pieces: inout [ContentsPiece]
    ) {
        pieces.removeAll(keepingCapacity: true)
        let unit = details.contentsRect
        let source = CGRect(
            x: unit.minX * CGFloat(width), y: unit.minY * CGFloat(height), width: unit.width * CGFloat(width),
            height: unit.height * CGFloat(height))
        guard source.width > 0, source.height > 0, Self.isFinite(source), Self.isFinite(bounds), bounds.width > 0,
            bounds.height > 0
        else { return }
        let scale = details.contentsScale.isFinite && details.contentsScale > 0 ? details.contentsScale : 1
        let natural = CGSize(width: source.width / scale, height: source.height / scale)
        let destination = place(natural, in: bounds, gravity: details.contentsGravity.choice)
        let center = details.contentsCenter
        if center == CGRect(x: 0, y: 0, width: 1, height: 1) || !Self.isFinite(center) {
            pieces.append(ContentsPiece(source: source, destination: destination))
            return
        }
        ninePart(source: source, center: center, scale: scale, destination: destination, into: &pieces)
    }

    /// The rectangle a part of natural size `size` occupies in `bounds` under `gravity`.
    static func place(_ size: CGSize, in bounds: CGRect, gravity: ContentsGravity) -> CGRect {
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let fit = min(bounds.width / size.width, bounds.height / size.height)
            let fill = max(bounds.width / size.width, bounds.height / size.height)
            let factor = gravity == .resizeAspect ? fit : fill
            let scaled = CGSize(width: size.width * factor, height: size.height * factor)
            return CGRect(
                x: bounds.midX - scaled.width / 2, y: bounds.midY - scaled.height / 2, width: scaled.width,
                height: scaled.height)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let x: CGFloat =
                switch gravity {
                case .left, .topLeft, .bottomLeft: bounds.minX
                case .right, .topRight, .bottomRight: bounds.maxX - size.width
                default: bounds.midX - size.width / 2
                }
            let y: CGFloat =
                switch gravity {
                case .top, .topLeft, .topRight: bounds.minY
                case .bottom, .bottomLeft, .bottomRight: bounds.maxY - size.height
                default: bounds.midY - size.height / 2
                }
            return CGRect(origin: CGPoint(x: x, y: y), size: size)
        }
    }

    private static func ninePart(
        source: CGRect, center: CGRect, scale: CGFloat, destination: CGRect, into pieces: inout [ContentsPiece]
    ) {
        // Source cuts (pixels) and natural edge sizes (points) along each axis.
        let sx = SIMD4<Double>(
            source.minX, source.minX + center.minX * source.width, source.minX + center.maxX * source.width,
            source.maxX)
        let sy = SIMD4<Double>(
            source.minY, source.minY + center.minY * source.height, source.minY + center.maxY * source.height,
            source.maxY)
        let dx = cuts(
            start: destination.minX, length: destination.width, leading: (sx[1] - sx[0]) / scale,
            trailing: (sx[3] - sx[2]) / scale)
        let dy = cuts(
            start: destination.minY, length: destination.height, leading: (sy[1] - sy[0]) / scale,
            trailing: (sy[3] - sy[2]) / scale)
        for row in 0..<3 {
            for column in 0..<3 {
                let part = CGRect(
                    x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let place = CGRect(
                    x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                guard part.width > 0, part.height > 0, place.width > 0, place.height > 0 else { continue }
                pieces.append(ContentsPiece(source: part, destination: place))
            }
        }
    }

    /// The four cut positions along one axis: the edges keep their natural lengths unless together they exceed the
    /// destination, in which case they share it in proportion.
    private static func cuts(start: CGFloat, length: CGFloat, leading: CGFloat, trailing: CGFloat) -> SIMD4<Double> {
        let edges = leading + trailing
        let shrink = edges > length && edges > 0 ? length / edges : 1
        return SIMD4(start, start + leading * shrink, start + length - trailing * shrink, start + length)
    }

    private static func isFinite(_ rect: CGRect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    }
}
