import Foundation
import PortableCoreGraphics
import PortableQuartzCoreTesting
import Testing

/// Shortcuts of the drawing pipeline against the general path they stand in for: a fill of a rectangle on whole
/// pixels is made without scan conversion, and `clip(to:mask:)` draws its mask image into a layer kept between
/// calls, of which it clears only the box it reads.
@Suite("CGContext shortcuts draw what the general paths draw")
struct CGContextFastPathTests {
    /// Fills `rect` (as itself, or through a path with a lone move before it, which is not recognised as a rectangle
    /// and so is scan-converted) in a context that may clip, scale, shadow and fill even-odd first.
    private func filled(
        _ rect: CGRect, asRect: Bool, scale: CGFloat, clip: CGRect?, rounded: Bool, shadow: Bool, evenOdd: Bool,
        alpha: CGFloat
    ) -> [UInt8] {
        let context = makeRGBAContext(width: 64, height: 48)
        context.setFillColor(CGColor(srgbRed: 0.95, green: 0.9, blue: 0.8, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 48))
        context.scaleBy(x: scale, y: scale)
        if let clip {
            if rounded {
                context.addPath(CGPath(roundedRect: clip, cornerWidth: 5, cornerHeight: 5, transform: nil))
                context.clip()
            } else {
                context.clip(to: clip)
            }
        }
        if shadow { context.setShadow(offset: CGSize(width: 2, height: -3), blur: 2) }
        context.setFillColor(CGColor(srgbRed: 0.1, green: 0.4, blue: 0.9, alpha: alpha))
        if asRect {
            context.addRect(rect)
        } else {
            context.move(to: CGPoint(x: rect.minX, y: rect.minY))
            context.addRect(rect)
            #expect(context.path?.isRect(nil) == false)
        }
        context.fillPath(using: evenOdd ? .evenOdd : .winding)
        return context.makeImage()!.withUnsafePremultipliedRGBABytes { Array($0) }
    }

    @Test(
        "100 fills of whole-pixel rectangles (clipped by rectangles or rounded ones, scaled, shadowed, even-odd, translucent) equal the scan-converted fill; a 10 × 8 fill at (20, 14) paints (20, 30) but not (19, 30)"
    )
    func wholePixelFills() {
        // Worked case: columns 20 … 29 and, y up in a 48-pixel bitmap, rows 48 − 22 = 26 … 33 from the top. Opaque
        // (0.1, 0.4, 0.9) is (26, 102, 230) in 8 bits.
        let worked = filled(
            CGRect(x: 20, y: 14, width: 10, height: 8), asRect: true, scale: 1, clip: nil, rounded: false,
            shadow: false, evenOdd: false, alpha: 1)
        func rgba(_ bytes: [UInt8], _ x: Int, _ y: Int) -> [UInt8] {
            Array(bytes[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4])
        }
        #expect(rgba(worked, 20, 30) == [26, 102, 230, 255])
        #expect(rgba(worked, 19, 30) == [242, 230, 204, 255])

        var random = SeededRandom(seed: 0xF111_5EED)
        for _ in 0..<100 {
            let scale: CGFloat = random.nextDouble(in: 0...1) < 0.5 ? 1 : 2
            func whole(_ range: ClosedRange<Double>) -> CGFloat {
                CGFloat(random.nextDouble(in: range).rounded()) / scale
            }
            func any(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(random.nextDouble(in: range)) / scale }
            let rect = CGRect(x: whole(-8...60), y: whole(-8...44), width: whole(0...50), height: whole(0...40))
            let clip =
                random.nextDouble(in: 0...1) < 0.6
                ? CGRect(x: any(-4...30), y: any(-4...20), width: any(5...50), height: any(5...40)) : nil
            let rounded = random.nextDouble(in: 0...1) < 0.5
            let shadow = random.nextDouble(in: 0...1) < 0.3
            let evenOdd = random.nextDouble(in: 0...1) < 0.3
            let alpha = random.nextDouble(in: 0...1) < 0.5 ? 1 : CGFloat(random.nextDouble(in: 0.2...0.9))
            let fast = filled(
                rect, asRect: true, scale: scale, clip: clip, rounded: rounded, shadow: shadow, evenOdd: evenOdd,
                alpha: alpha)
            let scanned = filled(
                rect, asRect: false, scale: scale, clip: clip, rounded: rounded, shadow: shadow, evenOdd: evenOdd,
                alpha: alpha)
            #expect(fast == scanned, "\(rect) in \(String(describing: clip)) ×\(scale)")
        }
    }

    /// A 6 × 5 image whose alpha (or, opaque, grey level) comes from `random`.
    private func maskImage(_ random: inout SeededRandom, opaque: Bool) -> CGImage {
        var bytes: [UInt8] = []
        for _ in 0..<30 {
            let level = UInt8(random.nextDouble(in: 0...255).rounded())
            bytes += opaque ? [level, level, level, 255] : [level, level, level, level]
        }
        return CGImage(
            width: 6, height: 5, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 24,
            space: CGColorSpace(name: CGColorSpace.sRGB)!,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// Clips to `mask` over `rect` (inside `outer` if given) and fills the bitmap in translucent green.
    private func maskedFill(_ context: CGContext, mask: CGImage, over rect: CGRect, outer: CGRect?) {
        context.saveGState()
        if let outer { context.clip(to: outer) }
        context.clip(to: rect, mask: mask)
        context.setFillColor(CGColor(srgbRed: 0.2, green: 0.6, blue: 0.3, alpha: 0.9))
        context.fill(CGRect(x: 0, y: 0, width: 48, height: 40))
        context.restoreGState()
    }

    @Test(
        "a mask clip after 40 seeded earlier ones in the same context paints what it paints in a fresh context; levels 64 then 255 through a reused layer give (64, 0, 0, 64)"
    )
    func maskLayerReuse() {
        // Worked case: a white mask over the whole bitmap, cleared, then the grey levels 0, 64, 128, 255 of
        // `CGContextMaskAndRadialTests.greyMaskScalesFill`: opaque red through level 64 onto transparent black is
        // (64, 0, 0, 64), whatever the earlier mask left in the layer.
        let context = makeRGBAContext(width: 4, height: 2)
        context.interpolationQuality = .none
        let everywhere = CGRect(x: 0, y: 0, width: 4, height: 2)
        context.saveGState()
        context.clip(to: everywhere, mask: CGContextMaskAndRadialTests.greyImage([[255, 255, 255, 255]]))
        context.fill(everywhere)
        context.restoreGState()
        context.clear(everywhere)
        context.clip(
            to: everywhere, mask: CGContextMaskAndRadialTests.greyImage([[0, 64, 128, 255], [255, 255, 255, 255]]))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(everywhere)
        #expect(pixel(context.makeImage()!, x: 1, y: 0) == [64, 0, 0, 64])

        var random = SeededRandom(seed: 0x3A5C_0FF5)
        let reused = makeRGBAContext(width: 48, height: 40)
        for _ in 0..<40 {
            let mask = maskImage(&random, opaque: random.nextDouble(in: 0...1) < 0.3)
            let rect = CGRect(
                x: random.nextDouble(in: -10...40), y: random.nextDouble(in: -10...30),
                width: random.nextDouble(in: 2...40), height: random.nextDouble(in: 2...35))
            let outer =
                random.nextDouble(in: 0...1) < 0.3
                ? CGRect(x: random.nextDouble(in: 0...20), y: random.nextDouble(in: 0...20), width: 25, height: 20)
                : nil
            reused.clear(CGRect(x: 0, y: 0, width: 48, height: 40))
            maskedFill(reused, mask: mask, over: rect, outer: outer)
            let fresh = makeRGBAContext(width: 48, height: 40)
            maskedFill(fresh, mask: mask, over: rect, outer: outer)
            let reusedBytes = reused.makeImage()!.withUnsafePremultipliedRGBABytes { Array($0) }
            let freshBytes = fresh.makeImage()!.withUnsafePremultipliedRGBABytes { Array($0) }
            #expect(reusedBytes == freshBytes, "\(rect) in \(String(describing: outer))")
        }
    }
}
