import Foundation
@_spi(Engine) import PortableRaster

/// A 2-D affine transform, stored as Apple stores it: the matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// applied to row vectors, so a point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
/// `t1.concatenating(t2)` is the matrix product `t1 × t2`: it applies `t1` first, then `t2`.
/// Linux Foundation does not declare this type, so it lives here with Apple's name and members.
public struct CGAffineTransform: Hashable, Sendable {
    /// How much a point's x contributes to its new x (x scale when there is no rotation).
    public var a: CGFloat
    /// How much a point's x contributes to its new y.
    public var b: CGFloat
    /// How much a point's y contributes to its new x.
    public var c: CGFloat
    /// How much a point's y contributes to its new y (y scale when there is no rotation).
    public var d: CGFloat
    /// The x offset added after the linear part, in points.
    public var tx: CGFloat
    /// The y offset added after the linear part, in points.
    public var ty: CGFloat

    /// The identity transform (all zero except `a = d = 1`).
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// A transform with all six fields given; see the type's documentation for how they map a point.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = CGAffineTransform()

    /// A translation by `tx` points along x and `ty` along y.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` along x and `sy` along y about the origin.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin: positive turns +x towards +y
    /// (counter-clockwise with y up, clockwise on a y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`: the matrix product `self × t2` (the raster's product, `Affine2D.concatenated(_:)`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(Affine2D(self).concatenated(Affine2D(t2)))
    }

    /// The inverse transform. A singular transform (determinant 0, or not finite) has no inverse and is returned
    /// unchanged, as Apple does.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let inverse = 1 / determinant
        return CGAffineTransform(
            a: d * inverse,
            b: -b * inverse,
            c: -c * inverse,
            d: a * inverse,
            tx: (c * ty - d * tx) * inverse,
            ty: (b * tx - a * ty) * inverse
        )
    }

    /// A translation applied *before* this transform: `translation(tx, ty) × self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale applied *before* this transform: `scale(sx, sy) × self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation of `angle` radians applied *before* this transform: `rotation(angle) × self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}
