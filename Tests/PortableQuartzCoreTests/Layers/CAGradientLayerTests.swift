import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAGradientLayer")
struct CAGradientLayerTests {
    @Test("a new gradient layer has Apple's defaults: no colours, vertical axial ramp (0.5, 0) → (0.5, 1)")
    func defaults() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0) && layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial && layer.type.rawValue == "axial")
    }

    @Test("colours are stored as components and read back as CGColors: red then half-transparent blue")
    func colours() throws {
        let layer = CAGradientLayer()
        layer.colors = [
            CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5),
        ]
        #expect(
            layer.modelState.gradient.colors == [
                ColorComponents(red: 1, green: 0, blue: 0, alpha: 1),
                ColorComponents(red: 0, green: 0, blue: 1, alpha: 0.5),
            ])
        let back = try #require(layer.colors as? [CGColor])
        #expect(back == [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)])
        layer.colors = nil
        #expect(layer.colors == nil)
    }

    @Test("an array with something other than a CGColor is stored as nil (draws nothing)")
    func invalidColoursBecomeNil() {
        let layer = CAGradientLayer()
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), "blue"]
        #expect(layer.colors == nil && layer.modelState.gradient.colors == nil)
        layer.colors = []
        #expect(layer.colors?.count == 0)
    }

    @Test("locations, points and type read back what was set")
    func roundTrips() {
        let layer = CAGradientLayer()
        layer.locations = [0, 0.25, 1]
        layer.startPoint = CGPoint(x: 0, y: 0)
        layer.endPoint = CGPoint(x: 1, y: 1)
        layer.type = .radial
        #expect(layer.locations?.map(\.doubleValue) == [0, 0.25, 1])
        #expect(layer.startPoint == .zero && layer.endPoint == CGPoint(x: 1, y: 1))
        #expect(layer.type == .radial && layer.modelState.gradient.type == "radial")
        layer.type = .conic
        #expect(layer.type.rawValue == "conic")
    }

    @Test("colours, locations and points animate implicitly; type does not")
    func whichPropertiesAnimate() {
        MediaClock.withManualTime { clock in
            let layer = CAGradientLayer()
            clock.advance(by: 0)
            layer.type = .conic
            layer.colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
            layer.locations = [0.5]
            layer.startPoint = .zero
            layer.endPoint = CGPoint(x: 1, y: 0)
            #expect(layer.animationKeys() == ["colors", "locations", "startPoint", "endPoint"])
        }
    }

    @Test("a presentation copy is a CAGradientLayer; startPoint x 0.5 → 0 shows 0.098799 after 0.125 s")
    func presentationMidAnimation() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAGradientLayer()
            clock.advance(by: 0)
            layer.startPoint = .zero
            clock.advance(by: 0)
            clock.advance(by: 0.125)
            let shown: CAGradientLayer = try #require(layer.presentation())
            #expect(abs(shown.startPoint.x - 0.5 * (1 - 0.802403)) < 1e-5)
            #expect(shown.startPoint.y == 0)
            let model: CAGradientLayer = shown.model()
            #expect(model === layer)
        }
    }

    @Test("defaultValue(forKey:) answers startPoint (0.5, 0), endPoint (0.5, 1), type axial, nil for colors")
    func defaultValues() {
        #expect(CAGradientLayer.defaultValue(forKey: "startPoint") as? CGPoint == CGPoint(x: 0.5, y: 0))
        #expect(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
        #expect(CAGradientLayer.defaultValue(forKey: "type") as? String == "axial")
        #expect(CAGradientLayer.defaultValue(forKey: "colors") == nil)
        #expect(CAGradientLayer.defaultValue(forKey: "locations") == nil)
    }

    @Test("key-value coding sets colours from an array of CGColors and the type from its name")
    func keyValueCoding() {
        let layer = CAGradientLayer()
        layer.setValue([CGColor(red: 0, green: 1, blue: 0, alpha: 1)], forKey: "colors")
        layer.setValue("radial", forKey: "type")
        #expect((layer.colors as? [CGColor]) == [CGColor(red: 0, green: 1, blue: 0, alpha: 1)])
        #expect(layer.type == .radial)
        #expect(layer.value(forKey: "type") as? String == "radial")
    }
}
