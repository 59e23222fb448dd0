import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// Paints an axial gradient over the whole clip: colour is constant along lines perpendicular to the axis
    /// from `start` (location 0) to `end` (location 1), both in user space.
    ///
    /// Without ``CGGradientDrawingOptions/drawsBeforeStartLocation`` nothing is painted before the start line,
    /// without ``CGGradientDrawingOptions/drawsAfterEndLocation`` nothing after the end line. `start == end`
    /// paints nothing. Alpha, blend mode, clip and shadow apply; the current path is left alone.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        paintGradient(
            .axial(start: RasterPoint(start), end: RasterPoint(end)), gradient: gradient, options: options)
    }

    /// Paints a radial gradient over the whole clip: circles interpolated from the start circle (location 0) to
    /// the end circle (location 1), later circles painted over earlier ones, in user space.
    ///
    /// With ``CGGradientDrawingOptions/drawsBeforeStartLocation`` the circles continue shrinking (or growing)
    /// before the start circle until their radius reaches 0, in the start colour; with
    /// ``CGGradientDrawingOptions/drawsAfterEndLocation`` they continue after the end circle in the end colour.
    /// When neither circle contains the other, only the cone the circles sweep is painted. Negative radii count
    /// as 0.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
        endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        paintGradient(
            .radial(
                startCenter: RasterPoint(startCenter), startRadius: Swift.max(0, Double(startRadius)),
                endCenter: RasterPoint(endCenter), endRadius: Swift.max(0, Double(endRadius))),
            gradient: gradient, options: options)
    }

    /// Paints `shape` through the clip (or everywhere when there is none); shared with the conic gradient.
    func paintGradient(_ shape: Gradient.Shape, gradient: CGGradient, options: CGGradientDrawingOptions) {
        guard let device = deviceTransform else { return }
        let paint = Gradient(
            shape, ramp: gradient.ramp, extendsBeforeStart: options.contains(.drawsBeforeStartLocation),
            extendsAfterEnd: options.contains(.drawsAfterEndLocation), transform: device)
        if fullMask.bounds != buffer.bounds { fullMask = CoverageMask(filling: buffer.bounds) }
        // Park the scratch mask so painting through a shared mask (the clip or the full mask) never copies it.
        var scratch = CoverageMask()
        swap(&scratch, &shapeMask)
        defer { swap(&scratch, &shapeMask) }
        if let clip = state.clip, state.shadowColor == nil {
            shapeMask = clip
            paintShape(.gradient(paint), alreadyClipped: true)
        } else {
            shapeMask = fullMask
            paintShape(.gradient(paint))
        }
    }
}

extension RasterPoint {
    /// The same point in the raster engine's type.
    init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}
