import Foundation
import PortableCoreGraphics
import Testing

@Suite("CGMutablePath")
struct CGMutablePathTests {
    // MARK: Elements

    @Test("move, line, quad, cubic and close are stored in order with their points")
    func basicElements() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 7, y: 8), control: CGPoint(x: 5, y: 6))
        path.addCurve(to: CGPoint(x: 13, y: 14), control1: CGPoint(x: 9, y: 10), control2: CGPoint(x: 11, y: 12))
        path.closeSubpath()
        #expect(
            path.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 1, y: 2)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 3, y: 4)]),
                RecordedElement(.addQuadCurveToPoint, [CGPoint(x: 5, y: 6), CGPoint(x: 7, y: 8)]),
                RecordedElement(
                    .addCurveToPoint, [CGPoint(x: 9, y: 10), CGPoint(x: 11, y: 12), CGPoint(x: 13, y: 14)]),
                RecordedElement(.closeSubpath),
            ])
    }

    @Test("segments and closes added to an empty path are dropped: there is no current point")
    func segmentsWithoutCurrentPointAreDropped() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 2, y: 2))
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        path.closeSubpath()
        path.addArc(tangent1End: CGPoint(x: 5, y: 5), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(path.isEmpty)
        #expect(path.currentPoint == .zero)
    }

    @Test("a segment after a close starts a new subpath with a stored move to the closed subpath's start")
    func segmentAfterCloseInsertsMove() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 10, y: 5))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 5, y: 20))
        #expect(
            path.recordedTypes == [.moveToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addLineToPoint])
        #expect(path.recordedElements[3].points == [CGPoint(x: 5, y: 5)])
    }

    @Test("a second close in a row adds nothing; move then close is kept")
    func repeatedClose() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.closeSubpath()
        path.closeSubpath()
        #expect(path.recordedTypes == [.moveToPoint, .closeSubpath])
    }

    @Test("consecutive moves are all kept and the last one is the current point")
    func consecutiveMoves() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 50))
        path.move(to: CGPoint(x: 100, y: 50))
        #expect(path.recordedTypes == [.moveToPoint, .moveToPoint])
        #expect(path.currentPoint == CGPoint(x: 100, y: 50))
    }

    @Test("addLines(between:) moves to the first point and lines to the rest; empty adds nothing")
    func addLines() {
        let path = CGMutablePath()
        path.addLines(between: [])
        #expect(path.isEmpty)
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 0), CGPoint(x: 3, y: 4)])
        #expect(
            path.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 0, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 3, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 3, y: 4)]),
            ])
    }

    @Test("the transform maps each new point (scale 2 then translate by (10, 0)) and leaves older points alone")
    func transformAppliesToNewPointsOnly() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        let transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        path.addLine(to: CGPoint(x: 3, y: 4), transform: transform)
        path.addQuadCurve(to: CGPoint(x: 1, y: 0), control: CGPoint(x: 0, y: 1), transform: transform)
        #expect(
            path.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 1, y: 1)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 16, y: 8)]),
                RecordedElement(.addQuadCurveToPoint, [CGPoint(x: 10, y: 2), CGPoint(x: 12, y: 0)]),
            ])
    }

    // MARK: Shapes

    @Test("addRect(2, 4, 8, 16) is move (2,4), lines (10,4), (10,20), (2,20), close")
    func addRectElementOrder() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 2, y: 4, width: 8, height: 16))
        #expect(
            path.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 2, y: 4)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 10, y: 4)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 10, y: 20)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 2, y: 20)]),
                RecordedElement(.closeSubpath),
            ])
        #expect(path.currentPoint == CGPoint(x: 2, y: 4))
    }

    @Test("a rectangle with negative size is standardized; CGRect.null adds nothing")
    func addRectNegativeAndNull() {
        let negative = CGMutablePath()
        negative.addRect(CGRect(x: 10, y: 20, width: -8, height: -16))
        let positive = CGMutablePath()
        positive.addRect(CGRect(x: 2, y: 4, width: 8, height: 16))
        #expect(negative == positive)
        let empty = CGMutablePath()
        empty.addRect(.null)
        empty.addEllipse(in: .null)
        empty.addRoundedRect(in: .null, cornerWidth: 1, cornerHeight: 1)
        #expect(empty.isEmpty)
    }

    @Test("addRects adds one closed subpath per rectangle, in order")
    func addRects() {
        let path = CGMutablePath()
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 2, height: 2)])
        #expect(path.recordedTypes.filter { $0 == .closeSubpath }.count == 2)
        #expect(path.recordedElements[5] == RecordedElement(.moveToPoint, [CGPoint(x: 5, y: 5)]))
        #expect(path.recordedElements.count == 10)
    }

    @Test("addEllipse(in: 40, 40, 200, 40) starts at (240, 60) and runs counter-clockwise (y up) in four cubics")
    func addEllipseElements() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 40, y: 40, width: 200, height: 40))
        // kappa · 100 = 55.228475, kappa · 20 = 11.045695.
        let expected = [
            RecordedElement(.moveToPoint, [CGPoint(x: 240, y: 60)]),
            RecordedElement(
                .addCurveToPoint,
                [CGPoint(x: 240, y: 71.045695), CGPoint(x: 195.228475, y: 80), CGPoint(x: 140, y: 80)]),
            RecordedElement(
                .addCurveToPoint,
                [CGPoint(x: 84.771525, y: 80), CGPoint(x: 40, y: 71.045695), CGPoint(x: 40, y: 60)]),
            RecordedElement(
                .addCurveToPoint,
                [CGPoint(x: 40, y: 48.954305), CGPoint(x: 84.771525, y: 40), CGPoint(x: 140, y: 40)]),
            RecordedElement(
                .addCurveToPoint,
                [CGPoint(x: 195.228475, y: 40), CGPoint(x: 240, y: 48.954305), CGPoint(x: 240, y: 60)]),
            RecordedElement(.closeSubpath),
        ]
        #expect(isClose(path.recordedElements, expected, tolerance: 1e-6))
    }

    @Test("an ellipse's quarter-arc midpoints lie on the true circle: radius 10 gives 10·(1 ± 3e-4) at 45°")
    func ellipseMidpointsOnCircle() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: -10, y: -10, width: 20, height: 20))
        let elements = path.recordedElements
        var start = elements[0].points[0]
        for element in elements where element.type == .addCurveToPoint {
            let p = element.points
            let middle = cubicPoint(start, p[0], p[1], p[2], 0.5)
            #expect(abs(hypot(middle.x, middle.y) - 10) < 1e-9)
            for step in 1..<10 {
                let sample = cubicPoint(start, p[0], p[1], p[2], Double(step) / 10)
                #expect(abs(hypot(sample.x, sample.y) - 10) < 10 * 3e-4)
            }
            start = p[2]
        }
    }

    @Test("addRoundedRect(0,0,100,50, corners 10×5) has the fixed move-line-curve layout, counter-clockwise (y up)")
    func roundedRectLayout() {
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5)
        let elements = path.recordedElements
        #expect(
            elements.map(\.type) == [
                .moveToPoint, .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
                .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint, .closeSubpath,
            ])
        #expect(elements[0].points == [CGPoint(x: 100, y: 5)])
        #expect(elements[1].points == [CGPoint(x: 100, y: 45)])
        #expect(elements[2].points[2] == CGPoint(x: 90, y: 50))
        #expect(elements[3].points == [CGPoint(x: 10, y: 50)])
        #expect(elements[4].points[2] == CGPoint(x: 0, y: 45))
        #expect(elements[5].points == [CGPoint(x: 0, y: 5)])
        #expect(elements[6].points[2] == CGPoint(x: 10, y: 0))
        #expect(elements[7].points == [CGPoint(x: 90, y: 0)])
        #expect(elements[8].points[2] == CGPoint(x: 100, y: 5))
        // First corner's controls: kappa · 5 = 2.7614 up the edge, kappa · 10 = 5.5228 along the top.
        #expect(isClose(elements[2].points[0], CGPoint(x: 100, y: 47.761424), tolerance: 1e-6))
        #expect(isClose(elements[2].points[1], CGPoint(x: 95.522847, y: 50), tolerance: 1e-6))
    }

    @Test("oversized corners are clamped to half the size (deviation: Apple traps); zero corners give a rectangle")
    func roundedRectClampAndZero() {
        let clamped = CGMutablePath()
        clamped.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 30, cornerHeight: 30)
        let expected = CGMutablePath()
        expected.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 20, cornerHeight: 10)
        #expect(clamped == expected)
        // With the corners at half size the straight edges have zero length: the top line stays at x = 20.
        #expect(clamped.recordedElements[3].points == [CGPoint(x: 20, y: 20)])

        let square = CGMutablePath()
        square.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 0, cornerHeight: 5)
        #expect(square == CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 20), transform: nil))
        let negative = CGMutablePath()
        negative.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: -3, cornerHeight: .nan)
        #expect(negative == square)
    }

    @Test("shape transforms map every point: a rectangle rotated 90° about the origin")
    func shapeTransform() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 1), transform: CGAffineTransform(rotationAngle: .pi / 2))
        let expected = [
            RecordedElement(.moveToPoint, [CGPoint(x: 0, y: 0)]),
            RecordedElement(.addLineToPoint, [CGPoint(x: 0, y: 2)]),
            RecordedElement(.addLineToPoint, [CGPoint(x: -1, y: 2)]),
            RecordedElement(.addLineToPoint, [CGPoint(x: -1, y: 0)]),
            RecordedElement(.closeSubpath),
        ]
        #expect(isClose(path.recordedElements, expected, tolerance: 1e-12))
    }

    // MARK: addPath

    @Test("addPath appends the other path's elements, transformed, and takes over its subpath start")
    func addPathAppends() {
        let first = CGMutablePath()
        first.addRect(CGRect(x: 2, y: 4, width: 8, height: 16))
        let second = CGMutablePath()
        second.addRect(CGRect(x: 4, y: 4, width: 8, height: 16))
        first.addPath(second, transform: CGAffineTransform(translationX: 100, y: 0))
        let elements = first.recordedElements
        #expect(elements.count == 10)
        #expect(elements[5] == RecordedElement(.moveToPoint, [CGPoint(x: 104, y: 4)]))
        #expect(elements[7] == RecordedElement(.addLineToPoint, [CGPoint(x: 112, y: 20)]))
        #expect(first.currentPoint == CGPoint(x: 104, y: 4))
        // The added path itself is unchanged.
        #expect(second.recordedElements[0] == RecordedElement(.moveToPoint, [CGPoint(x: 4, y: 4)]))
    }

    @Test("adding a path to itself doubles its elements; adding an empty path changes nothing")
    func addPathSelfAndEmpty() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1, y: 0))
        path.addPath(path)
        #expect(path.recordedTypes == [.moveToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint])
        path.addPath(CGMutablePath())
        #expect(path.recordedTypes.count == 4)
    }

    // MARK: Non-finite input

    @Test("NaN and infinite points are stored as given without trapping")
    func nonFinitePointsAreStored() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: CGFloat.nan, y: 0))
        path.addLine(to: CGPoint(x: CGFloat.infinity, y: 1))
        path.addCurve(
            to: CGPoint(x: 1, y: 1), control1: CGPoint(x: CGFloat.nan, y: .nan), control2: CGPoint(x: 0, y: 0))
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: false)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .nan)
        path.addArc(tangent1End: CGPoint(x: CGFloat.nan, y: 0), tangent2End: .zero, radius: 1)
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5), cornerWidth: 1, cornerHeight: 1)
        let elements = path.recordedElements
        #expect(elements[0].points[0].x.isNaN)
        #expect(elements[1].points[0].x == .infinity)
        #expect(elements.count > 5)
    }
}
