import Foundation

/// A layer that shows a movable part of its sublayers by changing its bounds origin (Apple API).
///
/// A layer's bounds origin is the point of its own coordinate space shown at its top-left corner, so moving the
/// origin to (0, 200) shows the sublayers 200 points further down. `scroll(to:)` does exactly that for a point,
/// or moves the origin just far enough to show a rectangle; `scrollMode` limits which coordinates may change. The
/// scroll layer does not clip by itself: set `masksToBounds` to hide what lies outside its bounds.
///
/// Because scrolling sets `bounds`, it animates implicitly on a committed layer like any bounds change (wrap it in
/// a transaction with actions disabled to jump).
///
/// Defaults: `scrollMode` `.both`. Sublayers find their nearest scroll layer with `CALayer.scroll(_:)`,
/// `scrollRectToVisible(_:)` and `visibleRect`.
open class CAScrollLayer: CALayer {
    /// `scrollMode`; read and written only with `LayerTreeLock` held.
    var scrollModeStorage = CAScrollLayerScrollMode.both

    /// A scroll layer with Apple's defaults; it joins the current transaction (see `CALayer.init()`).
    public override init() {
        super.init()
    }

    /// Not decoded from archives here: always nil (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A copy of `layer`'s values (see `CALayer.init(layer:)`), including `scrollMode` when `layer` is a scroll
    /// layer.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAScrollLayer else { return }
        LayerTreeLock.withLock { scrollModeStorage = other.scrollModeStorage }
    }

    /// A blank scroll layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CAScrollLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CAScrollLayer? {
        super.presentation() as? CAScrollLayer
    }

    /// The default of `key` (Apple API): `scrollMode` `"both"`; other keys as `CALayer` answers them.
    open override class func defaultValue(forKey key: String) -> Any? {
        if key == "scrollMode" { return CAScrollLayerScrollMode.both.rawValue }
        return super.defaultValue(forKey: key)
    }

    /// `"scrollMode"` reads the mode's name; other keys as `CALayer`.
    open override func value(forKey key: String) -> Any? {
        if key == "scrollMode" { return scrollMode.rawValue }
        return super.value(forKey: key)
    }

    /// `"scrollMode"` takes a `String` or a `CAScrollLayerScrollMode` (anything else leaves it unchanged); other keys
    /// as `CALayer`.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "scrollMode" else {
            super.setValue(value, forKey: key)
            return
        }
        switch value {
        case let name as String: scrollMode = CAScrollLayerScrollMode(rawValue: name)
        case let mode as CAScrollLayerScrollMode: scrollMode = mode
        default: break
        }
    }

    /// The coordinates `scroll(to:)` may change. Default `.both`. An unknown name allows neither. Not animatable.
    open var scrollMode: CAScrollLayerScrollMode {
        get { LayerTreeLock.withLock { scrollModeStorage } }
        set {
            LayerTreeLock.withLock {
                noteChange()
                scrollModeStorage = newValue
            }
        }
    }

    /// Moves the bounds origin to `p` (in the layer's own coordinates), or only its x or y as `scrollMode` allows;
    /// with `.none` nothing changes. The bounds size stays.
    ///
    /// Example: bounds (0, 0, 100, 50) with mode `.vertically`, `scroll(to: (30, 80))` ⇒ bounds (0, 80, 100, 50).
    open func scroll(to p: CGPoint) {
        LayerTreeLock.withLock {
            let (horizontal, vertical) = allowedAxes
            guard horizontal || vertical else { return }
            var bounds = modelState.bounds
            if horizontal { bounds.origin.x = p.x }
            if vertical { bounds.origin.y = p.y }
            setModelValue(bounds, for: .bounds, at: \.bounds)
        }
    }

    /// Moves the bounds origin as little as possible for `r` (in the layer's own coordinates) to lie inside the
    /// bounds, along the axes `scrollMode` allows. On an axis where `r` is longer than the bounds, its start (the
    /// smaller coordinate) is shown. A null rectangle changes nothing.
    ///
    /// Example: bounds (0, 0, 100, 100), `scroll(to: (50, 150, 20, 30))` ⇒ origin (0, 80): x already fits, and the
    /// rectangle's bottom edge, 180, becomes the bounds' bottom edge.
    open func scroll(to r: CGRect) {
        guard !r.isNull else { return }
        let target = r.standardized
        LayerTreeLock.withLock {
            let bounds = modelState.bounds.standardized
            let origin = CGPoint(
                x: Self.origin(showing: target.minX, target.maxX, from: bounds.minX, length: bounds.width),
                y: Self.origin(showing: target.minY, target.maxY, from: bounds.minY, length: bounds.height))
            scroll(to: origin)
        }
    }

    /// Which coordinates the current mode lets `scroll(to:)` change. Called with the lock held.
    private var allowedAxes: (horizontal: Bool, vertical: Bool) {
        switch scrollModeStorage {
        case .both: (true, true)
        case .horizontally: (true, false)
        case .vertically: (false, true)
        default: (false, false)
        }
    }

    /// The origin coordinate on one axis that shows the span `low…high` in a window `length` long now starting at
    /// `origin`, moving it as little as possible.
    static func origin(showing low: CGFloat, _ high: CGFloat, from origin: CGFloat, length: CGFloat) -> CGFloat {
        if high - low > length || low < origin { return low }
        if high > origin + length { return high - length }
        return origin
    }
}
