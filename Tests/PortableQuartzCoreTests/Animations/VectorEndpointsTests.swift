import Foundation
import Testing

@testable import PortableQuartzCore

/// `VectorEndpoints`, the one compiled form of a basic animation's vector ends, which the track and the presentation
/// program's vector step both hold and evaluate.
@Suite("Vector endpoints")
struct VectorEndpointsTests {
    static func number(_ value: Double) -> VectorValue {
        VectorValue(kind: .number, components: SIMD4(value, 0, 0, 0))
    }

    @Test("every case gives its general form's value: by 10 on a model of 4, at 0.5 after 2 cycles, is 37")
    func matchesGeneralEndpoints() throws {
        let cases: [Endpoints<VectorValue>] = [
            .fixed(from: Self.number(1), to: Self.number(3)), .fromToModel(Self.number(-2)),
            .modelToValue(Self.number(8)), .modelBy(Self.number(10)), .capturedToModel(Self.number(0.25)), .modelOnly,
        ]
        let model = Self.number(4)
        for endpoints in cases {
            let compact = VectorEndpoints(endpoints)
            for (progress, repeats) in [(0.0, 0.0), (0.5, 2.0), (1.0, 1.0), (0.3, 0.0)] {
                let value = try #require(compact.value(progress: progress, repeats: repeats, model: { model }))
                let general = AnimationTrack.general(
                    compact.general, progress: progress, repeats: repeats, model: .number(4), current: .null,
                    additive: false)
                #expect(value.animatableValue == general)
                let (from, to) = endpoints.ends(model: model)
                var expected = from.components.x + (to.components.x - from.components.x) * progress
                expected += to.components.x * repeats
                #expect(value.components.x == expected)
            }
        }
        let by = VectorEndpoints(.modelBy(Self.number(10)))
        #expect(by.value(progress: 0.5, repeats: 2, model: { model })?.components.x == 37)
    }

    @Test("an open end reads the model only then, and refuses a model of another kind (a point stored, a number model)")
    func modelReadOnlyWhenOpen() {
        var reads = 0
        func noModel() -> VectorValue? {
            reads += 1
            return nil
        }
        let fixed = VectorEndpoints(.fixed(from: Self.number(0), to: Self.number(10)))
        #expect(fixed.value(progress: 0.25, repeats: 0, model: noModel)?.components.x == 2.5)
        #expect(reads == 0)
        let point = VectorValue(kind: .point, components: SIMD4(5, 6, 0, 0))
        let toPoint = VectorEndpoints(.modelToValue(point))
        #expect(toPoint.value(progress: 0.5, repeats: 0, model: { Self.number(1) }) == nil)
        #expect(toPoint.value(progress: 0.5, repeats: 0, model: { nil }) == nil)
        let origin = VectorValue(kind: .point, components: .zero)
        #expect(toPoint.value(progress: 0.5, repeats: 0, model: { origin })?.components == SIMD4(2.5, 3, 0, 0))
        // M → M shows any vector kind.
        #expect(VectorEndpoints(.modelOnly).value(progress: 0.7, repeats: 0, model: { point }) == point)
    }
}
