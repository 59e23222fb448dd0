import Foundation

// Apple declares `applying(_:)` on CGPoint, CGSize and CGRect in CoreGraphics. Linux Foundation has the three value
// types but not these methods (checked against swift-corelibs-foundation shipped with Swift 6.3), so we add them.

extension CGPoint {
    /// This point mapped through `t`: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (row vector times matrix).
    ///
    /// Units are those of the point. Non-finite coordinates propagate as IEEE arithmetic dictates.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// This size treated as a vector and mapped through the linear part of `t`:
    /// `width' = a·width + c·height`, `height' = b·width + d·height`.
    ///
    /// The translation (`tx`, `ty`) is ignored and no absolute value is taken, so a mirroring or rotating transform
    /// can give negative components, exactly as on Apple platforms.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest axis-aligned rectangle that contains this rectangle's four corners after mapping them
    /// through `t`.
    ///
    /// A negative width or height describes the same area as its standardized rectangle (the corners are the
    /// same four points). The null rectangle and the infinite rectangle are returned unchanged. A rectangle of
    /// zero size is still a point (or a segment) and is transformed like any other; the result is always
    /// standardized.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        let minX = origin.x
        let minY = origin.y
        let maxX = minX + size.width
        let maxY = minY + size.height
        let p1 = CGPoint(x: minX, y: minY).applying(t)
        let p2 = CGPoint(x: maxX, y: minY).applying(t)
        let p3 = CGPoint(x: minX, y: maxY).applying(t)
        let p4 = CGPoint(x: maxX, y: maxY).applying(t)
        let left = Swift.min(p1.x, p2.x, p3.x, p4.x)
        let right = Swift.max(p1.x, p2.x, p3.x, p4.x)
        let top = Swift.min(p1.y, p2.y, p3.y, p4.y)
        let bottom = Swift.max(p1.y, p2.y, p3.y, p4.y)
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
