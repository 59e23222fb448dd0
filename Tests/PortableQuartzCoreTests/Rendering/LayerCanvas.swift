import Foundation

@testable import PortableQuartzCore

/// A bitmap set up as the compositor sets one up for a layer's own drawing (as `CALayer.display()` does): user space
/// is the layer's bounds space, y down, `scale` pixels per point. Pixels are read by column and row from the top.
struct LayerCanvas {
    let context: CGContext

    init(bounds: CGRect, scale: CGFloat = 1) {
        let width = Int((bounds.width * scale).rounded(.up))
        let height = Int((bounds.height * scale).rounded(.up))
        context = CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
    }

    /// The premultiplied RGBA bytes of the pixel in column `x`, row `y` (from the top).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let image = context.makeImage()!
        return image.withUnsafePremultipliedRGBABytes { bytes in
            let offset = y * image.bytesPerRow + x * 4
            return Array(bytes[offset..<(offset + 4)])
        }
    }

    /// Every pixel with a non-zero alpha, as (column, row from the top).
    var paintedPixels: [(x: Int, y: Int)] {
        let image = context.makeImage()!
        return image.withUnsafePremultipliedRGBABytes { bytes in
            var found: [(x: Int, y: Int)] = []
            for y in 0..<image.height {
                for x in 0..<image.width where bytes[y * image.bytesPerRow + x * 4 + 3] != 0 { found.append((x, y)) }
            }
            return found
        }
    }

    /// Whether every channel of `actual` is within `tolerance` levels of `expected`.
    static func near(_ actual: [UInt8], _ expected: [Int], tolerance: Int = 1) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs(Int($0) - $1) <= tolerance }
    }
}

/// Opaque colours for the painter tests.
enum Palette {
    static let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = ColorComponents(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = ColorComponents(red: 0, green: 0, blue: 1, alpha: 1)
    static let yellow = ColorComponents(red: 1, green: 1, blue: 0, alpha: 1)
}

/// A compositor surface whose map takes a layer's bounds space (y down) to device pixels at `scale`, as the
/// compositor maps an unmoved layer: for painters that draw straight into the surface. Pixels are read by column and
/// row from the top.
struct SurfaceCanvas {
    let surface: RenderSurface
    let map: PlaneTransform

    init(bounds: CGRect, scale: CGFloat = 1) {
        surface = RenderSurface(
            width: Int((bounds.width * scale).rounded(.up)), height: Int((bounds.height * scale).rounded(.up)))!
        surface.beginFrame()
        map = PlaneTransform.translation(x: -Double(bounds.minX), y: -Double(bounds.minY))
            .followed(by: .scale(x: Double(scale), y: Double(scale)))
    }

    /// Draws `shape` as a shape layer's content at `opacity`, cutting a trimmed stroke with `trimmer` (a new one by
    /// default).
    func draw(_ shape: ShapeLayerState, opacity: Float = 1, trimmer: StrokeTrimmer = StrokeTrimmer()) {
        ShapeLayerPainter.draw(shape, map: map, opacity: opacity, into: surface, trimmer: trimmer)
    }

    /// The premultiplied RGBA bytes of the pixel in column `x`, row `y` (from the top).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let value = surface.pixel(x: x, y: y)
        return [value.red, value.green, value.blue, value.alpha]
    }

    /// Every pixel with a non-zero alpha, as (column, row from the top).
    var paintedPixels: [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface.pixel(x: x, y: y).alpha != 0 { found.append((x, y)) }
        }
        return found
    }
}
