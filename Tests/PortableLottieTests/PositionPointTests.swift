import Foundation
import Testing

@testable import PortableLottie

/// A sampled position (time remapping, keyframes outside the timeline) is read once per frame with
/// `pointValue(atFrame:)`, which follows spatial tangents and otherwise gives `value(atFrame:)`'s first two
/// components without making that array.
@Suite("Position points")
struct PositionPointTests {
    /// Straight and eased (symmetrically, so halfway in time is halfway along), curved, straight between values of different lengths, held, straight.
    private let position = AnimatableProperty(keyframes: [
        Keyframe(frame: 0, value: [0.0, 0, 0], easeOut: CGPoint(x: 0.3, y: 0), easeIn: CGPoint(x: 0.7, y: 1)),
        Keyframe(
            frame: 10, value: [10.0, 20, 0], spatialOut: CGPoint(x: 5, y: 0), spatialIn: CGPoint(x: 0, y: -5)),
        Keyframe(frame: 20, value: [30.0, 20, 0], easeOut: CGPoint(x: 0.4, y: 0), easeIn: CGPoint(x: 0.6, y: 1)),
        Keyframe(frame: 30, value: [40.0, 40], isHold: true),
        Keyframe(frame: 40, value: [0.0, 8]),
    ])

    @Test(
        "eased straight at frame 5 (5, 10); curved at 15 (21.875, 18.125); mismatched lengths hold (30, 20); held (40, 40)"
    )
    func workedPoints() {
        #expect(position.pointValue(atFrame: 5) == CGPoint(x: 5, y: 10))
        // The curve (10, 20) (15, 20) (30, 15) (30, 20) at t = 0.5.
        #expect(position.pointValue(atFrame: 15) == CGPoint(x: 21.875, y: 18.125))
        // Values of different lengths blend as the first until the segment's end (`interpolated(to:fraction:)`).
        #expect(position.pointValue(atFrame: 25) == CGPoint(x: 30, y: 20))
        #expect(position.pointValue(atFrame: 35) == CGPoint(x: 40, y: 40))
        #expect(position.pointValue(atFrame: -3) == CGPoint(x: 0, y: 0))
        #expect(position.pointValue(atFrame: 41) == CGPoint(x: 0, y: 8))
    }

    @Test("away from the curved segment the point is value(atFrame:)'s first two components, bit for bit (241 frames)")
    func matchesValues() {
        for step in 0...240 {
            let frame = -10 + Double(step) * 0.25
            guard frame <= 10 || frame >= 20 else { continue }
            let point = position.pointValue(atFrame: frame)
            let value = position.value(atFrame: frame)
            #expect(point == CGPoint(x: value[0], y: value[1]), "frame \(frame)")
        }
    }
}
