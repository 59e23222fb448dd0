import Foundation
import Testing

@testable import PortableUIKit

/// A layer subclass of our own, to check `makeBackingLayer()`.
private final class MarkedLayer: CALayer {}

private final class ShapeBackedView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

private final class MarkedLayerView: UIView {
    override class var layerClass: AnyClass { MarkedLayer.self }
    override class func makeBackingLayer() -> CALayer { MarkedLayer() }
}

@MainActor
@Suite("UIView layer backing and properties")
struct UIViewTests {
    @Test("init(frame:) sets bounds (0, 0, 200, 100) and center (150, 100) for frame (50, 50, 200, 100)")
    func frameSetsBoundsAndCenter() {
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(view.center == CGPoint(x: 150, y: 100))
        #expect(view.layer.position == CGPoint(x: 150, y: 100))
        #expect(view.layer.delegate === view)
        #expect(UIView().frame == .zero)
    }

    @Test("alpha, clipsToBounds, isHidden and transform are the layer's opacity, masksToBounds, hidden, transform")
    func propertiesAreTheLayers() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = 0.25
        view.clipsToBounds = true
        view.isHidden = true
        view.transform = CGAffineTransform(scaleX: 2, y: 3)
        view.backgroundColor = .red
        #expect(view.layer.opacity == 0.25)
        #expect(view.layer.masksToBounds)
        #expect(view.layer.isHidden)
        #expect(view.layer.transform.m11 == 2 && view.layer.transform.m22 == 3)
        #expect(view.layer.backgroundColor == UIColor.red.cgColor)
        #expect(view.frame == CGRect(x: -5, y: -10, width: 20, height: 30))
        view.transform3D = CATransform3DMakeTranslation(1, 2, 3)
        #expect(view.transform == .identity, "a transform with z translation is not affine")
    }

    @Test("frame is open: an override's didSet sees (1, 2, 3, 4)")
    func frameOverride() {
        let view = FrameObservingView(frame: .zero)
        view.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(view.frames == [CGRect(x: 1, y: 2, width: 3, height: 4)])
    }

    @Test("layerClass CAShapeLayer backs the view with a CAShapeLayer; makeBackingLayer() makes own classes")
    func layerClass() {
        #expect(ShapeBackedView().layer is CAShapeLayer)
        #expect(MarkedLayerView().layer is MarkedLayer)
        #expect(type(of: UIView().layer) == CALayer.self)
    }

    @Test("seed 001: the view answers NSNull outside an animation block and a CABasicAnimation inside one")
    func actionOutsideAndInside() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            #expect(view.action(for: view.layer, forKey: "backgroundColor") is NSNull)
            UIView.beginAnimations(nil, context: nil)
            let inside = view.action(for: view.layer, forKey: "backgroundColor")
            UIView.commitAnimations()
            let animation = try? #require(inside as? CABasicAnimation)
            #expect(animation?.duration == 0.2, "the legacy block's default duration (SPEC §11.8)")
            #expect(view.action(for: view.layer, forKey: "backgroundColor") is NSNull)
        }
    }

    @Test("a change outside a block applies at the next commit without animation: alpha 1 → 0.3")
    func changeOutsideBlockDoesNotAnimate() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            view.alpha = 0.3
            #expect(view.layer.animationKeys() == nil)
            #expect(view.shown.opacity == 1, "not committed yet")
            clock.advance(by: 0)
            #expect(view.shown.opacity == Float(0.3))
        }
    }

    @Test("seed 002: with a shear, frame is the bounding box (0, 50, 300, 100) and restoring needs identity first")
    func frameUnderTransform() {
        let original = CGRect(x: 50, y: 50, width: 200, height: 100)
        let shear = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)

        let identityFirst = UIView(frame: original)
        identityFirst.transform = shear
        #expect(identityFirst.frame == CGRect(x: 0, y: 50, width: 300, height: 100))
        identityFirst.transform = .identity
        identityFirst.frame = original
        #expect(identityFirst.frame == original)

        let frameFirst = UIView(frame: original)
        frameFirst.transform = shear
        frameFirst.frame = original
        frameFirst.transform = .identity
        #expect(frameFirst.frame != original)
        #expect(frameFirst.frame == CGRect(x: 0, y: 50, width: 300, height: 100))
    }

    @Test("seed 002 note 2: setNeedsDisplay redraws on the next turn, once; without it draw(_:) is not called again")
    func setNeedsDisplayRedrawsNextTurn() {
        MediaClock.withManualTime { clock in
            let view = CountingView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            clock.advance(by: 0)
            #expect(view.drawCount == 1, "drawn when first committed")
            #expect(view.layer.contents != nil)
            view.setNeedsDisplay()
            view.setNeedsDisplay()
            #expect(view.drawCount == 1, "not at once")
            clock.advance(by: 0)
            #expect(view.drawCount == 2)
            view.center = CGPoint(x: 9, y: 9)
            clock.advance(by: 0)
            #expect(view.drawCount == 2, "moving does not redraw: the cached bitmap is used")
        }
    }

    @Test("a view class that does not override draw(_:) keeps no bitmap")
    func plainViewKeepsNoBitmap() {
        MediaClock.withManualTime { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            clock.advance(by: 0)
            #expect(view.layer.contents == nil)
        }
    }

    @Test("draw(_:) draws with UIKit's current context: a red fill gives an opaque red bitmap")
    func drawUsesCurrentContext() throws {
        try MediaClock.withManualTime { clock in
            let view = CountingView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            clock.advance(by: 0)
            #expect(UIGraphicsGetCurrentContext() == nil, "popped after drawing")
            let image = try #require(view.layer.contents as? CGImage)
            #expect(image.width == 4 && image.height == 4)
        }
    }
}

/// Observes its frame the way UIKit subclasses often do.
final class FrameObservingView: UIView {
    var frames: [CGRect] = []

    override var frame: CGRect {
        didSet { frames.append(frame) }
    }
}

/// Counts `draw(_:)` calls and fills its bounds red.
final class CountingView: UIView {
    var drawCount = 0

    override func draw(_ rect: CGRect) {
        drawCount += 1
        UIColor.red.setFill()
        UIBezierPath(rect: rect).fill()
    }
}
