import Foundation
import PortableCoreGraphics
import Testing

/// Worked numbers for clipping to a mask image and for radial gradients.
@Suite("CGContext mask clipping and radial gradients")
struct CGContextMaskAndRadialTests {
    /// An opaque RGBA image whose pixels are the grey levels given (rows top to bottom).
    static func greyImage(_ rows: [[UInt8]]) -> CGImage {
        let width = rows[0].count
        var bytes: [UInt8] = []
        for row in rows {
            for level in row { bytes += [level, level, level, 255] }
        }
        return CGImage(
            width: width, height: rows.count, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: CGColorSpace(name: CGColorSpace.sRGB)!,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
    }

    @Test("a grey mask scales a fill by its level: opaque red through levels 0, 64, 128, 255")
    func greyMaskScalesFill() {
        // The mask is stretched 1:1 over the whole 4 × 2 bitmap and sampled nearest, so each pixel's clip coverage
        // is its mask pixel's luminance 0.299 R + 0.587 G + 0.114 B = the grey level. Opaque red (255, 0, 0, 255)
        // at coverage m onto transparent black is (round(255·m/255), 0, 0, m) = (m, 0, 0, m). The image's top row
        // lands on the bitmap's top row, as images are drawn upright.
        let context = makeRGBAContext(width: 4, height: 2)
        context.interpolationQuality = .none
        context.clip(
            to: CGRect(x: 0, y: 0, width: 4, height: 2),
            mask: Self.greyImage([[0, 64, 128, 255], [255, 255, 255, 255]]))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        let image = context.makeImage()!
        #expect(pixel(image, x: 0, y: 0) == [0, 0, 0, 0])
        #expect(pixel(image, x: 1, y: 0) == [64, 0, 0, 64])
        #expect(pixel(image, x: 2, y: 0) == [128, 0, 0, 128])
        #expect(pixel(image, x: 3, y: 0) == [255, 0, 0, 255])
        for x in 0..<4 { #expect(pixel(image, x: x, y: 1) == [255, 0, 0, 255]) }
    }

    @Test("a grey mask of level 128 under a half-transparent fill over white: (255, 191, 191)")
    func greyMaskWithTranslucentFill() {
        // Red at alpha 0.5 through coverage 128: painted alpha round(128·128/255) = round(64.25) = 64, painted red
        // 64 (0.5 · 128 = 64.0 levels); over white, 64 + round(255·191/255) = 255 for red, 191 for green and blue.
        // Exact: effective alpha 0.5 · 128/255 = 0.251, green 255 · (1 − 0.251) = 191.0.
        let context = makeRGBAContext(width: 4, height: 2)
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        context.interpolationQuality = .none
        context.clip(
            to: CGRect(x: 0, y: 0, width: 4, height: 2), mask: Self.greyImage([[128, 128, 128, 128], [0, 0, 0, 0]]))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(pixel(context, x: 2, y: 0) == [255, 191, 191, 255])
        #expect(pixel(context, x: 2, y: 1) == [255, 255, 255, 255])  // level 0: clipped away
    }

    @Test("outside the mask's rectangle everything is clipped away")
    func outsideMaskRectangle() {
        let context = makeRGBAContext(width: 4, height: 2)
        context.interpolationQuality = .none
        context.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: Self.greyImage([[255, 255], [255, 255]]))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(pixel(context, x: 1, y: 1) == [0, 0, 255, 255])
        #expect(pixel(context, x: 2, y: 1) == [0, 0, 0, 0])
    }

    @Test(
        "a radial gradient between concentric circles of radii 10 and 50 has the interpolated colour at radius r",
        arguments: [20, 30, 40, 14, 47])
    func concentricRadialGradient(distance: Int) {
        // Red (1, 0, 0) on the start circle, blue (0, 0, 1) on the end circle, opaque. The common centre (64.5,
        // 64.5) in user space is (64.5, 63.5) in device pixels, so device pixel (64 + r, 63), whose centre is
        // (64.5 + r, 63.5), lies at distance r: t = (r − 10)/40 and the colour is (255·(1 − t), 0, 255·t). For
        // r = 30, t = 0.5 and (127.5, 0, 127.5); for r = 20, t = 0.25 and (191.25, 0, 63.75).
        let context = makeRGBAContext(width: 128, height: 128)
        let gradient = CGGradient(
            colorsSpace: nil,
            colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
            locations: nil)!
        context.drawRadialGradient(
            gradient, startCenter: CGPoint(x: 64.5, y: 64.5), startRadius: 10, endCenter: CGPoint(x: 64.5, y: 64.5),
            endRadius: 50, options: [])
        let t = (Double(distance) - 10) / 40
        let painted = pixel(context, x: 64 + distance, y: 63)
        #expect(abs(Double(painted[0]) - 255 * (1 - t)) <= 1, "red at distance \(distance): \(painted)")
        #expect(painted[1] == 0)
        #expect(abs(Double(painted[2]) - 255 * t) <= 1, "blue at distance \(distance): \(painted)")
        #expect(painted[3] == 255)
        // The same distance straight up from the centre (device row 63 − r) has the same colour.
        #expect(pixel(context, x: 64, y: 63 - distance) == painted)
    }

    @Test("without extension, a radial gradient paints nothing inside the start circle or outside the end circle")
    func radialGradientBounds() {
        let context = makeRGBAContext(width: 128, height: 128)
        let gradient = CGGradient(
            colorsSpace: nil,
            colors: [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)],
            locations: nil)!
        context.drawRadialGradient(
            gradient, startCenter: CGPoint(x: 64.5, y: 64.5), startRadius: 10, endCenter: CGPoint(x: 64.5, y: 64.5),
            endRadius: 50, options: [])
        #expect(pixel(context, x: 64, y: 63) == [0, 0, 0, 0])  // the centre: inside the start circle
        #expect(pixel(context, x: 64 + 60, y: 63) == [0, 0, 0, 0])  // distance 60: beyond the end circle
        // Halfway out, black → white at t = 0.5: grey 127.5 → 127 or 128.
        let middle = pixel(context, x: 64 + 30, y: 63)
        #expect(abs(Int(middle[0]) - 128) <= 1 && middle[0] == middle[1] && middle[1] == middle[2] && middle[3] == 255)
    }
}
