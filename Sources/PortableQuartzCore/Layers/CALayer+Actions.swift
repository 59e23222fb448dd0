import Foundation

/// The event posted when a layer becomes visible: added to a layer tree (Apple API).
public let kCAOnOrderIn = "onOrderIn"
/// The event posted when a layer stops being visible: removed from its layer tree (Apple API).
public let kCAOnOrderOut = "onOrderOut"
/// The animation key `CATransition`s are added under, and the event name for them (Apple API).
public let kCATransition = "transition"

extension CALayer {
    /// The lookup chain without the final NSNull-to-nil step.
    final func lookUpAction(forKey event: String) -> (any CAAction)? {
        if let delegate = delegate, let action = delegate.action(for: self, forKey: event) {
            return action
        }
        let (actions, styleChain) = LayerTreeLock.withLock { (actionsStorage, styleStorage) }
        if let action = actions?[event] {
            return action
        }
        var style = styleChain
        while let current = style {
            if let actions = current["actions"] as? [String: any CAAction], let action = actions[event] {
                return action
            }
            if let actions = current["actions"] as? [AnyHashable: Any], let action = actions[event] as? any CAAction {
                return action
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        return type(of: self).defaultAction(forKey: event)
    }

    /// `actions`: actions by event name, the second place `action(forKey:)` looks. Default nil. Put `NSNull()` under
    /// a key to switch its implicit animation off.
    public var actions: [String: any CAAction]? {
        get { LayerTreeLock.withLock { actionsStorage } }
        set { LayerTreeLock.withLock { actionsStorage = newValue } }
    }

    /// `style`: a dictionary of default values and actions (`"actions"`, and a nested `"style"` to continue the
    /// chain). Only its actions are used here. Default nil.
    public var style: [AnyHashable: Any]? {
        get { LayerTreeLock.withLock { styleStorage } }
        set { LayerTreeLock.withLock { styleStorage = newValue } }
    }

    /// The layer's delegate, not retained. Default nil.
    public var delegate: (any CALayerDelegate)? {
        get { delegateStorage }
        set { delegateStorage = newValue }
    }

    /// Runs the action for `event` if actions are enabled and the layer has been committed (the `onOrderIn` and
    /// `onOrderOut` events). Called with the lock held.
    final func runAction(forEvent event: String) {
        actionToRun(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` stands for "no action" (Apple API).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CAAnimation: CAAction {
    /// Adds (a copy of) the animation to the layer `anObject` under the key `event` (Apple API): this is how an
    /// animation found by `CALayer.action(forKey:)` starts. An animation without a timing function gets the
    /// transaction's `animationTimingFunction` when one is set.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let copy = self.copy() as! CAAnimation
        if copy.timingFunction == nil, let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        if let property = copy as? CAPropertyAnimation, property.keyPath == nil {
            property.keyPath = event
        }
        layer.add(copy, forKey: event)
    }
}
