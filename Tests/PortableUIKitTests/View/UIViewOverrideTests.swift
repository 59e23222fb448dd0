import Foundation
import Testing

@testable import PortableUIKit

/// A spinner-style view as indicator libraries write them: it lays out a ring sublayer in `layoutSubviews`, reports
/// an intrinsic size, starts animating when it enters a window and stops when it leaves, follows the tint colour,
/// and records the tree and window callbacks it gets.
private final class SpinnerView: UIView {
    let ring = CAShapeLayer()
    var log: [String] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(ring)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var intrinsicContentSize: CGSize {
        CGSize(width: 37, height: 37)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        intrinsicContentSize
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        log.append("layout \(Int(bounds.width))")
        ring.frame = bounds
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        log.append(newSuperview == nil ? "willMove(toSuperview: nil)" : "willMove(toSuperview:)")
    }

    override func didMoveToSuperview() {
        log.append("didMoveToSuperview")
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        log.append(newWindow == nil ? "willMove(toWindow: nil)" : "willMove(toWindow:)")
    }

    override func didMoveToWindow() {
        log.append("didMoveToWindow")
        if window != nil {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = 2 * CGFloat.pi
            spin.repeatCount = HUGE
            ring.add(spin, forKey: "spin")
        } else {
            ring.removeAllAnimations()
        }
    }

    override func tintColorDidChange() {
        ring.strokeColor = tintColor.cgColor
        log.append("tintColorDidChange")
    }
}

/// A container that records subviews added and removed through its overrides.
private final class TreeCountingView: UIView {
    var added = 0
    var removedSelf = 0

    override func addSubview(_ view: UIView) {
        added += 1
        super.addSubview(view)
    }

    override func removeFromSuperview() {
        removedSelf += 1
        super.removeFromSuperview()
    }
}

/// A backing layer that copies every bounds animation it is given to its mask, the pattern custom views use to keep
/// a sublayer in step with `UIView.animate` (UIKit adds its animations through `addAnimation:forKey:`).
private final class FollowingLayer: CALayer, @unchecked Sendable {
    var keys: [String] = []

    override func add(_ anim: CAAnimation, forKey key: String?) {
        keys.append(key ?? "nil")
        super.add(anim, forKey: key)
    }
}

private final class FollowingView: UIView {
    override class func makeBackingLayer() -> CALayer {
        FollowingLayer()
    }
}

@MainActor
@Suite("UIView members subclasses override")
struct UIViewOverrideTests {
    @Test("a spinner gets its size from sizeThatFits (37 × 37) and lays out its ring at layoutIfNeeded")
    func sizeAndLayout() {
        let spinner = SpinnerView(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        spinner.sizeToFit()
        spinner.layoutIfNeeded()
        #expect(spinner.frame == CGRect(x: 10, y: 10, width: 37, height: 37))
        #expect(spinner.intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(spinner.ring.frame == CGRect(x: 0, y: 0, width: 37, height: 37))
        #expect(spinner.log.last == "layout 37")
        #expect(UIView().intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: -1))
    }

    @Test("entering a window: willMove(toSuperview:), willMove(toWindow:), didMoveToWindow, didMoveToSuperview")
    func windowCallbacks() {
        // The order UIKit logs when a view is added to and removed from a view already in a window (published
        // logs of UIView's life cycle); spinner libraries start their animation in didMoveToWindow.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let spinner = SpinnerView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        container.addSubview(spinner)
        #expect(spinner.window === window && container.window === window && window.window === window)
        #expect(
            spinner.log == ["willMove(toSuperview:)", "willMove(toWindow:)", "didMoveToWindow", "didMoveToSuperview"])
        #expect(spinner.ring.animationKeys() == ["spin"])
        spinner.log = []
        spinner.removeFromSuperview()
        #expect(
            spinner.log == [
                "willMove(toSuperview: nil)", "willMove(toWindow: nil)", "didMoveToWindow", "didMoveToSuperview",
            ])
        #expect(spinner.window == nil && spinner.ring.animationKeys() == nil)
    }

    @Test("a view added to a view outside any window hears no window callbacks; its window is nil")
    func noWindowNoCallbacks() {
        let spinner = SpinnerView(frame: .zero)
        UIView().addSubview(spinner)
        #expect(spinner.log == ["willMove(toSuperview:)", "didMoveToSuperview"])
        #expect(spinner.window == nil)
    }

    @Test("moving a container into a window tells every view of its subtree, parent first")
    func subtreeHearsWindowMove() {
        let window = UIWindow(frame: .zero)
        let container = SpinnerView(frame: .zero)
        let inner = SpinnerView(frame: .zero)
        container.addSubview(inner)
        inner.log = []
        container.log = []
        window.addSubview(container)
        #expect(inner.log == ["willMove(toWindow:)", "didMoveToWindow"])
        #expect(container.log.contains("didMoveToWindow"))
    }

    @Test("a window is hidden until makeKeyAndVisible(); the key window changes with makeKey()")
    func windowKeyAndVisibility() {
        let first = UIWindow(frame: .zero)
        let second = UIWindow(frame: .zero)
        #expect(first.isHidden)
        first.makeKeyAndVisible()
        #expect(!first.isHidden && first.isKeyWindow && !second.isKeyWindow)
        second.makeKey()
        #expect(second.isKeyWindow && !first.isKeyWindow && second.isHidden)
    }

    @Test("tintColor inherits: setting the superview's to red colours the spinner's ring, which hears the change")
    func tintInheritance() {
        // Apple's tintColorDidChange documentation: called when tintColor changes on the view or is inherited from
        // a superview whose tintColor changed.
        let container = UIView()
        let spinner = SpinnerView(frame: .zero)
        container.addSubview(spinner)
        #expect(spinner.tintColor == UIColor.systemBlue)
        spinner.log = []
        container.tintColor = .red
        #expect(spinner.log == ["tintColorDidChange"])
        #expect(spinner.ring.strokeColor?.components == [1, 0, 0, 1])
        spinner.tintColor = .green
        container.tintColor = .blue  // the spinner keeps its own green
        #expect(spinner.log == ["tintColorDidChange", "tintColorDidChange"])
        #expect(spinner.tintColor == UIColor.green)
        spinner.tintColor = nil
        #expect(spinner.tintColor == UIColor.blue)
    }

    @Test("addSubview and removeFromSuperview overrides are called for the tree changes made through them")
    func hierarchyOverrides() {
        let container = TreeCountingView()
        let child = TreeCountingView()
        container.addSubview(child)
        child.removeFromSuperview()
        #expect(container.added == 1 && child.removedSelf == 1)
        #expect(container.subviews.isEmpty)
    }

    @Test("UIView.animate's bounds animation reaches the backing layer's add(_:forKey:) override")
    func viewAnimationsGoThroughAdd() {
        // UIKit adds the animations of a block with addAnimation:forKey: (a layer subclass overriding it sees them,
        // as code that keeps a mask in step with a view's bounds animation relies on).
        MediaClock.withManualTime { clock in
            let view = committedView(clock) as UIView
            let following = FollowingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.addSubview(following)
            clock.advance(by: 0)
            UIView.animate(withDuration: 1) {
                following.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            }
            let layer = following.layer as? FollowingLayer
            #expect(layer?.keys == ["bounds"])
            #expect(following.layer.animationKeys() == ["bounds"])
            clock.advance(by: 0.5)
            let shown = following.layer.presentation()?.bounds.width ?? 0
            #expect(shown > 10 && shown < 50)
        }
    }
}
