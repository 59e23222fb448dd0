import Foundation

/// A cubic Bézier timing curve for property animators (Apple API).
open class UICubicTimingParameters: NSObject, UITimingCurveProvider, NSCopying, @unchecked Sendable {
    // Sendable: every stored property is a constant.

    /// The named curve this was made from; `.easeInOut` for curves given by control points.
    public let animationCurve: UIView.AnimationCurve
    /// The first control point (0…1 in x).
    public let controlPoint1: CGPoint
    /// The second control point (0…1 in x).
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool

    /// The ease-in-out curve (Apple API).
    public override convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    /// One of the named curves (Apple API): ease-in-out (0.42, 0) (0.58, 1), ease-in (0.42, 0) (1, 1), ease-out
    /// (0, 0) (0.58, 1), linear (0, 0) (1, 1).
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        curve.timingFunction.getControlPoint(at: 1, values: &first)
        curve.timingFunction.getControlPoint(at: 2, values: &second)
        controlPoint1 = CGPoint(x: CGFloat(first[0]), y: CGFloat(first[1]))
        controlPoint2 = CGPoint(x: CGFloat(second[0]), y: CGFloat(second[1]))
        isBuiltin = true
        super.init()
    }

    /// A curve through the control points (0, 0), `point1`, `point2`, (1, 1) (Apple API).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        isBuiltin = false
        super.init()
    }

    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The Core Animation curve (our addition).
    public var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(
            controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x),
            Float(controlPoint2.y))
    }

    /// The object itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
