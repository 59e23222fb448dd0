import Foundation

/// The names of Core Animation's predefined timing functions (Apple API).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The function's name, for example `"easeIn"`.
    public let rawValue: String

    /// A name; only the five constants below are accepted by `CAMediaTimingFunction(name:)`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The curve of implicit animations: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
    /// Control points (0, 0) and (1, 1), run through the solver like any other curve.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
}

/// A cubic Bézier curve from (0, 0) to (1, 1) that maps an animation's time fraction to its progress (Apple API).
///
/// Control points are stored as `Float`, as on Apple platforms. Creating a function whose four values are each
/// within 0.001 of a predefined curve gives that predefined curve exactly (Core Animation hands back its
/// built-in object in that case), so `getControlPoint(at:values:)` then reports the predefined values.
///
/// Deviations: Apple's class inherits from `NSObject` and is `open`; ours is a final Swift class. Two functions
/// with equal control points are equal (`==`, `isEqual(_:)`) and hash alike; on Apple platforms only the shared
/// predefined objects compare equal.
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// First control point, x.
    @usableFromInline let c1x: Float
    /// First control point, y.
    @usableFromInline let c1y: Float
    /// Second control point, x.
    @usableFromInline let c2x: Float
    /// Second control point, y.
    @usableFromInline let c2y: Float

    /// The solver for this curve, with the control points widened to `Double` (our addition).
    public let unitBezier: UnitBezier

    /// The predefined curves in Core Animation's built-in order (default, linear, easeIn, easeOut,
    /// easeInEaseOut); every one of them ends with c2y = 1.
    private static let builtInPoints: [(Float, Float, Float)] = [
        (0.25, 0.1, 0.25), (0, 0, 1), (0.42, 0, 1), (0, 0, 0.58), (0.42, 0, 0.58),
    ]

    /// A curve with control points (c1x, c1y) and (c2x, c2y).
    ///
    /// The x coordinates are meant to lie in 0…1; other values are accepted (as on Apple platforms) and make the
    /// curve non-monotonic. Values within 0.001 of a predefined curve are replaced by that curve's exact values.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        var points = (c1x, c1y, c2x, c2y)
        // The comparison is written as "no coordinate is 0.001 or more away", as Core Animation writes it, so a
        // NaN coordinate does not prevent a match.
        for (bx, by, bx2) in Self.builtInPoints {
            let differs =
                Swift.abs(bx - c1x) >= 0.001 || Swift.abs(by - c1y) >= 0.001 || Swift.abs(bx2 - c2x) >= 0.001
                || Swift.abs(1 - c2y) >= 0.001
            if !differs {
                points = (bx, by, bx2, 1)
                break
            }
        }
        self.c1x = points.0
        self.c1y = points.1
        self.c2x = points.2
        self.c2y = points.3
        unitBezier = UnitBezier(
            c1x: Double(points.0), c1y: Double(points.1), c2x: Double(points.2), c2y: Double(points.3))
    }

    /// One of the predefined curves.
    ///
    /// An unknown name is a programming error: Apple raises `CAMediaTimingFunctionInvalid`; we trap with a message
    /// naming the value.
    public convenience init(name: CAMediaTimingFunctionName) {
        let points: (Float, Float, Float)
        switch name {
        case .default: points = Self.builtInPoints[0]
        case .linear: points = Self.builtInPoints[1]
        case .easeIn: points = Self.builtInPoints[2]
        case .easeOut: points = Self.builtInPoints[3]
        case .easeInEaseOut: points = Self.builtInPoints[4]
        default:
            preconditionFailure(
                "CAMediaTimingFunction(name:): unknown timing function name \"\(name.rawValue)\"; use .default, "
                    + ".linear, .easeIn, .easeOut or .easeInEaseOut")
        }
        self.init(controlPoints: points.0, points.1, points.2, 1)
    }

    /// Writes control point `idx` into `ptr[0]` (x) and `ptr[1]` (y): 0 is (0, 0), 1 is the first control point,
    /// 2 the second, 3 is (1, 1).
    ///
    /// `ptr` must point to two writable `Float`s. Any other index is a programming error: Apple raises
    /// `CAMediaTimingFunctionInvalidControlPoint`; we trap with a message naming the index.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (c1x, c1y)
        case 2: point = (c2x, c2y)
        case 3: point = (1, 1)
        default:
            preconditionFailure(
                "CAMediaTimingFunction.getControlPoint(at:values:): no control point with index \(idx); "
                    + "valid indices are 0...3")
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// The progress at time fraction `x` (our addition), in double precision as Core Animation's render path
    /// computes it. See `UnitBezier.value(at:epsilon:)` for clamping and NaN handling (NaN gives 0).
    @inlinable
    public func evaluate(at x: Double) -> Double {
        unitBezier.value(at: x)
    }

    /// The progress at time fraction `x` in single precision (our addition): the precision of Apple's private
    /// `-_solveForInput:`, which is what the app-side presentation layer goes through.
    @inlinable
    public func evaluate(at x: Float) -> Float {
        Float(unitBezier.value(at: Double(x)))
    }

    /// Two functions are equal when their control points are equal.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    /// Whether `object` is a timing function with the same control points (Apple's `NSObject` spelling of `==`).
    public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return self == other
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    /// The control points in Apple's format, for example `(0.25 0.1; 0.25 1)`.
    public var description: String {
        String(format: "(%g %g; %g %g)", Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }
}
