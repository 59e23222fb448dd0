/// The key times of a keyframe animation, as given (our helper): when each keyframe is reached, as fractions of the
/// cycle.
///
/// Core Animation does not sort or repair key times: lottie-ios writes key times that go backwards (for layers whose
/// keyframes start before their time range), and Apple's pictures of those animations show the raw segments at
/// work — at progress `x` the segment is the first `i` whose key times hold `x` (`t[i] ≤ x < t[i + 1]`), so a
/// segment whose times run backwards holds nothing. Before the first key time the first keyframe shows, at or after
/// the last the last one. Ascending key times (the usual case) give the same answers through a binary search.
struct KeyTimes: Equatable, Sendable {
    /// The times, one per keyframe (or one more for a discrete animation).
    let times: [Double]
    /// Whether `times` never decrease, so a binary search finds the segment.
    let ascending: Bool

    init(_ times: [Double]) {
        self.times = times
        ascending = zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// `i / (n − 1)` for `n` keyframes (`[0]` for one).
    static func even(_ count: Int) -> KeyTimes {
        guard count > 1 else { return KeyTimes([0]) }
        return KeyTimes((0..<count).map { Double($0) / Double(count - 1) })
    }

    /// The animation's key times when their count is one of `allowedCounts` and every entry is finite, else nil
    /// (even spacing is used then).
    static func validated(_ keyTimes: [Double]?, allowedCounts: [Int]) -> KeyTimes? {
        guard let keyTimes, allowedCounts.contains(keyTimes.count), keyTimes.allSatisfy(\.isFinite) else {
            return nil
        }
        return KeyTimes(keyTimes)
    }

    var count: Int { times.count }

    subscript(index: Int) -> Double { times[index] }

    /// The keyframe segment that holds `x`: −1 before the first key time (or for NaN), otherwise the first `i`
    /// with `times[i] ≤ x < times[i + 1]` (see the type). When no segment holds `x` (at or after the last key time,
    /// or key times out of order), `count − 1` at or after the last key time, else the last `i` with
    /// `times[i] ≤ x`.
    @inline(__always)
    func segmentIndex(_ x: Double) -> Int {
        if ascending { return Self.lastIndex(atOrBelow: x, in: times) }
        guard let first = times.first, first <= x else { return -1 }
        let last = times.count - 1
        var fallback = 0
        for index in 0..<last where times[index] <= x {
            if x < times[index + 1] { return index }
            fallback = index
        }
        return x >= times[last] ? last : fallback
    }

    /// The index of the last element `≤ x` of the non-decreasing `sorted` (−1 when `x` is before all of them or
    /// NaN): a binary search whose halving steps select without branching, so it costs the same whatever `x`.
    @inline(__always)
    static func lastIndex(atOrBelow x: Double, in sorted: [Double]) -> Int {
        sorted.withUnsafeBufferPointer { values in
            guard let first = values.first, first <= x else { return -1 }
            var base = 0
            var length = values.count
            while length > 1 {
                let half = length >> 1
                base = values[base + half] <= x ? base + half : base
                length -= half
            }
            return base
        }
    }
}
