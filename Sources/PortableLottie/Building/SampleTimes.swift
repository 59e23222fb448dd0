import Foundation

/// The key times of sampled animations, made once per sample count and shared (our helper): a sampled animation
/// of `count` steps has the key times `0, 1/count, …, 1`, which do not depend on what is sampled, and a file's
/// sampled properties (trim paths, time-remapped layers) mostly share one count.
final class SampleTimes {
    private var byCount: [Int: [NSNumber]] = [:]

    /// `0, 1/count, …, 1` (`count + 1` key times; `[0]` when `count` is 0).
    func keyTimes(count: Int) -> [NSNumber] {
        if let times = byCount[count] { return times }
        let times = (0...count).map { NSNumber(value: Double($0) / Double(Swift.max(count, 1))) }
        byCount[count] = times
        return times
    }
}
