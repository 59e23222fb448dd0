import Foundation

/// The root of a tree of views that is shown (Apple API): views in it have it as their `window`, and hear
/// `willMove(toWindow:)` and `didMoveToWindow()` as they enter and leave it.
///
/// As on Apple platforms a new window is hidden until `makeKeyAndVisible()` (or `isHidden = false`) shows it.
/// There is no screen here: render a window's `layer` with `CARenderer` or the exporters like any layer.
///
/// Deviations (Docs/Deviations.md, "UIKit"): no screen, scene, window level, root view controller or event
/// dispatch; only key-window status and the window callbacks of its views.
open class UIWindow: UIView {
    /// The key window of this process, if any.
    private static weak var keyWindowStorage: UIWindow?

    /// A hidden window with the given frame (Apple API).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Windows are not decoded from archives here: always nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A window is its own window (Apple API).
    open override var window: UIWindow? {
        self
    }

    /// Whether this is the key window (Apple API): the one `makeKey()` was called on last.
    open var isKeyWindow: Bool {
        UIWindow.keyWindowStorage === self
    }

    /// Makes this the key window (Apple API): the previous key window hears `resignKey()`, this one `becomeKey()`.
    open func makeKey() {
        let previous = UIWindow.keyWindowStorage
        guard previous !== self else { return }
        UIWindow.keyWindowStorage = self
        previous?.resignKey()
        becomeKey()
    }

    /// Shows the window and makes it the key window (Apple API).
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Called when the window becomes the key window (Apple API). Does nothing by default.
    open func becomeKey() {}

    /// Called when the window stops being the key window (Apple API). Does nothing by default.
    open func resignKey() {}
}
