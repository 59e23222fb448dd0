/// The keyframes of a `CAKeyframeAnimation` built from `values`, compiled for evaluation (SPEC §4; our helper).
///
/// Everything that depends only on the animation is done once here: key times are validated or computed (even
/// spacing, or arc-length spacing for `.paced`), the per-segment timing functions are resolved, the
/// Kochanek–Bartels tangents of the cubic modes are computed with phantom end points, and `.cubicPaced` gets an
/// arc-length table. `value(at:)` then costs a binary search over the key times plus one interpolation, and
/// allocates nothing for inline value types.
struct KeyframeSequence<Value: AnimationArithmetic>: Sendable {
    /// How values between keyframes are found, after the calculation mode has been resolved.
    enum Method: Hashable, Sendable {
        /// Straight interpolation between neighbours (also `.paced`, whose key times are computed).
        case linear
        /// Keyframe `i` holds from `keyTimes[i]` until the next key time.
        case discrete
        /// Kochanek–Bartels Hermite segments.
        case cubic
        /// The Kochanek–Bartels curve traversed at constant speed through `arcLengths`.
        case cubicPaced
    }

    /// The keyframe values; never empty.
    let values: [Value]
    /// When each keyframe is reached, as given: one per value, or one more for `.discrete`.
    let keyTimes: KeyTimes
    /// The pacing of segment `i` (between values `i` and `i + 1`); empty when every segment is linear.
    let segmentPacings: [Pacing]
    /// The interpolation method.
    let method: Method
    /// Cubic modes: the tangent leaving keyframe `i`.
    let outgoing: [Value]
    /// Cubic modes: the tangent arriving at keyframe `i`.
    let incoming: [Value]
    /// `.cubicPaced`: cumulative curve length at `samplesPerSegment` evenly spaced parameters per segment.
    let arcLengths: [Double]
    /// The value at the end of a cycle (progress 1), the step a cumulative animation adds per iteration.
    private(set) var endValue: Value

    /// Parameter samples per segment of the `.cubicPaced` arc-length table.
    static var samplesPerSegment: Int { 32 }

    /// Compiles keyframes; `nil` when `values` is empty.
    ///
    /// - Parameters:
    ///   - values: the usable keyframe values (already converted and with unusable entries replaced).
    ///   - keyTimes: the animation's `keyTimes` as numbers, or `nil`. Ignored unless the count fits the mode (one
    ///     per value; `.discrete` also one more) and every entry is finite; out-of-order entries are kept as they
    ///     are (see `KeyTimes`).
    ///   - timingFunctions: per-segment pacings; missing entries are linear, extra ones ignored.
    ///   - mode: the calculation mode; unknown names act as `.linear`.
    ///   - tension, continuity, bias: Kochanek–Bartels parameters per keyframe; missing entries are 0.
    init?(
        values: [Value], keyTimes: [Double]?, timingFunctions: [Pacing], mode: CAAnimationCalculationMode,
        tension: [Double], continuity: [Double], bias: [Double]
    ) {
        guard !values.isEmpty else { return nil }
        let count = values.count
        let splines = values.allSatisfy(\.supportsSplines)
        var method: Method
        var paced = false
        switch mode {
        case .discrete: method = .discrete
        case .paced: method = .linear; paced = true
        case .cubic: method = splines ? .cubic : .linear
        case .cubicPaced:
            method = splines ? .cubicPaced : .linear
            paced = !splines
        default: method = .linear
        }

        self.values = values
        if method == .cubic || method == .cubicPaced {
            (outgoing, incoming) = Self.tangents(values, tension: tension, continuity: continuity, bias: bias)
        } else {
            outgoing = []
            incoming = []
        }

        // Key times and per-segment pacing.
        let evenTimes = KeyTimes.even(count)
        if paced {
            self.keyTimes = Self.pacedKeyTimes(values).map(KeyTimes.init) ?? evenTimes
            segmentPacings = []
        } else if method == .cubicPaced {
            self.keyTimes = evenTimes
            segmentPacings = []
        } else {
            let allowedCounts = method == .discrete ? [count, count + 1] : [count]
            self.keyTimes = KeyTimes.validated(keyTimes, allowedCounts: allowedCounts) ?? evenTimes
            let pacings = timingFunctions.prefix(Swift.max(count - 1, 0))
            if method == .discrete || pacings.allSatisfy({ $0 == .linear }) {
                segmentPacings = []
            } else {
                segmentPacings = Array(pacings) + Array(repeating: .linear, count: count - 1 - pacings.count)
            }
        }

        if method == .cubicPaced {
            let table = Self.arcLengthTable(values: values, outgoing: outgoing, incoming: incoming)
            if let table {
                arcLengths = table
            } else {
                // A curve of no (or no measurable) length: keep the cubic shape on evenly spaced key times.
                method = .cubic
                arcLengths = []
            }
        } else {
            arcLengths = []
        }
        self.method = method
        endValue = values[count - 1]
        endValue = value(at: 1)
    }

    /// The value at `progress` (the cycle's time fraction after the animation's timing function). Before the first
    /// key time the first value shows, after the last key time the last one; NaN counts as before the start.
    func value(at progress: Double) -> Value {
        let count = values.count
        if count == 1 { return values[0] }
        switch method {
        case .discrete:
            let index = keyTimes.segmentIndex(progress)
            return values[Swift.min(Swift.max(index, 0), count - 1)]
        case .linear, .cubic:
            let index = keyTimes.segmentIndex(progress)
            if index < 0 { return values[0] }
            if index >= count - 1 { return values[count - 1] }
            let start = keyTimes[index]
            var u = (progress - start) / (keyTimes[index + 1] - start)
            if !segmentPacings.isEmpty { u = segmentPacings[index].progress(u) }
            return method == .linear
                ? Value.interpolate(from: values[index], to: values[index + 1], progress: u)
                : hermite(segment: index, u)
        case .cubicPaced:
            guard progress > 0 else { return values[0] }
            guard progress < 1 else { return values[count - 1] }
            let (segment, u) = curveParameter(atFraction: progress)
            return hermite(segment: segment, u)
        }
    }

    /// The cubic Hermite segment from keyframe `segment` to the next at local parameter `u`:
    /// `h00·P0 + h10·D + h01·P1 + h11·S`, written as an interpolation from P0 to P1 by `h01` plus the tangent terms
    /// (h00 + h01 = 1).
    @inline(__always)
    func hermite(segment: Int, _ u: Double) -> Value {
        let square = u * u
        let cube = square * u
        let h01 = 3 * square - 2 * cube
        let h10 = cube - 2 * square + u
        let h11 = cube - square
        return Value.interpolate(from: values[segment], to: values[segment + 1], progress: h01)
            .adding(outgoing[segment].scaled(by: h10))
            .adding(incoming[segment + 1].scaled(by: h11))
    }

    /// `.cubicPaced`: the segment and local parameter at which the curve has covered `fraction` of its length.
    private func curveParameter(atFraction fraction: Double) -> (segment: Int, u: Double) {
        let total = arcLengths[arcLengths.count - 1]
        let target = fraction * total
        let index = Swift.min(
            Swift.max(KeyTimes.lastIndex(atOrBelow: target, in: arcLengths), 0), arcLengths.count - 2)
        let start = arcLengths[index]
        let length = arcLengths[index + 1] - start
        let within = length > 0 ? Swift.min(Swift.max((target - start) / length, 0), 1) : 0
        let samples = Self.samplesPerSegment
        let segment = Swift.min(index / samples, values.count - 2)
        let u = (Double(index - segment * samples) + within) / Double(samples)
        return (segment, Swift.min(u, 1))
    }

    // MARK: Compilation helpers

    /// Key times in proportion to the distance between consecutive values (`.paced`); `nil` when the total
    /// distance is 0 or not finite (even spacing is used then). Steps with a non-finite distance count as 0.
    static func pacedKeyTimes(_ values: [Value]) -> [Double]? {
        guard values.count > 1 else { return nil }
        var cumulative: [Double] = [0]
        for index in 1..<values.count {
            let step = values[index - 1].distance(to: values[index])
            cumulative.append(cumulative[index - 1] + (step.isFinite && step > 0 ? step : 0))
        }
        let total = cumulative[cumulative.count - 1]
        guard total > 0, total.isFinite else { return nil }
        var times = cumulative.map { $0 / total }
        times[times.count - 1] = 1
        return times
    }

    /// Kochanek–Bartels tangents (SPEC §4.2): for each keyframe the outgoing tangent
    /// `(1−T)(1+B)(1+C)/2·(P_i − P_{i−1}) + (1−T)(1−B)(1−C)/2·(P_{i+1} − P_i)` and the incoming tangent with the
    /// continuity signs swapped, using the phantom points `P_{−1} = 2P_0 − P_1` and `P_n = 2P_{n−1} − P_{n−2}`.
    static func tangents(
        _ values: [Value], tension: [Double], continuity: [Double], bias: [Double]
    ) -> (outgoing: [Value], incoming: [Value]) {
        let count = values.count
        guard count > 1 else { return (values.map { $0.scaled(by: 0) }, values.map { $0.scaled(by: 0) }) }
        func parameter(_ array: [Double], _ index: Int) -> Double {
            index < array.count && array[index].isFinite ? array[index] : 0
        }
        var outgoing: [Value] = []
        var incoming: [Value] = []
        outgoing.reserveCapacity(count)
        incoming.reserveCapacity(count)
        for index in 0..<count {
            // With the phantom points, the missing difference at either end equals the one that exists.
            let forward = index < count - 1 ? values[index + 1].subtracting(values[index]) : nil
            let backward = index > 0 ? values[index].subtracting(values[index - 1]) : nil
            let back = backward ?? forward ?? values[index]
            let ahead = forward ?? back
            let t = parameter(tension, index)
            let c = parameter(continuity, index)
            let b = parameter(bias, index)
            outgoing.append(
                back.scaled(by: (1 - t) * (1 + b) * (1 + c) / 2).adding(
                    ahead.scaled(by: (1 - t) * (1 - b) * (1 - c) / 2)))
            incoming.append(
                back.scaled(by: (1 - t) * (1 + b) * (1 - c) / 2).adding(
                    ahead.scaled(by: (1 - t) * (1 - b) * (1 + c) / 2)))
        }
        return (outgoing, incoming)
    }

    /// The cumulative length of the Kochanek–Bartels curve sampled at `samplesPerSegment` parameters per segment
    /// (chord lengths between samples), or `nil` when the total is 0 or not finite.
    static func arcLengthTable(values: [Value], outgoing: [Value], incoming: [Value]) -> [Double]? {
        guard values.count > 1 else { return nil }
        let probe = KeyframeSequence(
            curveValues: values, outgoing: outgoing, incoming: incoming)
        let samples = samplesPerSegment
        var table: [Double] = [0]
        table.reserveCapacity((values.count - 1) * samples + 1)
        var previous = values[0]
        var total = 0.0
        for segment in 0..<(values.count - 1) {
            for step in 1...samples {
                let point = probe.hermite(segment: segment, Double(step) / Double(samples))
                let length = previous.distance(to: point)
                total += length.isFinite ? length : 0
                table.append(total)
                previous = point
            }
        }
        guard total > 0, total.isFinite else { return nil }
        return table
    }

    /// A bare cubic sequence used only to evaluate Hermite segments while the arc-length table is built.
    private init(curveValues: [Value], outgoing: [Value], incoming: [Value]) {
        values = curveValues
        keyTimes = KeyTimes.even(curveValues.count)
        segmentPacings = []
        method = .cubic
        self.outgoing = outgoing
        self.incoming = incoming
        arcLengths = []
        endValue = curveValues[curveValues.count - 1]
    }
}

extension ImmutableBox where Value == KeyframeSequence<AnimatableValue> {
    /// `value.value(at:)` stored into `result`, whose storage a linear step between two paths reuses when nothing
    /// else holds it (see `AnimatableValue.interpolate(from:to:progress:into:)`). A method of the box, so the
    /// keyframes are read in place: a method of the sequence called on `value` copied the whole sequence out of
    /// the box first.
    @inline(__always)
    func value(at progress: Double, into result: inout AnimatableValue) {
        guard value.method == .linear, value.values.count > 1 else {
            result = value.value(at: progress)
            return
        }
        let index = value.keyTimes.segmentIndex(progress)
        guard index >= 0, index < value.values.count - 1 else {
            result = value.value(at: progress)
            return
        }
        let start = value.keyTimes[index]
        var u = (progress - start) / (value.keyTimes[index + 1] - start)
        if !value.segmentPacings.isEmpty { u = value.segmentPacings[index].progress(u) }
        AnimatableValue.interpolate(from: value.values[index], to: value.values[index + 1], progress: u, into: &result)
    }
}
