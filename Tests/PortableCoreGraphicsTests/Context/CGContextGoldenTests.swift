import Foundation
import PortableCoreGraphics
import Testing

/// Golden images of the bitmap context, one per feature; see `GoldenImage` for comparison and re-recording.
@Suite("Golden images of CGContext")
struct CGContextGoldenTests {
    private func check(_ context: CGContext, _ name: String) {
        let message = GoldenImage.mismatch(context.makeImage()!, name: name)
        #expect(message == nil, "\(message ?? "")")
    }

    /// Opaque white background.
    private func canvas(_ width: Int, _ height: Int) -> CGContext {
        let context = makeRGBAContext(width: width, height: height)
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    /// A five-pointed star (a self-intersecting pentagram) centred at `center`.
    private func addStar(_ context: CGContext, center: CGPoint, radius: CGFloat) {
        let points = (0..<5).map { index -> CGPoint in
            let angle = CGFloat.pi / 2 + CGFloat(index * 2) * 2 * .pi / 5
            return CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        context.addLines(between: points)
        context.closePath()
    }

    @Test("Fills: nonzero and even-odd star, curves, subpixel rectangles")
    func fills() {
        let context = canvas(96, 48)
        context.setFillColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        addStar(context, center: CGPoint(x: 24, y: 26), radius: 20)
        context.fillPath(using: .winding)
        addStar(context, center: CGPoint(x: 72, y: 26), radius: 20)
        context.fillPath(using: .evenOdd)
        context.setFillColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.7)
        context.move(to: CGPoint(x: 2, y: 2))
        context.addCurve(to: CGPoint(x: 94, y: 4), control1: CGPoint(x: 30, y: 30), control2: CGPoint(x: 60, y: -20))
        context.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: 48, y: 14))
        context.fillPath()
        context.setFillColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        context.fill([CGRect(x: 44.25, y: 40.5, width: 3.5, height: 5.25), CGRect(x: 46, y: 43, width: 4, height: 4)])
        check(context, "fills")
    }

    @Test("Strokes: every cap with every join, miter limit, hairline")
    func capsAndJoins() {
        let context = canvas(96, 96)
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        context.setStrokeColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        context.setLineWidth(6)
        for (row, cap) in caps.enumerated() {
            for (column, join) in joins.enumerated() {
                let x = CGFloat(8 + column * 30)
                let y = CGFloat(10 + row * 30)
                context.setLineCap(cap)
                context.setLineJoin(join)
                context.addLines(between: [
                    CGPoint(x: x, y: y), CGPoint(x: x + 10, y: y + 16), CGPoint(x: x + 20, y: y),
                ])
                context.strokePath()
            }
        }
        context.setMiterLimit(1.5)
        context.setLineJoin(.miter)
        context.setLineWidth(3)
        context.setStrokeColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)
        context.addLines(between: [CGPoint(x: 4, y: 92), CGPoint(x: 20, y: 84), CGPoint(x: 36, y: 92)])
        context.strokePath()
        context.setLineWidth(0)
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.strokeEllipse(in: CGRect(x: 50, y: 80, width: 40, height: 12))
        check(context, "caps-joins")
    }

    @Test("Dashes: patterns, phase, round caps on curves, dashed closed rectangle")
    func dashes() {
        let context = canvas(64, 64)
        context.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(2)
        context.setLineDash(phase: 0, lengths: [6, 3])
        context.strokeLineSegments(between: [CGPoint(x: 4, y: 60), CGPoint(x: 60, y: 60)])
        context.setLineDash(phase: 4, lengths: [6, 3, 1, 3])
        context.strokeLineSegments(between: [CGPoint(x: 4, y: 54), CGPoint(x: 60, y: 54)])
        context.setLineCap(.round)
        context.setLineWidth(3)
        context.setLineDash(phase: 0, lengths: [0, 6])
        context.setStrokeColor(red: 0.8, green: 0, blue: 0.4, alpha: 1)
        context.move(to: CGPoint(x: 4, y: 44))
        context.addCurve(to: CGPoint(x: 60, y: 44), control1: CGPoint(x: 20, y: 20), control2: CGPoint(x: 44, y: 60))
        context.strokePath()
        context.setLineCap(.butt)
        context.setLineWidth(2)
        context.setLineDash(phase: 2, lengths: [5])
        context.setStrokeColor(red: 0, green: 0.4, blue: 0.8, alpha: 1)
        context.stroke(CGRect(x: 8, y: 6, width: 48, height: 22))
        check(context, "dashes")
    }

    @Test("Clips: nested ellipse, even-odd and rectangle clips, save and restore")
    func clips() {
        let context = canvas(64, 64)
        context.saveGState()
        context.addEllipse(in: CGRect(x: 4, y: 4, width: 56, height: 56))
        context.clip()
        context.addRect(CGRect(x: 0, y: 0, width: 64, height: 64))
        context.addRect(CGRect(x: 24, y: 24, width: 16, height: 16))
        context.clip(using: .evenOdd)
        context.setFillColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        context.clip(to: [CGRect(x: 0, y: 0, width: 32, height: 32), CGRect(x: 32, y: 32, width: 32, height: 32)])
        context.setFillColor(red: 0.9, green: 0.7, blue: 0, alpha: 0.8)
        context.fill(CGRect(x: 10.5, y: 10.5, width: 43, height: 43))
        context.restoreGState()
        context.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.stroke(CGRect(x: 0.5, y: 0.5, width: 63, height: 63))
        check(context, "clips")
    }

    @Test("Gradients: axial and radial, with and without extend flags")
    func gradients() {
        let context = canvas(96, 96)
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        let gradient = CGGradient(
            colorsSpace: space,
            colors: [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                CGColor(red: 0, green: 0, blue: 1, alpha: 0.5),
            ], locations: [0, 0.3, 1])!
        let cells: [(CGFloat, CGFloat, CGGradientDrawingOptions, Bool)] = [
            (0, 48, [], false), (48, 48, [.drawsBeforeStartLocation, .drawsAfterEndLocation], false),
            (0, 0, [], true), (48, 0, [.drawsBeforeStartLocation, .drawsAfterEndLocation], true),
        ]
        for (x, y, options, radial) in cells {
            context.saveGState()
            context.clip(to: CGRect(x: x + 2, y: y + 2, width: 44, height: 44))
            context.translateBy(x: x, y: y)
            if radial {
                context.drawRadialGradient(
                    gradient, startCenter: CGPoint(x: 18, y: 20), startRadius: 4, endCenter: CGPoint(x: 24, y: 24),
                    endRadius: 16, options: options)
            } else {
                context.drawLinearGradient(
                    gradient, start: CGPoint(x: 12, y: 12), end: CGPoint(x: 36, y: 30), options: options)
            }
            context.restoreGState()
        }
        check(context, "gradients")
    }

    /// An 8 × 8 test image: a checkerboard of two colours with a translucent corner.
    private func sourceImage() -> CGImage {
        let context = makeRGBAContext(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                if (x + y) % 2 == 0 {
                    context.setFillColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1)
                } else {
                    context.setFillColor(red: 1, green: 0.8, blue: CGFloat(x) / 8, alpha: y < 2 ? 0.5 : 1)
                }
                context.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return context.makeImage()!
    }

    @Test(
        "Images rotated, scaled up, scaled down and flipped, per interpolation quality",
        arguments: [
            (CGInterpolationQuality.none, "images-nearest"), (.default, "images-bilinear"), (.high, "images-high"),
        ])
    func images(quality: CGInterpolationQuality, name: String) {
        let image = sourceImage()
        let context = canvas(64, 64)
        context.interpolationQuality = quality
        context.saveGState()
        context.translateBy(x: 22, y: 40)
        context.rotate(by: .pi / 6)
        context.draw(image, in: CGRect(x: -16, y: -16, width: 32, height: 32))
        context.restoreGState()
        context.draw(image, in: CGRect(x: 44, y: 44, width: 3.2, height: 3.2))
        context.draw(image, in: CGRect(x: 50, y: 44, width: 12, height: 5))
        context.saveGState()
        context.translateBy(x: 40, y: 2)
        context.scaleBy(x: 1, y: -1)
        context.setAlpha(0.75)
        context.draw(image, in: CGRect(x: 0, y: -20, width: 22, height: 18))
        context.restoreGState()
        check(context, name)
    }

    @Test("Blend modes: every mode painted over a two-colour background")
    func blendModes() {
        let modes: [CGBlendMode] = (0...27).compactMap { CGBlendMode(rawValue: $0) }
        let context = makeRGBAContext(width: 112, height: 64)
        for (index, mode) in modes.enumerated() {
            let x = CGFloat(index % 7) * 16
            let y = CGFloat(index / 7) * 16
            context.setBlendMode(.normal)
            context.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            context.fill(CGRect(x: x + 1, y: y + 1, width: 9, height: 14))
            context.setFillColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 0.6)
            context.fill(CGRect(x: x + 1, y: y + 1, width: 14, height: 6))
            context.setBlendMode(mode)
            context.setFillColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 0.8)
            context.fillEllipse(in: CGRect(x: x + 4, y: y + 3, width: 11, height: 11))
        }
        check(context, "blend-modes")
    }

    @Test("Shadows: blurred default shadow, coloured shadow of a stroke, shadow under a rotated CTM")
    func shadows() {
        let context = canvas(64, 64)
        context.saveGState()
        context.setShadow(offset: CGSize(width: 3, height: -3), blur: 4)
        context.setFillColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1)
        context.fill(CGRect(x: 6, y: 36, width: 20, height: 20))
        context.setShadow(
            offset: CGSize(width: 0, height: -4), blur: 2, color: CGColor(red: 0.8, green: 0, blue: 0, alpha: 0.6))
        context.setLineWidth(3)
        context.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.strokeEllipse(in: CGRect(x: 36, y: 36, width: 22, height: 20))
        context.translateBy(x: 20, y: 16)
        context.rotate(by: .pi / 5)
        context.setShadow(offset: CGSize(width: 4, height: 0), blur: 6)
        context.setFillColor(red: 0.9, green: 0.6, blue: 0.1, alpha: 1)
        context.fill(CGRect(x: -8, y: -8, width: 16, height: 16))
        context.restoreGState()
        check(context, "shadows")
    }

    @Test("Text: a line of the default font", .enabled(if: FontLibrary.shared.defaultFont != nil))
    func text() throws {
        let font = try #require(FontLibrary.shared.defaultFont)
        let context = canvas(96, 32)
        context.setFillColor(red: 0.1, green: 0.1, blue: 0.3, alpha: 1)
        context.draw(TextLayout(string: "Quartz ÅÉg", font: font, fontSize: 16), at: CGPoint(x: 4, y: 26))
        check(context, "text")
    }
}
