/// A path that can be built element by element: Apple's `CGMutablePath`.
///
/// Every `add…` method takes a `transform` (default identity) that maps the new points before they are stored;
/// points already in the path are never changed. This is the signature Swift's CoreGraphics overlay gives these
/// methods on Apple platforms.
///
/// Rules for segments (lines, curves, arcs, closes):
/// - On an empty path there is no current point. Apple logs "no current point" and adds nothing; we add nothing
///   (silently). Arcs given by a centre are the exception: they start with a move to their first point, as on
///   Apple platforms. (`addArc(tangent1End:tangent2End:radius:transform:)` needs a current point and adds nothing.)
/// - After `closeSubpath()` the current point is the closed subpath's start. The next segment begins a new subpath
///   there, and we store an explicit move to that point first, so that every subpath of a stored path starts with
///   a move. (Apple does not document whether it stores that move; drawing is the same either way.)
/// - A second `closeSubpath()` in a row adds nothing.
///
/// NaN or infinite coordinates are stored as given and never trap. Bounding boxes ignore non-finite points,
/// `contains(_:using:transform:)` ignores segments that touch them and `PathMeasure` gives them length zero.
///
/// `@unchecked Sendable` is restated from `CGPath` only because Swift requires it; see `CGPath` for why a mutable
/// path must not be mutated and read from different threads at the same time.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path: no elements, current point `.zero`.
    public init() {
        super.init(elementTypes: [], elementPoints: [], lastSubpathStart: .zero)
    }

    override package init(elementTypes: [CGPathElementType], elementPoints: [CGPoint], lastSubpathStart: CGPoint) {
        super.init(elementTypes: elementTypes, elementPoints: elementPoints, lastSubpathStart: lastSubpathStart)
    }

    // MARK: Elements

    /// Starts a new subpath at `point`. Consecutive moves are all kept.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendMove(pathTransformed(point, transform))
    }

    /// A straight segment from the current point to `point`. Ignored on an empty path.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard beginSegment() else { return }
        appendLine(pathTransformed(point, transform))
    }

    /// A move to the first point followed by a line to each later point. An empty array adds nothing; a single
    /// point adds just the move.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        appendMove(pathTransformed(first, transform))
        for point in points.dropFirst() {
            appendLine(pathTransformed(point, transform))
        }
    }

    /// A quadratic Bézier from the current point through the pull of `control` to `end`. Ignored on an empty path.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard beginSegment() else { return }
        appendQuad(pathTransformed(control, transform), pathTransformed(end, transform))
    }

    /// A cubic Bézier from the current point with controls `control1`, `control2`, ending at `end`. Ignored on an
    /// empty path.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        guard beginSegment() else { return }
        appendCubic(
            pathTransformed(control1, transform), pathTransformed(control2, transform),
            pathTransformed(end, transform))
    }

    /// Closes the current subpath with a straight segment back to its start; the current point becomes that start.
    /// Ignored on an empty path or right after another close.
    public func closeSubpath() {
        guard let last = elementTypes.last, last != .closeSubpath else { return }
        elementTypes.append(.closeSubpath)
    }

    /// Appends every element of `path`, each point mapped through `transform`. Adding an empty path changes
    /// nothing; adding a path to itself appends one copy of its elements.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        guard !path.isEmpty else { return }
        let types = path.elementTypes
        let points = path.elementPoints
        let start = path.lastSubpathStart
        elementTypes.append(contentsOf: types)
        if transform == .identity {
            elementPoints.append(contentsOf: points)
        } else {
            for point in points { elementPoints.append(pathTransformed(point, transform)) }
        }
        lastSubpathStart = pathTransformed(start, transform)
    }

    // MARK: Shapes

    /// A closed rectangle: move to (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY), close — the
    /// order Apple produces, counter-clockwise with y up (clockwise on a y-down screen). The rectangle is
    /// standardized first, so a negative width or height gives the same elements. `CGRect.null` adds nothing.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let minX = rect.minX
        let minY = rect.minY
        let maxX = rect.maxX
        let maxY = rect.maxY
        appendMove(pathTransformed(CGPoint(x: minX, y: minY), transform))
        appendLine(pathTransformed(CGPoint(x: maxX, y: minY), transform))
        appendLine(pathTransformed(CGPoint(x: maxX, y: maxY), transform))
        appendLine(pathTransformed(CGPoint(x: minX, y: maxY), transform))
        elementTypes.append(.closeSubpath)
    }

    /// `addRect(_:transform:)` for each rectangle, in order.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed ellipse inscribed in `rect`, as Apple builds it: a move to (maxX, midY), then four cubic quarter
    /// arcs through (midX, maxY), (minX, midY), (midX, minY) back to (maxX, midY), then a close. That is
    /// counter-clockwise with y up (clockwise on a y-down screen). Each quarter uses the control-arm ratio
    /// `kappa = 4(√2 − 1)/3 ≈ 0.5523`, whose radial error is at most about 2.7e-4 of the radius.
    /// A rectangle of zero width or height gives a degenerate (flat) ellipse; `CGRect.null` adds nothing.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let minX = rect.minX
        let minY = rect.minY
        let maxX = rect.maxX
        let maxY = rect.maxY
        let midX = rect.midX
        let midY = rect.midY
        let kx = CGMutablePath.kappa * rect.width / 2
        let ky = CGMutablePath.kappa * rect.height / 2
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { pathTransformed(CGPoint(x: x, y: y), transform) }
        appendMove(p(maxX, midY))
        appendCubic(p(maxX, midY + ky), p(midX + kx, maxY), p(midX, maxY))
        appendCubic(p(midX - kx, maxY), p(minX, midY + ky), p(minX, midY))
        appendCubic(p(minX, midY - ky), p(midX - kx, minY), p(midX, minY))
        appendCubic(p(midX + kx, minY), p(maxX, midY - ky), p(maxX, midY))
        elementTypes.append(.closeSubpath)
    }

    /// A closed rectangle with elliptical corners of radii `cornerWidth` × `cornerHeight`.
    ///
    /// Elements (fixed, so two rounded rectangles always have matching elements for path animation): move to
    /// (maxX, minY + h), line up the right edge, a cubic corner, line along the top (y = maxY), corner, line down
    /// the left edge, corner, line along the bottom, corner back to the start, close — counter-clockwise with y up
    /// like `addEllipse(in:transform:)` (Apple documents the rounded rectangle as having that orientation but not
    /// its start point; ours is our choice). Corners use the same kappa cubic as the ellipse.
    ///
    /// Deviation: Apple traps when `2 · cornerWidth > width` or `2 · cornerHeight > height`. We clamp each corner
    /// size to half the rectangle's size instead (the straight edges then have zero length). A corner size that is
    /// zero, negative or NaN gives a plain `addRect(_:transform:)`, as Apple does for zero. `CGRect.null` adds nothing.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard !rect.isNull else { return }
        let width = Swift.min(cornerWidth, rect.width / 2)
        let height = Swift.min(cornerHeight, rect.height / 2)
        guard width > 0, height > 0 else {
            addRect(rect, transform: transform)
            return
        }
        let minX = rect.minX
        let minY = rect.minY
        let maxX = rect.maxX
        let maxY = rect.maxY
        let kx = CGMutablePath.kappa * width
        let ky = CGMutablePath.kappa * height
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { pathTransformed(CGPoint(x: x, y: y), transform) }
        appendMove(p(maxX, minY + height))
        appendLine(p(maxX, maxY - height))
        appendCubic(p(maxX, maxY - height + ky), p(maxX - width + kx, maxY), p(maxX - width, maxY))
        appendLine(p(minX + width, maxY))
        appendCubic(p(minX + width - kx, maxY), p(minX, maxY - height + ky), p(minX, maxY - height))
        appendLine(p(minX, minY + height))
        appendCubic(p(minX, minY + height - ky), p(minX + width - kx, minY), p(minX + width, minY))
        appendLine(p(maxX - width, minY))
        appendCubic(p(maxX - width + kx, minY), p(maxX, minY + height - ky), p(maxX, minY + height))
        elementTypes.append(.closeSubpath)
    }

    // MARK: Primitives (points already transformed)

    /// The control-arm ratio of a cubic quarter circle: 4(√2 − 1)/3.
    static let kappa: CGFloat = 4 * (CGFloat(2).squareRoot() - 1) / 3

    func appendMove(_ point: CGPoint) {
        elementTypes.append(.moveToPoint)
        elementPoints.append(point)
        lastSubpathStart = point
    }

    func appendLine(_ point: CGPoint) {
        elementTypes.append(.addLineToPoint)
        elementPoints.append(point)
    }

    func appendQuad(_ control: CGPoint, _ end: CGPoint) {
        elementTypes.append(.addQuadCurveToPoint)
        elementPoints.append(control)
        elementPoints.append(end)
    }

    func appendCubic(_ control1: CGPoint, _ control2: CGPoint, _ end: CGPoint) {
        elementTypes.append(.addCurveToPoint)
        elementPoints.append(control1)
        elementPoints.append(control2)
        elementPoints.append(end)
    }

    /// Prepares for a segment: `false` when the path is empty (no current point); after a close, stores the move
    /// to the subpath start that opens the next subpath.
    func beginSegment() -> Bool {
        guard let last = elementTypes.last else { return false }
        if last == .closeSubpath { appendMove(lastSubpathStart) }
        return true
    }
}
