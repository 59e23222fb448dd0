/// Where a parent time falls relative to an object's active period (our addition, not Apple API).
public enum TimingPhase: Hashable, Sendable {
    /// Before `beginTime`.
    case before
    /// Inside the active period.
    case active
    /// After the active period has ended.
    case after
}

/// The result of evaluating an animation's timing at one parent time (our addition, not Apple API).
///
/// Every field is defined in every phase: outside the active period they describe the nearer end of it, and
/// `contributes` says whether the fill mode lets that value show. A renderer uses `fraction` (through the timing
/// function) and `iteration` only when `contributes` is true; the animation driver also reads `phase` to know
/// when an animation has started and finished.
public struct TimingSample: Hashable, Sendable {
    /// Before, inside or after the active period.
    public var phase: TimingPhase

    /// Whether the object produces a value at this time: always inside the active period, before it with a
    /// backwards fill, after it with a forwards fill, and never when an enclosing group contributes nothing.
    public var contributes: Bool

    /// The active local time (seconds) after the phase clamp, before the fold into cycles.
    public var activeTime: Double

    /// The basic local time in `0 … duration` seconds after the repeat and autoreverse fold. For an infinite
    /// duration it equals `activeTime` (no fold); for a zero duration it is 0.
    public var basicTime: Double

    /// Which cycle the active time falls in: `floor(activeTime / cycle)`, where an autoreversing cycle is the
    /// whole there-and-back. Negative when a negative speed or offset runs before the first cycle. 0 for zero or
    /// infinite durations and non-finite times; saturates at the bounds of `Int`.
    public var iteration: Int

    /// Progress through the current simple duration, `basicTime / duration`, in `0 … 1`: the input of the timing
    /// function. It is never NaN:
    ///
    /// * infinite duration: 0;
    /// * zero duration: 1 when the sample is the end of an active period approached from inside (a finished
    ///   forward play that does not autoreverse), 0 otherwise;
    /// * non-finite active time (only from infinite inputs): 0.
    public var fraction: Double

    /// A sample with every field given.
    public init(
        phase: TimingPhase, contributes: Bool, activeTime: Double, basicTime: Double, iteration: Int,
        fraction: Double
    ) {
        self.phase = phase
        self.contributes = contributes
        self.activeTime = activeTime
        self.basicTime = basicTime
        self.iteration = iteration
        self.fraction = fraction
    }

    /// Converts an integral iteration count to `Int`, saturating instead of trapping.
    @inlinable
    static func clampedIteration(_ value: Double) -> Int {
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        if value.isNaN { return 0 }
        return Int(value)
    }
}
