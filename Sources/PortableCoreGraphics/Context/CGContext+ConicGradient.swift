import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// Paints a conic (angular) gradient over the whole clip: Apple's `drawConicGradient(_:center:angle:)`.
    ///
    /// The colour at a point depends only on its direction from `center` (user space): location 0 lies along the
    /// ray at `angle` radians from the positive x axis, and the locations grow with the angle, turning from the
    /// positive x axis towards the positive y axis, until location 1 meets location 0 again after a full turn.
    /// In the y-up space of a new context that is counter-clockwise on the picture; in a flipped (UIKit-style,
    /// y-down) space it is clockwise. A colour stop at location 1 therefore sits right next to the one at 0, and
    /// the seam between them is a hard edge unless the two colours match.
    ///
    /// The gradient covers the whole plane (no drawing options apply). At `center` itself, where no direction
    /// exists, the colour is that of the positive x direction. A non-finite `center` or `angle` paints nothing.
    /// Alpha, blend mode, clip and shadow apply; the current path is left alone.
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        paintGradient(.conic(center: RasterPoint(center), angle: Double(angle)), gradient: gradient, options: [])
    }
}
