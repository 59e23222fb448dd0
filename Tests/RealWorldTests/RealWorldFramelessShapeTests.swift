// Shape layers as tutorials and drawing code create them: no frame at all, only a path (in the superlayer's
// coordinates, or about the layer's position), strokes wider than the bounds, the bounds clip only with
// `masksToBounds`, a path morph, and marching ants from an animated dash phase.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

@Suite("Real world: frameless shape layers")
struct RealWorldFramelessShapeTests {
    @Test("a shape layer with only a path (bounds zero) draws the whole oval at (20, 20, 40, 40) of its superlayer")
    func pathOnly() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        let shape = CAShapeLayer()
        shape.path = UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 40, height: 40)).cgPath
        shape.fillColor = UIColor.red.cgColor
        view.layer.addSublayer(shape)
        #expect(shape.bounds == .zero)
        let picture = screen(view.layer, width: 80, height: 80)
        #expect(picture[40, 40] == .red)
        #expect(
            picture[22, 40] == .red && picture[57, 40] == .red && picture[40, 22] == .red && picture[40, 57] == .red)
        #expect(picture[21, 21] == .clear)
        #expect(picture.inkBounds() == CGRect(x: 20, y: 20, width: 40, height: 40))
    }

    @Test("a path about the origin, placed by position alone: a circle of radius 20 about (40, 40)")
    func placedByPosition() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        let dot = CAShapeLayer()
        dot.path = UIBezierPath(arcCenter: .zero, radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: true).cgPath
        dot.fillColor = UIColor.blue.cgColor
        dot.position = CGPoint(x: 40, y: 40)
        root.addSublayer(dot)
        let picture = screen(root, width: 80, height: 80)
        #expect(picture[40, 40] == .blue && picture[22, 40] == .blue && picture[57, 40] == .blue)
        #expect(picture[40, 18] == .clear && picture[40, 61] == .clear)
        #expect(picture.inkBounds() == CGRect(x: 20, y: 20, width: 40, height: 40))
    }

    @Test("a 10-point stroke on an oval filling the bounds sticks out 5 points; masksToBounds cuts it at the bounds")
    func strokeOutsideTheBounds() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        ring.path = UIBezierPath(ovalIn: ring.bounds).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.red.cgColor
        ring.lineWidth = 10
        root.addSublayer(ring)
        var picture = screen(root, width: 80, height: 80)
        // The stroke spans radius 15 … 25 about (40, 40): rows 15 … 24 above the centre column.
        #expect(picture[40, 16] == .red && picture[40, 19] == .red)
        #expect(picture[40, 14] == .clear)
        #expect(picture.inkBounds() == CGRect(x: 15, y: 15, width: 50, height: 50))
        ring.masksToBounds = true
        picture = screen(root, width: 80, height: 80)
        #expect(picture[40, 19] == .clear && picture[40, 21] == .red)
        #expect(picture.inkBounds() == CGRect(x: 20, y: 20, width: 40, height: 40))
    }

    @Test("masksToBounds on a shape layer without a frame clips everything: its bounds are empty")
    func masksToZeroBounds() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let shape = CAShapeLayer()
        shape.path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 30, height: 30)).cgPath
        shape.fillColor = UIColor.red.cgColor
        root.addSublayer(shape)
        #expect(screen(root, width: 40, height: 40)[20, 20] == .red)
        shape.masksToBounds = true
        #expect(screen(root, width: 40, height: 40).inkBounds() == nil)
    }

    @Test("a frameless path morph from a circle of radius 10 to one of 30: radius 20 half-way (0.5 s of 1 s, linear)")
    func pathMorph() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
            let blob = CAShapeLayer()
            let small = UIBezierPath(ovalIn: CGRect(x: 30, y: 30, width: 20, height: 20)).cgPath
            let large = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 60, height: 60)).cgPath
            blob.path = large
            blob.fillColor = UIColor.red.cgColor
            root.addSublayer(blob)
            let morph = CABasicAnimation(keyPath: "path")
            morph.fromValue = small
            morph.toValue = large
            morph.duration = 1
            blob.add(morph, forKey: "morph")
            clock.advance(by: 0)
            clock.advance(to: 0.5)
            // Same elements, so the points interpolate: the oval (20, 20, 40, 40).
            let shownPath = try #require(blob.presentation()?.path)
            #expect(shownPath.boundingBox == CGRect(x: 20, y: 20, width: 40, height: 40))
            let picture = screen(root, width: 80, height: 80)
            #expect(picture[40 + 18, 40] == .red)
            #expect(picture[40 + 21, 40] == .clear)
            #expect(picture.inkBounds() == CGRect(x: 20, y: 20, width: 40, height: 40))
        }
    }

    @Test("marching ants: dashes [4, 4] from the rectangle's corner; lineDashPhase 4 at 0.5 s swaps dashes and gaps")
    func marchingAnts() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
            let selection = CAShapeLayer()
            selection.path = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 40, height: 20)).cgPath
            selection.fillColor = nil
            selection.strokeColor = UIColor.black.cgColor
            selection.lineWidth = 2
            selection.lineDashPattern = [4, 4]
            root.addSublayer(selection)
            let march = CABasicAnimation(keyPath: "lineDashPhase")
            march.fromValue = 0
            march.toValue = 8
            march.duration = 1
            march.repeatCount = .infinity
            selection.add(march, forKey: "march")
            clock.advance(by: 0)
            // UIBezierPath(rect:) starts at the top-left corner and runs right along the top edge (y 10).
            var picture = screen(root, width: 60, height: 40)
            #expect(picture[11, 10].alpha == 255 && picture[15, 10] == .clear && picture[19, 10].alpha == 255)
            clock.advance(to: 0.5)
            let phase = try #require(selection.presentation()).lineDashPhase
            #expect(isClose(phase, 4, 1e-9))
            picture = screen(root, width: 60, height: 40)
            #expect(picture[11, 10] == .clear && picture[15, 10].alpha == 255 && picture[19, 10] == .clear)
        }
    }
}
