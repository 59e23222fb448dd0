import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CATransformLayer")
struct CATransformLayerTests {
    @Test("presentation() is a CATransformLayer holding the committed transform; model() leads back")
    func presentationIsTransformLayer() throws {
        try MediaClock.withManualTime { clock in
            let layer = CATransformLayer()
            layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
            clock.advance(by: 0)
            let shown: CATransformLayer = try #require(layer.presentation())
            #expect(shown.transform == CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
            let model: CATransformLayer = shown.model()
            #expect(model === layer)
        }
    }

    @Test("a committed transform layer animates its CALayer properties implicitly like any layer")
    func inheritsImplicitAnimations() {
        MediaClock.withManualTime { clock in
            let layer = CATransformLayer()
            clock.advance(by: 0)
            layer.sublayerTransform = CATransform3DMakeScale(2, 2, 2)
            #expect(layer.animationKeys() == ["sublayerTransform"])
        }
    }

    @Test("hit testing answers a sublayer under the point, never the transform layer itself")
    func hitTestSkipsItself() {
        let layer = CATransformLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        let face = CALayer()
        face.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        face.position = CGPoint(x: 10, y: 10)
        layer.addSublayer(face)
        #expect(layer.hitTest(CGPoint(x: 5, y: 5)) === face)
        #expect(layer.hitTest(CGPoint(x: 60, y: 60)) == nil)
        let plain = CALayer()
        plain.bounds = layer.bounds
        plain.position = layer.position
        #expect(plain.hitTest(CGPoint(x: 60, y: 60)) === plain)
    }
}
