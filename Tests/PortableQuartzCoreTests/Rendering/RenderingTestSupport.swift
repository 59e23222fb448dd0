import Foundation

@testable import PortableQuartzCore

/// The premultiplied RGBA bytes of pixel `(x, y)` (top-left origin) of `image`.
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    image.withUnsafePremultipliedRGBABytes { bytes in
        let start = y * image.bytesPerRow + x * 4
        return (0..<4).map { Int(bytes[start + $0]) }
    }
}

/// A layer with a frame and an opaque background colour.
func solidLayer(_ frame: CGRect, red: CGFloat = 1, green: CGFloat = 0, blue: CGFloat = 0) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: 1)
    return layer
}

/// Adds to `layer`, under the key `keyPath`, a `CABasicAnimation` of `keyPath` from `from` to `to` over `duration`
/// seconds, beginning at `beginTime` (0: when the transaction commits).
func animate(
    _ layer: CALayer, _ keyPath: String, from: Double, to: Double, duration: Double = 1, beginTime: Double = 0
) {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    animation.beginTime = beginTime
    layer.add(animation, forKey: keyPath)
}

/// A `width` × `height` premultiplied RGBA context, flipped so that layers and strings draw upright (y down, as on
/// iOS).
func flippedContext(width: Int, height: Int) -> CGContext {
    let context = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: 1, y: -1)
    return context
}

/// Renders `root` into a `size` × `size` target at media time `time` and returns the frame.
func renderFrame(_ root: CALayer, size: Int = 100, scale: CGFloat = 1, at time: Double = 0) -> CGImage {
    let renderer = CARenderer(width: size, height: size, scale: scale)!
    renderer.layer = root
    return renderer.renderFrame(atTime: time)
}

/// A square image of `side` pixels filled with one opaque colour, drawn with CGContext.
func squareImage(side: Int, red: CGFloat, green: CGFloat, blue: CGFloat) -> CGImage {
    let context = CGContext(
        data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.setFillColor(CGColor(srgbRed: red, green: green, blue: blue, alpha: 1))
    context.fill(CGRect(x: 0, y: 0, width: side, height: side))
    return context.makeImage()!
}
