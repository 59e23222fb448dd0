import Foundation

/// The kinds of timing curve a `UITimingCurveProvider` describes (Apple API; raw values are Apple's).
public enum UITimingCurveType: Int, Sendable {
    /// One of the named curves.
    case builtin = 0
    /// A cubic Bézier curve.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// Both a cubic curve and a spring (the cubic one paces; see `AnimatorPacing`).
    case composed = 3
}

/// Describes the pacing of a property animator (Apple API): a cubic curve, a spring, or both.
///
/// Deviation: Apple's protocol also refines `NSCoding` and `NSCopying`; ours only requires a class.
public protocol UITimingCurveProvider: AnyObject {
    /// Which of the two parameter objects describe the curve.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, for `.builtin`, `.cubic` and `.composed`.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed`.
    var springTimingParameters: UISpringTimingParameters? { get }
}
