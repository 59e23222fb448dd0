import Foundation

/// How a property animator's progress follows its time (our helper; pure value type).
///
/// A run of `duration` seconds at unpaced fraction `u` (the share of the duration elapsed, 0…1) shows progress
/// `p` (0 = start values, 1 = end values): the cubic curve's `F(u)`, or the spring's `q(u × duration)`, which may
/// overshoot.
enum AnimatorPacing: Equatable {
    case cubic(CAMediaTimingFunction)
    case spring(SpringSolution)

    /// The pacing and the run's duration for `parameters` on an animator created with `duration` seconds
    /// (a spring given by its physics lasts until it settles; see `UISpringTimingParameters`). A `.composed`
    /// provider is paced by its cubic curve when it has one.
    static func make(for parameters: (any UITimingCurveProvider)?, duration: Double) -> (AnimatorPacing, Double) {
        if let cubic = parameters?.cubicTimingParameters, parameters?.timingCurveType != .spring {
            return (.cubic(cubic.timingFunction), duration)
        }
        if let spring = parameters?.springTimingParameters {
            let (solution, length) = spring.spring(forDuration: duration)
            return (.spring(solution), length)
        }
        return (.cubic(UIView.AnimationCurve.easeInOut.timingFunction), duration)
    }

    /// The progress at unpaced fraction `u` (clamped to 0…1) of a run lasting `duration` seconds.
    func progress(atFraction u: Double, duration: Double) -> Double {
        let fraction = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), 1)
        switch self {
        case .cubic(let function): return function.evaluate(at: fraction)
        case .spring(let spring): return spring.position(at: fraction * duration)
        }
    }

    /// The smallest unpaced fraction whose progress reaches `p` (0 when `p` ≤ the start's progress, 1 when it is
    /// never reached): where to resume a run so that it continues from a picture showing progress `p`. Found by
    /// scanning 1,000 steps and halving the step that crosses 40 times.
    func fraction(forProgress p: Double, duration: Double) -> Double {
        guard !p.isNaN, p > progress(atFraction: 0, duration: duration) else { return 0 }
        let steps = 1000
        var previous = 0.0
        for index in 1...steps {
            let u = Double(index) / Double(steps)
            if progress(atFraction: u, duration: duration) >= p {
                var low = previous
                var high = u
                for _ in 0..<40 {
                    let middle = (low + high) / 2
                    if progress(atFraction: middle, duration: duration) >= p { high = middle } else { low = middle }
                }
                return high
            }
            previous = u
        }
        return 1
    }
}
