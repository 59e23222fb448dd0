import Foundation
import PortableCoreGraphics

/// A 8-bit premultiplied RGBA context with its own storage.
func makeRGBAContext(width: Int = 16, height: Int = 16) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

/// The premultiplied RGBA bytes of pixel `(x, y)` of `image`, `y` counted from the top row.
func pixel(_ image: CGImage, x: Int, y: Int) -> [UInt8] {
    image.withUnsafePremultipliedRGBABytes { bytes in
        let offset = y * image.bytesPerRow + x * 4
        return Array(bytes[offset..<(offset + 4)])
    }
}

/// The pixel `(x, y)` (from the top) of the context's current picture.
func pixel(_ context: CGContext, x: Int, y: Int) -> [UInt8] {
    pixel(context.makeImage()!, x: x, y: y)
}

/// How many pixels of `image` have a non-zero alpha.
func paintedPixelCount(_ image: CGImage) -> Int {
    var count = 0
    for y in 0..<image.height {
        for x in 0..<image.width where pixel(image, x: x, y: y)[3] != 0 { count += 1 }
    }
    return count
}
