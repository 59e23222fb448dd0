import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("NamedChoice: string-valued properties parsed once")
struct NamedChoiceTests {
    @Test("each choice's cases are Apple's constants in order: contents gravity has 12, \"resizeAspectFill\" last")
    func casesAreAppleConstants() {
        // Evidence: Apple's constant names and strings (QuartzCore headers), mirrored by our Apple-shaped types.
        func names<T: RawRepresentable<String>>(_ constants: [T]) -> [String] { constants.map(\.rawValue) }
        func names<C: StringChoice>(_: C.Type) -> [String] { C.allCases.map(\.rawValue) }
        let gravities: [CALayerContentsGravity] = [
            .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize,
            .resizeAspect, .resizeAspectFill,
        ]
        #expect(names(ContentsGravity.self) == names(gravities) && gravities.count == 12)
        #expect(names(ContentsFormat.self) == names([CALayerContentsFormat.RGBA8Uint, .RGBA16Float, .gray8Uint]))
        #expect(names(CornerCurve.self) == names([CALayerCornerCurve.circular, .continuous]))
        #expect(names(ContentsFilter.self) == names([CALayerContentsFilter.nearest, .linear, .trilinear]))
        #expect(names(ShapeFillRule.self) == names([CAShapeLayerFillRule.nonZero, .evenOdd]))
        #expect(names(ShapeLineCap.self) == names([CAShapeLayerLineCap.butt, .round, .square]))
        #expect(names(ShapeLineJoin.self) == names([CAShapeLayerLineJoin.miter, .round, .bevel]))
        #expect(names(GradientKind.self) == names([CAGradientLayerType.axial, .radial, .conic]))
        #expect(
            names(TextAlignment.self)
                == names([CATextLayerAlignmentMode.natural, .left, .right, .center, .justified]))
        #expect(names(TextTruncation.self) == names([CATextLayerTruncationMode.none, .start, .middle, .end]))
        #expect(
            names(EmitterShape.self)
                == names([CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere]))
        #expect(names(EmitterMode.self) == names([CAEmitterLayerEmitterMode.points, .outline, .surface, .volume]))
        #expect(
            names(EmitterRenderMode.self)
                == names([CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive]))
        #expect(
            names(TransitionDirection.self) == names([CATransitionSubtype.fromRight, .fromLeft, .fromTop, .fromBottom]))
        // Apple's four public types, then the private names UIKit's view transitions use.
        #expect(
            names(TransitionKind.self)
                == names([CATransitionType.fade, .moveIn, .push, .reveal]) + [
                    "oglFlip", "cube", "pageCurl", "pageUnCurl",
                ])
        let evenOdd = NamedChoice<ShapeFillRule>(name: "even-odd")
        #expect(evenOdd.choice == .evenOdd && evenOdd.name == "even-odd" && evenOdd.isKnown)
        #expect(evenOdd == NamedChoice(.evenOdd))
    }

    @Test("unknown names fall back to each property's default: gravity resize, filter linear, alignment natural")
    func fallbacksAreDefaults() {
        // The defaults are Apple's documented ones (LayerState's groups); Apple documents no other rule for names
        // outside its constants, and the renderer has always drawn them as the default.
        let defaults = LayerState()
        #expect(NamedChoice<ContentsGravity>(name: "sideways").choice == defaults.details.contentsGravity.choice)
        #expect(NamedChoice<ContentsFilter>(name: "blurry").choice == defaults.details.minificationFilter.choice)
        #expect(NamedChoice<ShapeFillRule>(name: "odd").choice == defaults.shape.fillRule.choice)
        #expect(NamedChoice<ShapeLineJoin>(name: "mitre").choice == defaults.shape.lineJoin.choice)
        #expect(NamedChoice<GradientKind>(name: "spiral").choice == defaults.gradient.type.choice)
        #expect(NamedChoice<TextAlignment>(name: "centre").choice == defaults.text.alignmentMode.choice)
        #expect(NamedChoice<TextTruncation>(name: "tail").choice == defaults.text.truncationMode.choice)
        #expect(NamedChoice<EmitterShape>(name: "blob").choice == defaults.emitter.emitterShape.choice)
        #expect(NamedChoice<EmitterMode>(name: "edge").choice == defaults.emitter.emitterMode.choice)
        #expect(NamedChoice<EmitterRenderMode>(name: "sparkly").choice == defaults.emitter.renderMode.choice)
        #expect(NamedChoice<CornerCurve>(name: "squircle").choice == defaults.details.cornerCurve.choice)
        #expect(NamedChoice<ContentsFormat>(name: "RGBA32").choice == defaults.details.contentsFormat.choice)
        #expect(ContentsGravity.fallback == .resize && EmitterRenderMode.fallback == .unordered)
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

    @Test("a parsed name is 17 bytes, one more than the string it replaces, and a known name holds no string")
    func compactLayout() {
        #expect(MemoryLayout<NamedChoice<ContentsGravity>>.size == 17)
        #expect(MemoryLayout<String>.size == 16)
        #expect(NamedChoice(ContentsGravity.resizeAspectFill).isKnown)
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

    @Test("layers of every kind read back unknown names unchanged: gravity \"sideways\", renderMode \"sparkly\"")
    func layersKeepUnknownNames() {
        let layer = CALayer()
        layer.contentsGravity = CALayerContentsGravity(rawValue: "sideways")
        layer.magnificationFilter = CALayerContentsFilter(rawValue: "blurry")
        #expect(layer.contentsGravity.rawValue == "sideways" && layer.magnificationFilter.rawValue == "blurry")
        #expect(layer.modelState.details.contentsGravity.choice == .resize)
        let text = CATextLayer()
        text.alignmentMode = CATextLayerAlignmentMode(rawValue: "centre")
        text.truncationMode = CATextLayerTruncationMode(rawValue: "tail")
        #expect(text.alignmentMode.rawValue == "centre" && text.truncationMode.rawValue == "tail")
        #expect(text.modelState.text.alignmentMode.choice == .natural)
        let emitter = CAEmitterLayer()
        emitter.renderMode = CAEmitterLayerRenderMode(rawValue: "sparkly")
        emitter.emitterShape = CAEmitterLayerEmitterShape(rawValue: "blob")
        #expect(emitter.renderMode.rawValue == "sparkly" && emitter.emitterShape.rawValue == "blob")
        #expect(!EmitterSimulation.isAdditive(emitter.modelState.emitter))
        emitter.renderMode = .additive
        #expect(EmitterSimulation.isAdditive(emitter.modelState.emitter))
    }
}
