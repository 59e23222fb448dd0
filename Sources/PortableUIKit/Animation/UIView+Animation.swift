import Foundation

// The block-based view animations (Apple API; SPEC §11.2–§11.5, §11.8).
//
// `animate…` runs its `animations` closure at once, with a new animation block open on the thread: every
// animatable property a view changes meanwhile animates from its old value to the new one (the model takes the
// new value at once). The animations start when the transaction commits (at the end of the run-loop turn, or of
// the manual clock's turn), after `delay`. The completion runs once the last animation the block created has
// stopped, with that animation's `finished` flag: `false` when it was removed or replaced (a later block
// animating the same opacity, say), `true` when it ran to its end. A block that creates no animation (nothing
// changed, a duration ≤ 0, animations disabled) completes with `true` on the next turn.
//
// Blocks nest: a block started inside another's closure inherits its duration, curve and kind of animation
// (spring or curve) unless its options override them, never its delay or its repeat, autoreverse and
// beginFromCurrentState options (SPEC §11.4). Blocks started one after the other are independent and start
// together.

extension UIView {
    /// Whether view animations are enabled (`setAnimationsEnabled(_:)`).
    private static var animationsEnabledStorage = true

    /// Whether animation blocks started now animate (Apple API). Default true.
    public class var areAnimationsEnabled: Bool {
        animationsEnabledStorage
    }

    /// Enables or disables animation for blocks started from now on (Apple API; SPEC §11.8). Animations created
    /// earlier keep running, even those still waiting for their delay; blocks started while disabled apply their
    /// changes at once and complete with `true`.
    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationsEnabledStorage = enabled
    }

    /// Runs `actionsWithoutAnimation` with animations disabled, then restores the previous setting (Apple API).
    /// Animation blocks started inside apply their changes at once. Transitions (`transition(with:…)`) still add
    /// their transition animation, as seed 002 observed with a curl.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let previous = animationsEnabledStorage
        animationsEnabledStorage = false
        defer { animationsEnabledStorage = previous }
        actionsWithoutAnimation()
    }

    /// The duration of the innermost animation block open now, in seconds, or 0 outside blocks (Apple API, iOS
    /// 9).
    public class var inheritedAnimationDuration: TimeInterval {
        ViewAnimationContext.current.current?.settings.duration ?? 0
    }

    // MARK: Curve animations

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve (Apple API).
    /// A duration of 0 or less applies them without animation.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve, then calls
    /// `completion` with whether the animations ran to their end (Apple API).
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds, starting `delay` seconds after the commit,
    /// as `options` say (curve, repeat, autoreverse, nesting overrides…), then calls `completion` (Apple API; SPEC
    /// §11.2).
    ///
    /// `frame`, `bounds`, `center` and `transform` animate additively (a second block moving a moving view adds
    /// its motion to the first); `alpha`, `backgroundColor` and the other animatable layer properties replace an
    /// animation already running on the same property, whose block then hears `finished == false`. During the
    /// delay the view shows its old values.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let block = makeBlock(duration: duration, delay: delay, options: options, kind: .curve, completion: completion)
        run(block, animations: animations)
    }

    // MARK: Spring animations

    /// Animates the changes `animations` makes with a spring that comes to rest about `duration` seconds after it
    /// starts (Apple API; SPEC §11.5).
    ///
    /// - Parameters:
    ///   - duration: how long the spring takes to settle, in seconds.
    ///   - delay: seconds to wait before the animations start.
    ///   - dampingRatio: 1 is critically damped (no overshoot); smaller values oscillate more. Clamped to
    ///     1.1920929e-7…1.
    ///   - velocity: the initial speed in whole distances per second: 1 covers the total distance in one second,
    ///     so a 200-point move starting at 100 points per second is 0.5.
    ///   - options: how the animations run (repeat, autoreverse, user interaction, nesting); curve bits are
    ///     ignored, as the spring paces itself.
    ///   - animations: the changes to animate.
    ///   - completion: called with `true` when the last animation finished, `false` when one was removed early.
    ///
    /// UIKit fits a mass-1 spring to the duration: it solves for the natural frequency ω at which the spring has
    /// settled to within 0.001 after `duration` seconds, then uses stiffness ω² and damping 2·ζ·ω. The animations
    /// last exactly `duration` and then show the model value. Blocks nested inside inherit the spring unless they
    /// pass `overrideInheritedOptions`.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let recipe = SpringRecipe.dampingRatio(Double(dampingRatio), velocity: Double(velocity))
        let block = makeBlock(
            duration: duration, delay: delay, options: options, kind: .spring(recipe), completion: completion)
        run(block, animations: animations)
    }

    /// Animates the changes `animations` makes with a spring described by its perceived duration and bounce (Apple
    /// API, iOS 17; SPEC §5.4, §11.5): mass 1, stiffness `(2π / duration)²`, damping ratio `1 − bounce` (or
    /// `1 / (1 + bounce)` below 0), overdamping allowed. The animations last until the spring has settled
    /// (`settlingDuration`). A duration of 0 or less applies the changes without animation.
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds.
    ///   - bounce: 0 is critically damped, up to 1 bounces more, below 0 is overdamped.
    ///   - initialSpringVelocity: in whole distances per second, as in the damping-ratio form.
    ///   - delay: seconds to wait before the animations start.
    ///   - options: how the animations run, as in the damping-ratio form.
    ///   - animations: the changes to animate.
    ///   - completion: called with `true` when the last animation finished, `false` when one was removed early.
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
        delay: TimeInterval = 0, options: UIView.AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = SpringSolution(
            perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(initialSpringVelocity))
        let settling = duration > 0 ? spring.settlingDuration : 0
        let block = makeBlock(
            duration: settling, delay: delay, options: options, kind: .spring(.fixed(spring)), completion: completion)
        run(block, animations: animations)
    }

    // MARK: Modifiers

    /// Makes the animations created while `animations` runs repeat `count` times, playing backwards after each
    /// forward run when `autoreverses` is true (Apple API, iOS 13). Use it inside an animation block.
    public class func modifyAnimations(
        withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void
    ) {
        let context = ViewAnimationContext.current
        let previous = context.repeatOverride
        context.repeatOverride = (Float(count), autoreverses)
        defer { context.repeatOverride = previous }
        animations()
    }

    // MARK: Running blocks

    /// A block with settings resolved against the innermost open block (SPEC §11.4).
    static func makeBlock(
        duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, kind: AnimationKind,
        completion: ((Bool) -> Void)?
    ) -> AnimationBlock {
        let settings = AnimationSettings(
            duration: duration, delay: delay, options: options, requested: kind,
            parent: ViewAnimationContext.current.current?.settings, animationsEnabled: areAnimationsEnabled)
        return AnimationBlock(settings: settings, completion: completion)
    }

    /// Opens `block`, runs `animations` and then `finish` inside it, lays out the animated views when the block
    /// asks for it, closes the block and arranges its completion.
    static func run(_ block: AnimationBlock, animations: () -> Void, finish: () -> Void = {}) {
        let context = ViewAnimationContext.current
        context.blocks.append(block)
        animations()
        finish()
        if block.settings.layoutsSubviews {
            for layer in block.touchedLayers {
                (layer.delegate as? UIView)?.layoutIfNeeded()
            }
        }
        if let index = context.blocks.lastIndex(ofIdentical: block) {
            context.blocks.remove(at: index)
        }
        block.close()
    }
}
