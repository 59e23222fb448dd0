/// The keyframes of one property in a keyframe block, built from the changes recorded while the block ran (our
/// helper; SPEC §11.6, INFERRED construction).
///
/// Each change has a window of the block's duration (fractions 0…1: the `addKeyframe` window it was made in, or
/// 0…1 for changes made directly in the block) and the value it set. Between changes the value holds; before the
/// first it is the value the property had before the block. So for a change to `b` in 0…0.5 and one to `c` in
/// 0.7…1 starting from `a`, the keyframes are `a` at 0, `b` at 0.5, `b` at 0.7 and `c` at 1. A change whose
/// window starts before the previous one ended starts where that one ended. Pure value type: tested on its own.
struct KeyframeTimeline<Value: Equatable> {
    /// One recorded change.
    struct Change {
        var start: Double
        var end: Double
        var value: Value
    }

    private(set) var values: [Value]
    private(set) var keyTimes: [Double]

    /// The keyframes for `changes` (in the order they were made; sorted by start here, stably) from `initial`.
    /// Windows are clamped to 0…1 and NaN counts as 0.
    init(initial: Value, changes: [Change]) {
        func clamp(_ x: Double) -> Double { x.isNaN ? 0 : Swift.min(Swift.max(x, 0), 1) }
        let ordered = changes.enumerated().sorted { lhs, rhs in
            let a = clamp(lhs.element.start)
            let b = clamp(rhs.element.start)
            return a != b ? a < b : lhs.offset < rhs.offset
        }
        var values = [initial]
        var keyTimes = [0.0]
        var current = initial
        for (_, change) in ordered {
            let last = keyTimes[keyTimes.count - 1]
            let start = Swift.max(clamp(change.start), last)
            let end = Swift.max(clamp(change.end), start)
            if start > last {
                values.append(current)
                keyTimes.append(start)
            }
            current = change.value
            values.append(current)
            keyTimes.append(end)
        }
        if keyTimes[keyTimes.count - 1] < 1 {
            values.append(current)
            keyTimes.append(1)
        }
        self.values = values
        self.keyTimes = keyTimes
    }

    /// Whether the property ever takes a value other than its first.
    var changesValue: Bool {
        values.contains { $0 != values[0] }
    }
}
