/// The object a layer asks for its drawing, layout and actions (Apple API). A `UIView` is its layer's delegate.
///
/// Every method is optional, as in Apple's Objective-C protocol: the extension below gives each a default that
/// does what the layer does for a delegate that does not implement it.
///
/// Deviation: Apple's protocol refines `NSObjectProtocol`; ours only requires a class.
public protocol CALayerDelegate: AnyObject {
    /// Gives the layer its contents, instead of drawing (`layer.contents = …`). The default draws: it makes a
    /// bitmap context the size of the layer's bounds times its `contentsScale`, calls `draw(_:in:)` and stores the
    /// image as the layer's contents.
    func display(_ layer: CALayer)

    /// Draws the layer's contents into `ctx`, whose coordinates are the layer's bounds. The default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)

    /// Called before `draw(_:in:)` when the layer draws its contents. The default does nothing.
    func layerWillDraw(_ layer: CALayer)

    /// Lays out the layer's sublayers; called by `layoutSublayers()`. The default does nothing.
    func layoutSublayers(of layer: CALayer)

    /// The action for `event` on `layer`, the first place `action(forKey:)` looks: an action ends the search,
    /// `NSNull()` ends it with no action, `nil` (the default) continues it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {
        layer.drawContents()
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {}

    public func layerWillDraw(_ layer: CALayer) {}

    public func layoutSublayers(of layer: CALayer) {}

    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        nil
    }
}
