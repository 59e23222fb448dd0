import Foundation

/// A path with the drawing attributes to fill or stroke it in the current UIKit context (Apple API).
///
/// Coordinates are UIKit's: y grows downwards, so `clockwise` in the arc methods means clockwise on screen (the
/// opposite of `CGMutablePath`'s y-up flag, which the path is handed).
open class UIBezierPath: NSObject {
    /// The path (Apple API). Setting it copies the path you give.
    open var cgPath: CGPath {
        get { path.copy() ?? path }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    private var path = CGMutablePath()

    /// Stroke width in points (Apple API). Default 1.
    open var lineWidth: CGFloat = 1
    /// Stroke end caps (Apple API). Default `.butt`.
    open var lineCapStyle: CGLineCap = .butt
    /// Stroke corners (Apple API). Default `.miter`.
    open var lineJoinStyle: CGLineJoin = .miter
    /// Longest miter, as a multiple of the line width, before a miter join is bevelled (Apple API). Default 10.
    open var miterLimit: CGFloat = 10
    /// Whether `fill()` and `contains(_:)` use the even-odd rule instead of non-zero winding (Apple API). Default
    /// false.
    open var usesEvenOddFillRule = false
    /// The dash lengths and phase given to `setLineDash(_:count:phase:)`; empty for a solid line.
    private var dash: (lengths: [CGFloat], phase: CGFloat) = ([], 0)

    /// An empty path (Apple API).
    public override init() {
        super.init()
    }

    /// A closed rectangle (Apple API).
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inscribed in `rect` (Apple API).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with circular corners of `cornerRadius` points, clamped to half the shorter side (Apple API;
    /// Apple draws slightly smoother "continuous" corners).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let limit = Swift.min(abs(rect.width), abs(rect.height)) / 2
        let radius = Swift.max(0, Swift.min(cornerRadius.isFinite ? cornerRadius : 0, limit))
        path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
    }

    /// An arc of a circle as its own subpath (Apple API). See `addArc(withCenter:radius:startAngle:endAngle:
    /// clockwise:)`.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with a copy of `cgPath` (Apple API).
    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath = cgPath
    }

    // MARK: Building

    /// Starts a new subpath at `point` (Apple API).
    open func move(to point: CGPoint) {
        path.move(to: point)
    }

    /// Adds a straight line to `point` (Apple API).
    open func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    /// Adds a cubic Bézier curve to `endPoint` (Apple API).
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve to `endPoint` (Apple API).
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc of the circle around `center` from `startAngle` to `endAngle` (radians, 0 pointing along +x,
    /// growing towards +y, that is clockwise on screen) (Apple API). `clockwise` true goes the clockwise way on
    /// screen. A line joins the current point to the arc's start.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start (Apple API).
    open func close() {
        path.closeSubpath()
    }

    /// Removes every element (Apple API).
    open func removeAllPoints() {
        path = CGMutablePath()
    }

    /// Adds the elements of `bezierPath` (Apple API).
    open func append(_ bezierPath: UIBezierPath) {
        path.addPath(bezierPath.path)
    }

    /// Transforms every point of the path (Apple API).
    open func apply(_ transform: CGAffineTransform) {
        let transformed = CGMutablePath()
        transformed.addPath(path, transform: transform)
        path = transformed
    }

    /// Sets the dash pattern for `stroke()` (Apple API): `count` lengths from `pattern`, starting `phase` points
    /// into it; a nil pattern or a count of 0 draws solid lines.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dash = ([], 0)
            return
        }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    // MARK: Reading

    /// Whether the path has no elements (Apple API).
    open var isEmpty: Bool { path.isEmpty }

    /// The end of the last element (Apple API); `.zero` for an empty path.
    open var currentPoint: CGPoint { path.currentPoint }

    /// The smallest rectangle holding every point of the path, control points included (Apple API).
    open var bounds: CGRect { path.boundingBox }

    /// Whether `point` is inside the filled path under the path's fill rule (Apple API).
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Drawing

    /// Fills the path in the current UIKit context with its fill colour and the path's fill rule (Apple API);
    /// nothing without a context.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path in the current UIKit context with its stroke colour and the path's line attributes
    /// (Apple API); the context's own line settings are restored afterwards. Nothing without a context.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dash.phase, lengths: dash.lengths)
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }
}
