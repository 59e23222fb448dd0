import Foundation

/// A rectangle on screen backed by a Core Animation layer, with a place in a tree of views (Apple API).
///
/// Every view owns one layer (`layer`, of class `layerClass`) and is that layer's delegate: the view's geometry,
/// alpha, colour and visibility are the layer's (`center` is `position`, `alpha` is `opacity`, `clipsToBounds` is
/// `masksToBounds`, `transform` is the layer's transform as a 2-D affine transform), and its subviews' layers are
/// its layer's sublayers, in the same order.
///
/// **No implicit animation.** Outside an animation block the view answers its layer's action requests with
/// `NSNull`, so changes apply at once; inside a block (`UIView.animate…`, `transition…`, `beginAnimations`) it
/// answers with the block's animation (SPEC §9, §11.2; seed 001). Like Core Animation's implicit animations, this
/// needs a layer that has been committed at least once: a view created and changed in the same turn of the run
/// loop (or of the manual `MediaClock`) is not animated yet.
///
/// **Frame and transform.** While `transform` is not the identity, `frame` is the bounding box of the transformed
/// view and setting it gives results that are hard to predict (seed 002): change `bounds` and `center` instead,
/// or set `transform` back to the identity before setting `frame`.
///
/// **Drawing.** A subclass that overrides `draw(_:)` gets a backing bitmap drawn when the view first appears and
/// after `setNeedsDisplay()`; views of classes that draw nothing keep no bitmap.
///
/// Views are main-actor objects, as in UIKit. Their layers may still be read from other threads (to render
/// frames, say), but only the main actor may change them while animation blocks are used.
///
/// Deviations (Docs/Deviations.md, "UIKit"): `UIView` inherits from `NSObject`, not `UIResponder`; Swift cannot
/// create an instance of an arbitrary `CALayer` subclass from a metatype, so the backing layer is made by
/// `makeBackingLayer()` (our addition), which creates `layerClass` itself for the classes of PortableQuartzCore
/// and otherwise its nearest ancestor among them — override it to return your own layer class.
@preconcurrency @MainActor
open class UIView: NSObject, CALayerDelegate {
    /// The backing layer (Apple API). Its delegate is this view; do not change that.
    public let layer: CALayer

    /// The view this one is a subview of (Apple API); nil for a root.
    public internal(set) weak var superview: UIView?

    /// The subviews, back to front (Apple API).
    public internal(set) var subviews: [UIView] = []

    /// A number you choose to find the view again with `viewWithTag(_:)` (Apple API). Default 0.
    open var tag: Int = 0

    /// Whether touches reach the view (Apple API): when false, `hitTest(_:with:)` skips the view and its
    /// subviews. Default true.
    open var isUserInteractionEnabled: Bool = true

    /// The colour given to `backgroundColor`, kept so the getter returns the same object.
    var backgroundColorStorage: UIColor?

    /// The colour given to `tintColor`, nil to inherit the superview's.
    var tintColorStorage: UIColor?

    /// Counts the animation blocks that keep this view from receiving touches.
    nonisolated let interactionGate = ViewInteractionGate()

    /// The identity of `layer`, readable from any thread (`action(for:forKey:)` is nonisolated).
    nonisolated let layerIdentifier: ObjectIdentifier

    /// The class of the backing layer (Apple API). Default `CALayer`. Override it to back the view with a shape,
    /// gradient, text, replicator, emitter, scroll or transform layer. See `makeBackingLayer()` for classes of
    /// your own.
    open class var layerClass: AnyClass {
        CALayer.self
    }

    /// Creates the backing layer for a new view (our addition): an instance of `layerClass` when it is one of
    /// PortableQuartzCore's layer classes, else of its nearest ancestor among them (with a note on standard
    /// error, once per class). Override it to return an instance of your own `CALayer` subclass.
    open class func makeBackingLayer() -> CALayer {
        BackingLayerFactory.makeLayer(of: layerClass)
    }

    /// A view with the given frame (Apple API), in its superview's coordinates: `bounds` is `(0, 0, width,
    /// height)` and `center` the frame's midpoint.
    public init(frame: CGRect) {
        layer = Self.makeBackingLayer()
        layerIdentifier = ObjectIdentifier(layer)
        super.init()
        layer.delegate = self
        layer.frame = frame
        layer.setNeedsLayout()
        layer.setNeedsDisplay()
    }

    /// A view with a zero frame (Apple API).
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Views are not archived here: always nil (Apple decodes a view from an Interface Builder archive). Present
    /// so subclasses written for Apple compile unchanged.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Members subclasses override
    //
    // Swift on Linux cannot override members declared in extensions, so every member a subclass may override
    // lives here; the rest of the API is in the UIView+… files.

    // MARK: Geometry and appearance
    //
    // The view properties that are the backing layer's (Apple API; SPEC §11.2). Each setter changes the layer, so
    // inside an animation block the change animates (the layer asks the view for an action, see
    // `action(for:forKey:)`). A setter that would store the value the property already has does nothing, so it
    // starts no animation (seed 002: setting the same alpha again runs no animation and completes at once).

    /// The view's rectangle in its superview's coordinates (Apple API): the layer's `frame`. Setting it sets
    /// `bounds.size` and `center`; a change of size asks for layout (`setNeedsLayout()`).
    ///
    /// While `transform` is not the identity the value is the bounding box of the transformed view; do not set it
    /// then (see the type's notes). A frame with a NaN or infinite coordinate is ignored.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let oldSize = layer.bounds.size
            guard layer.frame != newValue else { return }
            layer.frame = newValue
            if layer.bounds.size != oldSize { setNeedsLayout() }
        }
    }

    /// The view's own coordinate rectangle (Apple API): the layer's `bounds`. `size` is the view's size,
    /// `origin` the coordinate its top-left corner has for its subviews. A change of size asks for layout.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds
            guard old != newValue else { return }
            layer.bounds = newValue
            if old.size != newValue.size { setNeedsLayout() }
        }
    }

    /// The centre of the frame in the superview's coordinates (Apple API): the layer's `position` (views keep
    /// the layer's anchor point at the centre).
    open var center: CGPoint {
        get { layer.position }
        set {
            guard layer.position != newValue else { return }
            layer.position = newValue
        }
    }

    /// The view's 2-D transform about its centre (Apple API): the layer's `transform` seen as an affine
    /// transform (the identity when the layer's transform is not affine). Setting it replaces the layer's whole
    /// transform.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set {
            guard layer.transform != CATransform3DMakeAffineTransform(newValue) else { return }
            layer.setAffineTransform(newValue)
        }
    }

    /// The view's 3-D transform (Apple API, iOS 13): the layer's `transform`.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set {
            guard layer.transform != newValue else { return }
            layer.transform = newValue
        }
    }

    /// How opaque the view and its subviews are drawn, 0…1 (Apple API): the layer's `opacity`. Default 1. Values
    /// are stored as the layer's `Float`.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            let opacity = Float(newValue)
            guard layer.opacity != opacity else { return }
            layer.opacity = opacity
        }
    }

    /// The colour that fills the view's bounds behind its content (Apple API): the layer's `backgroundColor`.
    /// Default nil. The getter returns the object that was set.
    open var backgroundColor: UIColor? {
        get { backgroundColorStorage }
        set {
            let old = backgroundColorStorage
            backgroundColorStorage = newValue
            guard old?.cgColor != newValue?.cgColor else { return }
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// Whether the view and its subviews are not drawn and receive no touches (Apple API): the layer's `isHidden`.
    /// Never animated by animation blocks.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard layer.isHidden != newValue else { return }
            layer.isHidden = newValue
        }
    }

    /// Whether subviews and content are clipped to the bounds (Apple API): the layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view fills its whole bounds with opaque content (Apple API): the layer's `isOpaque`, a hint
    /// for drawing.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// The colour controls and templates in the view draw their accents with (Apple API): the colour set here, else
    /// the superview's, else the system blue (0, 122, 255) of iOS's light appearance. Setting nil inherits again.
    /// When the colour a view shows changes, it and every subview that inherits it hear `tintColorDidChange()`.
    open var tintColor: UIColor! {
        get { tintColorStorage ?? superview?.tintColor ?? .systemBlue }
        set {
            let old = tintColor
            tintColorStorage = newValue
            notifyTintChange(from: old)
        }
    }

    /// The natural size of the view's content, or `UIView.noIntrinsicMetric` for a dimension it does not have
    /// (Apple API). The default has neither. Override it in views that know their size; `sizeThatFits(_:)` and
    /// `sizeToFit()` are what lays views out here (there is no Auto Layout, which is what reads this on Apple
    /// platforms).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The value of an `intrinsicContentSize` dimension the view does not have (Apple API): −1.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Tells the layout system that `intrinsicContentSize` changed (Apple API). On Apple platforms Auto Layout
    /// reads it again; PortableUIKit has no Auto Layout, so nothing here depends on it and the call changes nothing.
    open func invalidateIntrinsicContentSize() {}

    // MARK: The view tree
    //
    // Subviews are kept in `subviews`, back to front; their layers are kept in the same order among the superview
    // layer's sublayers (layers you add to `layer` yourself keep their places around them). Moving a view calls, in
    // UIKit's order: `willMove(toSuperview:)` and `willMove(toWindow:)` on the view (the second on its whole subtree,
    // when its window changes), then after the change `didMoveToWindow()` on the subtree, `didAddSubview(_:)` on the
    // new superview and `didMoveToSuperview()` on the view; removing calls `willRemoveSubview(_:)` on the old
    // superview first.

    /// The window the view is in (Apple API): the `UIWindow` at the root of its tree, itself for a window, nil for a
    /// view in no window.
    open var window: UIWindow? {
        var current: UIView? = self
        while let view = current {
            if let window = view as? UIWindow { return window }
            current = view.superview
        }
        return nil
    }

    /// Adds `view` in front of the other subviews (Apple API), taking it out of its old superview first. Adding a
    /// subview that is already here moves it to the front.
    ///
    /// - Precondition: `view` is not this view or one of its superviews (Apple raises an exception).
    open func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (Apple API); an index past the end adds it in front, a negative
    /// one at the back.
    open func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just behind `siblingSubview` (Apple API); in front of everything when `siblingSubview` is
    /// not a subview.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, at: index(of: siblingSubview, excluding: view) ?? subviews.count)
    }

    /// Inserts `view` just in front of `siblingSubview` (Apple API); in front of everything when
    /// `siblingSubview` is not a subview.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        if let sibling = index(of: siblingSubview, excluding: view) {
            insert(view, at: sibling + 1)
        } else {
            insert(view, at: subviews.count)
        }
    }

    /// Moves the subview `view` in front of its siblings (Apple API); nothing when it is not a subview.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: subviews.count)
    }

    /// Moves the subview `view` behind its siblings (Apple API); nothing when it is not a subview.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: 0)
    }

    /// Takes the view out of its superview (Apple API). Its layer leaves the superview's layer, which removes
    /// the animations of its subtree (their blocks hear `finished == false`). Nothing when it has no superview.
    open func removeFromSuperview() {
        detachFromSuperview()
    }

    // MARK: Hierarchy and layout callbacks

    /// Called after `subview` was added (Apple API). Does nothing by default; override it to react.
    open func didAddSubview(_ subview: UIView) {}

    /// Called before `subview` is removed (Apple API). Does nothing by default.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Called before the view moves to `newSuperview`, nil when it is being removed (Apple API). Does nothing by
    /// default.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Called after the view moved to a new superview or was removed (Apple API). Does nothing by default.
    open func didMoveToSuperview() {}

    /// Called before the view's window changes to `newWindow`, nil when it leaves its window, on the view and then on
    /// each of its subviews (Apple API). Does nothing by default.
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// Called after the view's window changed, on the view and then on each of its subviews (Apple API): spinners
    /// start their animations here when `window` is set, since a view leaving its window loses them. Does nothing by
    /// default.
    open func didMoveToWindow() {}

    /// Called after the view was loaded from an Interface Builder archive (Apple API, declared on `NSObject` there).
    /// There are no archives here, so it is never called; it exists so subclasses that override it, calling `super`,
    /// compile unchanged.
    open func awakeFromNib() {}

    /// Called when Interface Builder renders a designable view (Apple API, declared on `NSObject` there). There is no
    /// Interface Builder here, so it is never called; it exists so subclasses that override it compile unchanged.
    open func prepareForInterfaceBuilder() {}

    /// Called when the colour `tintColor` gives changes (Apple API): set on this view, or on a superview it
    /// inherits from, or after a move to a superview with another tint. Does nothing by default.
    open func tintColorDidChange() {}

    /// Positions the subviews (Apple API). Called when the layout is out of date (after `setNeedsLayout()`, a
    /// change of size, or adding a subview): when the transaction commits, at `layoutIfNeeded()`, or inside an
    /// animation block with the `layoutSubviews` option, so the subviews' changes animate with their parent.
    /// Does nothing by default; do not call it directly.
    open func layoutSubviews() {}

    /// Draws the view's content into the current context (`UIGraphicsGetCurrentContext()`), whose coordinates
    /// are the view's bounds, origin at the top left (Apple API). `rect` is the area to draw (here always the
    /// whole bounds). Called when the view first needs its content and after `setNeedsDisplay()`, never inside
    /// animations. The default draws nothing, and views whose class does not override it keep no bitmap.
    open func draw(_ rect: CGRect) {
        ViewDrawing.noteDefaultDraw()
    }

    /// The frontmost view of this view's subtree that contains `point`, given in this view's coordinates, or
    /// nil (Apple API).
    ///
    /// A hidden view, one with `isUserInteractionEnabled` false, an alpha below 0.01 (NaN included), or one that an
    /// animation block without `allowUserInteraction` is animating, is skipped with its subtree; so is a view
    /// whose `point(inside:with:)` says no. Subviews are asked front to back; the first answer wins, otherwise
    /// the view itself. Only model values count: a view on its way to somewhere else is hit where it is going.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, interactionGate.isOpen,
            self.point(inside: point, with: event)
        else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point`, in this view's coordinates, is inside its bounds (Apple API); the minimum edges are
    /// inside, the maximum edges outside.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The size that fits the view's content within `size` (Apple API). The default is the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin (Apple API).
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        let origin = frame.origin
        frame = CGRect(origin: origin, size: size)
    }

    /// Marks the layout out of date (Apple API): `layoutSubviews()` runs when the transaction commits (the end of
    /// the run-loop turn, or the manual clock's turn) or at `layoutIfNeeded()`.
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now if the layout is out of date (Apple API): the superviews that need it first, then this view,
    /// then its subviews that need it. Inside an animation block the layout changes animate.
    open func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }

    /// Marks the content out of date (Apple API): `draw(_:)` runs when the transaction commits, at the end of the
    /// turn, not at once.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    // MARK: Layer delegate

    /// The action for `event` on the backing layer (Apple API, seed 001): `NSNull` outside animation blocks, so
    /// the layer changes at once; inside a block the block's animation for that property (a `CABasicAnimation`
    /// for colours and opacity, UIKit's additive action for geometry), or `NSNull` for a property blocks do not
    /// animate. Override it to give the layer other actions, calling `super` for the rest.
    ///
    /// It answers from the animation blocks open on the calling thread, so it may be called from any thread.
    nonisolated open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard let block = ViewAnimationContext.current.current else { return NSNull() }
        let gate = ObjectIdentifier(layer) == layerIdentifier ? interactionGate : nil
        guard let action = block.action(for: layer, key: event, gate: gate) else { return NSNull() }
        return action
    }

    /// Lays out the subviews when the backing layer lays out its sublayers (Apple API).
    nonisolated open func layoutSublayers(of layer: CALayer) {
        let identifier = ObjectIdentifier(layer)
        CallerThread.run {
            guard identifier == ObjectIdentifier(self.layer) else { return }
            layoutSubviews()
        }
    }

    /// Draws the backing layer's content through `draw(_:)` (Apple API).
    nonisolated open func display(_ layer: CALayer) {
        let identifier = ObjectIdentifier(layer)
        CallerThread.run {
            guard identifier == ObjectIdentifier(self.layer) else { return }
            ViewDrawing.display(self)
        }
    }
}
