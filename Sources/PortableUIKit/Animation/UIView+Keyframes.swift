import Foundation

// Keyframe blocks (Apple API; SPEC §11.6).

extension UIView {
    /// Animates the changes made in `animations` as keyframes over `duration` seconds, starting `delay` seconds
    /// after the commit (Apple API).
    ///
    /// Inside `animations`, each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` call gives the
    /// changes its closure makes a window of the block's progress (0.5 and 0.2 of 5 s: progress 0.5 to 0.7);
    /// changes made directly in `animations` span the whole duration. When the block ends, every changed
    /// property gets one `CAKeyframeAnimation` under its key whose keyframes hold the value between windows and
    /// start from the value before the block. Values between keyframes follow the calculation mode of `options`
    /// (linear by default); the segments themselves are paced linearly. The curve bits of `options` (those of
    /// `AnimationOptions`, ease-in-ease-out when 0) warp the whole duration, as on iOS: with the default curve
    /// progress 0.7 comes at 3.10 s of 5, not 3.5 s. Geometry is not additive here.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let block = makeBlock(
            duration: duration, delay: delay, options: options.animationOptions,
            kind: .keyframes(options.calculationMode), completion: completion)
        let context = ViewAnimationContext.current
        let previousWindow = context.keyframeWindow
        context.keyframeWindow = nil
        defer { context.keyframeWindow = previousWindow }
        run(block, animations: animations)
    }

    /// Gives the changes `animations` makes the window from `frameStartTime` to `frameStartTime + frameDuration`,
    /// as fractions (0…1) of the enclosing keyframe block's duration (Apple API). Call it only inside
    /// `animateKeyframes`; elsewhere the closure simply runs (its changes then animate, or not, as the open block
    /// says). Fractions are clamped to 0…1; NaN counts as 0.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        let context = ViewAnimationContext.current
        let previous = context.keyframeWindow
        let start = frameStartTime.isNaN ? 0 : Swift.min(Swift.max(frameStartTime, 0), 1)
        let length = frameDuration.isNaN ? 0 : Swift.min(Swift.max(frameDuration, 0), 1 - start)
        context.keyframeWindow = (start, length)
        defer { context.keyframeWindow = previous }
        animations()
    }
}
