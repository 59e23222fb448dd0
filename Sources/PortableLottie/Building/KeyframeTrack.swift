import Foundation
import PortableQuartzCore

/// A property's keyframes placed on the root timeline (key times 0…1), ready to become one
/// `CAKeyframeAnimation` (our own type).
///
/// Lottie keyframes may lie before the animation's first frame or after its last; Core Animation wants key times
/// that rise from 0 to 1. The track cuts segments at both ends, keeping their easing exactly (see
/// ``EasingCurve/segment(from:to:)``), and holds the first and last values beyond the keyframes. A hold keyframe
/// keeps its value up to the next key time, where a second key at the same time starts the next value: Core
/// Animation's `.linear` mode shows a key from its key time on (the last of equal key times wins), so the held
/// value shows before the next key time and the next value from it on, as `.discrete` mode shows them.
struct KeyframeTrack<Value: KeyframeInterpolatable> {
    /// One key: the value at `time`, and how it travels to the next key.
    struct Key {
        var time: Double
        var value: Value
        var isHold: Bool
        var curve: EasingCurve
    }

    /// The keys, times rising from 0 to 1.
    private(set) var keys: [Key]

    /// The keyframes of `property` in `context`'s timeline (key times as ``AnimationContext/keyframeTime(_:uniform:)``
    /// gives them). Its keyframes are all holds or all blends; mixed ones become a ``HoldRunGroup``.
    init(_ property: AnimatableProperty<Value>, context: AnimationContext) {
        self.init(
            rawKeys: property.keyframes.map {
                Key(
                    time: context.keyframeTime($0.frame, uniform: true), value: $0.value, isHold: $0.isHold,
                    curve: EasingCurve($0))
            })
    }

    /// Keys at the given times (rising) with linear blends between them.
    init(linearTimes times: [Double], values: [Value]) {
        self.init(
            rawKeys: zip(times, values).map { Key(time: $0, value: $1, isHold: false, curve: .linear) })
    }

    private init(rawKeys: [Key]) {
        var keys = rawKeys
        // Two keys at one time (or going back): the first becomes a step at the second's time.
        for index in stride(from: keys.count - 2, through: 0, by: -1) where keys[index + 1].time <= keys[index].time {
            keys[index].time = keys[index + 1].time
            keys[index].curve = .linear
            keys[index].isHold = false
        }
        self.keys = Self.clipped(keys)
    }

    /// `keys` cut to the key times 0…1, with a first key at 0 and a last at 1.
    private static func clipped(_ keys: [Key]) -> [Key] {
        guard let first = keys.first, let last = keys.last else { return [] }
        if last.time <= 0 { return [flat(last.value, at: 0), flat(last.value, at: 1)] }
        if first.time >= 1 { return [flat(first.value, at: 0), flat(first.value, at: 1)] }
        var result: [Key] = []
        if first.time > 0 { result.append(flat(first.value, at: 0)) }
        for index in 0..<(keys.count - 1) {
            let start = keys[index]
            let end = keys[index + 1]
            guard end.time > 0, start.time < 1 else { continue }
            let low = max(start.time, 0)
            if start.isHold {
                result.append(Key(time: low, value: start.value, isHold: true, curve: .linear))
                if end.time >= 1 {
                    result.append(flat(end.time > 1 ? start.value : end.value, at: 1))
                    return result
                }
                continue
            }
            let span = end.time - start.time
            let part = start.curve.segment(from: (low - start.time) / span, to: (min(end.time, 1) - start.time) / span)
            result.append(
                Key(
                    time: low, value: start.value.interpolated(to: end.value, fraction: part.startValue),
                    isHold: false, curve: part.curve))
            if end.time >= 1 {
                result.append(flat(start.value.interpolated(to: end.value, fraction: part.endValue), at: 1))
                return result
            }
        }
        // The keyframes end before key time 1: the last value holds to the end.
        result.append(flat(last.value, at: last.time))
        result.append(flat(last.value, at: 1))
        return result
    }

    private static func flat(_ value: Value, at time: Double) -> Key {
        Key(time: time, value: value, isHold: false, curve: .linear)
    }

    /// The Core Animation arrays: key times, values mapped by `map`, and one timing function per segment.
    func arrays<Output>(
        _ map: (Value) -> Output
    ) -> (keyTimes: [Double], values: [Output], timingFunctions: [CAMediaTimingFunction]) {
        var times: [Double] = []
        var values: [Output] = []
        var functions: [CAMediaTimingFunction] = []
        let linear = EasingCurve.linear.timingFunction
        for (index, key) in keys.enumerated() {
            let mapped = map(key.value)
            times.append(key.time)
            values.append(mapped)
            guard index + 1 < keys.count else { break }
            if key.isHold {
                let next = keys[index + 1].time
                if next > key.time {
                    times.append(next)
                    values.append(mapped)
                    functions.append(linear)
                }
                functions.append(linear)
            } else {
                functions.append(key.curve == .linear ? linear : key.curve.timingFunction)
            }
        }
        return (times, values, functions)
    }
}
