import Foundation

// The legacy animation blocks, `beginAnimations` … `commitAnimations` (Apple API, deprecated in iOS 13; SPEC
// §11.8). Same machinery as the closure-based blocks: property changes made between the two calls animate with
// the attributes set so far (set them before changing properties, as UIKit requires). Defaults: 0.2 s, no delay,
// ease-in-out, no repeat. The `setAnimation…` calls change the innermost legacy block and do nothing outside one.
//
// Deviation: Linux has no Objective-C selectors, so `setAnimationWillStart(_:)` and `setAnimationDidStop(_:)`
// take an unapplied method reference of the delegate's class (`MyController.animationDidStop` where Apple writes
// `#selector(animationDidStop(_:finished:context:))`), the way `CADisplayLink(target:selector:)` does here; the
// method is called on the object given to `setAnimationDelegate(_:)` when it is of that class.

/// What a legacy block adds to an animation block (our helper).
final class LegacyAnimationInfo {
    let animationID: String?
    let context: UnsafeMutableRawPointer?
    /// Whether animations were enabled at `beginAnimations`.
    let animationsEnabled: Bool
    var delegate: AnyObject?
    var willStart: ((AnyObject, String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((AnyObject, String?, Bool, UnsafeMutableRawPointer?) -> Void)?
    /// The view and transition of `setAnimationTransition(_:for:cache:)`.
    var transition: (view: UIView, kind: UIView.AnimationTransition)?

    init(animationID: String?, context: UnsafeMutableRawPointer?, animationsEnabled: Bool) {
        self.animationID = animationID
        self.context = context
        self.animationsEnabled = animationsEnabled
    }
}

extension UIView {
    /// The innermost open legacy blocks and what they carry, in the order they were begun.
    private static var legacyBlocks: [(block: AnimationBlock, info: LegacyAnimationInfo)] = []

    /// The innermost open legacy block, when it is also the innermost open block of any kind.
    private static var currentLegacy: (block: AnimationBlock, info: LegacyAnimationInfo)? {
        guard let last = legacyBlocks.last, ViewAnimationContext.current.current === last.block else { return nil }
        return last
    }

    /// Opens a legacy animation block (Apple API). `animationID` and `context` are handed back to the delegate's
    /// will-start and did-stop methods.
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let enabled = areAnimationsEnabled
        let block = AnimationBlock(settings: .legacy(animationsEnabled: enabled), completion: nil)
        let info = LegacyAnimationInfo(animationID: animationID, context: context, animationsEnabled: enabled)
        block.setCompletion { finished in
            if let delegate = info.delegate { info.didStop?(delegate, animationID, finished, context) }
        }
        legacyBlocks.append((block, info))
        ViewAnimationContext.current.blocks.append(block)
    }

    /// Closes the innermost legacy block (Apple API): adds its transition, if one was set, tells the delegate the
    /// animations will start, and lets them run. Nothing happens without an open legacy block.
    public class func commitAnimations() {
        guard let (block, info) = legacyBlocks.popLast() else { return }
        let context = ViewAnimationContext.current
        if let transition = info.transition, block.settings.duration > 0 {
            let field: UInt =
                switch transition.kind {
                case .none: 0
                case .flipFromLeft: 1
                case .flipFromRight: 2
                case .curlUp: 3
                case .curlDown: 4
                }
            if let (type, subtype) = transitionType(for: field) {
                block.addTransition(type: type, subtype: subtype, to: transition.view.layer)
            }
        }
        if let index = context.blocks.lastIndex(ofIdentical: block) {
            context.blocks.remove(at: index)
        }
        if let delegate = info.delegate { info.willStart?(delegate, info.animationID, info.context) }
        block.close()
    }

    /// Sets the duration of the innermost legacy block, in seconds (Apple API); 0 or less applies later changes
    /// without animation.
    public class func setAnimationDuration(_ duration: TimeInterval) {
        guard let (block, info) = currentLegacy else { return }
        block.settings.duration = duration
        block.settings.isEnabled = info.animationsEnabled && duration > 0
    }

    /// Sets the delay of the innermost legacy block, in seconds after the commit (Apple API).
    public class func setAnimationDelay(_ delay: TimeInterval) {
        guard let (block, _) = currentLegacy else { return }
        block.settings.delay = delay > 0 && delay.isFinite ? delay : 0
    }

    /// Makes the innermost legacy block start at `startDate` (Apple API): a delay of the time from now to that
    /// date (read from the wall clock once, here); a date in the past means no delay.
    public class func setAnimationStart(_ startDate: Date) {
        setAnimationDelay(startDate.timeIntervalSinceNow)
    }

    /// Sets the curve of the innermost legacy block (Apple API).
    public class func setAnimationCurve(_ curve: UIView.AnimationCurve) {
        currentLegacy?.block.settings.curve = curve
    }

    /// Sets how many times the innermost legacy block's animations repeat (Apple API); fractions allowed, 0 plays
    /// once.
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        currentLegacy?.block.settings.repeatCount = repeatCount
    }

    /// Sets whether the innermost legacy block's animations play backwards after each forward run (Apple API).
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        currentLegacy?.block.settings.autoreverses = repeatAutoreverses
    }

    /// Sets whether the innermost legacy block starts non-additive animations from the value on screen (Apple
    /// API).
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        currentLegacy?.block.settings.beginsFromCurrentState = fromCurrentState
    }

    /// Plays a flip or curl transition on `view` when the innermost legacy block commits (Apple API). `cache` is
    /// accepted and ignored (the renderer decides how to draw).
    public class func setAnimationTransition(_ transition: UIView.AnimationTransition, for view: UIView, cache: Bool) {
        currentLegacy?.info.transition = (view, transition)
    }

    /// Sets the object whose will-start and did-stop methods the innermost legacy block calls (Apple API). Held
    /// strongly until the block has stopped.
    public class func setAnimationDelegate(_ delegate: Any?) {
        currentLegacy?.info.delegate = if let delegate { delegate as AnyObject } else { nil }
    }

    /// Sets the method called on the delegate when the animations are about to start, with the animation ID and
    /// context given to `beginAnimations` (Apple API with the spelling change described above).
    public class func setAnimationWillStart<Delegate: AnyObject>(
        _ selector: @escaping (Delegate) -> (String?, UnsafeMutableRawPointer?) -> Void
    ) {
        currentLegacy?.info.willStart = { object, identifier, context in
            guard let delegate = object as? Delegate else { return }
            selector(delegate)(identifier, context)
        }
    }

    /// Sets the method called on the delegate when the animations have stopped, with the animation ID, whether
    /// they finished (as an `NSNumber` holding a `Bool`, like UIKit) and the context (Apple API with the spelling
    /// change described above).
    public class func setAnimationDidStop<Delegate: AnyObject>(
        _ selector: @escaping (Delegate) -> (String?, NSNumber, UnsafeMutableRawPointer?) -> Void
    ) {
        currentLegacy?.info.didStop = { object, identifier, finished, context in
            guard let delegate = object as? Delegate else { return }
            selector(delegate)(identifier, NSNumber(value: finished), context)
        }
    }

    /// Sets a parameterless method called on the delegate when the animations have stopped (Apple API with the
    /// spelling change described above).
    public class func setAnimationDidStop<Delegate: AnyObject>(_ selector: @escaping (Delegate) -> () -> Void) {
        currentLegacy?.info.didStop = { object, _, _, _ in
            guard let delegate = object as? Delegate else { return }
            selector(delegate)()
        }
    }
}
