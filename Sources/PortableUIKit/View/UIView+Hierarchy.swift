import Foundation

// The view tree (Apple API). Subviews are kept in `subviews`, back to front; their layers are kept in the same
// order among the superview layer's sublayers (layers you add to `layer` yourself keep their places around
// them). Moving a view calls, in UIKit's order: `willMove(toSuperview:)` on the view, then after the change
// `didAddSubview(_:)` on the new superview and `didMoveToSuperview()` on the view; removing calls
// `willRemoveSubview(_:)` on the old superview and `willMove(toSuperview: nil)` first.

extension UIView {
    /// Adds `view` in front of the other subviews (Apple API), taking it out of its old superview first. Adding a
    /// subview that is already here moves it to the front.
    ///
    /// - Precondition: `view` is not this view or one of its superviews (Apple raises an exception).
    public func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (Apple API); an index past the end adds it in front, a negative
    /// one at the back.
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just behind `siblingSubview` (Apple API); in front of everything when `siblingSubview` is
    /// not a subview.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let others = subviews.filter { $0 !== view }
        guard let index = others.firstIndex(where: { $0 === siblingSubview }) else {
            insert(view, at: subviews.count)
            return
        }
        insert(view, at: index)
    }

    /// Inserts `view` just in front of `siblingSubview` (Apple API); in front of everything when
    /// `siblingSubview` is not a subview.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let others = subviews.filter { $0 !== view }
        guard let index = others.firstIndex(where: { $0 === siblingSubview }) else {
            insert(view, at: subviews.count)
            return
        }
        insert(view, at: index + 1)
    }

    /// Moves the subview `view` in front of its siblings (Apple API); nothing when it is not a subview.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: subviews.count)
    }

    /// Moves the subview `view` behind its siblings (Apple API); nothing when it is not a subview.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: 0)
    }

    /// Swaps the subviews at two indices (Apple API); nothing when an index is out of range.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let first = subviews[index1]
        let second = subviews[index2]
        insert(first, at: index2)
        insert(second, at: index1)
    }

    /// Takes the view out of its superview (Apple API). Its layer leaves the superview's layer, which removes
    /// the animations of its subtree (their blocks hear `finished == false`). Nothing when it has no superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        didMoveToSuperview()
    }

    /// Whether this view is `view` or one of its subviews, at any depth (Apple API).
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view with `tag` in this view's subtree, this view first, then depth first in subview order
    /// (Apple API); nil when there is none.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Puts `view` at `index` of the subviews (clamped), moving its layer to the matching place.
    private func insert(_ view: UIView, at index: Int) {
        precondition(view !== self, "UIView: a view cannot be its own subview")
        precondition(!isDescendant(of: view), "UIView: adding a superview as a subview would make a cycle")
        if view.superview === self {
            subviews.removeAll { $0 === view }
            let position = Swift.min(Swift.max(index, 0), subviews.count)
            placeLayer(of: view, at: position)
            subviews.insert(view, at: position)
            return
        }
        view.removeFromSuperview()
        view.willMove(toSuperview: self)
        let position = Swift.min(Swift.max(index, 0), subviews.count)
        placeLayer(of: view, at: position)
        subviews.insert(view, at: position)
        view.superview = self
        setNeedsLayout()
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    /// Puts `view`'s layer just behind the layer of the subview now at `position`, or in front of every sublayer
    /// when `position` is past the last subview. `view` is not in `subviews` at this point.
    private func placeLayer(of view: UIView, at position: Int) {
        if position < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[position].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }
}
