import Foundation
import PortableQuartzCore

/// A keyframe segment's timing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points, x the share of
/// the segment's time and y the share of its value change (our own type; the shape `CAMediaTimingFunction` has).
struct EasingCurve: Equatable {
    var c1: CGPoint
    var c2: CGPoint

    /// Straight-line timing.
    static let linear = EasingCurve(c1: .zero, c2: CGPoint(x: 1, y: 1))

    /// The curve of the segment starting at `keyframe` (linear when the file gives no easing). The control
    /// points' x is clamped to 0…1, as a timing function requires.
    init<Value>(_ keyframe: Keyframe<Value>) {
        guard let out = keyframe.easeOut, let into = keyframe.easeIn else {
            self = .linear
            return
        }
        c1 = CGPoint(x: min(max(out.x, 0), 1), y: out.y)
        c2 = CGPoint(x: min(max(into.x, 0), 1), y: into.y)
    }

    init(c1: CGPoint, c2: CGPoint) {
        self.c1 = c1
        self.c2 = c2
    }

    /// Core Animation's timing function for the curve.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(c1.x), Float(c1.y), Float(c2.x), Float(c2.y))
    }

    /// The point of the curve at parameter `t`.
    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return CGPoint(x: b * c1.x + c * c2.x + d, y: b * c1.y + c * c2.y + d)
    }

    /// The parameter at which the curve reaches `x` (0…1; x is monotonic because the control points' x lie in
    /// 0…1), by bisection to 1e-12.
    func parameter(forX x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if point(at: middle).x < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The share of the value change at time share `x`.
    func value(at x: Double) -> Double {
        point(at: parameter(forX: min(max(x, 0), 1))).y
    }

    /// The part of the curve between time shares `x0` and `x1` (0 ≤ x0 < x1 ≤ 1), rescaled to its own unit
    /// square, with the value shares where it starts and ends. Blending from the value at `x0` to the value at
    /// `x1` along the returned curve gives exactly the values of the original curve, so a keyframe segment cut at
    /// the timeline's ends keeps its easing.
    func segment(from x0: Double, to x1: Double) -> (curve: EasingCurve, startValue: Double, endValue: Double) {
        let t0 = x0 <= 0 ? 0 : parameter(forX: x0)
        let t1 = x1 >= 1 ? 1 : parameter(forX: x1)
        // The control points of the cubic restricted to [t0, t1] (blossoming).
        let p0 = CGPoint.zero
        let p3 = CGPoint(x: 1, y: 1)
        func blossom(_ a: Double, _ b: Double, _ c: Double) -> CGPoint {
            func lerp(_ p: CGPoint, _ q: CGPoint, _ t: Double) -> CGPoint {
                CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            let level1 = [lerp(p0, c1, a), lerp(c1, c2, a), lerp(c2, p3, a)]
            let level2 = [lerp(level1[0], level1[1], b), lerp(level1[1], level1[2], b)]
            return lerp(level2[0], level2[1], c)
        }
        let q0 = blossom(t0, t0, t0)
        let q1 = blossom(t0, t0, t1)
        let q2 = blossom(t0, t1, t1)
        let q3 = blossom(t1, t1, t1)
        let width = q3.x - q0.x
        let height = q3.y - q0.y
        guard width > 1e-12, abs(height) > 1e-12 else { return (.linear, q0.y, q3.y) }
        let curve = EasingCurve(
            c1: CGPoint(x: (q1.x - q0.x) / width, y: (q1.y - q0.y) / height),
            c2: CGPoint(x: (q2.x - q0.x) / width, y: (q2.y - q0.y) / height))
        return (curve, q0.y, q3.y)
    }
}
