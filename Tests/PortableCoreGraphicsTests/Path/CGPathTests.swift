import Foundation
import PortableCoreGraphics
import Testing

@Suite("CGPath")
struct CGPathTests {
    /// move (0,0), cubic with controls (0,100), (100,100) to (100,0).
    private func arch() -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        return path
    }

    /// A closed rectangle traced through the given corners in order.
    private func polygon(_ points: [CGPoint]) -> CGMutablePath {
        let path = CGMutablePath()
        path.addLines(between: points)
        path.closeSubpath()
        return path
    }

    // MARK: State

    @Test("isEmpty and currentPoint: empty path at .zero, a lone move is not empty, after close the start")
    func emptinessAndCurrentPoint() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.currentPoint == .zero)
        path.move(to: CGPoint(x: 3, y: 4))
        #expect(!path.isEmpty)
        #expect(path.currentPoint == CGPoint(x: 3, y: 4))
        path.addLine(to: CGPoint(x: 9, y: 4))
        #expect(path.currentPoint == CGPoint(x: 9, y: 4))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 3, y: 4))
    }

    // MARK: Equality and copies

    @Test("== compares elements: equal paths are equal (and hash equal) whether mutable or not")
    func equality() {
        let a = arch()
        let b = arch()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let immutable: CGPath = a.copy()!
        #expect(immutable == b)
        b.addLine(to: .zero)
        #expect(a != b)
        let moved = CGMutablePath()
        moved.move(to: CGPoint(x: 0, y: 0.5))
        moved.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        #expect(a != moved)
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        #expect(line != CGPath(rect: .zero, transform: nil))
    }

    @Test("a path holding NaN is equal to itself")
    func nanPathEqualsItself() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: CGFloat.nan, y: 1))
        #expect(path == path)
    }

    @Test("copy() of an immutable path is the same object; of a mutable path an independent snapshot")
    func copySemantics() {
        let immutable = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(immutable.copy()! === immutable)
        let mutable = arch()
        let snapshot = mutable.copy()!
        #expect(!(snapshot is CGMutablePath))
        mutable.addLine(to: CGPoint(x: 5, y: 5))
        #expect(snapshot.recordedElements.count == 2)
        #expect(mutable.recordedElements.count == 3)
    }

    @Test("mutableCopy() is independent of the original in both directions")
    func mutableCopyIsIndependent() {
        let original = arch()
        let copy = original.mutableCopy()!
        #expect(copy == original)
        copy.addLine(to: CGPoint(x: 200, y: 0))
        #expect(original.recordedElements.count == 2)
        original.closeSubpath()
        #expect(copy.recordedTypes == [.moveToPoint, .addCurveToPoint, .addLineToPoint])
        #expect(copy.currentPoint == CGPoint(x: 200, y: 0))
    }

    @Test("copy(using:) and mutableCopy(using:) map every point; nil means no transform")
    func transformedCopies() {
        var shift = CGAffineTransform(translationX: 10, y: -5)
        let path = arch()
        let moved = path.copy(using: &shift)!
        #expect(
            moved.recordedElements == [
                RecordedElement(.moveToPoint, [CGPoint(x: 10, y: -5)]),
                RecordedElement(
                    .addCurveToPoint, [CGPoint(x: 10, y: 95), CGPoint(x: 110, y: 95), CGPoint(x: 110, y: -5)]),
            ])
        let mutableMoved = path.mutableCopy(using: &shift)!
        #expect(mutableMoved == moved)
        mutableMoved.closeSubpath()
        #expect(mutableMoved.currentPoint == CGPoint(x: 10, y: -5))
        #expect(path.copy(using: nil)! == path)
        #expect(path.mutableCopy(using: nil)! == path)
    }

    @Test("CGPath is Sendable: an immutable path can be read from another task")
    func sendable() async {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let count = await Task.detached { path.recordedElements.count }.value
        #expect(count == 6)
    }

    // MARK: Enumeration

    @Test("applyWithBlock visits elements in order with their points; closes see the subpath start")
    func applyWithBlockOrder() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        var types: [CGPathElementType] = []
        var closePoint = CGPoint.zero
        path.applyWithBlock { element in
            types.append(element.pointee.type)
            if element.pointee.type == .closeSubpath { closePoint = element.pointee.points[0] }
        }
        #expect(types == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(closePoint == CGPoint(x: 1, y: 2))
    }

    @Test("writing through an element's points does not change the path")
    func elementPointsAreScratch() {
        let path = arch()
        path.applyWithBlock { element in element.pointee.points[0] = CGPoint(x: -1, y: -1) }
        #expect(path == arch())
    }

    @Test("apply(info:function:) passes info through: counting 5 elements of a rectangle")
    func applyWithFunction() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
        var count = 0
        withUnsafeMutablePointer(to: &count) { pointer in
            path.apply(info: UnsafeMutableRawPointer(pointer)) { info, element in
                info!.assumingMemoryBound(to: Int.self).pointee += element.pointee.type == .closeSubpath ? 100 : 1
            }
        }
        #expect(count == 104)
    }

    // MARK: Bounding boxes

    @Test("boundingBox includes control points: the arch gives 0…100 × 0…100")
    func boundingBoxIncludesControlPoints() {
        #expect(arch().boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("boundingBoxOfPath is tight: the arch peaks at y = 75, so 0…100 × 0…75")
    func boundingBoxOfPathIsTight() {
        let box = arch().boundingBoxOfPath
        #expect(abs(box.minX) < 1e-12 && abs(box.minY) < 1e-12)
        #expect(abs(box.width - 100) < 1e-12)
        #expect(abs(box.height - 75) < 1e-12)
    }

    @Test("a quad (0,0)-(50,100)-(100,0) has boundingBox height 100 but boundingBoxOfPath height 50")
    func quadBoundingBoxes() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(path.boundingBox.height == 100)
        #expect(abs(path.boundingBoxOfPath.height - 50) < 1e-12)
        #expect(path.boundingBoxOfPath.width == 100)
    }

    @Test("an S-shaped cubic finds both x extremes: (0,0),(100,0),(-100,10),(0,10) spans x ±28.87")
    func cubicWithTwoExtremes() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 100, y: 0), control2: CGPoint(x: -100, y: 10))
        let box = path.boundingBoxOfPath
        // x(t) = 300 t (1−t)(1−2t); extremes at t = ½ ± √3/6 where |x| = 100/(2√3)·... = 28.8675.
        #expect(abs(box.maxX - 28.867513) < 1e-6)
        #expect(abs(box.minX + 28.867513) < 1e-6)
        #expect(path.boundingBox.minX == -100)
    }

    @Test("bounding boxes of an empty path are null; a lone move is a zero-size box; NaN points are ignored")
    func boundingBoxEdgeCases() {
        #expect(CGMutablePath().boundingBox.isNull)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 4, y: 5))
        #expect(path.boundingBox == CGRect(x: 4, y: 5, width: 0, height: 0))
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 50))
        path.addLine(to: CGPoint(x: 10, y: 7))
        #expect(path.boundingBox == CGRect(x: 4, y: 5, width: 6, height: 2))
        #expect(path.boundingBoxOfPath == CGRect(x: 4, y: 5, width: 6, height: 2))
    }

    // MARK: isRect

    @Test("isRect recognises rectangle paths and reports the standardized rectangle")
    func isRectRecognisesRectangles() {
        var rect = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        // Clockwise (y up) with an explicit fourth line back to the start also counts.
        let traced = polygon([
            CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 5), CGPoint(x: 8, y: 5), CGPoint(x: 8, y: 0), CGPoint(x: 0, y: 0),
        ])
        #expect(traced.isRect(&rect))
        #expect(rect == CGRect(x: 0, y: 0, width: 8, height: 5))
        #expect(traced.isRect(nil))
    }

    @Test("isRect rejects rotated rectangles, open polylines, ellipses and two rectangles")
    func isRectRejectsOthers() {
        var rect = CGRect(x: 9, y: 9, width: 9, height: 9)
        let rotated = CGMutablePath()
        rotated.addRect(CGRect(x: 0, y: 0, width: 2, height: 1), transform: CGAffineTransform(rotationAngle: 0.3))
        #expect(!rotated.isRect(&rect))
        let open = CGMutablePath()
        open.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        #expect(!open.isRect(&rect))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).isRect(&rect))
        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 0, width: 1, height: 1)])
        #expect(!two.isRect(&rect))
        #expect(rect == CGRect(x: 9, y: 9, width: 9, height: 9))
    }

    // MARK: contains

    @Test("nested rectangles drawn the same way: the inner area is inside by winding, a hole by even-odd")
    func nestedRectanglesSameDirection() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let centre = CGPoint(x: 50, y: 50)
        let ring = CGPoint(x: 10, y: 50)
        #expect(path.contains(centre, using: .winding))
        #expect(!path.contains(centre, using: .evenOdd))
        #expect(path.contains(ring, using: .winding))
        #expect(path.contains(ring, using: .evenOdd))
        #expect(!path.contains(CGPoint(x: 150, y: 50)))
        // The default rule is winding.
        #expect(path.contains(centre))
    }

    @Test("an inner rectangle drawn the opposite way is a hole under both rules")
    func nestedRectanglesOppositeDirection() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addPath(
            polygon([CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)]))
        #expect(!path.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!path.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
    }

    @Test("a self-overlapping pentagram: the centre has winding 2 (inside) but is even-odd outside; tips are inside")
    func pentagram() {
        // Vertices every 144° on a circle of radius 100, starting at the top.
        let star = polygon(
            (0..<5).map { index in
                let angle = Double.pi / 2 + Double(index) * 4 * Double.pi / 5
                return CGPoint(x: 100 * cos(angle), y: 100 * sin(angle))
            })
        #expect(star.contains(.zero, using: .winding))
        #expect(!star.contains(.zero, using: .evenOdd))
        let tip = CGPoint(x: 0, y: 80)
        #expect(star.contains(tip, using: .winding))
        #expect(star.contains(tip, using: .evenOdd))
        #expect(!star.contains(CGPoint(x: 0, y: 101)))
    }

    @Test("open subpaths count as closed: an L of two lines fills its triangle")
    func openSubpathIsImplicitlyClosed() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(path.contains(CGPoint(x: 8, y: 2)))
        #expect(!path.contains(CGPoint(x: 2, y: 8)))
    }

    @Test("curves are tested exactly: in a radius-10 circle (7,7) is inside and (7.1,7.1) outside")
    func circleContains() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        #expect(circle.contains(CGPoint(x: 7, y: 7)))
        #expect(!circle.contains(CGPoint(x: 7.1, y: 7.1)))
        #expect(circle.contains(CGPoint(x: -9.99, y: 0)))
        #expect(!circle.contains(CGPoint(x: 0, y: -10.01)))
        // The arch's curve, tested near its peak: y = 75 at x = 50.
        #expect(arch().contains(CGPoint(x: 50, y: 74.99)))
        #expect(!arch().contains(CGPoint(x: 50, y: 75.01)))
    }

    @Test("a ray through vertices counts once: diamond vertices at y = 0")
    func rayThroughVertices() {
        let diamond = polygon([CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0)])
        #expect(diamond.contains(CGPoint(x: -0.5, y: 0), using: .evenOdd))
        #expect(diamond.contains(CGPoint(x: 0.5, y: 0), using: .winding))
        #expect(!diamond.contains(CGPoint(x: -2, y: 0), using: .evenOdd))
        #expect(!diamond.contains(CGPoint(x: -2, y: 0), using: .winding))
    }

    @Test("the transform maps the point before testing: (−5, −5) shifted by (10, 10) is inside a 0…10 square")
    func containsTransformsThePoint() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(!square.contains(CGPoint(x: -5, y: -5)))
        #expect(square.contains(CGPoint(x: -5, y: -5), transform: CGAffineTransform(translationX: 10, y: 10)))
    }

    @Test("NaN points and NaN segments never count as inside")
    func containsWithNaN() {
        let square = CGMutablePath()
        square.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!square.contains(CGPoint(x: CGFloat.nan, y: 5)))
        let broken = CGMutablePath()
        broken.addLines(between: [.zero, CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 10, y: 10)])
        #expect(!broken.contains(CGPoint(x: 5, y: 5)))
        #expect(!CGMutablePath().contains(.zero))
    }

    // MARK: Shape initializers

    @Test("CGPath(rect:), (ellipseIn:) and (roundedRect:…) equal the CGMutablePath builders, transform included")
    func shapeInitializers() {
        var transform = CGAffineTransform(scaleX: 2, y: 3)
        let rect = CGRect(x: 1, y: 1, width: 10, height: 6)
        let built = CGMutablePath()
        built.addRect(rect, transform: transform)
        #expect(CGPath(rect: rect, transform: &transform) == built)
        let ellipse = CGMutablePath()
        ellipse.addEllipse(in: rect)
        #expect(CGPath(ellipseIn: rect, transform: nil) == ellipse)
        let rounded = CGMutablePath()
        rounded.addRoundedRect(in: rect, cornerWidth: 2, cornerHeight: 1, transform: transform)
        #expect(CGPath(roundedRect: rect, cornerWidth: 2, cornerHeight: 1, transform: &transform) == rounded)
        #expect(!(CGPath(rect: rect, transform: nil) is CGMutablePath))
    }
}
