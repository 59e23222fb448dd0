import Foundation

extension UIView {
    /// `point`, given in this view's coordinates, in the coordinates of `view` (Apple API); nil means the root of
    /// this view's tree (UIKit: the window). Goes through the layers' geometry (bounds origins, centres,
    /// transforms).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    /// `point`, given in the coordinates of `view` (nil: the root of this view's tree), in this view's
    /// coordinates (Apple API).
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    /// The bounding box of `rect` converted from this view's coordinates to those of `view` (nil: the root)
    /// (Apple API).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: view?.layer)
    }

    /// The bounding box of `rect` converted from the coordinates of `view` (nil: the root) to this view's (Apple
    /// API).
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: view?.layer)
    }
}
