/// An animation's timing with every derived constant computed once, for the per-frame path (our helper).
///
/// `TimingParameters.sample(atParentTime:)` is the reference: it re-derives the sanitised begin time, offset and
/// speed and the active duration on every call and fills in every field of a `TimingSample`. An animation's timing
/// never changes after it is attached, so the track computes those constants once here and asks only for what
/// the value needs: whether the animation shows, its fraction and its iteration. The phase rules are the reference
/// ones (SPEC §1.2–§1.6), and the fold into cycles is the reference's own `TimingParameters.fold`; a randomised
/// test checks that both paths agree on every input, odd ones included.
///
/// The plan keeps only the derived constants (no `TimingParameters`), so it stays small in the flat per-layer
/// programs the layer tree evaluates every frame (`PresentationProgram`).
struct TimingPlan: Sendable {
    private let begin: Double
    private let offset: Double
    private let speed: Double
    private let active: Double
    private let duration: Double
    private let autoreverses: Bool
    private let fillsBackwards: Bool
    private let fillsForwards: Bool

    init(_ parameters: TimingParameters) {
        begin = parameters.effectiveBeginTime
        offset = parameters.effectiveTimeOffset
        speed = parameters.effectiveSpeed
        active = parameters.activeDuration
        duration = parameters.effectiveDuration
        autoreverses = parameters.autoreverses
        fillsBackwards = parameters.fillsBackwards
        fillsForwards = parameters.fillsForwards
    }

    /// The fraction of the current cycle (the timing function's input) and the iteration at `parentTime`, or `nil`
    /// when the animation shows nothing then. Equal to the `fraction` and `iteration` of `sample(atParentTime:)` on
    /// the parameters the plan was made from, whenever that sample `contributes`.
    /// `heldAtGroupEnd` as for `TimingParameters.sample(atParentTime:heldAtGroupEnd:)`.
    @inline(__always)
    func progress(atParentTime parentTime: Double, heldAtGroupEnd: Bool = false) -> (fraction: Double, iteration: Int)?
    {
        let magnitude = Swift.abs(speed)
        let reversed = speed < 0
        let activeTime: Double
        let limitFromBelow: Bool
        if !(parentTime >= begin) {
            guard fillsBackwards else { return nil }
            activeTime = offset
            limitFromBelow = reversed
        } else {
            var delta = parentTime - begin
            if delta.isNaN { delta = 0 }
            let elapsed = magnitude == 0 ? 0 : delta * magnitude
            if elapsed < active || active == .infinity {
                activeTime = magnitude == 0 ? offset : offset.addingProduct(delta, speed)
                limitFromBelow = reversed && elapsed == 0
            } else {
                guard fillsForwards || (heldAtGroupEnd && !reversed && elapsed == active) else { return nil }
                activeTime = offset.addingProduct(active, reversed ? -1 : 1)
                limitFromBelow = !reversed
            }
        }
        let sample = TimingParameters.fold(
            phase: .active, contributes: true, activeTime: activeTime, duration: duration,
            autoreverses: autoreverses, limitFromBelow: limitFromBelow)
        return (sample.fraction, sample.iteration)
    }
}
