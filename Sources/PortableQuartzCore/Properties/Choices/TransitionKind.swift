/// The effect a `CATransition` plays (`CATransitionType`, our typed form).
///
/// Raw values are the strings of Apple's `kCATransition…` type constants and of the private names UIKit's view
/// transitions use (`"oglFlip"`, `"cube"`, `"pageCurl"`, `"pageUnCurl"`). Unknown names fade, the default.
/// `LayerCompositor.drawTransition` says how each is drawn.
public enum TransitionKind: String, StringChoice {
    /// The new picture fades in over the old one (the default).
    case fade
    /// The new picture slides in over the old one.
    case moveIn
    /// The new picture slides in and pushes the old one out.
    case push
    /// The old picture slides away, uncovering the new one.
    case reveal
    /// UIKit's flip: the layer turns over about an axis in its plane.
    case oglFlip
    /// UIKit's cube: old and new turn as two faces of a cube.
    case cube
    /// UIKit's page curl: the old picture lifts off about its top edge.
    case pageCurl
    /// UIKit's page uncurl: the new picture lays down over the old one.
    case pageUnCurl

    /// `fade`.
    public static let fallback = TransitionKind.fade
}
