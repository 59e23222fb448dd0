import Foundation

/// The key times of sampled animations, made once per sample count and shared (our helper): a sampled animation
/// of `count` steps has the key times `0, 1/count, …, 1`, which do not depend on what is sampled, and a file's
/// sampled properties (trim paths, time-remapped layers) mostly share one count.
final class SampleTimes {
    private var byCount: [Int: (numbers: [NSNumber], values: [Double])] = [:]

    /// `0, 1/count, …, 1` (`count + 1` key times; `[0]` when `count` is 0), as the numbers a keyframe animation
    /// holds and as plain values (the same values).
    func keyTimes(count: Int) -> (numbers: [NSNumber], values: [Double]) {
        if let times = byCount[count] { return times }
        let values = (0...count).map { Double($0) / Double(Swift.max(count, 1)) }
        let times = (values.map { NSNumber(value: $0) }, values)
        byCount[count] = times
        return times
    }
}
