#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A two-dimensional affine transform in the row-vector convention.
///
/// A point `(x, y)` maps to
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// which is the layout of the 3×3 matrix `[a b 0; c d 0; tx ty 1]` multiplying the row vector `[x y 1]`
/// from the left. The six fields therefore convert one-to-one to and from the Apple-shaped transform type
/// in the modules above this one.
///
/// Angles are in radians; a positive angle turns the x axis toward the y axis (clockwise on a y-down
/// device, counter-clockwise on a y-up page).
@_spi(Engine) public struct Affine2D: Hashable, Sendable {
    /// Scale/shear coefficient: contribution of x to x'.
    @_spi(Engine) public var a: Double
    /// Shear/rotation coefficient: contribution of x to y'.
    @_spi(Engine) public var b: Double
    /// Shear/rotation coefficient: contribution of y to x'.
    @_spi(Engine) public var c: Double
    /// Scale/shear coefficient: contribution of y to y'.
    @_spi(Engine) public var d: Double
    /// Translation added to x'.
    @_spi(Engine) public var tx: Double
    /// Translation added to y'.
    @_spi(Engine) public var ty: Double

    /// Creates a transform from its six coefficients.
    @inlinable
    @_spi(Engine) public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that maps every point to itself.
    @_spi(Engine) public static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A pure translation by `(x, y)`.
    @inlinable
    @_spi(Engine) public static func translation(x: Double, y: Double) -> Affine2D {
        Affine2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin by `x` horizontally and `y` vertically (negative values mirror).
    @inlinable
    @_spi(Engine) public static func scale(x: Double, y: Double) -> Affine2D {
        Affine2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the origin by `radians`.
    @inlinable
    @_spi(Engine) public static func rotation(radians: Double) -> Affine2D {
        let cosine = cos(radians)
        let sine = sin(radians)
        return Affine2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    @inlinable
    @_spi(Engine) public var isIdentity: Bool { self == .identity }

    /// Whether all six coefficients are finite.
    @inlinable
    @_spi(Engine) public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The determinant `a·d − b·c`: the factor by which the transform scales areas (negative when it mirrors).
    @inlinable
    @_spi(Engine) public var determinant: Double { a * d - b * c }

    /// The transform that applies `self` first and then `other`.
    ///
    /// In matrix terms this is `self × other` for row vectors, the same order as the Apple-shaped
    /// `concatenating(_:)`.
    @inlinable
    @_spi(Engine) public func concatenated(_ other: Affine2D) -> Affine2D {
        Affine2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// The inverse transform, or `nil` when the determinant is zero or not finite (the transform
    /// collapses the plane onto a line or a point and cannot be undone).
    @inlinable
    @_spi(Engine) public func inverted() -> Affine2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = 1 / det
        let result = Affine2D(
            a: d * inverse,
            b: -b * inverse,
            c: -c * inverse,
            d: a * inverse,
            tx: (c * ty - d * tx) * inverse,
            ty: (b * tx - a * ty) * inverse
        )
        return result.isFinite ? result : nil
    }

    /// The image of `point` under this transform.
    @inlinable
    @_spi(Engine) public func apply(to point: RasterPoint) -> RasterPoint {
        RasterPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The image of the vector `vector`: the linear part only, without translation.
    @inlinable
    @_spi(Engine) public func applyLinear(to vector: RasterPoint) -> RasterPoint {
        RasterPoint(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }
}
