import Foundation
import PortableCoreGraphics
import Testing

extension PathMeasureTests {
    @Test("trimming a 10-long line to 2…5 gives move (2, 0), line (5, 0)")
    func trimLine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        let piece = PathMeasure(path).trimmedPath(fromLength: 2, toLength: 5)
        #expect(
            piece.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 2, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 5, y: 0)]),
            ])
    }

    @Test("trimming a 10 × 20 rectangle to 5…35 stops at element ends and turns no close into a line")
    func trimRectangle() {
        let measure = PathMeasure(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil))
        #expect(
            measure.trimmedPath(fromLength: 5, toLength: 35).recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 5, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 10, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 10, y: 20)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 5, y: 20)]),
            ])
        // Into the close (the left edge, 40…60): it becomes a line ending at (0, 10).
        #expect(
            measure.trimmedPath(fromLength: 35, toLength: 50).recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 5, y: 20)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 0, y: 20)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 0, y: 10)]),
            ])
    }

    @Test("the full range returns the path itself with its close; an empty or inverted range gives an empty path")
    func trimFullAndEmpty() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
        let measure = PathMeasure(rect)
        #expect(measure.trimmedPath(fromLength: 0, toLength: 60) == rect)
        #expect(measure.trimmedPath(fromLength: -5, toLength: 100) == rect)
        #expect(measure.trimmedPath(fromLength: 30, toLength: 30).isEmpty)
        #expect(measure.trimmedPath(fromLength: 40, toLength: 10).isEmpty)
        #expect(PathMeasure(CGMutablePath()).trimmedPath(fromLength: 0, toLength: 1).isEmpty)
    }

    @Test("a trimmed random cubic measures end − start (to 1e-9) and starts at point(atLength: start)")
    func trimRandomCubics() {
        var random = PathTestRandom(seed: 99)
        for _ in 0..<10 {
            let p = (0..<4).map { _ in random.point(in: 100) }
            let path = CGMutablePath()
            path.move(to: p[0])
            path.addCurve(to: p[3], control1: p[1], control2: p[2])
            let measure = PathMeasure(path)
            let start = 0.2 * measure.totalLength
            let end = 0.7 * measure.totalLength
            let piece = measure.trimmedPath(fromLength: start, toLength: end)
            #expect(piece.recordedTypes == [.moveToPoint, .addCurveToPoint])
            #expect(abs(PathMeasure(piece).totalLength - (end - start)) < 1e-9 * measure.totalLength)
            #expect(isClose(piece.recordedElements[0].points[0], measure.point(atLength: start), tolerance: 1e-9))
            #expect(isClose(piece.currentPoint, measure.point(atLength: end), tolerance: 1e-9))
            // Same curve: the piece's midpoint lies on the original at the matching distance.
            let pieceMeasure = PathMeasure(piece)
            let middle = pieceMeasure.point(atLength: pieceMeasure.totalLength / 2)
            #expect(isClose(middle, measure.point(atLength: (start + end) / 2), tolerance: 1e-7))
        }
    }

    @Test("a quarter of a radius-10 circle trimmed from the start ends near (0, 10) and keeps one cubic")
    func trimCircleQuarter() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let measure = PathMeasure(circle)
        let quarter = measure.trimmedPath(fromLength: 0, toLength: measure.totalLength / 4)
        #expect(quarter.recordedTypes == [.moveToPoint, .addCurveToPoint])
        #expect(isClose(quarter.currentPoint, CGPoint(x: 0, y: 10), tolerance: 1e-9))
    }

    @Test("a range across subpaths adds a move; a subpath wholly inside keeps its close")
    func trimAcrossSubpaths() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))  // 0…10
        path.addRect(CGRect(x: 20, y: 0, width: 10, height: 10))  // 10…50
        path.move(to: CGPoint(x: 0, y: 50))
        path.addLine(to: CGPoint(x: 10, y: 50))  // 50…60
        let piece = PathMeasure(path).trimmedPath(fromLength: 5, toLength: 55)
        #expect(
            piece.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 5, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 10, y: 0)]),
                RecordedElement(.moveToPoint, [CGPoint(x: 20, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 30, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 30, y: 10)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 20, y: 10)]),
                RecordedElement(.closeSubpath),
                RecordedElement(.moveToPoint, [CGPoint(x: 0, y: 50)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 5, y: 50)]),
            ])
    }

    @Test("a measure refilled with another path and cut into reused storage gives what a new measure and cut give")
    func trimIntoReusedStorage() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        var measure = PathMeasure()
        let piece = CGMutablePath()
        measure.measure(rect)
        #expect(measure.totalLength == 60)
        measure.trimmedPath(fromLength: 5, toLength: 35, into: piece)
        #expect(piece.recordedElements == PathMeasure(rect).trimmedPath(fromLength: 5, toLength: 35).recordedElements)
        #expect(piece.recordedElements.count == 4)
        // The rectangle's five elements are forgotten: the 10-long line cut to 2…5 is a move and a line.
        measure.measure(line)
        #expect(measure.totalLength == 10)
        measure.trimmedPath(fromLength: 2, toLength: 5, into: piece)
        #expect(
            piece.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 2, y: 0)]),
                RecordedElement(.addLineToPoint, [CGPoint(x: 5, y: 0)]),
            ])
        // The full range copies the path's elements, close included; an inverted range leaves the storage empty.
        measure.measure(rect)
        measure.trimmedPath(fromLength: 0, toLength: 60, into: piece)
        #expect(piece == rect)
        measure.trimmedPath(fromLength: 40, toLength: 10, into: piece)
        #expect(piece.isEmpty)
        measure.clear()
        #expect(measure.totalLength == 0 && measure.elementCount == 0)
    }
}
