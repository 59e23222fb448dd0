// A client written as most iOS libraries are: Swift 5 language mode, `import UIKit`, no isolation annotations, views
// built and changed from nonisolated code. On Apple platforms UIKit's classes come from Objective-C and are
// implicitly `@preconcurrency`, so this compiles there; it must compile and run here unchanged.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

#if canImport(UIKit) && canImport(QuartzCore) && canImport(CoreGraphics)
    /// The guard libraries wrap their files in holds for clients of the `UIKit` product.
    let appleGuardsHold = true
#else
    let appleGuardsHold = false
#endif

/// A pulsing dot as indicator libraries write it: a view subclass that lays out a shape sublayer and animates it.
final class PulseDotView: UIView {
    let dot = CAShapeLayer()

    var color: UIColor = .red {
        didSet { dot.fillColor = color.cgColor }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        dot.fillColor = color.cgColor
        layer.addSublayer(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var intrinsicContentSize: CGSize {
        return CGSize(width: 20, height: 20)
    }

    @IBInspectable var lineWidth: CGFloat = 2

    override func awakeFromNib() {
        super.awakeFromNib()
        dot.fillColor = color.cgColor
    }

    override func prepareForInterfaceBuilder() {
        super.prepareForInterfaceBuilder()
        startAnimating()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { startAnimating() }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dot.frame = bounds
        dot.path = UIBezierPath(ovalIn: bounds).cgPath
    }

    func startAnimating() {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 0.5
        pulse.toValue = 1
        pulse.duration = 1
        pulse.repeatCount = HUGE
        pulse.isRemovedOnCompletion = false
        dot.add(pulse, forKey: "pulse")
    }
}

/// A layer subclass written for Apple: designated initializers, `init(layer:)`, a `fatalError` coder initializer,
/// and a `backgroundColor` override that paints an inner sublayer.
final class InnerFillLayer: CALayer {
    let inner = CALayer()

    override init() {
        super.init()
        addSublayer(inner)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var backgroundColor: CGColor? {
        get { return inner.backgroundColor }
        set { inner.backgroundColor = newValue }
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        inner.frame = bounds.inset(by: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
    }
}

/// Nonisolated helpers, as Swift 5 libraries have them.
func makePulse(in container: UIView) -> PulseDotView {
    let view = PulseDotView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    view.color = .blue
    container.addSubview(view)
    container.layoutIfNeeded()
    return view
}

func blue(_ image: CGImage, _ x: Int, _ y: Int) -> Bool {
    guard let data = image.dataProvider?.data else { return false }
    let bytes = [UInt8](data)
    let start = y * image.bytesPerRow + x * 4
    return bytes[start] == 0 && bytes[start + 1] == 0 && bytes[start + 2] == 255 && bytes[start + 3] == 255
}

struct SwiftFiveClientTests {
    @Test func appleGuardsAreTrue() {
        #expect(appleGuardsHold)
    }

    @Test func nonisolatedCodeBuildsAnimatesAndRendersAView() throws {
        try MediaClock.withManualTime { clock in
            // The spinner starts in didMoveToWindow, as indicator libraries do.
            let container = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            container.backgroundColor = .white
            container.makeKeyAndVisible()
            let pulse = makePulse(in: container)
            #expect(pulse.dot.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
            #expect(pulse.dot.animationKeys() == ["pulse"])
            #expect(pulse.dot.animation(forKey: "pulse")?.repeatCount == Float.greatestFiniteMagnitude)
            clock.advance(by: 0)
            let renderer = try #require(CARenderer(width: 40, height: 40))
            renderer.layer = container.layer
            // At the start the dot is drawn at half size: radius 5 about (20, 20), so 8 points left of the centre
            // is still white; near the end of the cycle it has grown to radius 10.
            let start = renderer.renderFrame(atTime: 0)
            #expect(blue(start, 20, 20) && !blue(start, 12, 20))
            let later = renderer.renderFrame(atTime: 0.99)
            #expect(blue(later, 12, 20))
            let scale = try #require(pulse.dot.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat)
            #expect(scale == 0.5)
        }
    }

    @Test func layerSubclassWrittenForAppleForwardsItsBackgroundColor() throws {
        let layer = InnerFillLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setValue(UIColor.blue.cgColor, forKey: "backgroundColor")
        layer.layoutIfNeeded()
        #expect(layer.inner.frame == CGRect(x: 2, y: 2, width: 6, height: 6))
        let renderer = try #require(CARenderer(width: 10, height: 10))
        renderer.layer = layer
        let image = renderer.renderFrame(atTime: 0)
        #expect(blue(image, 5, 5) && !blue(image, 0, 0))
        #expect(layer.value(forKey: "backgroundColor") as! CGColor == UIColor.blue.cgColor)
    }

    /// On Apple platforms such code runs on the main thread; here Swift Testing runs it on another one, so any
    /// main-actor closure the views hand to the standard library would trap there (issue 17 §3 found
    /// `UIView.animate` doing so).
    @Test func viewAnimationAndHierarchyFromNonisolatedCode() {
        MediaClock.withManualTime { clock in
            let window = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let first = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let second = UIView(frame: CGRect(x: 20, y: 0, width: 10, height: 10))
            let third = UIView(frame: CGRect(x: 40, y: 0, width: 10, height: 10))
            window.addSubview(first)
            window.insertSubview(second, aboveSubview: first)
            window.insertSubview(third, belowSubview: first)
            #expect(window.subviews == [third, first, second])
            clock.advance(by: 0)
            var finished = false
            UIView.animate(withDuration: 0.2, animations: { first.alpha = 0 }, completion: { finished = $0 })
            let replacement = UIView(frame: second.frame)
            UIView.transition(from: second, to: replacement, duration: 0.2, options: .transitionCrossDissolve)
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDelegate(window)
            third.center.x = 80
            UIView.commitAnimations()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { first.center.x = 55 }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            animator.stopAnimation(false)
            animator.finishAnimation(at: .current)
            third.removeFromSuperview()
            clock.advance(to: 1)
            #expect(finished)
            #expect(window.subviews == [first, replacement])
            #expect(first.center.x == 30)
        }
    }

    @Test func namesImportUIKitBrings() {
        let font = UIFont.systemFont(ofSize: 12)
        #expect(font.pointSize == 12)
        let delay = DispatchTime.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        #expect(delay > DispatchTime.now())
        #expect(NSCoder.string(for: CGPoint(x: 1, y: 2)) == "{1, 2}")
        #expect(CGPoint(x: 1, y: 2).equalTo(NSCoder.cgPoint(for: "{1,2}")))
        let rotation = CALayer()
        rotation.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")
        let angle = rotation.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
        #expect(abs(angle - .pi) < 1e-9)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
    }
}
