// What the real-world suites share: pictures read back pixel by pixel, the two ways iOS code captures what a layer
// shows (a frame of the render server, here `CARenderer`, and a snapshot test's
// `layer.presentation()?.render(in:)`), and comparisons with tolerances. Written in Swift 5 mode with `import
// UIKit`, like the code under test.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// One pixel as stored: premultiplied 8-bit red, green, blue and alpha.
struct Pixel: Equatable, CustomStringConvertible {
    var red: Int
    var green: Int
    var blue: Int
    var alpha: Int

    static let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
    static let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    static let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    static let blue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)

    var description: String { "(\(red), \(green), \(blue), \(alpha))" }

    /// Whether every component is within `tolerance` of `other`'s.
    func isClose(to other: Pixel, tolerance: Int = 2) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
    }

    /// `colour` (unpremultiplied components 0…1) at `opacity`, as it is stored premultiplied.
    static func premultiplied(red: CGFloat, green: CGFloat, blue: CGFloat, opacity: CGFloat) -> Pixel {
        func byte(_ value: CGFloat) -> Int { Int((value * opacity * 255).rounded()) }
        return Pixel(red: byte(red), green: byte(green), blue: byte(blue), alpha: Int((opacity * 255).rounded()))
    }
}

/// A frame read back: pixel `(x, y)` counts from the top left, one pixel per point unless a scale was asked for.
struct Picture {
    let width: Int
    let height: Int
    private let bytes: [UInt8]
    private let bytesPerRow: Int

    init(_ image: CGImage) {
        width = image.width
        height = image.height
        bytesPerRow = image.bytesPerRow
        bytes = image.dataProvider?.data.map { [UInt8]($0) } ?? []
    }

    subscript(x: Int, y: Int) -> Pixel {
        let start = y * bytesPerRow + x * 4
        return Pixel(
            red: Int(bytes[start]), green: Int(bytes[start + 1]), blue: Int(bytes[start + 2]),
            alpha: Int(bytes[start + 3]))
    }

    /// Whether pixel `(x, y)` has any coverage at all.
    func isInked(_ x: Int, _ y: Int) -> Bool {
        self[x, y].alpha > 0
    }

    /// The smallest rectangle of pixels with alpha above `threshold`, or nil when there are none.
    func inkBounds(threshold: Int = 0) -> CGRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where self[x, y].alpha > threshold {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels of the rectangle `x0..<x1` × `y0..<y1` have alpha above `threshold`.
    func inkedCount(x0: Int = 0, y0: Int = 0, x1: Int? = nil, y1: Int? = nil, threshold: Int = 0) -> Int {
        var count = 0
        for y in y0..<(y1 ?? height) {
            for x in x0..<(x1 ?? width) where self[x, y].alpha > threshold {
                count += 1
            }
        }
        return count
    }
}

/// What the screen shows of the tree under `root` now (at `CACurrentMediaTime()`), as the render server composites
/// it: `width` × `height` points at `scale` pixels per point.
func screen(_ root: CALayer, width: Int, height: Int, scale: CGFloat = 1) -> Picture {
    let renderer = CARenderer(
        width: Int(CGFloat(width) * scale), height: Int(CGFloat(height) * scale), scale: scale)!
    renderer.layer = root
    return Picture(renderer.renderFrame(atTime: CACurrentMediaTime()))
}

/// A snapshot as iOS snapshot tests take one: `layer.presentation()?.render(in:)` into a bitmap context flipped
/// so that y grows downwards, as `UIGraphicsImageRenderer`'s contexts are. A layer never committed has no
/// presentation copy and draws nothing.
func snapshot(_ layer: CALayer, width: Int, height: Int) -> Picture {
    let context = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: 1, y: -1)
    layer.presentation()?.render(in: context)
    return Picture(context.makeImage()!)
}

/// A root layer of `width` × `height` points with an opaque white background, as a window shows.
func whiteRoot(width: CGFloat, height: CGFloat) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = UIColor.white.cgColor
    return root
}

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points differ by at most `tolerance` in each coordinate.
func isClose(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// The angle of the rotation about z in `transform` (radians, −π…π), read as `atan2(m12, m11)`.
func rotationAngle(_ transform: CATransform3D) -> CGFloat {
    atan2(transform.m12, transform.m11)
}

/// The angle `a` brought into −π…π.
func wrappedAngle(_ a: CGFloat) -> CGFloat {
    atan2(sin(a), cos(a))
}

/// The y of the unit cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1) at input `x`, by
/// bisection on the curve's x (an independent reference for the values the suites expect).
func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<80 {
        let mid = (low + high) / 2
        if bezier(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return bezier(y1, y2, (low + high) / 2)
}
