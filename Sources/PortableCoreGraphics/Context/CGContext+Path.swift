import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// Discards the current path. (The path is not part of the graphics state; drawing and clipping also clear
    /// it.)
    public func beginPath() {
        currentPath.elementTypes.removeAll(keepingCapacity: true)
        currentPath.elementPoints.removeAll(keepingCapacity: true)
        currentPath.lastSubpathStart = .zero
    }

    /// Starts a new subpath at `point` (user space).
    public func move(to point: CGPoint) {
        currentPath.move(to: point, transform: state.ctm)
    }

    /// Adds a straight segment from the current point to `point`; ignored without a current point.
    public func addLine(to point: CGPoint) {
        currentPath.addLine(to: point, transform: state.ctm)
    }

    /// Adds a move to the first point and a line to each later point.
    public func addLines(between points: [CGPoint]) {
        currentPath.addLines(between: points, transform: state.ctm)
    }

    /// Adds a cubic Bézier from the current point; ignored without a current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    /// Adds a quadratic Bézier from the current point; ignored without a current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    /// Closes the current subpath with a line back to its start.
    public func closePath() {
        currentPath.closeSubpath()
    }

    /// Adds a closed rectangle as a new subpath (see `CGMutablePath.addRect(_:transform:)` for the point order).
    public func addRect(_ rect: CGRect) {
        currentPath.addRect(rect, transform: state.ctm)
    }

    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect]) {
        currentPath.addRects(rects, transform: state.ctm)
    }

    /// Adds a closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) {
        currentPath.addEllipse(in: rect, transform: state.ctm)
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, measured from the +x axis
    /// towards +y). `clockwise` refers to the y-up user space of a new context. A line joins the current point
    /// to the arc's start, if there is a current point.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        currentPath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: state.ctm)
    }

    /// Adds a corner rounded with `radius` between the line from the current point to `tangent1End` and the
    /// line from `tangent1End` to `tangent2End` (PostScript's `arct`); ignored without a current point.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    /// Appends `path`, given in user space.
    public func addPath(_ path: CGPath) {
        currentPath.addPath(path, transform: state.ctm)
    }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space; `.zero` when the path is empty (Apple returns `.zero` too).
    public var currentPointOfPath: CGPoint {
        guard !currentPath.isEmpty, let inverse = Affine2D(state.ctm).inverted() else { return .zero }
        return currentPath.currentPoint.applying(CGAffineTransform(inverse))
    }

    /// The smallest user-space rectangle containing the current path (curve extremes included, control points
    /// not); `CGRect.null` for an empty path. With a rotated CTM this is the box of the path seen from user
    /// space, which is what Apple computes.
    public var boundingBoxOfPath: CGRect {
        guard !currentPath.isEmpty, let inverse = Affine2D(state.ctm).inverted() else { return .null }
        rasterPath.load(currentPath, transform: inverse)
        return CGPath.make(from: rasterPath).boundingBoxOfPath
    }

    /// A copy of the current path in user space, or `nil` when it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty else { return nil }
        guard let inverse = Affine2D(state.ctm).inverted() else { return currentPath.copy() }
        rasterPath.load(currentPath, transform: inverse)
        return CGPath.make(from: rasterPath)
    }

    /// Replaces the current path with the outline of its stroke under the current line width, cap, join, miter
    /// limit, dash and CTM. Filling the result with the nonzero rule paints what ``strokePath()`` would.
    /// Nothing changes when the CTM is not invertible. Curves are flattened to 1/256 of a pixel where the outline
    /// crosses the context's pixels and coarsely elsewhere, so the work stays proportional to the context's size
    /// even under a transform that makes the path billions of pixels large.
    public func replacePathWithStrokedPath() {
        guard !currentPath.isEmpty, let inverse = Affine2D(state.ctm).inverted() else { return }
        rasterPath.load(currentPath, transform: inverse)
        let outline = stroker.outline(
            of: rasterPath, style: state.stroke, transform: Affine2D(state.ctm), precise: buffer.bounds)
        beginPath()
        currentPath.addPath(CGPath.make(from: outline))
    }

}
