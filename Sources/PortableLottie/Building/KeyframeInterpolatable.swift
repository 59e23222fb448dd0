import Foundation
import PortableQuartzCore

/// A value that Lottie keyframes blend (our own protocol).
protocol KeyframeInterpolatable: Sendable {
    /// The value `fraction` of the way to `other` (0 gives self; fractions outside 0…1 extrapolate).
    func interpolated(to other: Self, fraction: Double) -> Self
    /// What one value costs against ``LottieLimits/maximumAnimationValues``: 1, or a path's number of vertices.
    var budgetCost: Int { get }
}

extension KeyframeInterpolatable {
    var budgetCost: Int { 1 }
}

extension Double: KeyframeInterpolatable {
    func interpolated(to other: Double, fraction: Double) -> Double {
        self + (other - self) * fraction
    }
}

extension Array: KeyframeInterpolatable where Element == Double {
    func interpolated(to other: [Double], fraction: Double) -> [Double] {
        guard count == other.count else { return fraction < 1 ? self : other }
        return zip(self, other).map { $0 + ($1 - $0) * fraction }
    }
}

extension BezierShape: KeyframeInterpolatable {
    var budgetCost: Int { max(vertices.count, 1) }
}

extension TextDocument: KeyframeInterpolatable {
    func interpolated(to other: TextDocument, fraction: Double) -> TextDocument {
        fraction < 1 ? self : other
    }
}

extension Keyframe {
    /// The eased fraction of the segment starting here at `linear` (the share of the segment's time elapsed).
    func easedFraction(_ linear: Double) -> Double {
        guard let out = easeOut, let into = easeIn else { return linear }
        let curve = UnitBezier(
            c1x: min(max(out.x, 0), 1), c1y: out.y, c2x: min(max(into.x, 0), 1), c2y: into.y)
        return curve.value(at: min(max(linear, 0), 1))
    }
}

extension AnimatableProperty where Value: KeyframeInterpolatable {
    /// The property's value at `frame`, as a Lottie player computes it: the first value before the first keyframe,
    /// the last after the last, held values for hold keyframes, and eased blends between the others. Positions
    /// with spatial tangents follow their Bézier curve (see ``pointValue(atFrame:)``).
    func value(atFrame frame: Double) -> Value {
        guard keyframes.count > 1, let first = keyframes.first, let last = keyframes.last else {
            return keyframes[0].value
        }
        if frame <= first.frame { return first.value }
        if frame >= last.frame { return last.value }
        let index = segmentIndex(containing: frame)
        let start = keyframes[index]
        let end = keyframes[index + 1]
        if start.isHold || end.frame <= start.frame { return start.value }
        let fraction = start.easedFraction((frame - start.frame) / (end.frame - start.frame))
        return start.value.interpolated(to: end.value, fraction: fraction)
    }

    /// The index of the keyframe that starts the segment holding `frame` (first frame ≤ frame < last frame).
    func segmentIndex(containing frame: Double) -> Int {
        var low = 0
        var high = keyframes.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if keyframes[middle].frame <= frame { low = middle } else { high = middle }
        }
        return low
    }
}

extension AnimatableProperty where Value == [Double] {
    /// The point at `frame` of a position property, following the spatial tangents' Bézier curve where a segment
    /// has them (at the curve parameter equal to the eased fraction, as Core Animation follows a keyframe path).
    ///
    /// The same point as `value(atFrame:)`'s first two components where a segment has no tangents, computed without
    /// making that array (a sampled position asks once per frame).
    func pointValue(atFrame frame: Double) -> CGPoint {
        guard keyframes.count > 1, frame > keyframes[0].frame, frame < keyframes[keyframes.count - 1].frame else {
            return value(atFrame: frame).point
        }
        let index = segmentIndex(containing: frame)
        let start = keyframes[index]
        let end = keyframes[index + 1]
        guard !start.isHold, end.frame > start.frame,
            start.hasSpatialTangents || start.value.count == end.value.count
        else { return value(atFrame: frame).point }
        let t = start.easedFraction((frame - start.frame) / (end.frame - start.frame))
        let p0 = start.value.point
        let p3 = end.value.point
        guard start.hasSpatialTangents else { return CGPoint(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t) }
        let p1 = CGPoint(x: p0.x + (start.spatialOut?.x ?? 0), y: p0.y + (start.spatialOut?.y ?? 0))
        let p2 = CGPoint(x: p3.x + (start.spatialIn?.x ?? 0), y: p3.y + (start.spatialIn?.y ?? 0))
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}

extension Keyframe {
    /// Whether the segment starting here bends (non-zero spatial tangents).
    var hasSpatialTangents: Bool {
        (spatialOut.map { $0 != .zero } ?? false) || (spatialIn.map { $0 != .zero } ?? false)
    }
}

extension Array where Element == Double {
    /// The first two components as a point (a missing y is 0).
    var point: CGPoint {
        CGPoint(x: isEmpty ? 0 : self[0], y: count > 1 ? self[1] : 0)
    }
}
