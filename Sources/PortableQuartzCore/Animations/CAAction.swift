/// An object that responds when a layer triggers an action for one of its events (Apple API).
///
/// A layer looks up an action for an event — usually the name of a property that just changed, such as
/// `"position"` — and asks the action to run. `CAAnimation` adopts the protocol by adding itself to the layer under
/// the event's key; that adoption lives with the layer code, which knows how to add animations.
///
/// Apple's protocol is an Objective-C protocol, so only classes adopt it; ours requires `AnyObject` for the same
/// reason.
public protocol CAAction: AnyObject {
    /// Performs the action for `event` on `anObject` (the layer whose event fired).
    ///
    /// - Parameters:
    ///   - event: the event's identifier: a property key path such as `"opacity"`, or one of the layer's special
    ///     event names.
    ///   - anObject: the layer the action runs on.
    ///   - dict: extra parameters of the event; may be `nil`.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}
