import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAReplicatorLayer")
struct CAReplicatorLayerTests {
    @Test("a new replicator has Apple's defaults: 1 instance, no delay, identity, opaque white, offsets 0")
    func defaults() {
        let layer = CAReplicatorLayer()
        #expect(layer.instanceCount == 1 && layer.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(layer.instanceTransform))
        #expect(layer.instanceColor.map(ColorComponents.init) == .opaqueWhite)
        #expect(layer.instanceRedOffset == 0 && layer.instanceGreenOffset == 0)
        #expect(layer.instanceBlueOffset == 0 && layer.instanceAlphaOffset == 0)
        #expect(!layer.preservesDepth)
    }

    @Test("every property reads back what was set")
    func roundTrips() {
        let layer = CAReplicatorLayer()
        layer.instanceCount = 12
        layer.instanceDelay = 0.2
        layer.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        layer.instanceColor = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        layer.instanceRedOffset = -0.1
        layer.instanceGreenOffset = -0.05
        layer.instanceBlueOffset = 0.02
        layer.instanceAlphaOffset = -0.08
        layer.preservesDepth = true
        #expect(layer.instanceCount == 12 && layer.instanceDelay == 0.2)
        #expect(layer.instanceTransform == CATransform3DMakeTranslation(10, 0, 0))
        #expect(layer.instanceColor == CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1))
        #expect(layer.instanceRedOffset == -0.1 && layer.instanceGreenOffset == -0.05)
        #expect(layer.instanceBlueOffset == 0.02 && layer.instanceAlphaOffset == -0.08)
        #expect(layer.preservesDepth && layer.modelState.details.preservesDepth)
        layer.instanceColor = nil
        #expect(layer.instanceColor == nil)
    }

    @Test("the instance properties animate implicitly; preservesDepth does not")
    func whichPropertiesAnimate() {
        MediaClock.withManualTime { clock in
            let layer = CAReplicatorLayer()
            clock.advance(by: 0)
            layer.preservesDepth = true
            layer.instanceCount = 3
            layer.instanceTransform = CATransform3DMakeScale(2, 2, 1)
            layer.instanceAlphaOffset = -0.2
            #expect(layer.animationKeys() == ["instanceCount", "instanceTransform", "instanceAlphaOffset"])
        }
    }

    @Test("instanceCount 1 → 5 shows 4 copies after 0.125 s (4.2096 truncated); the copy is a CAReplicatorLayer")
    func presentationMidAnimation() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAReplicatorLayer()
            clock.advance(by: 0)
            layer.instanceCount = 5
            layer.instanceRedOffset = -1
            clock.advance(by: 0)
            clock.advance(by: 0.125)
            let shown: CAReplicatorLayer = try #require(layer.presentation())
            #expect(shown.instanceCount == 4)
            #expect(abs(Double(shown.instanceRedOffset) + 0.802403) < 1e-5)
            #expect(shown.model() === layer)
        }
    }

    @Test("defaultValue(forKey:) answers instanceCount 1, identity transform, white, preservesDepth false; nil for 0")
    func defaultValues() {
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int == 1)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceTransform") as? CATransform3D == CATransform3DIdentity)
        #expect(
            CAReplicatorLayer.defaultValue(forKey: "instanceColor") as? CGColor
                == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceDelay") == nil)
        // A flag answers even when false (issue 17 §2.6).
        #expect(CAReplicatorLayer.defaultValue(forKey: "preservesDepth") as? NSNumber == NSNumber(value: false))
    }

    @Test("key-value coding sets instanceCount from a Double, truncating 7.9 to 7")
    func keyValueCoding() {
        let layer = CAReplicatorLayer()
        layer.setValue(7.9, forKey: "instanceCount")
        #expect(layer.instanceCount == 7)
        #expect(layer.value(forKey: "instanceCount") as? Int == 7)
    }
}
