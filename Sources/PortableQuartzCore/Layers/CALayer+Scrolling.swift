import Foundation

// Scrolling from inside a scroll layer (Apple's `CALayerScrolling` category): a layer asks its nearest enclosing
// `CAScrollLayer` to show one of its points or rectangles, and reports which part of it that scroll layer shows.

extension CALayer {
    /// Scrolls the nearest `CAScrollLayer` above this layer so that `p`, given in this layer's coordinates, lands
    /// at the scroll layer's bounds origin (Apple API). Does nothing when no superlayer, grand-superlayer… is a
    /// scroll layer; the scroll layer's `scrollMode` applies.
    ///
    /// Example: a scroll layer with bounds (0, 0, 100, 100) holds a 100×400 layer at position (50, 200) (so its
    /// top-left is at (0, 0)); `content.scroll(CGPoint(x: 0, y: 150))` sets the scroll layer's bounds origin to
    /// (0, 150).
    public func scroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(p, to: scrollLayer))
    }

    /// Scrolls the nearest `CAScrollLayer` above this layer as little as possible for `r`, given in this layer's
    /// coordinates, to be inside its bounds (Apple API); see `CAScrollLayer.scroll(to:)` for a rectangle. Does
    /// nothing without an enclosing scroll layer.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(r, to: scrollLayer))
    }

    /// The part of this layer's bounds that the nearest enclosing `CAScrollLayer` shows, in this layer's
    /// coordinates (Apple API): the bounds intersected with the scroll layer's bounds converted into this layer.
    /// The whole bounds without an enclosing scroll layer; `CGRect.null` when the layer lies entirely outside the
    /// scroll layer's bounds. Other clipping (a `masksToBounds` between the two) is not taken into account.
    ///
    /// Example: in the example of `scroll(_:)`, after scrolling to (0, 150) the content's `visibleRect` is
    /// (0, 150, 100, 100).
    public var visibleRect: CGRect {
        let bounds = self.bounds
        guard let scrollLayer = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scrollLayer.bounds, from: scrollLayer))
    }

    /// The nearest strict ancestor that is a `CAScrollLayer`.
    private var enclosingScrollLayer: CAScrollLayer? {
        var candidate = superlayer
        while let layer = candidate {
            if let scrollLayer = layer as? CAScrollLayer { return scrollLayer }
            candidate = layer.superlayer
        }
        return nil
    }
}
