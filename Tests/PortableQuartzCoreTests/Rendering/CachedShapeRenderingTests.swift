import Foundation
import Testing

@testable import PortableQuartzCore

/// A renderer keeps the masks of shapes drawn alike in recent frames and the measures of trimmed paths. Whatever it
/// takes from them, each frame must be the frame a new renderer draws.
@Suite("Shapes drawn again across frames")
struct CachedShapeRenderingTests {
    /// White 60 × 40 root with four shape layers: a still dashed ring, a ring whose `strokeEnd` runs 0.1 → 1 over its
    /// still path, a filled triangle moving right by 20 points, and a still filled square, all over 1 s from time 0.
    private func scene() -> CALayer {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 60, height: 40), red: 1, green: 1, blue: 1)
        func shape(_ path: CGPath, stroked: Bool) -> CAShapeLayer {
            let layer = CAShapeLayer()
            layer.frame = root.bounds
            layer.path = path
            if stroked {
                layer.fillColor = nil
                layer.strokeColor = CGColor(srgbRed: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
                layer.lineWidth = 3
            } else {
                layer.fillColor = CGColor(srgbRed: 0.8, green: 0.2, blue: 0.1, alpha: 1)
            }
            root.addSublayer(layer)
            return layer
        }
        let still = shape(CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 22, height: 22), transform: nil), stroked: true)
        still.lineDashPattern = [5, 2.5]
        let trimmed = shape(
            CGPath(ellipseIn: CGRect(x: 32, y: 6, width: 20, height: 26), transform: nil), stroked: true)
        animate(trimmed, "strokeEnd", from: 0.1, to: 1)
        let triangle = CGMutablePath()
        triangle.move(to: CGPoint(x: 2, y: 38))
        triangle.addLine(to: CGPoint(x: 14, y: 28.5))
        triangle.addLine(to: CGPoint(x: 20.3, y: 37))
        triangle.closeSubpath()
        let mover = shape(triangle, stroked: false)
        animate(mover, "position.x", from: 30, to: 50)
        _ = shape(CGPath(rect: CGRect(x: 40.5, y: 30.25, width: 9, height: 7), transform: nil), stroked: false)
        return root
    }

    @Test("11 frames (each time drawn three times running, as a paused animation is) equal a new renderer's frames")
    func framesEqualFreshFrames() {
        MediaClock.withManualTime(startingAt: 0) { _ in
            let root = scene()
            CATransaction.flush()
            let renderer = CARenderer(width: 60, height: 40)!
            renderer.layer = root
            var changedPixels = 0
            var previous: [UInt8] = []
            for step in 0...10 {
                let time = Double(step) * 0.1
                for _ in 0..<3 {
                    let frame = renderer.renderFrame(atTime: time).withUnsafePremultipliedRGBABytes { Array($0) }
                    let fresh = CARenderer(width: 60, height: 40)!
                    fresh.layer = root
                    let expected = fresh.renderFrame(atTime: time).withUnsafePremultipliedRGBABytes { Array($0) }
                    #expect(frame == expected, "t = \(time)")
                    if !previous.isEmpty { changedPixels += zip(frame, previous).filter { $0 != $1 }.count }
                    previous = frame
                }
            }
            // The animations did move things: frames differ from one time to the next.
            #expect(changedPixels > 100)
        }
    }
}
