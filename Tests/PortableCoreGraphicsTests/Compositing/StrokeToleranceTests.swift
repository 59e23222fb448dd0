import Foundation
import Testing

@testable import PortableCoreGraphics

/// The compositor flattens strokes to `RenderSurface.strokeTolerance` (1/8 pixel): coarser than fills, and as close
/// to Apple's pictures as 1/32 was (the same 488 of the 532 in `../shared/lottie` pass at both), but still within
/// that distance of the true outline everywhere.
@Suite("Stroke flattening in the compositor")
struct StrokeToleranceTests {
    /// How far the pixel square with top-left corner (`x`, `y`) comes to and goes from `center`: the distances of
    /// its nearest and farthest points.
    private func distances(x: Int, y: Int, from center: CGPoint) -> (near: Double, far: Double) {
        let left = Double(x) - center.x
        let top = Double(y) - center.y
        let nearX = Swift.max(0, Swift.max(left, -(left + 1)))
        let nearY = Swift.max(0, Swift.max(top, -(top + 1)))
        let farX = Swift.max(abs(left), abs(left + 1))
        let farY = Swift.max(abs(top), abs(top + 1))
        return ((nearX * nearX + nearY * nearY).squareRoot(), (farX * farX + farY * farY).squareRoot())
    }

    @Test(
        "a circle of radius 200 stroked 4 wide: every pixel 1/8 inside the ring 198 … 202 is opaque, every pixel 1/8 outside it is clear"
    )
    func largeRingStaysWithinTheTolerance() throws {
        let surface = try #require(RenderSurface(width: 420, height: 420))
        surface.beginFrame()
        let center = CGPoint(x: 210.3, y: 209.8)
        let circle = CGPath(
            ellipseIn: CGRect(x: center.x - 200, y: center.y - 200, width: 400, height: 400), transform: nil)
        surface.stroke(
            circle,
            with: SurfaceStroke(width: 4, cap: .butt, join: .miter, miterLimit: 10, dashLengths: [], dashPhase: 0),
            transform: .identity, red: 0, green: 0, blue: 0, alpha: 1, opacity: 1)
        let bytes = surface.frameBytes
        let margin = 0.125
        var inside = 0
        var outside = 0
        var wrong: [String] = []
        for y in 0..<420 {
            for x in 0..<420 {
                let alpha = bytes[(y * 420 + x) * 4 + 3]
                let (near, far) = distances(x: x, y: y, from: center)
                if near >= 198 + margin && far <= 202 - margin {
                    inside += 1
                    if alpha != 255 { wrong.append("(\(x), \(y)) inside: \(alpha)") }
                } else if far <= 198 - margin || near >= 202 + margin {
                    outside += 1
                    if alpha != 0 { wrong.append("(\(x), \(y)) outside: \(alpha)") }
                }
            }
        }
        // The pixels checked: 3,108 lie wholly within the ring narrowed by 1/8 on both sides, 169,467 wholly outside it
        // widened so.
        #expect(inside == 3_108)
        #expect(outside == 169_467)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
