import Foundation
import Testing

@testable import PortableQuartzCore

/// The property table (`LayerProperty.visit(_:)`) and the accessor table (`LayerProperty+Accessors.swift`): one row
/// per property gives its facts, its storage and its key-value coding route.
@Suite("Property table")
struct LayerPropertyTableTests {
    @Test("a row's field type gives the kind and number traits: opacity a Float, instanceCount an Int, seed unsigned")
    func fieldTypeGivesKindAndTraits() {
        // Apple's headers: `opacity` is a Float, `instanceCount` an NSInteger, `seed` an unsigned int, `fillColor` a
        // nullable CGColorRef, `lineDashPattern` a nullable NSArray<NSNumber *>, `lineCap` a non-null string.
        #expect(
            LayerProperty.opacity.kind == .number && LayerPropertyTableTests.traits(.opacity) == [.animatable, .float])
        #expect(LayerPropertyTableTests.traits(.instanceCount) == [.animatable, .integer])
        #expect(LayerPropertyTableTests.traits(.seed) == [.unsigned])
        #expect(LayerProperty.fillColor.kind == .color && LayerProperty.fillColor.isNullable)
        #expect(LayerProperty.lineDashPattern.kind == .numbers && LayerProperty.lineDashPattern.isNullable)
        #expect(LayerProperty.lineCap.kind == .string && !LayerProperty.lineCap.isNullable)
        // The traits decide the boxes key-value coding hands out: 0.3 as a Float, 7.9 as the Int 7.
        #expect(LayerProperty.opacity.appleValue(of: .number(0.3)) as? Float == 0.3)
        #expect(LayerProperty.instanceCount.appleValue(of: .number(7.9)) as? Int == 7)
    }

    @Test("a row's field is the one the subscript, the copy and the public property share: lineDashPhase 2.5")
    func rowFieldIsShared() {
        var state = LayerState()
        state[.lineDashPhase] = .number(2.5)
        #expect(state.shape.lineDashPhase == 2.5)
        var other = LayerState()
        other.copyValue(of: .lineDashPhase, from: state)
        #expect(other.shape.lineDashPhase == 2.5 && other.shape.lineWidth == 1)
        // A value of another kind is ignored; a seed of 5e9 clamps to UInt32.max, 4,294,967,295.
        state[.lineDashPhase] = .point(CGPoint(x: 1, y: 1))
        state[.seed] = .number(5e9)
        #expect(state.shape.lineDashPhase == 2.5 && state.emitter.seed == 4_294_967_295)
    }

    @Test(
        "key-value coding goes through the declaring class's override: lineDashPhase 2.5, preservesDepth on an emitter")
    func accessorsReachOverrides() {
        // Apple's Key-Value Coding Programming Guide: setValue:forKey: calls set<Key>: when the class has it.
        let shape = RecordingShapeLayer()
        shape.setValue(2.5, forKey: "lineDashPhase")
        #expect(shape.calls == ["lineDashPhase 2.5"])
        #expect(shape.value(forKey: "lineDashPhase") as? CGFloat == 2.5)
        // `preservesDepth` is declared by two classes; the emitter's is the second route of its row.
        let emitter = RecordingEmitterLayer()
        emitter.setValue(true, forKey: "preservesDepth")
        #expect(emitter.calls == ["preservesDepth true"] && emitter.preservesDepth)
        // A plain CALayer does not declare lineWidth: the value is stored in its model state and reads back.
        let plain = CALayer()
        plain.setValue(3, forKey: "lineWidth")
        #expect(plain.value(forKey: "lineWidth") as? CGFloat == 3)
    }

    private static func traits(_ property: LayerProperty) -> LayerPropertyFacts.Traits {
        property.facts.traits
    }
}

private final class RecordingShapeLayer: CAShapeLayer {
    var calls: [String] = []

    override var lineDashPhase: CGFloat {
        get { super.lineDashPhase }
        set {
            calls.append("lineDashPhase \(newValue)")
            super.lineDashPhase = newValue
        }
    }
}

private final class RecordingEmitterLayer: CAEmitterLayer {
    var calls: [String] = []

    override var preservesDepth: Bool {
        get { super.preservesDepth }
        set {
            calls.append("preservesDepth \(newValue)")
            super.preservesDepth = newValue
        }
    }
}
