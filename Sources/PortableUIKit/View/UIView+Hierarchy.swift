import Foundation

// The view tree (Apple API). The members a subclass may override (`addSubview(_:)`, the `insertSubview` family,
// `bringSubviewToFront(_:)`, `sendSubviewToBack(_:)`, `removeFromSuperview()`, `window` and the callbacks) are
// declared in UIView.swift, with the order of the callbacks; their implementations live here.

extension UIView {
    /// Swaps the subviews at two indices (Apple API); nothing when an index is out of range.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let first = subviews[index1]
        let second = subviews[index2]
        insert(first, at: index2)
        insert(second, at: index1)
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

    // MARK: Helpers

    /// The index of `sibling` among the subviews as they will be once `moving` is taken out; nil when `sibling` is
    /// not a subview.
    func index(of sibling: UIView, excluding moving: UIView) -> Int? {
        var index = 0
        for view in subviews where view !== moving {
            if view === sibling { return index }
            index += 1
        }
        return nil
    }

    /// Puts `view` at `index` of the subviews (clamped), moving its layer to the matching place, with the callbacks
    /// of a move when it comes from elsewhere.
    func insert(_ view: UIView, at index: Int) {
        precondition(view !== self, "UIView: a view cannot be its own subview")
        precondition(!isDescendant(of: view), "UIView: adding a superview as a subview would make a cycle")
        if view.superview === self {
            subviews.removeAll(identicalTo: view)
            let position = Swift.min(Swift.max(index, 0), subviews.count)
            placeLayer(of: view, at: position)
            subviews.insert(view, at: position)
            return
        }
        view.detachFromSuperview()
        let (oldWindow, newWindow, oldTint) = (view.window, window, view.tintColor)
        view.willMove(toSuperview: self)
        if newWindow !== oldWindow { view.forEachInSubtree { $0.willMove(toWindow: newWindow) } }
        let position = Swift.min(Swift.max(index, 0), subviews.count)
        placeLayer(of: view, at: position)
        subviews.insert(view, at: position)
        view.superview = self
        setNeedsLayout()
        if newWindow !== oldWindow { view.forEachInSubtree { $0.didMoveToWindow() } }
        didAddSubview(view)
        view.didMoveToSuperview()
        view.notifyTintChange(from: oldTint)
    }

    /// Takes the view out of its superview with the callbacks of a removal (what `removeFromSuperview()` does).
    func detachFromSuperview() {
        guard let parent = superview else { return }
        let (oldWindow, oldTint) = (window, tintColor)
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { forEachInSubtree { $0.willMove(toWindow: nil) } }
        parent.subviews.removeAll(identicalTo: self)
        superview = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil { forEachInSubtree { $0.didMoveToWindow() } }
        didMoveToSuperview()
        notifyTintChange(from: oldTint)
    }

    /// Calls `tintColorDidChange()` on this view and every subview that inherits its tint, when the tint it shows
    /// is no longer `old`.
    func notifyTintChange(from old: UIColor?) {
        guard tintColor != old else { return }
        forEachInSubtree(where: { $0 === self || $0.tintColorStorage == nil }) { $0.tintColorDidChange() }
    }

    /// Runs `body` on this view, then depth first on its subviews in order, entering only views `included` accepts.
    func forEachInSubtree(where included: (UIView) -> Bool = { _ in true }, _ body: (UIView) -> Void) {
        guard included(self) else { return }
        body(self)
        for subview in subviews { subview.forEachInSubtree(where: included, body) }
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
