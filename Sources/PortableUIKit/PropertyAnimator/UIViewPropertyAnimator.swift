import Foundation

/// Animates view changes with a run you can start, pause, scrub, reverse, stop and finish (Apple API, iOS 10;
/// SPEC §11.9).
///
/// The animations closures run when the animator becomes active (`startAnimation()`, `pauseAnimation()`, or
/// setting `fractionComplete`), and their property changes become the animator's tracks: each goes from the
/// value before to the value after. The views' model values are the end values from then on; what shows is an
/// animation per track that the animator keeps in step with its own state:
///
/// * `fractionComplete` is the share of the duration elapsed (0…1), unpaced. Running forwards it grows by
///   `1 / duration` per second; reversed (`isReversed`) it shrinks, and the views retrace their path.
/// * Running, the views show the timing curve applied to it (`F(fraction)` for cubic curves, the spring's
///   position after `fraction × duration` seconds for springs).
/// * Paused, the views stay where they were. Setting `fractionComplete` while paused scrubs: with
///   `scrubsLinearly` (the default) the views move linearly with the fraction, otherwise along the curve. Starting
///   again after a linear scrub continues along the curve from the picture on screen (the fraction jumps to the
///   point of the curve showing it, so nothing jumps on screen).
/// * At the end (or, reversed, back at the start) the animator finishes: the model values become the end (or
///   start) values, the state `.inactive`, and the completions get `.end` (or `.start`). With
///   `pausesOnCompletion` it pauses there instead, stays `.active` and calls nothing.
/// * `stopAnimation(false)` leaves the views where they are (the model takes the values on screen) in state
///   `.stopped`; `finishAnimation(at:)` then sets them to the start, the end or keeps them (`.current`) and calls
///   the completions. `stopAnimation(true)` does the same without completions, straight to `.inactive`.
///
/// Animations added while active (`addAnimations`) run over the remaining time, after `delayFactor` of it.
///
/// Springs: the damping-ratio forms are fitted to `duration` (SPEC §11.5); the mass/stiffness/damping, duration/
/// bounce and default springs last until they settle, whatever `duration` says.
///
/// Deviations (INFERRED where UIKit is undocumented): the tracks are non-additive animations; after a reversal
/// `fractionComplete` still counts from the start (iOS 11+ reports `1 −` it in some cases); a reversed run with a
/// delay shows the end values during the delay; the spring's 2-D velocity uses `dx` for every property; a
/// non-interruptible animator ignores pause, scrub and reversal requests while it runs.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating, NSCopying {
    /// The timing the animator was created with, or given by `continueAnimation` (Apple API).
    public private(set) var timingParameters: (any UITimingCurveProvider)?
    /// The duration the animator was created with, in seconds (Apple API).
    public let duration: TimeInterval
    /// The delay of the last start, in seconds (Apple API).
    public private(set) var delay: TimeInterval = 0
    /// Whether the views receive touches while the animator is active (Apple API). Default true; when false the
    /// animated views ignore touches until the animator finishes or stops.
    open var isUserInteractionEnabled = true
    /// Stored for source compatibility (Apple API): hit testing here never consults the animator. Default false.
    open var isManualHitTestingEnabled = false
    /// Whether the animator may be paused, scrubbed and reversed while it runs (Apple API). Default true. Can only
    /// be changed while inactive.
    open var isInterruptible: Bool {
        get { interruptible }
        set { if state == .inactive { interruptible = newValue } }
    }
    /// Whether scrubbing a paused animator moves the views linearly with `fractionComplete` (Apple API, iOS 11).
    /// Default true.
    open var scrubsLinearly = true
    /// Whether the animator pauses at the end instead of finishing (Apple API, iOS 11). Default false.
    open var pausesOnCompletion = false

    public private(set) var state: UIViewAnimatingState = .inactive
    public private(set) var isRunning = false

    private var interruptible = true
    private var pacing: AnimatorPacing
    /// The length of a full run in seconds (the duration, or a physical spring's settling time).
    private var runDuration: Double
    private var pendingAnimations: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var tracks: [AnimatorTrack] = []
    /// The fraction at `anchorTime` (running) or now (paused).
    private var fraction = 0.0
    /// The media time the current run started (or starts, after a delay) from `fraction`.
    private var anchorTime = 0.0
    private var reversed = false
    /// Whether the paused picture follows the fraction linearly (after a linear scrub).
    private var isLinearScrub = false
    /// Bumped whenever the run changes, so a scheduled end of an old run does nothing.
    private var generation = 0
    private var blockedGates: [ViewInteractionGate] = []
    private let serial: Int

    private static var nextSerial = 0

    // MARK: Creating animators

    /// An animator lasting `duration` seconds, paced by `parameters` (Apple API). A negative or NaN duration
    /// counts as 0: such an animator finishes on the next turn after it starts.
    public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        let duration = duration >= 0 ? duration : 0
        self.duration = duration
        timingParameters = parameters
        (pacing, runDuration) = AnimatorPacing.make(for: parameters, duration: duration)
        UIViewPropertyAnimator.nextSerial += 1
        serial = UIViewPropertyAnimator.nextSerial
        super.init()
    }

    /// An animator with a named curve (Apple API).
    public convenience init(
        duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a cubic curve through two control points (Apple API).
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration,
            timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of `ratio` fitted to `duration` (Apple API).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// A started animator, as `UIView.animate(withDuration:delay:options:animations:completion:)` would be one
    /// (Apple API): the curve of `options`, started after `delay`, `completion` added.
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = Self(
            duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// A new inactive animator with the same duration and timing, without animations or completions (Apple
    /// API). Call it on the main actor, like the rest of the class (or, from Swift 5 code, on the thread that uses
    /// the animator).
    nonisolated open func copy(with zone: NSZone? = nil) -> Any {
        CallerThread.run { () -> UIViewPropertyAnimator in
            let copy = UIViewPropertyAnimator(
                duration: duration, timingParameters: timingParameters ?? UICubicTimingParameters())
            copy.isInterruptible = isInterruptible
            copy.scrubsLinearly = scrubsLinearly
            copy.pausesOnCompletion = pausesOnCompletion
            copy.isUserInteractionEnabled = isUserInteractionEnabled
            return copy
        }
    }

    // MARK: Reading and setting progress

    /// Whether the run goes from the end back to the start (Apple API). Setting it on a running animator turns
    /// the views round where they are.
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            guard state == .active, isRunning else {
                reversed = newValue
                return
            }
            guard interruptible else { return }
            let now = CACurrentMediaTime()
            fraction = currentFraction(at: now)
            anchorTime = Swift.max(now, anchorTime)
            reversed = newValue
            beginRun()
        }
    }

    /// The share of the duration elapsed, 0…1 (Apple API). Setting it on an inactive or paused animator pauses it
    /// there (scrubbing); a running animator ignores it. Values are clamped to 0…1; NaN is ignored.
    open var fractionComplete: CGFloat {
        get { CGFloat(state == .active ? currentFraction(at: CACurrentMediaTime()) : fraction) }
        set {
            guard !newValue.isNaN, !isRunning, state != .stopped else { return }
            if state == .inactive { activate() }
            fraction = Swift.min(Swift.max(Double(newValue), 0), 1)
            isLinearScrub = scrubsLinearly
            showPaused()
        }
    }

    // MARK: UIViewAnimating

    /// Starts the animations now (Apple API). See `startAnimation(afterDelay:)`.
    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts, or resumes, the animations after `delay` seconds (Apple API). An inactive animator runs its
    /// animations closures first and starts from the start (from the end when reversed). A running animator
    /// ignores the call.
    ///
    /// - Precondition: the animator is not stopped (Apple raises an exception); finish it first.
    open func startAnimation(afterDelay delay: TimeInterval) {
        precondition(
            state != .stopped,
            "UIViewPropertyAnimator: startAnimation on a stopped animator; call finishAnimation(at:) first")
        if state == .inactive {
            activate()
            fraction = reversed ? 1 : 0
        } else if isRunning {
            return
        }
        if isLinearScrub {
            // The picture shows progress `fraction`; resume at the point of the curve that shows it.
            fraction = pacing.fraction(forProgress: fraction, duration: runDuration)
            isLinearScrub = false
        }
        let safeDelay = delay > 0 && delay.isFinite ? delay : 0
        self.delay = safeDelay
        anchorTime = CACurrentMediaTime() + safeDelay
        isRunning = true
        beginRun()
    }

    /// Pauses the animations where they are (Apple API). An inactive animator runs its animations closures and
    /// pauses at the start.
    open func pauseAnimation() {
        switch state {
        case .inactive:
            activate()
            fraction = reversed ? 1 : 0
            showPaused()
        case .active:
            guard isRunning, interruptible else { return }
            fraction = currentFraction(at: CACurrentMediaTime())
            isRunning = false
            showPaused()
        case .stopped:
            break
        }
    }

    /// Stops the animations where they are (Apple API): the views' model values become the values on screen.
    /// With `withoutFinishing` the animator goes straight to `.inactive` and its completions are dropped;
    /// otherwise it goes to `.stopped` and waits for `finishAnimation(at:)`. Nothing happens unless active.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        fraction = currentFraction(at: CACurrentMediaTime())
        var shown: [AnimatableValue] = []
        for track in tracks { shown.append(value(of: track, atFraction: fraction)) }
        isRunning = false
        generation += 1
        setModel { for (track, value) in zip(tracks, shown) { set(value, for: track) } }
        removeTrackAnimations()
        if withoutFinishing {
            tracks.removeAll()
            completions.removeAll()
            state = .inactive
            openGates()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator (Apple API): the views take their end or start values, or keep their current
    /// ones, the animator becomes `.inactive` and the completions run with `finalPosition`.
    ///
    /// - Precondition: the animator is stopped (Apple raises an exception otherwise).
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        precondition(
            state == .stopped,
            "UIViewPropertyAnimator: finishAnimation(at:) needs a stopped animator; call stopAnimation(false) first")
        finish(at: finalPosition)
    }

    // MARK: UIViewImplicitlyAnimating

    /// Adds animations that run with the others (Apple API). See `addAnimations(_:delayFactor:)`.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations (Apple API). Before the start they run over the whole duration after `delayFactor` of it;
    /// once active, `animation` runs at once and its changes animate over the remaining time, after `delayFactor`
    /// (0…1) of it. A stopped animator ignores the call.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isNaN ? 0 : Swift.min(Swift.max(Double(delayFactor), 0), 1)
        switch state {
        case .inactive:
            pendingAnimations.append((animation, factor))
        case .active:
            let now = currentFraction(at: CACurrentMediaTime())
            let first = tracks.count
            capture(animation, startFraction: now + factor * (1 - now))
            if isRunning {
                fraction = now
                anchorTime = Swift.max(CACurrentMediaTime(), anchorTime)
                beginRun()
            } else {
                for track in tracks[first...] { install(track) }
            }
        case .stopped:
            break
        }
    }

    /// Adds a block called with the final position when the animations finish (Apple API).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Resumes the animations with new timing (nil keeps the current one) and a duration of `durationFactor`
    /// times the original (Apple API). A factor that is not a positive number keeps the duration. Only an active
    /// animator responds.
    open func continueAnimation(
        withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
    ) {
        guard state == .active else { return }
        let now = CACurrentMediaTime()
        if isRunning {
            fraction = currentFraction(at: now)
            anchorTime = Swift.max(now, anchorTime)
        }
        if let parameters { timingParameters = parameters }
        let factor = durationFactor > 0 && durationFactor.isFinite ? Double(durationFactor) : 1
        (pacing, runDuration) = AnimatorPacing.make(for: timingParameters, duration: duration * factor)
        if isRunning {
            beginRun()
        } else {
            startAnimation()
        }
    }

    // MARK: The run

    /// The fraction at media time `now`.
    private func currentFraction(at now: Double) -> Double {
        guard isRunning, runDuration > 0 else { return fraction }
        let elapsed = Swift.max(0, now - anchorTime) / runDuration
        let value = reversed ? fraction - elapsed : fraction + elapsed
        return Swift.min(Swift.max(value, 0), 1)
    }

    /// Runs the pending animations closures and enters `.active`.
    private func activate() {
        state = .active
        let pending = pendingAnimations
        pendingAnimations.removeAll()
        for (animations, delayFactor) in pending {
            capture(animations, startFraction: delayFactor)
        }
        if !isUserInteractionEnabled {
            blockedGates = []
            for track in tracks {
                if let gate = (track.layer.delegate as? UIView)?.interactionGate { blockedGates.append(gate) }
            }
            for gate in blockedGates { gate.block() }
        }
    }

    /// Runs `animations` with a recording block open and turns its changes into tracks starting at
    /// `startFraction`.
    private func capture(_ animations: () -> Void, startFraction: Double) {
        let recorder = AnimatorChangeRecorder()
        let settings = AnimationSettings(
            duration: Swift.max(runDuration, 1e-9), delay: 0, options: [], requested: .recorded(recorder),
            parent: nil, animationsEnabled: UIView.areAnimationsEnabled)
        let block = AnimationBlock(settings: settings, completion: nil)
        let context = ViewAnimationContext.current
        context.blocks.append(block)
        animations()
        if let index = context.blocks.lastIndex(ofIdentical: block) { context.blocks.remove(at: index) }
        for change in recorder.changes where change.old != change.new {
            let key = "UIViewPropertyAnimator-\(serial)-\(tracks.count)-\(change.property.key)"
            tracks.append(
                AnimatorTrack(
                    layer: change.layer, property: change.property, from: change.old, to: change.new,
                    startFraction: startFraction, key: key))
        }
    }

    /// Installs the running animations and schedules the end of the run.
    private func beginRun() {
        generation += 1
        for track in tracks { install(track) }
        let remaining = (reversed ? fraction : 1 - fraction) * runDuration
        let end = anchorTime + Swift.max(0, remaining)
        let expected = generation
        Self.run(at: end) { [weak self] in
            guard let self, self.generation == expected else { return }
            self.runDidEnd()
        }
    }

    /// Shows the paused picture.
    private func showPaused() {
        generation += 1
        for track in tracks { install(track) }
    }

    /// The run reached its end (or, reversed, its start).
    private func runDidEnd() {
        isRunning = false
        fraction = reversed ? 0 : 1
        if pausesOnCompletion {
            showPaused()
            return
        }
        finish(at: reversed ? .start : .end)
    }

    private func finish(at position: UIViewAnimatingPosition) {
        generation += 1
        isRunning = false
        setModel {
            for track in tracks {
                switch position {
                case .end: set(track.to, for: track)
                case .start: set(track.from, for: track)
                case .current: break
                }
            }
        }
        removeTrackAnimations()
        tracks.removeAll()
        state = .inactive
        fraction = position == .start ? 0 : (position == .end ? 1 : fraction)
        openGates()
        let due = completions
        completions.removeAll()
        for completion in due { completion(position) }
    }

    // MARK: Animations on the layers

    /// The value `track` shows at animator fraction `f` in the current mode.
    private func value(of track: AnimatorTrack, atFraction f: Double) -> AnimatableValue {
        let local = track.localFraction(atAnimatorFraction: f)
        let progress =
            isLinearScrub && !isRunning
            ? local : pacing.progress(atFraction: local, duration: (1 - track.startFraction) * runDuration)
        return AnimatableValue.interpolate(from: track.from, to: track.to, progress: progress)
    }

    /// Puts `track`'s animation for the current state on its layer (replacing the previous one).
    private func install(_ track: AnimatorTrack) {
        let layer = track.layer
        let span = (1 - track.startFraction) * runDuration
        let animation: CABasicAnimation
        if isRunning, span > 0 {
            switch pacing {
            case .cubic(let function):
                animation = CABasicAnimation(keyPath: track.property.key)
                animation.timingFunction = function
            case .spring(let spring):
                animation = spring.animation(keyPath: track.property.key)
            }
            animation.fromValue = track.from
            animation.toValue = track.to
            animation.duration = span
            let begin = layer.convertTime(anchorTime, from: nil)
            if reversed {
                animation.speed = -1
                animation.beginTime = begin - (1 - fraction) * runDuration
            } else {
                animation.beginTime = begin - (fraction - track.startFraction) * runDuration
            }
            if animation.beginTime == 0 { animation.beginTime = .leastNonzeroMagnitude }
        } else {
            let shown = value(of: track, atFraction: fraction)
            animation = CABasicAnimation(keyPath: track.property.key)
            animation.fromValue = shown
            animation.toValue = shown
            animation.duration = 1
            animation.speed = 0
        }
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: track.key)
    }

    private func removeTrackAnimations() {
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
    }

    /// Runs `changes` with actions disabled, so model values change without animation.
    private func setModel(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    /// Sets `track`'s property to `value` (through the view for a background colour, so its getter agrees).
    private func set(_ value: AnimatableValue, for track: AnimatorTrack) {
        if track.property == .backgroundColor, let view = track.layer.delegate as? UIView {
            view.backgroundColor = if let color = value.appleValue as! CGColor? { UIColor(cgColor: color) } else { nil }
            return
        }
        track.layer.setValue(value.appleValue, forKey: track.property.key)
    }

    private func openGates() {
        for gate in blockedGates { gate.unblock() }
        blockedGates.removeAll()
    }

    /// Runs `body` at media time `time`: a clock action of the installed manual clock, or a main-queue block.
    private static func run(at time: Double, _ body: @escaping @MainActor () -> Void) {
        // The body is handed to the one thread that runs the action and used there only, never shared.
        let box = UncheckedSendableBox(body)
        if let clock = MediaClock.current {
            clock.schedule(at: time) { CallerThread.run { box.value() } }
        } else {
            let delay = Swift.max(0, time - CACurrentMediaTime())
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { MainActor.assumeIsolated { box.value() } }
        }
    }
}
