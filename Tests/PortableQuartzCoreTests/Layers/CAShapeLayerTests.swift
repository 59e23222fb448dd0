import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAShapeLayer")
struct CAShapeLayerTests {
    @Test("a new shape layer has Apple's defaults: black non-zero fill, no stroke, width 1, miter limit 10")
    func defaults() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil)
        #expect(layer.fillColor.map(ColorComponents.init) == .opaqueBlack)
        #expect(layer.fillRule == .nonZero && layer.fillRule.rawValue == "non-zero")
        #expect(layer.strokeColor == nil)
        #expect(layer.strokeStart == 0 && layer.strokeEnd == 1)
        #expect(layer.lineWidth == 1 && layer.miterLimit == 10)
        #expect(layer.lineCap == .butt && layer.lineJoin == .miter)
        #expect(layer.lineDashPhase == 0 && layer.lineDashPattern == nil)
    }

    @Test("every property reads back what was set")
    func roundTrips() {
        let layer = CAShapeLayer()
        layer.strokeStart = 0.25
        layer.strokeEnd = 0.75
        layer.lineWidth = 2.5
        layer.miterLimit = 4
        layer.lineDashPhase = 3
        layer.fillRule = .evenOdd
        layer.lineCap = .round
        layer.lineJoin = .bevel
        layer.lineDashPattern = [4, 2.5]
        #expect(layer.strokeStart == 0.25 && layer.strokeEnd == 0.75)
        #expect(layer.lineWidth == 2.5 && layer.miterLimit == 4 && layer.lineDashPhase == 3)
        #expect(layer.fillRule.rawValue == "even-odd")
        #expect(layer.lineCap.rawValue == "round" && layer.lineJoin.rawValue == "bevel")
        #expect(layer.lineDashPattern?.map(\.doubleValue) == [4, 2.5])
        #expect(layer.lineDashPattern?.first?.intValue == 4)
        #expect(layer.modelState.shape.lineDashPattern == [4, 2.5])
        layer.lineDashPattern = nil
        #expect(layer.lineDashPattern == nil)
    }

    @Test("colours are stored as sRGB components: (1, 0.5, 0, 0.8) reads back equal; nil clears")
    func colours() {
        let layer = CAShapeLayer()
        layer.fillColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(layer.fillColor == CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8))
        #expect(layer.modelState.shape.fillColor == ColorComponents(red: 1, green: 0.5, blue: 0, alpha: 0.8))
        #expect(layer.strokeColor.map(ColorComponents.init) == ColorComponents(red: 0, green: 0, blue: 1, alpha: 1))
        layer.fillColor = nil
        #expect(layer.fillColor == nil && layer.modelState.shape.fillColor == nil)
    }

    @Test("a gray colour comes back as the equal-looking sRGB colour, alpha kept")
    func grayColourConverts() throws {
        let layer = CAShapeLayer()
        let gray = CGColor(gray: 0.5, alpha: 0.25)
        layer.strokeColor = gray
        let back = try #require(layer.strokeColor)
        let expected = gray.rgbaComponents
        #expect(back.numberOfComponents == 4)
        #expect(back.rgbaComponents == expected)
        #expect(expected.red == expected.green && expected.green == expected.blue && expected.alpha == 0.25)
    }

    @Test("a mutable path is copied when set: appending to it later leaves the layer's 4-element rectangle")
    func pathIsCopied() throws {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 20))
        layer.path = path
        path.addLine(to: CGPoint(x: 100, y: 100))
        let stored = try #require(layer.path)
        #expect(stored.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(!(stored is CGMutablePath))
    }

    @Test("changing strokeEnd of a committed layer animates implicitly: 1 → 0.5 shows 0.598799 after 0.125 s")
    func strokeEndAnimatesImplicitly() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAShapeLayer()
            clock.advance(by: 0)
            layer.strokeEnd = 0.5
            #expect(layer.animationKeys() == ["strokeEnd"])
            clock.advance(by: 0)
            clock.advance(by: 0.125)
            let shown = try #require(layer.presentation())
            #expect(abs(shown.strokeEnd - (1 - 0.5 * 0.802403)) < 1e-5)
            #expect(layer.strokeEnd == 0.5)
        }
    }

    @Test("fillColor and lineWidth animate implicitly; fillRule, lineCap and lineDashPattern do not")
    func whichPropertiesAnimate() {
        MediaClock.withManualTime { clock in
            let layer = CAShapeLayer()
            clock.advance(by: 0)
            layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.lineWidth = 4
            layer.fillRule = .evenOdd
            layer.lineCap = .square
            layer.lineDashPattern = [1, 1]
            #expect(layer.animationKeys() == ["fillColor", "lineWidth"])
        }
    }

    @Test("setting path on a committed layer does not animate implicitly (Apple animates it only explicitly)")
    func pathDoesNotAnimateImplicitly() {
        MediaClock.withManualTime { clock in
            let layer = CAShapeLayer()
            clock.advance(by: 0)
            layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
            #expect(layer.animationKeys() == nil)
            #expect(layer.action(forKey: "path") == nil)
            #expect(layer.action(forKey: "strokeEnd") is CABasicAnimation)
        }
    }

    @Test("presentation() and model() are typed CAShapeLayer; the copy holds the committed line width 3")
    func presentationIsShapeLayer() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAShapeLayer()
            layer.lineWidth = 3
            clock.advance(by: 0)
            let shown: CAShapeLayer = try #require(layer.presentation())
            #expect(shown.lineWidth == 3)
            #expect(shown.model() === layer)
            let model: CAShapeLayer = layer.model()
            #expect(model === layer)
        }
    }

    @Test("defaultValue(forKey:) answers the non-zero shape defaults and nil for zero ones")
    func defaultValues() {
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? Double == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "miterLimit") as? Double == 10)
        #expect(CAShapeLayer.defaultValue(forKey: "strokeEnd") as? Double == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "fillRule") as? String == "non-zero")
        #expect(CAShapeLayer.defaultValue(forKey: "lineCap") as? String == "butt")
        #expect(
            CAShapeLayer.defaultValue(forKey: "fillColor") as? CGColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(CAShapeLayer.defaultValue(forKey: "strokeStart") == nil)
        #expect(CAShapeLayer.defaultValue(forKey: "path") == nil)
        #expect(CAShapeLayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
    }

    @Test("key-value coding reads and writes the shape properties by name")
    func keyValueCoding() {
        let layer = CAShapeLayer()
        layer.setValue(6, forKey: "lineWidth")
        layer.setValue(CAShapeLayerLineJoin.round, forKey: "lineJoin")
        #expect(layer.lineWidth == 6 && layer.lineJoin == .round)
        #expect(layer.value(forKey: "lineWidth") as? Double == 6)
        #expect(layer.value(forKey: "lineJoin") as? String == "round")
    }
}
