import Foundation

/// A spring timing curve for property animators (Apple API; SPEC §5, §11.5).
///
/// Two families: the damping-ratio forms are fitted to the animator's duration with UIKit's mapping (the spring
/// settles to within 0.001 at the end of the duration); the mass/stiffness/damping form, the iOS 17
/// duration/bounce form and the default spring keep their own physics, and an animator using them lasts until
/// the spring has settled, whatever duration it was given.
open class UISpringTimingParameters: NSObject, UITimingCurveProvider, NSCopying, @unchecked Sendable {
    // Sendable: every stored property is a constant.

    /// How the spring is described.
    enum Form {
        case dampingRatio(Double)
        case physical(SpringSolution)
    }

    let form: Form

    /// The initial velocity, in whole distances per second (Apple API): (0.5, 0) for a 200-point move starting
    /// at 100 points per second. Properties that do not move in 2-D use `dx`.
    public let initialVelocity: CGVector

    /// UIKit's default spring (Apple API): mass 3, stiffness 1000, damping 500 (damping ratio 4.56, animated as
    /// critically damped because overdamping is not allowed).
    public override convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` (clamped to 1.1920929e-7…1) fitted to the animator's duration (Apple API).
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` and an initial velocity, fitted to the animator's duration (Apple API).
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        form = .dampingRatio(Double(ratio))
        initialVelocity = velocity
        super.init()
    }

    /// A spring given by its physics (Apple API). Invalid values get Core Animation's replacements (mass ≤ 0 → 1,
    /// stiffness ≤ 0 → 100, damping < 0 → 10). Overdamping is not allowed: a damping ratio above 1 moves as
    /// critically damped.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        form = .physical(
            SpringSolution(
                mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                initialVelocity: Double(velocity.dx), allowsOverdamping: false))
        initialVelocity = velocity
        super.init()
    }

    /// A spring described by its perceived duration and bounce (Apple API, iOS 17; SPEC §5.4): stiffness
    /// `(2π / duration)²`, damping ratio `1 − bounce` (`1 / (1 + bounce)` below 0), overdamping allowed.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        form = .physical(
            SpringSolution(perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(velocity.dx)))
        initialVelocity = velocity
        super.init()
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// The spring for an animator of `duration` seconds, and how long the animator then lasts.
    func spring(forDuration duration: Double) -> (spring: SpringSolution, duration: Double) {
        switch form {
        case .dampingRatio(let ratio):
            let spring = SpringSolution(
                uiKitDuration: duration, dampingRatio: ratio, initialVelocity: Double(initialVelocity.dx))
            return (spring, duration)
        case .physical(let spring):
            return (spring, spring.settlingDuration)
        }
    }

    /// The object itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
