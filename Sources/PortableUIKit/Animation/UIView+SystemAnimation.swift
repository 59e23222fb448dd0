import Foundation

// System animations (Apple API; SPEC §11.8).

extension UIView {
    /// Plays a system animation on `views` while `parallelAnimations` animates other views alongside it, then
    /// calls `completion` (Apple API; Objective-C `performSystemAnimation:onViews:options:animations:completion:`).
    ///
    /// `.delete`: each view swells briefly, then shrinks to a quarter of its size while fading out, and leaves its
    /// superview once everything has stopped; it ends with `transform` `(0.25, 0, 0, 0.25, 0, 0)` and `alpha` 0
    /// (seed 002). Timing (ours, INFERRED; UIKit does not document it): 0.35 s in all, the swell to 1.1× over the
    /// first fifth, the shrink and fade over the rest. `parallelAnimations` runs in an ordinary animation block
    /// of the same length with `options`; do not change the deleted views there. `completion` gets the
    /// `finished` flag of whichever part stopped last.
    public class func perform(
        _ animation: UIView.SystemAnimation, on views: [UIView], options: UIView.AnimationOptions = [],
        animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        switch animation {
        case .delete:
            performDelete(on: views, options: options, parallelAnimations: parallelAnimations, completion: completion)
        }
    }

    /// The timing of the delete system animation (ours; see `perform(_:on:options:animations:completion:)`).
    enum DeleteAnimation {
        static let duration: TimeInterval = 0.35
        static let swellFraction = 0.2
        static let swellScale: CGFloat = 1.1
        static let finalScale: CGFloat = 0.25
    }

    private static func performDelete(
        on views: [UIView], options: UIView.AnimationOptions, parallelAnimations: (() -> Void)?,
        completion: ((Bool) -> Void)?
    ) {
        var remaining = parallelAnimations == nil ? 1 : 2
        var lastFinished = true
        let partDone: (Bool) -> Void = { finished in
            lastFinished = finished
            remaining -= 1
            guard remaining == 0 else { return }
            for view in views { view.removeFromSuperview() }
            completion?(lastFinished)
        }
        let swell = CGAffineTransform(scaleX: DeleteAnimation.swellScale, y: DeleteAnimation.swellScale)
        let shrunk = CGAffineTransform(scaleX: DeleteAnimation.finalScale, y: DeleteAnimation.finalScale)
        animateKeyframes(
            withDuration: DeleteAnimation.duration, delay: 0,
            options: KeyframeAnimationOptions(rawValue: options.rawValue & 0x3),
            animations: {
                addKeyframe(withRelativeStartTime: 0, relativeDuration: DeleteAnimation.swellFraction) {
                    for view in views { view.transform = swell }
                }
                addKeyframe(
                    withRelativeStartTime: DeleteAnimation.swellFraction,
                    relativeDuration: 1 - DeleteAnimation.swellFraction
                ) {
                    for view in views {
                        view.transform = shrunk
                        view.alpha = 0
                    }
                }
            }, completion: partDone)
        if let parallelAnimations {
            animate(
                withDuration: DeleteAnimation.duration, delay: 0, options: options, animations: parallelAnimations,
                completion: partDone)
        }
    }
}
