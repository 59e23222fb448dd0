import Foundation
import PortableCoreGraphics
import Testing

/// Drawing with the numbers issue 19 found: each used to trap, hang or allocate gigabytes.
@Suite("Drawing with hostile numbers")
struct HostileDrawingTests {
    @Test("flattening an ellipse 6.5e91 wide gives at most 16,384 steps per curve instead of trapping")
    func hugeEllipseFlattens() {
        // The step count, about 1e46, was converted to Int before it was compared with the cap.
        let path = CGPath(ellipseIn: CGRect(x: 10, y: 0.5, width: 6.5e91, height: 10), transform: nil)
        let flat = FlattenedPath(path)
        #expect(flat.subpaths.count == 1)
        #expect(flat.points.count <= 4 * FlattenedPath.maximumStepsPerCurve + 1)
        #expect(flat.points.count > 4)
    }

    @Test("replacePathWithStrokedPath under a = 2³² (ellipse 33 × 25,964, width 0.106) stays small and fills alike")
    func strokedPathUnderHugeTransform() {
        // Issue 19: 114 s and 4.2 GB. The outline is now exact only where it can reach the 64 × 48 context.
        // The ellipse's leftmost point is placed at device (32, 24), so its stroke — 0.053 · 2³² pixels to each
        // side horizontally — covers the whole context.
        let context = makeRGBAContext(width: 64, height: 48)
        context.concatenate(CGAffineTransform(a: 4_294_967_296, b: 0, c: 0, d: 1, tx: 32, ty: 0))
        context.setLineWidth(0.106)
        context.addEllipse(in: CGRect(x: 0, y: 24 - 12_982, width: 33, height: 25_964))
        context.replacePathWithStrokedPath()
        var elements = 0
        context.path?.applyWithBlock { _ in elements += 1 }
        #expect(elements > 0 && elements < 200_000)
        // Filling the outline paints what stroking paints.
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.fillPath()
        let image = context.makeImage()!
        #expect(pixel(image, x: 0, y: 0)[3] == 255)
        #expect(pixel(image, x: 63, y: 47)[3] == 255)
    }

    @Test("a shadow blur of 1e6 on a 48 × 40 context is drawn from a plane the size of the context, faint but there")
    func hugeShadowBlur() {
        // The blur was computed over the whole (48 + 6σ)² plane (σ capped at 1024: about 6,200² samples).
        let context = makeRGBAContext(width: 48, height: 40)
        context.setShadow(offset: CGSize(width: 3, height: 3), blur: 1e6, color: CGColor(gray: 0, alpha: 1))
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
        let image = context.makeImage()!
        // The rectangle itself is drawn; its shadow, spread over thousands of pixels, adds at most a trace.
        #expect(pixel(image, x: 20, y: 20) == [255, 0, 0, 255])
        #expect(pixel(image, x: 2, y: 2)[3] <= 1)
    }

    @Test("a dash pattern of 10⁻⁹ on a 1,000-point line is stroked (solid) in bounded time")
    func tinyDashes() {
        let context = makeRGBAContext(width: 40, height: 10)
        context.setLineDash(phase: 0, lengths: [1e-9, 1e-9])
        context.setLineWidth(4)
        context.move(to: CGPoint(x: -480, y: 5))
        context.addLine(to: CGPoint(x: 520, y: 5))
        context.strokePath()
        // 10¹² dashes would be needed; beyond the per-stroke budget the line is drawn solid.
        #expect(pixel(context, x: 20, y: 5)[3] == 255)
    }
}
