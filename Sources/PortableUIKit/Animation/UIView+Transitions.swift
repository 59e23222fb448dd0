import Foundation

// Transitions (Apple API; SPEC §11.7).
//
// The transition options become a `CATransition` on the container's layer, under the key "transition"; the
// renderer draws them. The mapping (UIKit's, RE-UK):
//
// | option                        | CATransition type | subtype      |
// |-------------------------------|-------------------|--------------|
// | transitionFlipFromLeft        | "oglFlip"         | `fromLeft`   |
// | transitionFlipFromRight       | "oglFlip"         | `fromRight`  |
// | transitionFlipFromTop         | "oglFlip"         | `fromTop`    |
// | transitionFlipFromBottom      | "oglFlip"         | `fromBottom` |
// | transitionCurlUp              | "pageCurl"        | none         |
// | transitionCurlDown            | "pageUnCurl"      | none         |
// | transitionCrossDissolve       | `.fade`           | none         |
// | transitionNone                | no transition     |              |
//
// The transition has the block's duration and curve (and delay, when nested blocks give one). Without
// `allowAnimatedContent` UIKit animates snapshots; the option is accepted, and the renderer decides how to draw.

extension UIView {
    /// Changes a view's content with a transition (Apple API): runs `animations` at once inside an animation
    /// block (so property changes of subviews animate as in `animate(withDuration:…)`, seed 002) and adds the
    /// transition the options name to `view`'s layer, which plays between the old and the new picture for
    /// `duration` seconds. `completion` runs when the transition and the block's animations have all stopped.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let block = makeBlock(duration: duration, delay: 0, options: options, kind: .curve, completion: completion)
        run(block, animations: { animations?() }) {
            addTransition(for: options, to: view.layer, in: block)
        }
    }

    /// Replaces `fromView` by `toView` with a transition (Apple API; SPEC §11.7).
    ///
    /// By default `fromView` leaves its superview and `toView` takes its place there (same index). With
    /// `showHideTransitionViews` nothing moves: `fromView` is hidden and `toView` shown, and `toView` must
    /// already be where it should appear. The transition the options name plays on the superview's layer (the
    /// container). Without a superview only the hiding and showing happens.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        let container = fromView.superview
        let block = makeBlock(duration: duration, delay: 0, options: options, kind: .curve, completion: completion)
        run(block) {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let container, fromView !== toView {
                let index = container.subviews.firstIndex(ofIdentical: fromView) ?? container.subviews.count
                fromView.removeFromSuperview()
                container.insertSubview(toView, at: index)
            }
        } finish: {
            if let container { addTransition(for: options, to: container.layer, in: block) }
        }
    }

    /// Adds the transition the options' transition field names to `layer`, when the block has a duration.
    private static func addTransition(for options: UIView.AnimationOptions, to layer: CALayer, in block: AnimationBlock)
    {
        guard block.settings.duration > 0, let (type, subtype) = transitionType(for: options.transitionField)
        else { return }
        block.addTransition(type: type, subtype: subtype, to: layer)
    }

    /// The `CATransition` type and subtype for a transition field value (see the table above); nil for none.
    static func transitionType(for field: UInt) -> (CATransitionType, CATransitionSubtype?)? {
        switch field {
        case 1: (CATransitionType(rawValue: "oglFlip"), .fromLeft)
        case 2: (CATransitionType(rawValue: "oglFlip"), .fromRight)
        case 3: (CATransitionType(rawValue: "pageCurl"), nil)
        case 4: (CATransitionType(rawValue: "pageUnCurl"), nil)
        case 5: (.fade, nil)
        case 6: (CATransitionType(rawValue: "oglFlip"), .fromTop)
        case 7: (CATransitionType(rawValue: "oglFlip"), .fromBottom)
        default: nil
        }
    }
}
