import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAEmitterLayer")
struct CAEmitterLayerTests {
    @Test("a new emitter layer has Apple's defaults: no cells, factors 1, point shape, volume mode, unordered")
    func defaults() {
        let layer = CAEmitterLayer()
        #expect(layer.emitterCells == nil)
        #expect(layer.birthRate == 1 && layer.lifetime == 1 && layer.velocity == 1)
        #expect(layer.scale == 1 && layer.spin == 1 && layer.seed == 0)
        #expect(layer.emitterPosition == .zero && layer.emitterZPosition == 0)
        #expect(layer.emitterSize == .zero && layer.emitterDepth == 0)
        #expect(layer.emitterShape == .point && layer.emitterMode == .volume && layer.renderMode == .unordered)
        #expect(!layer.preservesDepth)
    }

    @Test("every property reads back what was set")
    func roundTrips() {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        layer.emitterCells = [cell]
        layer.birthRate = 2
        layer.lifetime = 0.5
        layer.velocity = 1.5
        layer.scale = 0.25
        layer.spin = 3
        layer.seed = 42
        layer.emitterPosition = CGPoint(x: 160, y: -10)
        layer.emitterZPosition = 5
        layer.emitterSize = CGSize(width: 320, height: 1)
        layer.emitterDepth = 7
        layer.emitterShape = .line
        layer.emitterMode = .outline
        layer.renderMode = .additive
        layer.preservesDepth = true
        #expect(layer.emitterCells?.count == 1 && layer.emitterCells?.first === cell)
        #expect(layer.birthRate == 2 && layer.lifetime == 0.5 && layer.velocity == 1.5)
        #expect(layer.scale == 0.25 && layer.spin == 3 && layer.seed == 42)
        #expect(layer.emitterPosition == CGPoint(x: 160, y: -10) && layer.emitterZPosition == 5)
        #expect(layer.emitterSize == CGSize(width: 320, height: 1) && layer.emitterDepth == 7)
        #expect(layer.emitterShape.rawValue == "line" && layer.emitterMode.rawValue == "outline")
        #expect(layer.renderMode.rawValue == "additive" && layer.preservesDepth)
        #expect(layer.modelState.emitter.seed == 42)
    }

    @Test("the factors and the emitter geometry animate implicitly; cells, shape, modes and seed do not")
    func whichPropertiesAnimate() {
        MediaClock.withManualTime { clock in
            let layer = CAEmitterLayer()
            clock.advance(by: 0)
            layer.emitterCells = [CAEmitterCell()]
            layer.emitterShape = .circle
            layer.renderMode = .oldestFirst
            layer.seed = 3
            layer.birthRate = 0
            layer.emitterPosition = CGPoint(x: 10, y: 10)
            #expect(layer.animationKeys() == ["birthRate", "emitterPosition"])
        }
    }

    @Test("a presentation copy is a CAEmitterLayer sharing the cells; birthRate 1 → 0 shows 0.197597 at 0.125 s")
    func presentationCopy() throws {
        try MediaClock.withManualTime { clock in
            let layer = CAEmitterLayer()
            let cell = CAEmitterCell()
            layer.emitterCells = [cell]
            clock.advance(by: 0)
            layer.birthRate = 0
            clock.advance(by: 0)
            clock.advance(by: 0.125)
            let shown: CAEmitterLayer = try #require(layer.presentation())
            #expect(shown.emitterCells?.first === cell)
            #expect(abs(Double(shown.birthRate) - 0.197597) < 1e-5)
            #expect(shown.model() === layer)
        }
    }

    @Test("defaultValue(forKey:) answers the factors 1 and the shape names; nil for cells and zero values")
    func defaultValues() {
        for key in ["birthRate", "lifetime", "velocity", "scale", "spin"] {
            #expect(CAEmitterLayer.defaultValue(forKey: key) as? Float == 1, "\(key)")
        }
        #expect(CAEmitterLayer.defaultValue(forKey: "emitterShape") as? String == "point")
        #expect(CAEmitterLayer.defaultValue(forKey: "emitterMode") as? String == "volume")
        #expect(CAEmitterLayer.defaultValue(forKey: "renderMode") as? String == "unordered")
        #expect(CAEmitterLayer.defaultValue(forKey: "emitterCells") == nil)
        #expect(CAEmitterLayer.defaultValue(forKey: "seed") == nil)
        #expect(CAEmitterLayer.defaultValue(forKey: "emitterPosition") == nil)
    }

    @Test("key-value coding reads and writes emitterCells; a non-cell array is ignored")
    func keyValueCoding() {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        layer.setValue([cell], forKey: "emitterCells")
        #expect((layer.value(forKey: "emitterCells") as? [CAEmitterCell])?.first === cell)
        layer.setValue(["not a cell"], forKey: "emitterCells")
        #expect(layer.emitterCells?.first === cell)
        layer.setValue(nil, forKey: "emitterCells")
        #expect(layer.emitterCells == nil)
        layer.setValue(12, forKey: "seed")
        #expect(layer.seed == 12)
    }
}
