import Foundation

/// The `birthRate` multiplier of one emitter layer over its local time, as a step function (our type).
///
/// `EmitterSimulation` places births by how many particles a cell has emitted so far, the integral of its rate.
/// Without a history the layer's current multiplier is taken to have held since time 0; with one, setting the
/// layer's `birthRate` to 0 stops new births while the particles already born live on, as on Apple platforms. The
/// renderer keeps one history per emitter layer and ``record(_:at:)``s the multiplier every frame; the simulation
/// stays a pure function of (layer values, cells, time, history).
///
/// The multiplier recorded first holds from time 0 until the second change, and so on; negative, NaN and infinite
/// multipliers count as 0. Recording at a time earlier than the last change (playback jumped back) forgets the
/// changes after it, so replaying from the start gives the same picture as the first pass.
struct EmitterBirthHistory: Hashable, Sendable {
    /// A multiplier and the local time from which it holds.
    struct Change: Hashable, Sendable {
        /// Seconds of the layer's local time.
        var time: Double
        /// Particles-per-second factor, at least 0.
        var multiplier: Double
    }

    /// The changes, by increasing time; empty when nothing was recorded.
    private(set) var changes: [Change] = []

    /// An empty history (the simulation then uses the layer's current multiplier for all time).
    init() {}

    /// Notes that the multiplier is `multiplier` at `time`. Only a change of value is stored; a non-finite `time` is
    /// ignored.
    mutating func record(_ multiplier: Float, at time: Double) {
        guard time.isFinite else { return }
        let value = Self.sanitized(Double(multiplier))
        while let last = changes.last, last.time > time { changes.removeLast() }
        if let last = changes.last, last.multiplier == value { return }
        changes.append(Change(time: time, multiplier: value))
    }

    /// Forgets every change (the simulation then uses the layer's current multiplier).
    mutating func removeAll() {
        changes.removeAll(keepingCapacity: true)
    }

    /// `value` when it is a finite non-negative number, else 0.
    static func sanitized(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    /// The integral of the multiplier from time 0 to `time` (0 for `time ≤ 0`), with `fallback` (already
    /// sanitized) as the multiplier when the history is empty.
    func integral(until time: Double, fallback: Double) -> Double {
        guard time > 0 else { return 0 }
        guard !changes.isEmpty else { return fallback * time }
        var total = 0.0
        for index in changes.indices {
            let start = index == 0 ? 0 : Swift.max(0, changes[index].time)
            if start >= time { break }
            let end = index + 1 < changes.count ? Swift.min(changes[index + 1].time, time) : time
            if end > start { total += changes[index].multiplier * (end - start) }
        }
        return total
    }

    /// The earliest time at which ``integral(until:fallback:)`` reaches `amount`, or infinity when it never does.
    /// `amount ≤ 0` gives 0.
    func time(whenIntegralReaches amount: Double, fallback: Double) -> Double {
        guard amount > 0 else { return 0 }
        guard !changes.isEmpty else { return fallback > 0 ? amount / fallback : .infinity }
        var total = 0.0
        for index in changes.indices {
            let start = index == 0 ? 0 : Swift.max(0, changes[index].time)
            let rate = changes[index].multiplier
            let isLast = index + 1 == changes.count
            let end = isLast ? Double.infinity : changes[index + 1].time
            guard end > start else { continue }
            if rate > 0 {
                let reached = start + (amount - total) / rate
                if reached <= end { return reached }
                total += rate * (end - start)
            }
        }
        return .infinity
    }
}
