import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("GradientLayerPainter")
struct GradientLayerPainterTests {
    static let black = ColorComponents.opaqueBlack
    static let white = ColorComponents.opaqueWhite

    /// Paints `gradient` over `bounds` into a fresh canvas of the same size.
    static func paint(_ gradient: GradientLayerState, bounds: CGRect) -> LayerCanvas {
        let canvas = LayerCanvas(bounds: bounds)
        GradientLayerPainter.draw(gradient, bounds: bounds, in: canvas.context)
        return canvas
    }

    static func gradient(_ colors: [ColorComponents]?, locations: [Double]? = nil) -> GradientLayerState {
        var gradient = GradientLayerState()
        gradient.colors = colors
        gradient.locations = locations
        return gradient
    }

    @Test("the default axial gradient black → white runs top to bottom: row 49 of 100 is grey 126, row 50 is 129")
    func axialDefault() {
        // Row 49's centre is y = 49.5, t = 0.495 → ramp entry round(506.9) = 507, 255 · 507/1024 = 126.2. Row 50:
        // t = 0.505 → entry 517, 128.7.
        let canvas = Self.paint(
            Self.gradient([Self.black, Self.white]), bounds: CGRect(x: 0, y: 0, width: 10, height: 100))
        #expect(LayerCanvas.near(canvas.pixel(5, 49), [126, 126, 126, 255]))
        #expect(LayerCanvas.near(canvas.pixel(5, 50), [129, 129, 129, 255]))
        #expect(LayerCanvas.near(canvas.pixel(0, 0), [1, 1, 1, 255]))
        #expect(LayerCanvas.near(canvas.pixel(9, 99), [254, 254, 254, 255]))
    }

    @Test("the gradient fills the bounds beyond its ends: start (0.5, 0.25), end (0.5, 0.75) keeps row 5 black")
    func axialExtends() {
        var gradient = Self.gradient([Self.black, Self.white])
        gradient.startPoint = CGPoint(x: 0.5, y: 0.25)
        gradient.endPoint = CGPoint(x: 0.5, y: 0.75)
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 10, height: 100))
        #expect(canvas.pixel(5, 5) == [0, 0, 0, 255])
        #expect(canvas.pixel(5, 95) == [255, 255, 255, 255])
        #expect(canvas.paintedPixels.count == 1000)
    }

    @Test(
        "points are unit coordinates stretched to the bounds: (0, 1) → (1, 0) on 40 × 10 gives (4, 1) and (20, 5) one grey"
    )
    func unitSquareStretch() {
        // In unit coordinates u = (x/40, y/10) the parameter is t = (u.x − u.y + 1) / 2. Pixel centres (4.5, 1.5) and
        // (20.5, 5.5) both give t = 0.48125 → entry 493, 255 · 493/1024 = 122.8. Measured in points instead, they would
        // be 0.16 and 0.51.
        var gradient = Self.gradient([Self.black, Self.white])
        gradient.startPoint = CGPoint(x: 0, y: 1)
        gradient.endPoint = CGPoint(x: 1, y: 0)
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 40, height: 10))
        #expect(LayerCanvas.near(canvas.pixel(4, 1), [123, 123, 123, 255]))
        #expect(LayerCanvas.near(canvas.pixel(20, 5), [123, 123, 123, 255]))
    }

    @Test("bounds with an origin: the gradient is laid over the bounds, not over the context's origin")
    func boundsOrigin() {
        let bounds = CGRect(x: 50, y: -20, width: 10, height: 100)
        let canvas = Self.paint(Self.gradient([Self.black, Self.white]), bounds: bounds)
        #expect(LayerCanvas.near(canvas.pixel(5, 49), [126, 126, 126, 255]))
    }

    @Test("locations [0.5, 1] hold black over the top half; an extra location is ignored, a missing one draws nothing")
    func locations() {
        let bounds = CGRect(x: 0, y: 0, width: 10, height: 100)
        let half = Self.paint(Self.gradient([Self.black, Self.white], locations: [0.5, 1]), bounds: bounds)
        #expect(half.pixel(5, 20) == [0, 0, 0, 255])
        // Row 74: t = 0.745 → entry 763 → 0.7451, (0.7451 − 0.5) / 0.5 = 0.490 → 125.
        #expect(LayerCanvas.near(half.pixel(5, 74), [125, 125, 125, 255]))
        let extra = Self.paint(Self.gradient([Self.black, Self.white], locations: [0.5, 1, 0.7]), bounds: bounds)
        #expect(extra.pixel(5, 20) == half.pixel(5, 20))
        #expect(extra.pixel(5, 74) == half.pixel(5, 74))
        let missing = Self.paint(Self.gradient([Self.black, Self.white], locations: [0.5]), bounds: bounds)
        #expect(missing.paintedPixels.isEmpty)
    }

    @Test("no colours draw nothing; one colour fills the bounds; empty bounds draw nothing")
    func colorCounts() {
        let bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(Self.paint(Self.gradient(nil), bounds: bounds).paintedPixels.isEmpty)
        #expect(Self.paint(Self.gradient([]), bounds: bounds).paintedPixels.isEmpty)
        let single = Self.paint(Self.gradient([Palette.red]), bounds: bounds)
        #expect(single.paintedPixels.count == 100 && single.pixel(3, 7) == [255, 0, 0, 255])
        let canvas = LayerCanvas(bounds: bounds)
        GradientLayerPainter.draw(
            Self.gradient([Palette.red, Palette.blue]), bounds: CGRect(x: 0, y: 0, width: 0, height: 10),
            in: canvas.context)
        GradientLayerPainter.draw(
            Self.gradient([Palette.red, Palette.blue]), bounds: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
            in: canvas.context)
        var equal = Self.gradient([Palette.red, Palette.blue])
        equal.endPoint = equal.startPoint
        GradientLayerPainter.draw(equal, bounds: bounds, in: canvas.context)
        #expect(canvas.paintedPixels.isEmpty)
    }

    @Test("radial: an ellipse about startPoint with radii 20 × 10 on 40 × 20; (30, 9) at r = 0.527, (19, 14) at 0.451")
    func radialEllipse() {
        // Start (0.5, 0.5) = (20, 10), end (1, 1): radii 20 and 10. Pixel centre (30.5, 9.5): r = √(0.525² + 0.05²) =
        // 0.5274 → entry 540: red 255 · (1 − 0.5273) = 120.5, blue 134.5. Centre (19.5, 14.5): r = √(0.025² + 0.45²) =
        // 0.4507 → entry 462: red 140.0, blue 115.0. A circle of radius 20 would put (19, 14) at r = 0.23.
        var gradient = Self.gradient([Palette.red, Palette.blue])
        gradient.type = "radial"
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(LayerCanvas.near(canvas.pixel(30, 9), [121, 0, 134, 255]))
        #expect(LayerCanvas.near(canvas.pixel(19, 14), [140, 0, 115, 255]))
        #expect(canvas.pixel(0, 0) == [0, 0, 255, 255])  // beyond the ellipse: the last colour
        #expect(LayerCanvas.near(canvas.pixel(20, 10), [241, 0, 14, 255]))  // r = 0.056 at the centre pixel
    }

    @Test("radial with a zero radius (end on the start's horizontal line) draws nothing")
    func radialZeroRadius() {
        var gradient = Self.gradient([Palette.red, Palette.blue])
        gradient.type = "radial"
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        #expect(Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 20, height: 20)).paintedPixels.isEmpty)
    }

    @Test(
        "conic from the centre towards +x turns clockwise on screen: quadrants red, green, blue, yellow from bottom right"
    )
    func conicQuadrants() {
        var gradient = Self.gradient(
            [
                Palette.red, Palette.red, Palette.green, Palette.green, Palette.blue, Palette.blue, Palette.yellow,
                Palette.yellow,
            ],
            locations: [0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1])
        gradient.type = "conic"
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let canvas = Self.paint(gradient, bounds: bounds)
        #expect(canvas.pixel(30, 30) == [255, 0, 0, 255])
        #expect(canvas.pixel(10, 30) == [0, 255, 0, 255])
        #expect(canvas.pixel(10, 10) == [0, 0, 255, 255])
        #expect(canvas.pixel(30, 10) == [255, 255, 0, 255])
        // Pointing the end up (0.5, 0) starts the sweep at the top: the first quarter is the top-right quadrant.
        gradient.endPoint = CGPoint(x: 0.5, y: 0)
        let up = Self.paint(gradient, bounds: bounds)
        #expect(up.pixel(30, 10) == [255, 0, 0, 255])
        #expect(up.pixel(30, 30) == [0, 255, 0, 255])
    }

    @Test("an unknown type draws axial, Apple's default")
    func unknownType() {
        var gradient = Self.gradient([Self.black, Self.white])
        gradient.type = "spiral"
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 10, height: 100))
        #expect(LayerCanvas.near(canvas.pixel(5, 49), [126, 126, 126, 255]))
    }
}
