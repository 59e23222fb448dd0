import Foundation
import Testing

@testable import PortableQuartzCore

/// Colours are mixed in Apple's Generic RGB (gamma 1.8), as Apple's pictures of lottie-ios's gradient samples show
/// (../shared/lottie: pr_1818, gradient_square, issue_1717, success; see GradientInterpolationTests).
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

    @Test("the default axial gradient black → white runs top to bottom: row 49 of 100 is grey 145, row 50 is 147")
    func axialDefault() {
        // Row 49's centre is y = 49.5, t = 0.495 → ramp entry round(506.9) = 507; mixed in Generic RGB (gamma 1.8,
        // see the type) that is linear (507/1024)^1.8 = 0.2825, sRGB 144.8 (an sRGB mix would give 126.2). Row 50:
        // t = 0.505 → entry 517, 147.1.
        let canvas = Self.paint(
            Self.gradient([Self.black, Self.white]), bounds: CGRect(x: 0, y: 0, width: 10, height: 100))
        #expect(LayerCanvas.near(canvas.pixel(5, 49), [145, 145, 145, 255]))
        #expect(LayerCanvas.near(canvas.pixel(5, 50), [147, 147, 147, 255]))
        #expect(LayerCanvas.near(canvas.pixel(0, 0), [0, 0, 0, 255]))
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
        // (20.5, 5.5) both give t = 0.48125 → entry 493, grey 141.5 (Generic RGB mix). Measured in points instead,
        // they would be 0.16 and 0.51.
        var gradient = Self.gradient([Self.black, Self.white])
        gradient.startPoint = CGPoint(x: 0, y: 1)
        gradient.endPoint = CGPoint(x: 1, y: 0)
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 40, height: 10))
        #expect(LayerCanvas.near(canvas.pixel(4, 1), [141, 141, 141, 255]))
        #expect(LayerCanvas.near(canvas.pixel(20, 5), [141, 141, 141, 255]))
    }

    @Test("bounds with an origin: the gradient is laid over the bounds, not over the context's origin")
    func boundsOrigin() {
        let bounds = CGRect(x: 50, y: -20, width: 10, height: 100)
        let canvas = Self.paint(Self.gradient([Self.black, Self.white]), bounds: bounds)
        #expect(LayerCanvas.near(canvas.pixel(5, 49), [145, 145, 145, 255]))
    }

    @Test("locations [0.5, 1] hold black over the top half; an extra location is ignored, a missing one draws nothing")
    func locations() {
        let bounds = CGRect(x: 0, y: 0, width: 10, height: 100)
        let half = Self.paint(Self.gradient([Self.black, Self.white], locations: [0.5, 1]), bounds: bounds)
        #expect(half.pixel(5, 20) == [0, 0, 0, 255])
        // Row 74: t = 0.745 → entry 763 → 0.7451, (0.7451 − 0.5) / 0.5 = 0.490 → 0.490^1.8 linear → 143.6.
        #expect(LayerCanvas.near(half.pixel(5, 74), [144, 144, 144, 255]))
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
        // Pure sRGB red lies just outside Generic RGB, where its green (−0.020 linear) is clipped to 0: it comes back
        // as green 37.5 (the clipping Apple's pictures show, see GradientInterpolationTests).
        let single = Self.paint(Self.gradient([Palette.red]), bounds: bounds)
        #expect(single.paintedPixels.count == 100 && single.pixel(3, 7) == [255, 38, 0, 255])
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
        // 0.5274 → entry 540, mixed in Generic RGB: (139.4, 33.6, 155.6). Centre (19.5, 14.5): r = √(0.025² + 0.45²) =
        // 0.4507 → entry 462: (157.5, 32.3, 137.8). A circle of radius 20 would put (19, 14) at r = 0.23.
        var gradient = Self.gradient([Palette.red, Palette.blue])
        gradient.type = "radial"
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(LayerCanvas.near(canvas.pixel(30, 9), [139, 34, 156, 255]))
        #expect(LayerCanvas.near(canvas.pixel(19, 14), [158, 32, 138, 255]))
        #expect(canvas.pixel(0, 0) == [4, 50, 255, 255])  // beyond the ellipse: the last colour (blue, clipped)
        #expect(LayerCanvas.near(canvas.pixel(20, 10), [244, 36, 25, 255]))  // r = 0.056 at the centre pixel
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
        // The primaries as Generic RGB clips them (see colorCounts): red (255, 38, 0), green (5, 249, 0), blue
        // (4, 50, 255), yellow (255, 251, 0).
        #expect(canvas.pixel(30, 30) == [255, 38, 0, 255])
        #expect(canvas.pixel(10, 30) == [5, 249, 0, 255])
        #expect(canvas.pixel(10, 10) == [4, 50, 255, 255])
        #expect(canvas.pixel(30, 10) == [255, 251, 0, 255])
        // Pointing the end up (0.5, 0) starts the sweep at the top: the first quarter is the top-right quadrant.
        gradient.endPoint = CGPoint(x: 0.5, y: 0)
        let up = Self.paint(gradient, bounds: bounds)
        #expect(up.pixel(30, 10) == [255, 38, 0, 255])
        #expect(up.pixel(30, 30) == [5, 249, 0, 255])
    }

    @Test("an unknown type draws axial, Apple's default")
    func unknownType() {
        var gradient = Self.gradient([Self.black, Self.white])
        gradient.type = "spiral"
        let canvas = Self.paint(gradient, bounds: CGRect(x: 0, y: 0, width: 10, height: 100))
        #expect(LayerCanvas.near(canvas.pixel(5, 49), [145, 145, 145, 255]))
    }
}
