import Foundation
import PortableCoreGraphics

/// A white bitmap to draw plots on, addressed from its top-left corner with y pointing down (the way a plot is
/// laid out), drawn through `CGContext`.
///
/// The context keeps its own y-up space; every method converts, so glyphs come out upright. Coordinates are in
/// pixels (one point per pixel). Text needs a font: with `font == nil` every text call draws nothing and reports a
/// zero width, so a plot still comes out, only without labels.
final class PlotCanvas {
    /// Size of the bitmap in pixels.
    let width: Int
    let height: Int
    /// The face used for every label, or `nil` when no font is installed.
    let font: CGFont?
    private let context: CGContext

    /// Why a canvas could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A canvas of `width × height` pixels filled with white.
    ///
    /// - Throws: `Failure` when the size is outside what a bitmap context accepts (1…32 767 per side).
    init(width: Int, height: Int, font: CGFont?) throws {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB) else {
            throw Failure(description: "the sRGB colour space is missing")
        }
        do {
            context = try CGContext.checkedBitmap(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        } catch {
            throw Failure(description: "cannot make a \(width)×\(height) bitmap: \(error)")
        }
        self.width = width
        self.height = height
        self.font = font
        context.setFillColor(PlotColor.white)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
    }

    /// The finished picture.
    func makeImage() throws -> CGImage {
        guard let image = context.makeImage() else { throw Failure(description: "the bitmap gave no image") }
        return image
    }

    // MARK: Shapes

    /// Fills `rect` (top-left origin) with `color`.
    func fill(_ rect: CGRect, color: CGColor) {
        context.setFillColor(color)
        context.fill(flipped(rect))
    }

    /// Strokes the outline of `rect` (top-left origin).
    func stroke(_ rect: CGRect, color: CGColor, width lineWidth: CGFloat = 1) {
        context.setStrokeColor(color)
        context.setLineDash(phase: 0, lengths: [])
        context.stroke(flipped(rect), width: lineWidth)
    }

    /// Strokes the straight segments joining `points` (top-left origin), optionally dashed. Points with a
    /// non-finite coordinate are skipped by starting a new run after them.
    func polyline(
        _ points: [CGPoint], color: CGColor, width lineWidth: CGFloat = 1.5, dash: [CGFloat] = []
    ) {
        context.setStrokeColor(color)
        context.setLineWidth(lineWidth)
        context.setLineJoin(.round)
        context.setLineCap(.butt)
        context.setLineDash(phase: 0, lengths: dash)
        var penDown = false
        for point in points {
            guard point.x.isFinite, point.y.isFinite else {
                penDown = false
                continue
            }
            let device = CGPoint(x: point.x, y: CGFloat(height) - point.y)
            if penDown { context.addLine(to: device) } else { context.move(to: device) }
            penDown = true
        }
        context.strokePath()
        context.setLineDash(phase: 0, lengths: [])
    }

    /// A straight line from `start` to `end` (top-left origin).
    func line(
        from start: CGPoint, to end: CGPoint, color: CGColor, width lineWidth: CGFloat = 1, dash: [CGFloat] = []
    ) {
        polyline([start, end], color: color, width: lineWidth, dash: dash)
    }

    /// A filled circle of `radius` around `center` (top-left origin).
    func dot(at center: CGPoint, radius: CGFloat, color: CGColor) {
        context.setFillColor(color)
        context.fillEllipse(
            in: flipped(CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)))
    }

    // MARK: Text

    /// How a label sits relative to the point it is drawn at.
    enum Anchor {
        /// The point is the label's top-left corner.
        case topLeft
        /// The point is the middle of the label's top edge.
        case topCenter
        /// The point is the label's top-right corner.
        case topRight
        /// The point is the middle of the label's right edge.
        case middleRight
        /// The point is the middle of the label's left edge.
        case middleLeft
    }

    /// Draws one line of `text` at `size` points, placed by `anchor` around `point` (top-left origin). A line
    /// wider than `maxWidth` is cut at its end with "…"; with less room than one em nothing is drawn. Returns the label's width in pixels (0 without a font).
    @discardableResult
    func text(
        _ text: String, at point: CGPoint, size: CGFloat = 12, color: CGColor = PlotColor.ink,
        anchor: Anchor = .topLeft, maxWidth: CGFloat? = nil
    ) -> CGFloat {
        guard let font, !text.isEmpty, (maxWidth ?? size) >= size else { return 0 }
        let layout = TextLayout(
            string: text, font: font, fontSize: size, width: maxWidth.map { max(0, $0) },
            truncation: maxWidth == nil ? .none : .end)
        let labelWidth = layout.usedBounds.width
        let labelHeight = layout.metrics.lineHeight
        var origin = point
        switch anchor {
        case .topLeft: break
        case .topCenter: origin.x -= labelWidth / 2
        case .topRight: origin.x -= labelWidth
        case .middleRight:
            origin.x -= labelWidth
            origin.y -= labelHeight / 2
        case .middleLeft: origin.y -= labelHeight / 2
        }
        context.setFillColor(color)
        context.draw(layout, at: CGPoint(x: origin.x, y: CGFloat(height) - origin.y))
        return labelWidth
    }

    /// The width of one line of `text` at `size` points (0 without a font).
    func textWidth(_ text: String, size: CGFloat) -> CGFloat {
        guard let font, !text.isEmpty else { return 0 }
        return TextLayout(string: text, font: font, fontSize: size).usedBounds.width
    }

    /// The height of one line of text at `size` points (a nominal 1.2 × size without a font, so layouts keep their
    /// spacing).
    func lineHeight(size: CGFloat) -> CGFloat {
        guard let font else { return (size * 1.2).rounded(.up) }
        return FontMetrics(font: font, size: size).lineHeight.rounded(.up)
    }

    /// A rectangle given from the top-left corner, in the context's y-up space.
    private func flipped(_ rect: CGRect) -> CGRect {
        let standard = rect.standardized
        return CGRect(
            x: standard.minX, y: CGFloat(height) - standard.maxY, width: standard.width, height: standard.height)
    }
}

/// The colours of the plots (opaque sRGB).
enum PlotColor {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// Text and axes.
    static let ink = CGColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 1)
    /// Secondary text.
    static let mutedInk = CGColor(red: 0.4, green: 0.4, blue: 0.43, alpha: 1)
    /// Grid lines.
    static let grid = CGColor(red: 0.87, green: 0.87, blue: 0.89, alpha: 1)
    /// Frames around strips and panels.
    static let frame = CGColor(red: 0.7, green: 0.7, blue: 0.72, alpha: 1)
    /// Background of the progress lane.
    static let lane = CGColor(red: 0.96, green: 0.96, blue: 0.97, alpha: 1)

    /// Distinct line colours for curve series, used in order and then repeated.
    static let series: [CGColor] = [
        CGColor(red: 0.12, green: 0.47, blue: 0.71, alpha: 1),
        CGColor(red: 0.85, green: 0.37, blue: 0.01, alpha: 1),
        CGColor(red: 0.17, green: 0.63, blue: 0.17, alpha: 1),
        CGColor(red: 0.84, green: 0.15, blue: 0.16, alpha: 1),
        CGColor(red: 0.58, green: 0.40, blue: 0.74, alpha: 1),
        CGColor(red: 0.55, green: 0.34, blue: 0.29, alpha: 1),
        CGColor(red: 0.89, green: 0.47, blue: 0.76, alpha: 1),
        CGColor(red: 0.50, green: 0.50, blue: 0.50, alpha: 1),
    ]

    /// The line colour of series number `index`.
    static func series(_ index: Int) -> CGColor {
        series[index % series.count]
    }
}
