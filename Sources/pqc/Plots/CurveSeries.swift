import Foundation
import PortableQuartzCore

/// The sampled value and velocity of one curve of `pqc curve`, computed by the engine.
///
/// * A timing function is drawn as a 1-second animation: at time `t` (0…1 s) the value is
///   `CAMediaTimingFunction.evaluate(at: t)` — Core Animation's solver with its 1e-5 tolerance, so these are the
///   values an animation shows — and the velocity (progress per second) is the slope of the same curve, taken as a
///   central difference of `UnitBezier.value(at:epsilon:)` solved to 1e-12 (one-sided at the ends), because the
///   tolerance of the displayed values would make a difference quotient noisy.
/// * A spring is drawn over `0…seconds` seconds after release: value `SpringSolution.position(at:)`, velocity
///   `SpringSolution.velocity(at:)` (from→to distances per second), and its `CASpringAnimation.settlingDuration`.
///
/// Sample times are `span × i / (count − 1)`, computed from the index (never accumulated), so a timing function's
/// 401 samples include t = 0.5 exactly.
struct CurveSeries {
    /// One sample.
    struct Point: Equatable {
        /// Seconds since the start.
        var time: Double
        /// Normalised value: 0 at the start (fromValue), 1 at the end (toValue).
        var value: Double
        /// d value / d time, per second.
        var velocity: Double
    }

    /// The legend text.
    let label: String
    /// The samples, in time order.
    let points: [Point]
    /// A spring's settling duration in seconds (possibly infinite); `nil` for a timing function.
    let settlingDuration: Double?

    /// How many samples a timing function gets over its second.
    static let timingFunctionSampleCount = 401
    /// How many samples a spring gets over the plotted time.
    static let springSampleCount = 1201

    /// Samples `spec`; a spring is sampled over `0…seconds`.
    init(_ spec: CurveSpec, seconds: Double) {
        label = spec.label
        switch spec {
        case .timingFunction(_, let function):
            settlingDuration = nil
            points = Self.sample(count: Self.timingFunctionSampleCount, span: 1) { t in
                Point(time: t, value: function.evaluate(at: t), velocity: Self.slope(of: function.unitBezier, at: t))
            }
        case .spring(_, let animation):
            let spring = animation.springSolution
            settlingDuration = animation.settlingDuration
            let span = seconds.isFinite && seconds > 0 ? seconds : 1
            points = Self.sample(count: Self.springSampleCount, span: span) { t in
                Point(time: t, value: spring.position(at: t), velocity: spring.velocity(at: t))
            }
        }
    }

    /// The sample at exactly `time`, if there is one.
    func point(at time: Double) -> Point? {
        points.first { $0.time == time }
    }

    /// `count` samples at `span × i / (count − 1)`.
    private static func sample(count: Int, span: Double, _ body: (Double) -> Point) -> [Point] {
        (0..<count).map { index in body(span * Double(index) / Double(count - 1)) }
    }

    /// The slope dy/dx of `curve` at `x` in 0…1: a central difference over ±1e-4 of the curve solved to 1e-12, or a
    /// one-sided one where the step would leave 0…1. Non-finite results (only from non-finite control points) give 0.
    static func slope(of curve: UnitBezier, at x: Double) -> Double {
        let step = 1e-4
        let low = max(0, x - step)
        let high = min(1, x + step)
        guard high > low else { return 0 }
        let rise = curve.value(at: high, epsilon: 1e-12) - curve.value(at: low, epsilon: 1e-12)
        let slope = rise / (high - low)
        return slope.isFinite ? slope : 0
    }
}
