/// The eight `CAMediaTiming` values of one layer or animation as a plain value, with the timing arithmetic that
/// turns a parent time into the object's own time (our addition, not Apple API).
///
/// Layers, animations and groups copy their timing properties into this value and let it do the math, so the
/// rules live in one place and are tested on their own:
///
/// * `sample(atParentTime:)` evaluates an *animation*: parent time → active local time → phase, fill, repeat
///   and autoreverse fold → basic local time and the 0…1 fraction fed to the timing function (SPEC §1.2–§1.7).
/// * `layerTime(fromParentTime:)` and `parentTime(fromLayerTime:)` are the forward and inverse maps of a
///   *layer*, which never folds or ends (SPEC §1.9, §1.11, §11b).
/// * `TimingHierarchy` chains these maps through a layer tree and nested animation groups.
///
/// The fill mode is stored as two flags so that evaluation never compares strings; `fillMode` converts.
///
/// Values that no real object should hold are still given a defined meaning, so nothing here produces NaN from
/// finite times:
///
/// | value | treated as |
/// |---|---|
/// | `duration` NaN or negative | 0 |
/// | `speed` NaN | 0 (frozen) |
/// | `speed` ±infinity | ±`Float.greatestFiniteMagnitude` |
/// | `repeatCount` NaN or negative | 0 (play once) |
/// | `repeatDuration` NaN or negative | 0 (unused) |
/// | `beginTime`, `timeOffset` NaN | 0 |
public struct TimingParameters: Hashable, Sendable {
    /// When the object starts, in its parent's time space (seconds).
    public var beginTime: Double
    /// The length of one simple cycle in local seconds; infinity for layers.
    public var duration: Double
    /// How fast local time runs relative to the parent. Kept as `Float` (Apple's type) and widened when used, so
    /// `1.1` really is `1.100000023841858`.
    public var speed: Float
    /// A shift added to local time after scaling by `speed` (local seconds).
    public var timeOffset: Double
    /// How many cycles to play (0 = once; fractions and infinity allowed).
    public var repeatCount: Float
    /// How long to keep repeating in local seconds (0 = unused).
    public var repeatDuration: Double
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses: Bool
    /// Whether the object shows its start before its active period (fill mode `backwards` or `both`).
    public var fillsBackwards: Bool
    /// Whether the object keeps its end after its active period (fill mode `forwards` or `both`).
    public var fillsForwards: Bool

    /// Timing values with Apple's defaults for anything not given (the defaults of an animation; a layer's
    /// duration is infinity, see `layerDefaults`).
    public init(
        beginTime: Double = 0,
        duration: Double = 0,
        speed: Float = 1,
        timeOffset: Double = 0,
        repeatCount: Float = 0,
        repeatDuration: Double = 0,
        autoreverses: Bool = false,
        fillMode: CAMediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillsBackwards = fillMode.fillsBackwards
        self.fillsForwards = fillMode.fillsForwards
    }

    /// The current timing values of a layer or animation.
    public init(_ timing: some CAMediaTiming) {
        self.init(
            beginTime: timing.beginTime,
            duration: timing.duration,
            speed: timing.speed,
            timeOffset: timing.timeOffset,
            repeatCount: timing.repeatCount,
            repeatDuration: timing.repeatDuration,
            autoreverses: timing.autoreverses,
            fillMode: timing.fillMode
        )
    }

    /// The timing values of a freshly created layer: everything at Apple's defaults, duration infinity.
    public static let layerDefaults = TimingParameters(duration: .infinity)

    /// The fill mode the two fill flags stand for. Setting an unknown mode clears both flags (like `.removed`).
    public var fillMode: CAMediaTimingFillMode {
        get {
            switch (fillsBackwards, fillsForwards) {
            case (true, true): .both
            case (true, false): .backwards
            case (false, true): .forwards
            case (false, false): .removed
            }
        }
        set {
            fillsBackwards = newValue.fillsBackwards
            fillsForwards = newValue.fillsForwards
        }
    }
}

// MARK: - Sanitised inputs and derived durations

extension TimingParameters {
    /// `beginTime`, with NaN read as 0.
    @inlinable var effectiveBeginTime: Double {
        beginTime.isNaN ? 0 : beginTime
    }

    /// `timeOffset`, with NaN read as 0.
    @inlinable var effectiveTimeOffset: Double {
        timeOffset.isNaN ? 0 : timeOffset
    }

    /// `duration` as used in the arithmetic: NaN and negative values read as 0.
    @inlinable public var effectiveDuration: Double {
        duration >= 0 ? duration : 0
    }

    /// `speed` widened to `Double` (the widening is what makes 1.1 become 1.100000023841858), with NaN read as 0
    /// and infinities as the largest finite `Float`.
    @inlinable public var effectiveSpeed: Double {
        if speed.isNaN { return 0 }
        if speed.isInfinite {
            let largest = Double(Float.greatestFiniteMagnitude)
            return speed > 0 ? largest : -largest
        }
        return Double(speed)
    }

    /// The length of one cycle in local seconds: `duration`, doubled when the object autoreverses.
    @inlinable public var cycleDuration: Double {
        let d = effectiveDuration
        return autoreverses ? d * 2 : d
    }

    /// How long the object is active, in local seconds (SPEC §1.3).
    ///
    /// * `repeatCount` > 0 only: cycle × repeatCount (infinite for an infinite count).
    /// * `repeatDuration` > 0 only: repeatDuration.
    /// * both: the smaller of the two (SPEC's inferred rule; Apple leaves this undefined).
    /// * neither: one cycle.
    ///
    /// A zero-length cycle gives 0 for any repeat count, including infinity.
    @inlinable public var activeDuration: Double {
        let cycle = cycleDuration
        let count = repeatCount > 0 ? Double(repeatCount) : 0
        let limit = repeatDuration > 0 ? repeatDuration : 0
        let byCount = cycle == 0 ? 0 : cycle * count
        switch (count > 0, limit > 0) {
        case (true, true): return Swift.min(byCount, limit)
        case (true, false): return byCount
        case (false, true): return limit
        case (false, false): return cycle
        }
    }

    /// How long the active period lasts in the parent's seconds: `activeDuration / |speed|` (SPEC §1.3).
    ///
    /// Infinite when the active duration is infinite or speed is 0 (a frozen object stays active forever), except
    /// that an object with no active duration at all gives 0 whatever its speed.
    @inlinable public var activeDurationInParentTime: Double {
        let active = activeDuration
        if active == 0 { return 0 }
        let magnitude = Swift.abs(effectiveSpeed)
        return magnitude == 0 ? .infinity : active / magnitude
    }

    /// The parent time at which the active period ends: `beginTime + activeDurationInParentTime`.
    @inlinable public var activeEndTime: Double {
        effectiveBeginTime + activeDurationInParentTime
    }
}

// MARK: - Animation evaluation

extension TimingParameters {
    /// Evaluates these timing values as an animation at the given time of its parent (SPEC §1.2–§1.7).
    ///
    /// The phase is decided from the elapsed local time `e = (parentTime − beginTime) × |speed|`: before
    /// `beginTime` is `.before`, `0 ≤ e < activeDuration` is `.active`, later is `.after`. A speed of 0 keeps the
    /// object active from `beginTime` on with its active time frozen at `timeOffset`; an infinite active duration
    /// never ends. The active time is `(parentTime − beginTime) × speed + timeOffset` (one fused multiply-add,
    /// like Core Animation), so a negative speed plays the same interval backwards.
    ///
    /// Outside the active period the sample is evaluated at the nearer end of it (`e = 0` before, `e =
    /// activeDuration` after) and `contributes` tells whether the fill mode lets that value show.
    ///
    /// The fold into cycles uses floor division, so negative active times wrap too. When an end of the active
    /// period falls exactly on a cycle boundary, the value there is the limit from inside the period (SPEC §1.5):
    /// the end of a forward-running object shows its last iteration finished (fraction 1, or 0 after an
    /// autoreversed cycle) rather than the start of a next one, and the start of a backward-running object shows
    /// the end of its cycle. The end of a backward-running object is approached from above, so it shows fraction
    /// 0 (played back to the start). Interior iteration boundaries start the new iteration.
    ///
    /// A NaN parent time counts as before the beginning.
    ///
    /// `heldAtGroupEnd` says that `parentTime` is the end at which an enclosing group holds (a group filling
    /// forwards, past its end): the group's time is then the limit from inside its active period, so an object
    /// whose own active period ends exactly there shows its end even without a forwards fill (SPEC §1.9: a member
    /// needs its own fill only when it ended earlier; lottie-ios's Core Animation engine holds every play-once
    /// animation's last frame this way, a fill-less member of the composition's duration in a group filling both).
    @inlinable
    public func sample(atParentTime parentTime: Double, heldAtGroupEnd: Bool = false) -> TimingSample {
        let begin = effectiveBeginTime
        let offset = effectiveTimeOffset
        let speed = effectiveSpeed
        let reversed = speed < 0

        guard parentTime >= begin else {
            // Before (or NaN): evaluated at e = 0, that is at the offset.
            return Self.fold(
                phase: .before, contributes: fillsBackwards, activeTime: offset,
                duration: effectiveDuration, autoreverses: autoreverses, limitFromBelow: reversed)
        }

        let active = activeDuration
        var delta = parentTime - begin
        if delta.isNaN { delta = 0 }  // infinite parent time meeting an infinite beginTime
        let magnitude = Swift.abs(speed)
        let elapsed = magnitude == 0 ? 0 : delta * magnitude

        if elapsed < active || active == .infinity {
            let activeTime = magnitude == 0 ? offset : offset.addingProduct(delta, speed)
            return Self.fold(
                phase: .active, contributes: true, activeTime: activeTime,
                duration: effectiveDuration, autoreverses: autoreverses,
                limitFromBelow: reversed && elapsed == 0)
        }

        // After: evaluated at e = activeDuration, approached from inside.
        let activeTime = offset.addingProduct(active, reversed ? -1 : 1)
        let endsAtHold = heldAtGroupEnd && !reversed && elapsed == active
        return Self.fold(
            phase: .after, contributes: fillsForwards || endsAtHold, activeTime: activeTime,
            duration: effectiveDuration, autoreverses: autoreverses, limitFromBelow: !reversed)
    }

    /// Whether `sample`, taken from these parameters, gives a group's members its time as the limit from inside
    /// (see `sample(atParentTime:heldAtGroupEnd:)`), running forwards: the group holds its own end (past it,
    /// filling forwards), or it runs inside its active period and its own parent time was such a limit
    /// (`heldAtGroupEnd`), which a forward-running interior group passes on unchanged. So lottie-ios's clipping
    /// group, held at the composition's last frame, holds the end of a member that ends on that frame inside the
    /// longer group of one property's runs (Apple's picture of pr_1632_1 at 100 % shows that run's last value).
    @inlinable
    public func holdsEnd(_ sample: TimingSample, heldAtGroupEnd: Bool = false) -> Bool {
        guard sample.contributes, effectiveSpeed > 0 else { return false }
        return sample.phase == .after || (heldAtGroupEnd && sample.phase == .active)
    }

    /// Folds an active time into cycles (SPEC §1.5) and packages the sample.
    ///
    /// `limitFromBelow` asks for the limit as the active time approaches from smaller values: a remainder of
    /// exactly 0 then means the end of the previous cycle.
    @inlinable
    static func fold(
        phase: TimingPhase, contributes: Bool, activeTime: Double,
        duration d: Double, autoreverses: Bool, limitFromBelow: Bool
    ) -> TimingSample {
        let cycle = autoreverses ? d * 2 : d
        var basic: Double
        var iteration: Double
        var fraction: Double

        if !activeTime.isFinite {
            // Only reachable with infinite inputs: defined as the start of the first cycle.
            basic = 0
            iteration = 0
            fraction = 0
        } else if cycle == 0 {
            // No cycle to fold into. The limit of a vanishing duration: the end when approached from below.
            basic = 0
            iteration = 0
            fraction = limitFromBelow && !autoreverses ? 1 : 0
        } else if cycle == .infinity {
            // One endless cycle: no folding, and no finite fraction of an infinite duration other than 0.
            basic = activeTime
            iteration = 0
            fraction = 0
        } else {
            iteration = (activeTime / cycle).rounded(.down)
            if iteration.isFinite {
                var remainder = activeTime.addingProduct(-iteration, cycle)
                if remainder < 0 {
                    iteration -= 1
                    remainder += cycle
                } else if remainder >= cycle {
                    iteration += 1
                    remainder -= cycle
                }
                remainder = Swift.min(Swift.max(remainder, 0), cycle)
                if limitFromBelow && remainder == 0 {
                    remainder = cycle
                    iteration -= 1
                }
                basic = autoreverses && remainder > d ? cycle - remainder : remainder
                fraction = Swift.min(basic / d, 1)
            } else {
                // The quotient overflowed (a cycle far shorter than the active time can resolve).
                basic = 0
                iteration = 0
                fraction = 0
            }
        }
        return TimingSample(
            phase: phase, contributes: contributes, activeTime: activeTime, basicTime: basic,
            iteration: TimingSample.clampedIteration(iteration), fraction: fraction)
    }
}

// MARK: - Layer time

extension TimingParameters {
    /// A layer's local time when its superlayer's local time (or media time, for a root layer) is `parentTime`
    /// (SPEC §1.9, §11b).
    ///
    /// Layers never fold or end, whatever their duration and repeat values: the map is
    /// `(parentTime − beginTime) × speed + timeOffset`, except that before `beginTime` a layer's time is 0. With
    /// speed 0 the layer is frozen at `timeOffset` (from `beginTime` on). A NaN parent time gives 0 like a time
    /// before the beginning.
    @inlinable
    public func layerTime(fromParentTime parentTime: Double) -> Double {
        let begin = effectiveBeginTime
        guard parentTime >= begin else { return 0 }
        let offset = effectiveTimeOffset
        let speed = effectiveSpeed
        let delta = parentTime - begin
        if speed == 0 || delta.isNaN { return offset }
        return offset.addingProduct(delta, speed)
    }

    /// The superlayer time at which a layer's local time is `layerTime`: the inverse of
    /// `layerTime(fromParentTime:)`, `(layerTime − timeOffset) / speed + beginTime` (SPEC §1.11).
    ///
    /// A frozen layer (speed 0) has no inverse; it answers 0 whatever its `beginTime`, as Core Animation's
    /// `convertTime` does (values cross-checked on macOS by a peer project: a paused child with begin time 8 maps
    /// its time 10 to 0 in its superlayer). The clamp to 0 before `beginTime` is not inverted either: local time 0
    /// maps to the parent time the unclamped formula gives. NaN stays NaN.
    @inlinable
    public func parentTime(fromLayerTime layerTime: Double) -> Double {
        let speed = effectiveSpeed
        if speed == 0 { return 0 }
        return (layerTime - effectiveTimeOffset) / speed + effectiveBeginTime
    }
}
