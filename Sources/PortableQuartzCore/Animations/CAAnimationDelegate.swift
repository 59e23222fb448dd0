/// Receives the start and the end of an animation (Apple API).
///
/// Both methods are optional, as in Apple's Objective-C protocol: the extension below gives each an empty default
/// implementation, so an adopter implements only what it needs.
///
/// An animation holds its delegate *strongly* for the animation's whole life (Apple's documented exception to the
/// usual delegate rule), so an animation must never be its own delegate. Callbacks for animations attached to a
/// layer come from the layer tree's animation driver, never from inside `add(_:forKey:)` or
/// `removeAnimation(forKey:)`.
///
/// Deviation: Apple's protocol refines `NSObjectProtocol`; ours only requires a class, so every Apple adopter
/// (always an `NSObject` subclass there) adopts ours unchanged.
public protocol CAAnimationDelegate: AnyObject {
    /// Called once when the animation's active period begins, that is after any `beginTime` delay.
    func animationDidStart(_ anim: CAAnimation)

    /// Called once when the animation stops: `flag` is `true` when its active period ran to the end, `false`
    /// when it was removed early (replaced under the same key, removed by key, or its layer left the tree).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing; implement it to learn when an animation starts.
    public func animationDidStart(_ anim: CAAnimation) {}

    /// Does nothing; implement it to learn when an animation stops.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
