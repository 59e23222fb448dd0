import Foundation

/// A shape the compositor fills or clips to, in the space of the layer it belongs to (our addition).
package enum SurfaceShape {
    /// A rectangle whose corners listed in `corners` are rounded with `radius` (points; clamped to half the shorter
    /// side, as Core Animation does). `corners` uses `CACornerMask`'s bits: 1 top-left (minX minY), 2 top-right,
    /// 4 bottom-left, 8 bottom-right (in a y-down layer).
    case roundedRect(CGRect, radius: CGFloat, corners: UInt)
    /// The band of `width` points inside the edge of the rounded rectangle: a layer's border. The inner edge is the
    /// rectangle inset by `width` with its radius reduced by `width` (not below 0).
    case border(CGRect, radius: CGFloat, corners: UInt, width: CGFloat)
    /// Any path, filled with the even-odd rule when `evenOdd` is set, else non-zero.
    case path(CGPath, evenOdd: Bool)
}
