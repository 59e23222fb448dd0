import PortableQuartzCoreTesting
import Testing

/// Shared helpers of the timing tests.
enum TimingFixtures {
    /// Records an issue unless `actual` is within `tolerance` of `expected` (NaN never is).
    static func expectClose(
        _ actual: Double, _ expected: Double, tolerance: Double, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(actual - expected) <= tolerance,
            "\(actual) is not within \(tolerance) of \(expected)\(comment.map { " — \($0)" } ?? "")",
            sourceLocation: sourceLocation)
    }

    /// The progress an animation shows at a parent time: its fraction when it contributes, nil when it does not.
    static func progress(_ timing: TimingParameters, at parentTime: Double) -> Double? {
        let sample = timing.sample(atParentTime: parentTime)
        return sample.contributes ? sample.fraction : nil
    }

    /// Whether every numeric field of a sample is free of NaN.
    static func isWellDefined(_ sample: TimingSample) -> Bool {
        !sample.activeTime.isNaN && !sample.basicTime.isNaN && sample.fraction.isFinite && sample.fraction >= 0
            && sample.fraction <= 1
    }
}

/// A minimal class adopting `CAMediaTiming`, standing in for a layer or animation.
final class TimedObject: CAMediaTiming {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed
}
