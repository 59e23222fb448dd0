import Foundation
import PortableCoreGraphics
import PortableQuartzCoreTesting
import Testing

/// A clip to a rectangle whose sides fall on whole pixels is made without scan conversion, as a mask known to be
/// 255 inside, and one to any other rectangle four or more rows tall from two scan-converted slices of it; these
/// cases check the pictures equal those of the same rectangle given in a path that is not recognised as one (a lone
/// move before it), which is scan-converted as before.
@Suite("CGContext clips to rectangles")
struct CGContextPixelRectClipTests {
    /// Clips to `rect` (by `clip(to:)`, or through a path holding a lone move and the rectangle), optionally inside an earlier
    /// clip `outer`, then fills a translucent ellipse, strokes a line across and draws an image turned 20°.
    private func picture(clip rect: CGRect, outer: CGRect?, asRect: Bool, scale: CGFloat) -> [UInt8] {
        let context = makeRGBAContext(width: 64, height: 48)
        context.scaleBy(x: scale, y: scale)
        if let outer { context.clip(to: outer) }
        if asRect {
            context.clip(to: rect)
        } else {
            // A lone move first: the same edges, but no longer a path of one rectangle.
            context.move(to: CGPoint(x: rect.minX, y: rect.minY))
            context.addRect(rect)
            #expect(context.path?.isRect(nil) == false)
            context.clip()
        }
        context.setFillColor(CGColor(srgbRed: 0.1, green: 0.4, blue: 0.9, alpha: 0.8))
        context.fillEllipse(in: CGRect(x: 3.3, y: 2.7, width: 50.5 / scale, height: 40.2 / scale))
        context.setStrokeColor(CGColor(srgbRed: 0.9, green: 0.2, blue: 0.1, alpha: 1))
        context.setLineWidth(3)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 0), CGPoint(x: 60 / scale, y: 45 / scale)])
        context.saveGState()
        context.rotate(by: 0.35)
        context.draw(checkerboard(), in: CGRect(x: 20 / scale, y: 0, width: 24 / scale, height: 16 / scale))
        context.restoreGState()
        return context.makeImage()!.withUnsafePremultipliedRGBABytes { Array($0) }
    }

    /// The alpha of pixel (`x`, `y`) in the bytes of a `picture`, 64 pixels a row.
    private static func alpha(_ bytes: [UInt8], _ x: Int, _ y: Int) -> UInt8 { bytes[(y * 64 + x) * 4 + 3] }

    /// An 8 × 8 opaque image of 2-pixel black and yellow squares.
    private func checkerboard() -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 { bytes += (x / 2 + y / 2) % 2 == 0 ? [0, 0, 0, 255] : [255, 220, 0, 255] }
        }
        return CGImage(
            width: 8, height: 8, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 32,
            space: CGColorSpace(name: CGColorSpace.sRGB)!,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
    }

    @Test(
        "80 whole-pixel rectangle clips, alone or inside another, at scale 1 and 2: fills, strokes and images draw as through the scan-converted clip; a 10 × 8 clip at (20, 14) keeps pixel (20, 30) and clears (19, 30) and (20, 25)"
    )
    func wholePixelClips() {
        // Worked case: at scale 1 the clip spans columns 20 … 29 and, y being up in a 48-pixel-high bitmap, rows
        // 48 − 22 = 26 … 33 from the top. Pixel (20, 30) is inside it and inside the ellipse (its centre (20.5, 17.5)
        // in user space is 0.32 and 0.26 of the radii from the ellipse's centre), so it is painted; (19, 30) lies
        // left of the clip and (20, 25) above it.
        let worked = picture(clip: CGRect(x: 20, y: 14, width: 10, height: 8), outer: nil, asRect: true, scale: 1)
        #expect(Self.alpha(worked, 20, 30) > 0)
        #expect(Self.alpha(worked, 19, 30) == 0)
        #expect(Self.alpha(worked, 20, 25) == 0)

        var random = SeededRandom(seed: 0x5EED_C1E7)
        for _ in 0..<80 {
            let scale: CGFloat = random.nextDouble(in: 0...1) < 0.5 ? 1 : 2
            func whole(_ range: ClosedRange<Double>) -> CGFloat {
                CGFloat(random.nextDouble(in: range).rounded()) / scale
            }
            let rect = CGRect(x: whole(-8...60), y: whole(-8...44), width: whole(0...40), height: whole(0...30))
            let outer =
                random.nextDouble(in: 0...1) < 0.4
                ? CGRect(x: whole(0...30), y: whole(0...20), width: whole(5...40), height: whole(5...30)) : nil
            let fast = picture(clip: rect, outer: outer, asRect: true, scale: scale)
            let scanned = picture(clip: rect, outer: outer, asRect: false, scale: scale)
            // Strokes are flattened finely only inside the region being drawn, which for the scan-converted clip
            // is its mask's box: an edge pixel of the stroke may then differ by a level (2 of 80 cases here).
            let differences = zip(fast, scanned).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 1, "\(rect) in \(String(describing: outer)) ×\(scale)")
            #expect(differences.filter { $0 != 0 }.count <= 4, "\(rect) in \(String(describing: outer)) ×\(scale)")
        }
    }

    @Test(
        "200 rectangle clips off whole pixels (alone or nested, any size, partly outside, scale 1 or 2.5) draw byte for byte as the scan-converted clip; a clip from x = 10.5 lets half through at column 10"
    )
    func fractionalRectangleClips() {
        // Worked case: the clip's left side at x = 10.5 covers column 10 by half, so a fill that covers the pixel
        // reaches it at coverage 128 (127.5, ties to even): (0.1, 0.4, 0.9) at alpha 0.8 · 128/255 over transparent.
        let worked = picture(clip: CGRect(x: 10.5, y: 10, width: 20, height: 20), outer: nil, asRect: true, scale: 1)
        let workedScanned = picture(
            clip: CGRect(x: 10.5, y: 10, width: 20, height: 20), outer: nil, asRect: false, scale: 1)
        // Alpha round(204 · 128 / 255) = 102 where only the ellipse (alpha 0.8 = 204) and the half column meet.
        #expect(Self.alpha(worked, 10, 30) == 102)
        #expect(worked == workedScanned)

        var random = SeededRandom(seed: 0xF4AC_C11F)
        for _ in 0..<200 {
            let scale: CGFloat = random.nextDouble(in: 0...1) < 0.5 ? 1 : 2.5
            func any(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(random.nextDouble(in: range)) / scale }
            let rect = CGRect(x: any(-8...60), y: any(-8...44), width: any(0...50), height: any(0...45))
            let outer =
                random.nextDouble(in: 0...1) < 0.4
                ? CGRect(x: any(0...30), y: any(0...20), width: any(5...40), height: any(5...30)) : nil
            let fast = picture(clip: rect, outer: outer, asRect: true, scale: scale)
            let scanned = picture(clip: rect, outer: outer, asRect: false, scale: scale)
            #expect(fast == scanned, "\(rect) in \(String(describing: outer)) ×\(scale)")
        }
    }
}
