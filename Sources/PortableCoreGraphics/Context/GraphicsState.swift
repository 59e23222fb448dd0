import Foundation
@_spi(Engine) import PortableRaster

/// Everything `saveGState()` saves and `restoreGState()` brings back: one entry of a context's state stack.
///
/// A value type; saving copies it (the clip mask and dash array are shared copy-on-write until one side
/// changes them).
struct GraphicsState {
    /// User space → base space (pixels, origin bottom-left, y up).
    var ctm = CGAffineTransform.identity
    /// The clip in device pixels (y down), `nil` when nothing is clipped.
    var clip: CoverageMask?
    /// Premultiplied fill colour (sRGB).
    var fillColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// Premultiplied stroke colour (sRGB).
    var strokeColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// The space `setFillColor(_: UnsafePointer<CGFloat>)` reads components in.
    var fillColorSpace = CGColorSpace.standardSRGB
    /// The space `setStrokeColor(_: UnsafePointer<CGFloat>)` reads components in.
    var strokeColorSpace = CGColorSpace.standardSRGB
    /// Line width, cap, join, miter limit and dash, kept as the stroker's value so stroking converts nothing.
    var stroke = StrokeStyle()
    /// Global opacity, 0…1.
    var alpha: CGFloat = 1
    /// How painting combines with the bitmap.
    var blendMode = CGBlendMode.normal
    /// Whether shapes are anti-aliased (also needs the context's `allowsAntialiasing`).
    var shouldAntialias = true
    /// Image resampling quality.
    var interpolationQuality = CGInterpolationQuality.default
    /// Shadow offset in base space (y up), in pixels.
    var shadowOffset = CGSize.zero
    /// Shadow blur amount (the Gaussian's σ is half of it).
    var shadowBlur: CGFloat = 0
    /// Premultiplied shadow colour; `nil` means no shadow.
    var shadowColor: PremultipliedColor?
    /// Curve flattening tolerance in device pixels (Apple's flatness, with our default of 1/32).
    var flatness: Double = ScanConverter.defaultTolerance
}

extension PremultipliedColor {
    /// `color` converted to sRGB and premultiplied; NaN components count as 0.
    init(_ color: CGColor) {
        let rgba = color.rgbaComponents
        self.init(red: Float(rgba.red), green: Float(rgba.green), blue: Float(rgba.blue), alpha: Float(rgba.alpha))
    }
}

extension Affine2D {
    /// The same matrix as `transform`.
    init(_ transform: CGAffineTransform) {
        self.init(
            a: Double(transform.a), b: Double(transform.b), c: Double(transform.c), d: Double(transform.d),
            tx: Double(transform.tx), ty: Double(transform.ty))
    }
}

extension CGAffineTransform {
    /// The same matrix as `transform`.
    init(_ transform: Affine2D) {
        self.init(
            a: CGFloat(transform.a), b: CGFloat(transform.b), c: CGFloat(transform.c), d: CGFloat(transform.d),
            tx: CGFloat(transform.tx), ty: CGFloat(transform.ty))
    }
}
