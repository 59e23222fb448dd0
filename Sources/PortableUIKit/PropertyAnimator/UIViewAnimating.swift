import Foundation

/// Where a property animator is in its life (Apple API; raw values are Apple's).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: its animations are not applied.
    case inactive = 0
    /// Started or paused: its animations are on the views.
    case active = 1
    /// Stopped with `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where the animations ended (Apple API; raw values are Apple's).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At their end values.
    case end = 0
    /// Back at their start values.
    case start = 1
    /// Somewhere in between, where they were stopped.
    case current = 2
}

/// An object that runs, pauses, scrubs and stops animations (Apple API).
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    /// Where the animator is in its life.
    var state: UIViewAnimatingState { get }
    /// Whether the animations are running now (not paused).
    var isRunning: Bool { get }
    /// Whether the animations run from their end back towards their start.
    var isReversed: Bool { get set }
    /// How far the animations have got, 0…1 of the duration.
    var fractionComplete: CGFloat { get set }
    /// Starts (or resumes) the animations.
    func startAnimation()
    /// Starts (or resumes) the animations after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animations where they are.
    func pauseAnimation()
    /// Stops the animations where they are: to `.inactive` without completion when `withoutFinishing` is true,
    /// else to `.stopped`, waiting for `finishAnimation(at:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes stopped animations at `finalPosition` and calls the completions.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator whose animations can be added to and re-timed while it runs (Apple API).
///
/// Deviation: Apple's methods are optional Objective-C requirements; here an adopting class implements all four
/// (`UIViewPropertyAnimator` does).
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds animations that run with the others.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations that start after `delayFactor` of the remaining duration.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block called with the final position when the animations finish.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes paused animations with new timing and a duration of `durationFactor` times the original.
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}
