/// The kind of one element of a `CGPath`, with Apple's names and raw values.
///
/// Each kind carries a fixed number of points (see `CGPathElement.points`): a move or a line one (the end point),
/// a quadratic curve two (control, end), a cubic curve three (control 1, control 2, end), a close none.
public enum CGPathElementType: Int32, Hashable, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight segment from the current point to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier segment with control point `points[0]`, ending at `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier segment with control points `points[0]` and `points[1]`, ending at `points[2]`.
    case addCurveToPoint = 3
    /// A straight segment back to the start of the current subpath, which it closes. It carries no points.
    case closeSubpath = 4

    /// How many points an element of this kind stores: 1, 1, 2, 3 and 0 in declaration order.
    var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        }
    }
}

/// One element of a path as handed to `CGPath.applyWithBlock(_:)` and `CGPath.apply(info:function:)`.
///
/// `points` is valid only during the callback that receives the element and holds `type`'s point count
/// (1, 1, 2, 3 or 0). The buffer is a scratch copy: writing through it does not change the path. For a
/// `.closeSubpath` element our buffer holds the closed subpath's start point at index 0; Apple does not promise
/// anything there, so portable code must not read it.
public struct CGPathElement {
    /// What this element does.
    public var type: CGPathElementType
    /// The element's points, in the order listed on `CGPathElementType`.
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The C-style element visitor of `CGPath.apply(info:function:)`: `info` is passed through unchanged.
///
/// Apple's is a `@convention(c)` function pointer; Swift cannot give that convention a type mentioning a Swift
/// struct off Apple platforms, so ours is a plain Swift function type. Code that passes a closure or a function
/// compiles the same (ours also accepts capturing closures, which Apple's rejects).
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// The closure form of the element visitor, used by `CGPath.applyWithBlock(_:)`.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void
