import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("LayerArchive round trips")
struct LayerArchiveRoundTripTests {
    @Test("a scene with every layer class survives JSON: re-archiving the loaded tree gives the same archive and bytes")
    func sceneRoundTrip() throws {
        try ArchiveFixtures.withManualClock { _ in
            let original = LayerArchive(ArchiveFixtures.scene())
            let bytes = try original.encodeJSON()
            let decoded = try LayerArchive.decode(fromJSON: bytes)
            #expect(decoded == original)
            let loaded = try decoded.makeLayer()
            let again = LayerArchive(loaded)
            #expect(again == original)
            #expect(try again.encodeJSON() == bytes)
        }
    }

    @Test("encoding is deterministic: two scenes built the same way give identical bytes")
    func deterministicBytes() throws {
        try ArchiveFixtures.withManualClock { _ in
            let first = try LayerArchive(ArchiveFixtures.scene()).encodeJSON()
            let second = try LayerArchive(ArchiveFixtures.scene()).encodeJSON()
            #expect(first == second)
            let text = String(decoding: first, as: UTF8.self)
            // Sorted keys: "class" comes before "properties" in the root object, "animations" before both.
            let animations = try #require(text.range(of: "\"animations\""))
            let properties = try #require(text.range(of: "\"properties\""))
            #expect(animations.lowerBound < properties.lowerBound)
            #expect(text.hasPrefix("{\n  \"root\" : {"))
        }
    }

    @Test("the loaded tree has the classes, order, values, mask and extra keys of the original")
    func loadedValues() throws {
        try ArchiveFixtures.withManualClock { _ in
            let root = try LayerArchive(ArchiveFixtures.scene()).makeLayer()
            #expect(root.name == "root")
            #expect(root.bounds == CGRect(x: 0, y: 0, width: 200, height: 100))
            #expect(root.opacity == 0.3)
            #expect(root.sublayerTransform.m34 == -1.0 / 500)
            #expect(root.speed == 2 && root.repeatCount == .infinity && root.duration == .infinity)
            #expect(root.value(forKey: "tag") as? Int == 7)
            #expect(root.value(forKey: "title") as? String == "scene")
            #expect(root.value(forKey: "isDemo") as? Bool == true)
            #expect(root.value(forKey: "notPlain") == nil, "objects under extra keys are not archived")
            #expect(root.mask?.bounds.width == 150)
            let contents = try #require(root.contents as? CGImage)
            #expect(contents.premultipliedRGBABytes == [255, 0, 0, 255, 0, 0, 128, 128])

            let sublayers = try #require(root.sublayers)
            #expect(
                sublayers.map { String(describing: type(of: $0)) } == [
                    "CAShapeLayer", "CATextLayer", "CAGradientLayer", "CAReplicatorLayer", "CATransformLayer",
                    "CAScrollLayer", "CAEmitterLayer",
                ])
            let shape = try #require(sublayers[0] as? CAShapeLayer)
            #expect(shape.path == ArchiveFixtures.wigglePath())
            #expect(shape.fillColor == nil)
            #expect(shape.lineWidth == 3 && shape.strokeEnd == 0.5 && shape.fillRule == .evenOdd)
            #expect(shape.lineDashPattern?.map(\.doubleValue) == [4, 2])
            #expect(shape.modelValue(\.shadowColor) == ArchiveFixtures.wideGreen)
            let text = try #require(sublayers[1] as? CATextLayer)
            #expect(text.string as? String == "Hello" && text.fontSize == 18 && text.isWrapped)
            let gradient = try #require(sublayers[2] as? CAGradientLayer)
            #expect(gradient.locations?.map(\.doubleValue) == [0, 0.25] && gradient.type == .radial)
            #expect(
                (gradient.colors as? [CGColor])?.map(ColorComponents.init) == [
                    ColorComponents(red: 1, green: 0, blue: 0, alpha: 1),
                    ColorComponents(red: 0, green: 0, blue: 1, alpha: 1),
                ])
            let replicator = try #require(sublayers[3] as? CAReplicatorLayer)
            #expect(replicator.instanceCount == 3 && replicator.instanceTransform.m41 == 20)
            #expect(replicator.instanceRedOffset == -0.25 && replicator.sublayers?.count == 1)
            let hidden = try #require(sublayers[4].sublayers?.first)
            #expect(hidden.isHidden && hidden.zPosition == 10)
            #expect((sublayers[5] as? CAScrollLayer)?.scrollMode == .vertically)
            let emitter = try #require(sublayers[6] as? CAEmitterLayer)
            #expect(emitter.birthRate == 2 && emitter.emitterShape == .circle && emitter.seed == 42)
        }
    }

    @Test("every animation class comes back with its properties")
    func loadedAnimations() throws {
        try ArchiveFixtures.withManualClock { _ in
            let root = try LayerArchive(ArchiveFixtures.scene()).makeLayer()
            #expect(root.animationKeys() == ["group", "spin", "tint"])
            let shape = try #require(root.sublayers?.first)
            #expect(shape.animationKeys() == ["draw", "follow"])

            let draw = try #require(shape.animation(forKey: "draw") as? CABasicAnimation)
            #expect(draw.keyPath == "strokeEnd" && draw.duration == 2)
            #expect((draw.fromValue as? NSNumber)?.doubleValue == 0 && (draw.toValue as? NSNumber)?.doubleValue == 1)
            #expect(draw.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            #expect(draw.fillMode == .forwards && !draw.isRemovedOnCompletion)
            #expect(draw.value(forKey: "tag") as? String == "draw")

            let follow = try #require(shape.animation(forKey: "follow") as? CAKeyframeAnimation)
            #expect(follow.path == ArchiveFixtures.wigglePath() && follow.rotationMode == .rotateAuto)
            #expect(follow.calculationMode == .paced && follow.repeatCount == 2 && follow.autoreverses)

            let group = try #require(root.animation(forKey: "group") as? CAAnimationGroup)
            #expect(group.duration == 1.5 && group.beginTime == 0.5 && group.animations?.count == 2)
            let bounce = try #require(group.animations?.first as? CASpringAnimation)
            #expect(bounce.keyPath == "transform.scale")
            #expect(bounce.mass == 2 && bounce.stiffness == 300 && bounce.damping == 12)
            #expect(bounce.initialVelocity == 1.5 && bounce.allowsOverdamping)
            let slide = try #require(group.animations?.last as? CABasicAnimation)
            #expect(slide.isAdditive && (slide.byValue as? NSNumber)?.doubleValue == 40)
            #expect(slide.timingFunction == CAMediaTimingFunction(controlPoints: 0.3, 0, 0.2, 1))

            let spin = try #require(root.animation(forKey: "spin") as? CABasicAnimation)
            #expect(spin.valueFunction?.name == .rotateZ && spin.isCumulative)
            #expect((spin.toValue as? NSNumber)?.doubleValue == Double.pi)

            let tint = try #require(root.animation(forKey: "tint") as? CAKeyframeAnimation)
            #expect(tint.values?.count == 3 && tint.values?[1] is NSNull)
            #expect(tint.keyTimes?.map(\.doubleValue) == [0, 0.5, 1])
            #expect(
                tint.timingFunctions == [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)])

            let transition = try #require(root.sublayers?[1].animation(forKey: "transition") as? CATransition)
            #expect(transition.type == .push && transition.subtype == .fromLeft)
            #expect(transition.startProgress == 0.25 && transition.endProgress == 0.75)
        }
    }

    @Test("a loaded animation plays: halfway through a 2 s strokeEnd 0 → 1 with the linear curve shows 0.5")
    func loadedAnimationPlays() throws {
        let json = """
            {"version": 1, "root": {"class": "CAShapeLayer",
              "animations": [{"class": "CABasicAnimation", "key": "draw", "keyPath": "strokeEnd", "duration": 2,
                              "fromValue": {"number": 0}, "toValue": {"number": 1}}]}}
            """
        try ArchiveFixtures.withManualClock(startingAt: 10) { clock in
            let layer = try ArchiveFixtures.load(json)
            clock.advance(by: 1)
            let shown = try #require(layer.presentation() as? CAShapeLayer)
            #expect(abs(shown.strokeEnd - 0.5) < 1e-9)
            #expect(layer.animation(forKey: "draw")?.beginTime == 10, "beginTime 0 starts at the loading commit")
        }
    }

    @Test("loading commits its transaction; inside an enclosing transaction the layers commit with that one")
    func loadingCommits() throws {
        let json = """
            {"version": 1, "root": {"class": "CALayer", "properties": {"opacity": {"number": 0.25}}}}
            """
        try ArchiveFixtures.withManualClock { _ in
            let alone = try ArchiveFixtures.load(json)
            #expect(alone.presentation()?.opacity == 0.25)
            #expect(alone.animationKeys() == nil)

            CATransaction.begin()
            let nested = try ArchiveFixtures.load(json)
            #expect(nested.presentation() == nil, "not committed while the enclosing transaction is open")
            CATransaction.commit()
            #expect(nested.presentation()?.opacity == 0.25)
        }
    }

    @Test("a user subclass archives as the module class it inherits from")
    func userSubclass() throws {
        final class BadgeLayer: CAShapeLayer, @unchecked Sendable {}
        try ArchiveFixtures.withManualClock { _ in
            let badge = BadgeLayer()
            badge.lineWidth = 5
            let archive = LayerArchive(badge)
            #expect(archive.root.className == "CAShapeLayer")
            let expected: [String: ArchivedValue] = ["lineWidth": .number(5)]
            #expect(archive.root.properties == expected)
            let loaded = try archive.makeLayer()
            #expect(loaded is CAShapeLayer)
        }
    }

    @Test("only values that differ from the defaults are archived; a default layer is just its class")
    func defaultsOmitted() throws {
        try ArchiveFixtures.withManualClock { _ in
            let layer = CALayer()
            let json = try ArchiveFixtures.json(LayerArchive(layer))
            #expect(
                json == """
                    {
                      "root" : {"class" : "CALayer"},
                      "version" : 1
                    }
                    """)
            layer.opacity = 1
            layer.position = CGPoint(x: 3, y: 4)
            let expected: [String: ArchivedValue] = ["position": .point(CGPoint(x: 3, y: 4))]
            #expect(LayerArchive(layer).root.properties == expected)
        }
    }

    @Test("animations added with a nil key are archived without a key, in the order added between keyed ones")
    func nilKeyedAnimations() throws {
        try ArchiveFixtures.withManualClock { _ in
            let layer = CALayer()
            layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "b")
            layer.add(CABasicAnimation(keyPath: "position"), forKey: nil)
            layer.add(CABasicAnimation(keyPath: "zPosition"), forKey: "a")
            let animations = try #require(LayerArchive(layer).root.animations)
            #expect(animations.map(\.key) == ["b", nil, "a"])
            #expect(animations.map(\.keyPath) == ["opacity", "position", "zPosition"])
            #expect(animations[1].timing.duration == 0.25, "the layer's copy has the default duration")
            let rebuilt = try LayerArchive(layer).makeLayer()
            #expect(rebuilt.animationKeys() == ["b", "a"])
            #expect(rebuilt.attachedAnimations().map(\.key) == ["b", nil, "a"])
        }
    }

    @Test("an animation removed in the open transaction is not archived")
    func removedAnimationsLeftOut() throws {
        try ArchiveFixtures.withManualClock { _ in
            let layer = CALayer()
            layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
            layer.add(CABasicAnimation(keyPath: "position"), forKey: nil)
            layer.removeAnimation(forKey: "fade")
            let animations = try #require(LayerArchive(layer).root.animations)
            #expect(animations.map(\.keyPath) == ["position"])
        }
    }

    @Test("a presentation copy archives its presentation values")
    func presentationCopy() throws {
        try ArchiveFixtures.withManualClock { clock in
            let layer = CALayer()
            clock.advance(by: 0)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 4
            layer.add(fade, forKey: "fade")
            clock.advance(by: 1)
            let shown = try #require(layer.presentation())
            let expected: [String: ArchivedValue] = ["opacity": .number(0.25)]
            #expect(LayerArchive(shown).root.properties == expected)
        }
    }
}
