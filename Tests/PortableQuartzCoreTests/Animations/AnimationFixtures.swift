import PortableQuartzCore
import Testing

/// Shared helpers of the animation tests: compile an animation and evaluate its first track.
enum AnimationFixtures {
    /// The value the first track of `animation` shows at layer time `time`, or nil when it shows nothing (or has
    /// no track).
    static func value(
        _ animation: CAAnimation, at time: Double, model: AnimatableValue, current: AnimatableValue? = nil,
        presentation: AnimatableValue? = nil, defaultDuration: Double = 0.25
    ) -> AnimatableValue? {
        let compiled = CompiledAnimation(animation, defaultDuration: defaultDuration) { _ in presentation }
        return compiled.tracks.first?.evaluate(atParentTime: time, model: model, current: current ?? model)
    }

    /// The number the first track of `animation` shows at `time` over a numeric model value.
    static func number(
        _ animation: CAAnimation, at time: Double, model: Double = 0, current: Double? = nil
    ) -> Double? {
        value(animation, at: time, model: .number(model), current: current.map(AnimatableValue.number))?.doubleValue
    }

    /// The point the first track of `animation` shows at `time`.
    static func point(_ animation: CAAnimation, at time: Double, model: CGPoint = .zero) -> CGPoint? {
        guard case .point(let point)? = value(animation, at: time, model: .point(model)) else { return nil }
        return point
    }

    /// The transform the first track of `animation` shows at `time` over an identity model.
    static func transform(_ animation: CAAnimation, at time: Double) -> CATransform3D? {
        guard case .transform(let matrix)? = value(animation, at: time, model: .transform(CATransform3DIdentity))
        else { return nil }
        return matrix
    }

    /// Records an issue unless `actual` is a number within `tolerance` of `expected`.
    static func expectNumber(
        _ actual: Double?, _ expected: Double, tolerance: Double = 1e-9, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let actual else {
            Issue.record(
                "no value; expected \(expected)\(comment.map { " — \($0)" } ?? "")", sourceLocation: sourceLocation)
            return
        }
        TimingFixtures.expectClose(actual, expected, tolerance: tolerance, comment, sourceLocation: sourceLocation)
    }

    /// Records an issue unless `actual` is a point within `tolerance` of `expected` in both coordinates.
    static func expectPoint(
        _ actual: CGPoint?, _ expected: CGPoint, tolerance: Double = 1e-9, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let actual else {
            Issue.record("no point; expected \(expected)", sourceLocation: sourceLocation)
            return
        }
        TimingFixtures.expectClose(
            Double(actual.x), Double(expected.x), tolerance: tolerance, comment, sourceLocation: sourceLocation)
        TimingFixtures.expectClose(
            Double(actual.y), Double(expected.y), tolerance: tolerance, comment, sourceLocation: sourceLocation)
    }

    /// Records an issue unless `actual` is a transform whose sixteen elements are within `tolerance` of
    /// `expected`'s.
    static func expectTransform(
        _ actual: AnimatableValue?, _ expected: CATransform3D, tolerance: Double = 1e-12,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .transform(let matrix)? = actual else {
            Issue.record("expected a transform, got \(String(describing: actual))", sourceLocation: sourceLocation)
            return
        }
        expectTransform(matrix, expected, tolerance: tolerance, sourceLocation: sourceLocation)
    }

    /// Records an issue unless the sixteen elements of `actual` are within `tolerance` of `expected`'s.
    static func expectTransform(
        _ actual: CATransform3D?, _ expected: CATransform3D, tolerance: Double = 1e-12,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let actual else {
            Issue.record("expected a transform", sourceLocation: sourceLocation)
            return
        }
        let pairs: [(CGFloat, CGFloat)] = [
            (actual.m11, expected.m11), (actual.m12, expected.m12), (actual.m13, expected.m13),
            (actual.m14, expected.m14),
            (actual.m21, expected.m21), (actual.m22, expected.m22), (actual.m23, expected.m23),
            (actual.m24, expected.m24),
            (actual.m31, expected.m31), (actual.m32, expected.m32), (actual.m33, expected.m33),
            (actual.m34, expected.m34),
            (actual.m41, expected.m41), (actual.m42, expected.m42), (actual.m43, expected.m43),
            (actual.m44, expected.m44),
        ]
        #expect(
            pairs.allSatisfy { abs(Double($0 - $1)) <= tolerance },
            "\(actual) is not within \(tolerance) of \(expected)",
            sourceLocation: sourceLocation)
    }

    /// A basic animation of `keyPath` with linear pacing, the given duration and fill mode.
    static func basic(
        _ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1,
        fillMode: CAMediaTimingFillMode = .removed
    ) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = duration
        animation.fillMode = fillMode
        return animation
    }

    /// A keyframe animation of `keyPath` through `values` over `duration` seconds.
    static func keyframes(
        _ keyPath: String, _ values: [Any], keyTimes: [NSNumber]? = nil,
        mode: CAAnimationCalculationMode = .linear, duration: Double = 1
    ) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = keyTimes
        animation.calculationMode = mode
        animation.duration = duration
        return animation
    }
}
