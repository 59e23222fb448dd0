import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("NamedChoice: string-valued properties parsed once")
struct NamedChoiceTests {
    @Test("Apple's shape and gradient constants parse to their cases and spell back alike: \"even-odd\" is evenOdd")
    func appleConstantsParse() {
        // Evidence: the strings of Apple's constants (QuartzCore headers: kCAFillRuleEvenOdd is "even-odd").
        #expect(NamedChoice<ShapeFillRule>(name: CAShapeLayerFillRule.evenOdd.rawValue).choice == .evenOdd)
        #expect(NamedChoice<ShapeFillRule>(name: CAShapeLayerFillRule.nonZero.rawValue).choice == .nonZero)
        #expect(NamedChoice<ShapeLineCap>(name: CAShapeLayerLineCap.square.rawValue).choice == .square)
        #expect(NamedChoice<ShapeLineCap>(name: CAShapeLayerLineCap.round.rawValue).choice == .round)
        #expect(NamedChoice<ShapeLineJoin>(name: CAShapeLayerLineJoin.bevel.rawValue).choice == .bevel)
        #expect(NamedChoice<ShapeLineJoin>(name: CAShapeLayerLineJoin.round.rawValue).choice == .round)
        #expect(NamedChoice<GradientKind>(name: CAGradientLayerType.conic.rawValue).choice == .conic)
        #expect(NamedChoice<GradientKind>(name: CAGradientLayerType.radial.rawValue).choice == .radial)
        let evenOdd = NamedChoice<ShapeFillRule>(name: "even-odd")
        #expect(evenOdd.name == "even-odd" && evenOdd.isKnown && evenOdd == NamedChoice(.evenOdd))
    }

    @Test("an unknown name keeps its spelling and parses as the fallback: \"pointy\" reads back, draws as butt")
    func unknownNameKept() {
        // Evidence for keeping the string: Apple declares these properties as `copy` strings, so what was set is
        // what a getter returns. The fallback is the documented default (Apple documents no other rule).
        let pointy = NamedChoice<ShapeLineCap>(name: "pointy")
        #expect(pointy.name == "pointy" && pointy.description == "pointy")
        #expect(pointy.choice == .butt && !pointy.isKnown)
        #expect(pointy != NamedChoice(.butt))  // what was set differs, though both draw butt caps
        #expect(pointy == "pointy")
        // Names are compared exactly, as Apple's constants are.
        #expect(NamedChoice<ShapeLineCap>(name: "Round").choice == .butt)
    }

    @Test("a CAShapeLayer reads back an unknown lineCap unchanged and its state holds butt: \"pointy\"")
    func shapeLayerKeepsUnknownName() {
        let layer = CAShapeLayer()
        layer.lineCap = CAShapeLayerLineCap(rawValue: "pointy")
        #expect(layer.lineCap.rawValue == "pointy")
        #expect(layer.value(forKey: "lineCap") as? String == "pointy")
        #expect(layer.modelState.shape.lineCap.choice == .butt)
        layer.lineCap = .round
        #expect(layer.lineCap == .round && layer.modelState.shape.lineCap.choice == .round)
    }

    @Test("setValue(\"even-odd\", forKey: \"fillRule\") is parsed when set: the state holds evenOdd")
    func keyValueCodingParses() {
        let layer = CAShapeLayer()
        layer.setValue("even-odd", forKey: "fillRule")
        #expect(layer.modelState.shape.fillRule.choice == .evenOdd)
        #expect(layer.fillRule == .evenOdd)
        let gradient = CAGradientLayer()
        gradient.setValue("spiral", forKey: "type")
        #expect(gradient.type.rawValue == "spiral" && gradient.modelState.gradient.type.choice == .axial)
    }

    @Test("a lineCap animation butt → round shows butt at p 0.4 and round at p 0.6 (discrete switch at 0.5)")
    func lineCapAnimationSwitchesHalfWay() throws {
        // Evidence: Docs/Behaviour.md §3.6, values without arithmetic switch at p ≥ 0.5 (unverified on Apple).
        try MediaClock.withManualTime { clock in
            let layer = CAShapeLayer()
            clock.advance(by: 0)
            let animation = basicAnimation(
                "lineCap", from: CAShapeLayerLineCap.butt, to: CAShapeLayerLineCap.round, duration: 1)
            layer.add(animation, forKey: "cap")
            clock.advance(by: 0.4)
            let early = try #require(layer.presentation())
            #expect(early.lineCap == .butt && early.modelState.shape.lineCap.choice == .butt)
            clock.advance(by: 0.2)
            let late = try #require(layer.presentation())
            #expect(late.lineCap == .round && late.modelState.shape.lineCap.choice == .round)
            #expect(layer.lineCap == .butt)
        }
    }

    @Test("an animation to an unknown fillRule shows the name from p 0.5 on and fills non-zero: \"odd\"")
    func animationToUnknownName() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAShapeLayer()
            layer.fillRule = .evenOdd
            clock.advance(by: 0)
            layer.add(basicAnimation("fillRule", from: nil, to: "odd", duration: 1), forKey: "rule")
            clock.advance(by: 0.75)
            let shown = try #require(layer.presentation())
            #expect(shown.fillRule.rawValue == "odd" && shown.modelState.shape.fillRule.choice == .nonZero)
        }
    }
}
