import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("ShapeLayerPainter")
struct ShapeLayerPainterTests {
    static let canvasBounds = CGRect(x: 0, y: 0, width: 40, height: 40)

    /// A shape with the given path, no fill and an opaque red stroke `width` points wide.
    static func strokedShape(_ path: CGPath, width: CGFloat) -> ShapeLayerState {
        var shape = ShapeLayerState()
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = Palette.red
        shape.lineWidth = width
        return shape
    }

    /// The horizontal line (0, 20) → (40, 20).
    static var horizontalLine: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 20))
        path.addLine(to: CGPoint(x: 40, y: 20))
        return path
    }

    /// A full circle about (20, 20) of radius 15, starting at (35, 20) and turning from +x towards +y (downwards in
    /// the layer's y-down space).
    static var circle: CGPath {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        return path
    }

    @Test("a 10 × 10 square filled red: pixel (5, 5) is opaque red, (15, 15) stays clear")
    func fillsSquare() {
        var shape = ShapeLayerState()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = Palette.red
        let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
        canvas.draw(shape)
        #expect(canvas.pixel(5, 5) == [255, 0, 0, 255])
        #expect(canvas.pixel(15, 15) == [0, 0, 0, 0])
        #expect(canvas.paintedPixels.count == 100)
    }

    @Test("the path is in bounds space, y down, at the context's scale: bounds origin (10, 10) at scale 2")
    func boundsOriginAndScale() {
        // The square (10, 10, 10, 10) is at the bounds' origin corner: device pixels 0 ..< 20 at scale 2.
        var shape = ShapeLayerState()
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10), transform: nil)
        let canvas = SurfaceCanvas(bounds: CGRect(x: 10, y: 10, width: 40, height: 40), scale: 2)
        canvas.draw(shape)  // default fill: opaque black
        #expect(canvas.pixel(19, 19) == [0, 0, 0, 255])
        #expect(canvas.pixel(20, 20) == [0, 0, 0, 0])
        #expect(canvas.paintedPixels.count == 400)
    }

    @Test("even-odd leaves the hole of nested squares clear, non-zero fills it: pixel (15, 15)")
    func fillRule() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        path.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        var shape = ShapeLayerState()
        shape.path = path
        shape.fillColor = Palette.blue
        shape.fillRule = "even-odd"
        let evenOdd = SurfaceCanvas(bounds: Self.canvasBounds)
        evenOdd.draw(shape)
        #expect(evenOdd.pixel(15, 15) == [0, 0, 0, 0])
        #expect(evenOdd.pixel(5, 5) == [0, 0, 255, 255])
        shape.fillRule = "non-zero"
        let nonZero = SurfaceCanvas(bounds: Self.canvasBounds)
        nonZero.draw(shape)
        #expect(nonZero.pixel(15, 15) == [0, 0, 255, 255])
    }

    @Test("a stroke 4 points wide along y = 20 paints rows 18 … 21 and nothing else")
    func strokesLine() {
        let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
        canvas.draw(Self.strokedShape(Self.horizontalLine, width: 4))
        #expect(canvas.pixel(10, 18) == [255, 0, 0, 255])
        #expect(canvas.pixel(10, 21) == [255, 0, 0, 255])
        #expect(canvas.pixel(10, 17) == [0, 0, 0, 0])
        #expect(canvas.pixel(10, 22) == [0, 0, 0, 0])
        #expect(canvas.paintedPixels.count == 160)
    }

    @Test("strokeEnd 0.5 of a circle strokes its first half only: the bottom point (20, 35), not the top (20, 5)")
    func strokeEndHalfCircle() {
        // The circle starts at (35, 20) heading down (+y), so its first half is the lower half; the butt ends are cut
        // along y = 20 at (35, 20) and (5, 20).
        var shape = Self.strokedShape(Self.circle, width: 4)
        shape.strokeEnd = 0.5
        let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
        canvas.draw(shape)
        #expect(canvas.pixel(20, 35) == [255, 0, 0, 255])
        #expect(canvas.pixel(20, 4) == [0, 0, 0, 0])
        #expect(canvas.pixel(35, 20) == [255, 0, 0, 255])
        #expect(canvas.pixel(35, 19)[3] <= 1)
        #expect(canvas.pixel(5, 20) == [255, 0, 0, 255])
        #expect(canvas.pixel(5, 19)[3] <= 1)
        #expect(canvas.paintedPixels.allSatisfy { $0.y >= 19 })
    }

    @Test("one trimmer cutting a circle's and then a line's stroke draws each as a trimmer of its own does")
    func sharedTrimmer() {
        // The compositor keeps one trimmer for every layer: the circle's half (lower half, y ≥ 19) must not leak into
        // the line's piece (x = 10 … 20 of the line y = 20), nor the line's into the circle redrawn after it.
        var half = Self.strokedShape(Self.circle, width: 4)
        half.strokeEnd = 0.5
        var piece = Self.strokedShape(Self.horizontalLine, width: 2)
        piece.strokeStart = 0.25
        piece.strokeEnd = 0.5
        let trimmer = StrokeTrimmer()
        let shared = SurfaceCanvas(bounds: Self.canvasBounds)
        let separate = SurfaceCanvas(bounds: Self.canvasBounds)
        for shape in [half, piece, half] {
            shared.draw(shape, trimmer: trimmer)
            separate.draw(shape)
        }
        #expect(shared.pixel(20, 35) == [255, 0, 0, 255])
        #expect(shared.pixel(10, 20) == [255, 0, 0, 255])
        #expect(shared.pixel(20, 4) == [0, 0, 0, 0])
        let differing = (0..<40 * 40).filter { shared.pixel($0 % 40, $0 / 40) != separate.pixel($0 % 40, $0 / 40) }
        #expect(differing.isEmpty)
    }

    @Test("strokeStart 0.25 … strokeEnd 0.5 of a line strokes x = 10 … 20 only; the fill is never trimmed")
    func strokeStartTrimsOnlyTheStroke() {
        var shape = Self.strokedShape(Self.horizontalLine, width: 2)
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.5
        let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
        canvas.draw(shape)
        #expect(canvas.pixel(9, 20) == [0, 0, 0, 0])
        #expect(canvas.pixel(10, 20) == [255, 0, 0, 255])
        #expect(canvas.pixel(19, 20) == [255, 0, 0, 255])
        #expect(canvas.pixel(20, 20) == [0, 0, 0, 0])
        #expect(canvas.paintedPixels.count == 20)
        // A filled square with strokeEnd 0.25: the whole square is filled, only its top edge stroked.
        var square = ShapeLayerState()
        square.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        square.fillColor = Palette.blue
        square.strokeColor = Palette.red
        square.lineWidth = 2
        square.strokeEnd = 0.25
        let filled = SurfaceCanvas(bounds: Self.canvasBounds)
        filled.draw(square)
        #expect(filled.pixel(20, 25) == [0, 0, 255, 255])  // fill, far from the stroked edge
        #expect(filled.pixel(20, 9) == [255, 0, 0, 255])  // the stroked top edge, outside the fill
        #expect(filled.pixel(20, 30) == [0, 0, 0, 0])  // the bottom edge is not stroked
    }

    @Test("strokeStart ≥ strokeEnd strokes nothing: 0.6 … 0.4, and 0.5 … 0.5")
    func emptyTrim() {
        for (start, end) in [(0.6, 0.4), (0.5, 0.5)] {
            var shape = Self.strokedShape(Self.horizontalLine, width: 4)
            shape.strokeStart = start
            shape.strokeEnd = end
            let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
            canvas.draw(shape)
            #expect(canvas.paintedPixels.isEmpty)
        }
    }

    @Test("trim fractions are clamped to 0 … 1: strokeStart −1, strokeEnd 3 stroke the whole line (160 pixels)")
    func clampedTrim() {
        var shape = Self.strokedShape(Self.horizontalLine, width: 4)
        shape.strokeStart = -1
        shape.strokeEnd = 3
        let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
        canvas.draw(shape)
        #expect(canvas.paintedPixels.count == 160)
        #expect(ShapeLayerPainter.clampedFraction(.nan, default: 1) == 1)
        #expect(ShapeLayerPainter.clampedFraction(0.3, default: 1) == 0.3)
    }

    @Test("dash pattern [10, 10]: x = 5 painted, 15 clear, 25 painted; phase 5 shifts it: 10 clear, 20 painted")
    func dashes() {
        var shape = Self.strokedShape(Self.horizontalLine, width: 2)
        shape.lineDashPattern = [10, 10]
        let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
        canvas.draw(shape)
        #expect(canvas.pixel(5, 20) == [255, 0, 0, 255])
        #expect(canvas.pixel(15, 20) == [0, 0, 0, 0])
        #expect(canvas.pixel(25, 20) == [255, 0, 0, 255])
        shape.lineDashPhase = 5
        let shifted = SurfaceCanvas(bounds: Self.canvasBounds)
        shifted.draw(shape)
        #expect(shifted.pixel(2, 20) == [255, 0, 0, 255])
        #expect(shifted.pixel(10, 20) == [0, 0, 0, 0])
        #expect(shifted.pixel(20, 20) == [255, 0, 0, 255])
    }

    @Test("caps: a 10-wide line from x = 10 to 30 reaches x = 5 … 35 with square caps and stops at 10 with butt")
    func caps() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 30, y: 20))
        var shape = Self.strokedShape(path, width: 10)
        let butt = SurfaceCanvas(bounds: Self.canvasBounds)
        butt.draw(shape)
        #expect(butt.pixel(7, 20) == [0, 0, 0, 0])
        shape.lineCap = "square"
        let square = SurfaceCanvas(bounds: Self.canvasBounds)
        square.draw(shape)
        #expect(square.pixel(7, 20) == [255, 0, 0, 255])
        #expect(square.pixel(5, 15) == [255, 0, 0, 255])  // the cap is square: its corner pixel is painted
        shape.lineCap = "round"
        let round = SurfaceCanvas(bounds: Self.canvasBounds)
        round.draw(shape)
        #expect(round.pixel(7, 20) == [255, 0, 0, 255])
        #expect(round.pixel(5, 15) == [0, 0, 0, 0])  // its nearest point (6, 16) is 5.7 from (10, 20): outside
    }

    @Test("joins: the miter of a right-angle corner 10 wide fills (25, 5); bevel cuts it off")
    func joins() {
        // Corner at (20, 10) between a line from (0, 10) and one down to (20, 40): the outer miter corner is (25, 5).
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 20, y: 10))
        path.addLine(to: CGPoint(x: 20, y: 40))
        var shape = Self.strokedShape(path, width: 10)
        let miter = SurfaceCanvas(bounds: Self.canvasBounds)
        miter.draw(shape)
        #expect(miter.pixel(24, 5) == [255, 0, 0, 255])
        shape.lineJoin = "bevel"
        let bevel = SurfaceCanvas(bounds: Self.canvasBounds)
        bevel.draw(shape)
        #expect(bevel.pixel(24, 5) == [0, 0, 0, 0])
        #expect(ShapeLayerPainter.lineJoin("round") == .round)
        #expect(ShapeLayerPainter.lineJoin("unknown") == .miter)
        #expect(ShapeLayerPainter.lineCap("unknown") == .butt)
    }

    @Test("no stroke colour, a zero or NaN line width, or no path draw nothing")
    func drawsNothing() {
        var noColor = Self.strokedShape(Self.horizontalLine, width: 4)
        noColor.strokeColor = nil
        var zeroWidth = Self.strokedShape(Self.horizontalLine, width: 0)
        zeroWidth.strokeColor = Palette.red
        let nanWidth = Self.strokedShape(Self.horizontalLine, width: .nan)
        var noPath = ShapeLayerState()
        noPath.fillColor = Palette.red
        for shape in [noColor, zeroWidth, nanWidth, noPath] {
            let canvas = SurfaceCanvas(bounds: Self.canvasBounds)
            canvas.draw(shape)
            #expect(canvas.paintedPixels.isEmpty)
        }
    }
}
