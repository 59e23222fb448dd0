import Foundation
import Testing

@testable import PortableQuartzCore

/// A shape layer draws its path in its own coordinates without clipping to its bounds (issue 17 §2.2).
///
/// Evidence: Apple documents the shape as drawn "in the layer's coordinate space" and clips only with
/// `masksToBounds`; the usual tutorial and library code (loading indicators, progress rings) creates
/// `CAShapeLayer()` with no frame at all and sets only `path`, and lottie-ios's Core Animation engine builds shape
/// layers whose bounds do not contain their paths — Apple's pictures of those samples (../shared/lottie) show the
/// whole shapes.
@Suite("CAShapeLayer draws unclipped")
struct ShapeLayerUnclippedTests {
    static let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// A root of 100 × 100 points holding `sublayer`.
    static func scene(_ sublayer: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(sublayer)
        return root
    }

    @Test("a frameless shape layer at position (50, 50) fills its circle of radius 20 about its origin")
    func framelessLayerDrawsItsPath() {
        let shape = CAShapeLayer()  // bounds (0, 0, 0, 0): the bounds' origin sits at the position
        shape.position = CGPoint(x: 50, y: 50)
        shape.path = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
        shape.fillColor = Self.red
        let frame = renderFrame(Self.scene(shape))
        #expect(pixel(frame, 50, 32) == [255, 0, 0, 255])  // 17.5 above the centre: inside
        #expect(pixel(frame, 67, 50) == [255, 0, 0, 255])
        #expect(pixel(frame, 50, 50) == [255, 0, 0, 255])
        #expect(pixel(frame, 50, 75) == [0, 0, 0, 0])  // 25.5 below: outside
    }

    @Test("a 10-point stroke of a 20 × 20 layer's bounds rectangle sticks out 5 points on every side")
    func strokeOutsideBoundsIsWhole() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = Self.red
        shape.lineWidth = 10
        let frame = renderFrame(Self.scene(shape))
        #expect(pixel(frame, 35, 50) == [255, 0, 0, 255])  // left edge 35 … 45
        #expect(pixel(frame, 64, 50) == [255, 0, 0, 255])  // right edge 55 … 65
        #expect(pixel(frame, 50, 35) == [255, 0, 0, 255])
        #expect(pixel(frame, 50, 34) == [0, 0, 0, 0])
        #expect(pixel(frame, 50, 50) == [0, 0, 0, 0])  // the middle is not stroked
    }

    @Test("a ring of radius 30 in 10 × 10 bounds is round: its 45° point (71.2, 71.2) is painted, no octagon")
    func ringIsRound() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 45, y: 45, width: 10, height: 10)
        let ring = CGMutablePath()
        ring.addArc(center: CGPoint(x: 5, y: 5), radius: 30, startAngle: 0, endAngle: .pi * 2, clockwise: false)
        shape.path = ring
        shape.fillColor = nil
        shape.strokeColor = Self.red
        shape.lineWidth = 4
        let frame = renderFrame(Self.scene(shape))
        // The ring's centre line passes through 50 + 30·cos 45° = 71.2; the stroke covers 69.2 … 73.2 along it.
        #expect(pixel(frame, 71, 71) == [255, 0, 0, 255])
        #expect(pixel(frame, 50, 80) == [255, 0, 0, 255])  // the bottom, 30 below the centre
        #expect(pixel(frame, 50, 50) == [0, 0, 0, 0])
    }

    @Test("masksToBounds clips the path to the bounds: a 40-point square in 20 × 20 bounds stops at 20")
    func masksToBoundsClipsThePath() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        shape.fillColor = Self.red
        let unclipped = renderFrame(Self.scene(shape))
        #expect(pixel(unclipped, 70, 70) == [255, 0, 0, 255])
        shape.masksToBounds = true
        let clipped = renderFrame(Self.scene(shape))
        #expect(pixel(clipped, 59, 59) == [255, 0, 0, 255])
        #expect(pixel(clipped, 61, 61) == [0, 0, 0, 0])
    }

    @Test("opacity 0.5 over a blue fill and a red stroke: where they overlap only the stroke shows, (128, 0, 0, 128)")
    func fillAndStrokeFadeAsOne() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
        shape.fillColor = Self.blue
        shape.strokeColor = Self.red
        shape.lineWidth = 10
        shape.opacity = 0.5
        let frame = renderFrame(Self.scene(shape))
        // Pixel (22, 50) lies inside both the fill and the stroke: the layer's picture there is opaque red, faded
        // to half as one group (drawing the fill and the stroke each at 0.5 would mix in blue: (96, 0, 32, 191)).
        #expect(pixel(frame, 22, 50) == [128, 0, 0, 128])
        #expect(pixel(frame, 50, 50) == [0, 0, 128, 128])
        #expect(pixel(frame, 16, 50) == [128, 0, 0, 128])  // outside the bounds, still in the stroke
    }

    @Test("a faded frameless shape with a sublayer keeps its whole path: (25, 50) outside its bounds is painted")
    func groupCoversThePath() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 50, y: 50, width: 0, height: 0)
        shape.path = CGPath(rect: CGRect(x: -30, y: -30, width: 60, height: 20), transform: nil)
        shape.fillColor = Self.red
        shape.opacity = 0.5
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
        child.backgroundColor = Self.blue
        shape.addSublayer(child)
        let frame = renderFrame(Self.scene(shape))
        #expect(pixel(frame, 25, 25) == [128, 0, 0, 128])
        #expect(pixel(frame, 55, 65) == [0, 0, 128, 128])
    }

    @Test("a shape layer used as a mask masks by its path, not its bounds: a frameless circle mask shows (50, 35)")
    func framelessShapeMask() {
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        content.backgroundColor = Self.blue
        let circle = CAShapeLayer()
        circle.position = CGPoint(x: 50, y: 50)
        circle.path = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
        content.mask = circle
        let frame = renderFrame(Self.scene(content))
        #expect(pixel(frame, 50, 35) == [0, 0, 255, 255])
        #expect(pixel(frame, 50, 50) == [0, 0, 255, 255])
        #expect(pixel(frame, 50, 75) == [0, 0, 0, 0])
        #expect(pixel(frame, 5, 5) == [0, 0, 0, 0])
    }
}
