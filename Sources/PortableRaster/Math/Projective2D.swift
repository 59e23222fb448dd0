/// A two-dimensional projective transform (a homography): a 3×3 matrix in the row-vector convention.
///
/// A point `(x, y)` is lifted to the homogeneous row vector `[x y 1]`, multiplied by the matrix, and divided
/// by the third coordinate:
///
///     X = m11·x + m21·y + m31
///     Y = m12·x + m22·y + m32
///     W = m13·x + m23·y + m33          x' = X / W,   y' = Y / W
///
/// This is the layout of ``Affine2D`` extended by a third column (`m13`, `m23`, `m33`); with that column equal
/// to `(0, 0, 1)` the transform is affine and `W = 1` everywhere. It is also what remains of a 4×4 layer
/// transform in the row-vector convention when it is applied to the plane `z = 0`: keep rows 1, 2, 4 and
/// columns 1, 2, 4.
///
/// Points with `W ≤ 0` lie on or behind the viewer's plane; ``apply(to:)`` returns `nil` for them, and image
/// drawing clips them away (see the projective `PixelBuffer.draw(_:source:projective:…)`).
/// Multiplying all nine entries by the same nonzero factor does not change the mapping.
@_spi(Engine) public struct Projective2D: Hashable, Sendable {
    /// Contribution of x to X.
    @_spi(Engine) public var m11: Double
    /// Contribution of x to Y.
    @_spi(Engine) public var m12: Double
    /// Contribution of x to W.
    @_spi(Engine) public var m13: Double
    /// Contribution of y to X.
    @_spi(Engine) public var m21: Double
    /// Contribution of y to Y.
    @_spi(Engine) public var m22: Double
    /// Contribution of y to W.
    @_spi(Engine) public var m23: Double
    /// Constant term of X (the translation of an affine transform).
    @_spi(Engine) public var m31: Double
    /// Constant term of Y (the translation of an affine transform).
    @_spi(Engine) public var m32: Double
    /// Constant term of W (1 for an affine transform).
    @_spi(Engine) public var m33: Double

    /// Creates a transform from its nine entries, row by row.
    @inlinable
    @_spi(Engine) public init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
    }

    /// The projective transform that performs `affine` (third column `(0, 0, 1)`).
    @inlinable
    @_spi(Engine) public init(_ affine: Affine2D) {
        self.init(
            m11: affine.a, m12: affine.b, m13: 0,
            m21: affine.c, m22: affine.d, m23: 0,
            m31: affine.tx, m32: affine.ty, m33: 1)
    }

    /// The transform that maps every point to itself.
    @_spi(Engine) public static let identity = Projective2D(.identity)

    /// The transform that maps the corners of the rectangle `(x, y, width, height)` to `corners`, given in the
    /// order top-left `(x, y)`, top-right `(x + width, y)`, bottom-right, bottom-left.
    ///
    /// Returns `nil` when the rectangle is empty or not finite, or when three of the four target corners are
    /// collinear (no homography exists, or it is singular).
    @_spi(Engine) public static func mapping(
        x: Double, y: Double, width: Double, height: Double, to corners: [RasterPoint]
    ) -> Projective2D? {
        guard corners.count == 4, width != 0, height != 0, x.isFinite, y.isFinite, width.isFinite,
            height.isFinite
        else { return nil }
        // The unit square to the quad (Heckbert's closed form), then the rectangle to the unit square first.
        let p0 = corners[0]
        let p1 = corners[1]
        let p2 = corners[2]
        let p3 = corners[3]
        let sx = p0.x - p1.x + p2.x - p3.x
        let sy = p0.y - p1.y + p2.y - p3.y
        var square: Projective2D
        if sx == 0 && sy == 0 {
            square = Projective2D(
                m11: p1.x - p0.x, m12: p1.y - p0.y, m13: 0,
                m21: p3.x - p0.x, m22: p3.y - p0.y, m23: 0,
                m31: p0.x, m32: p0.y, m33: 1)
        } else {
            let dx1 = p1.x - p2.x
            let dx2 = p3.x - p2.x
            let dy1 = p1.y - p2.y
            let dy2 = p3.y - p2.y
            let denominator = dx1 * dy2 - dx2 * dy1
            guard denominator != 0 else { return nil }
            let g = (sx * dy2 - dx2 * sy) / denominator
            let h = (dx1 * sy - sx * dy1) / denominator
            square = Projective2D(
                m11: p1.x - p0.x + g * p1.x, m12: p1.y - p0.y + g * p1.y, m13: g,
                m21: p3.x - p0.x + h * p3.x, m22: p3.y - p0.y + h * p3.y, m23: h,
                m31: p0.x, m32: p0.y, m33: 1)
        }
        let toUnit = Projective2D(
            Affine2D(a: 1 / width, b: 0, c: 0, d: 1 / height, tx: -x / width, ty: -y / height))
        let result = toUnit.concatenated(square)
        guard result.isFinite, result.determinant != 0 else { return nil }
        return result
    }

    /// Whether all nine entries are finite.
    @inlinable @inline(__always)
    @_spi(Engine) public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// Whether the third column is exactly `(0, 0, 1)`, so that the transform is affine.
    @inlinable
    @_spi(Engine) public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine transform with the same first two columns, or `nil` when ``isAffine`` is false.
    @inlinable
    @_spi(Engine) public var affine: Affine2D? {
        guard isAffine else { return nil }
        return Affine2D(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32)
    }

    /// The determinant of the 3×3 matrix; zero when the transform collapses the plane.
    @inlinable @inline(__always)
    @_spi(Engine) public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The transform that applies `self` first and then `other` (the matrix product `self × other`).
    @inlinable @inline(__always)
    @_spi(Engine) public func concatenated(_ other: Projective2D) -> Projective2D {
        Projective2D(
            m11: m11 * other.m11 + m12 * other.m21 + m13 * other.m31,
            m12: m11 * other.m12 + m12 * other.m22 + m13 * other.m32,
            m13: m11 * other.m13 + m12 * other.m23 + m13 * other.m33,
            m21: m21 * other.m11 + m22 * other.m21 + m23 * other.m31,
            m22: m21 * other.m12 + m22 * other.m22 + m23 * other.m32,
            m23: m21 * other.m13 + m22 * other.m23 + m23 * other.m33,
            m31: m31 * other.m11 + m32 * other.m21 + m33 * other.m31,
            m32: m31 * other.m12 + m32 * other.m22 + m33 * other.m32,
            m33: m31 * other.m13 + m32 * other.m23 + m33 * other.m33)
    }

    /// The inverse transform (the adjugate divided by the determinant), or `nil` when the determinant is zero
    /// or the result is not finite.
    ///
    /// For any point `p` with `W > 0` under `self`, the inverse applied to the image of `p` has `W > 0` as well
    /// (the adjugate is divided by the determinant itself, never by a negative factor).
    @_spi(Engine) public func inverted() -> Projective2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = 1 / det
        var result = Projective2D(
            m11: (m22 * m33 - m23 * m32) * inverse,
            m12: (m13 * m32 - m12 * m33) * inverse,
            m13: (m12 * m23 - m13 * m22) * inverse,
            m21: (m23 * m31 - m21 * m33) * inverse,
            m22: (m11 * m33 - m13 * m31) * inverse,
            m23: (m13 * m21 - m11 * m23) * inverse,
            m31: (m21 * m32 - m22 * m31) * inverse,
            m32: (m12 * m31 - m11 * m32) * inverse,
            m33: (m11 * m22 - m12 * m21) * inverse)
        guard result.isFinite else { return nil }
        // The adjugate of an affine matrix has third column (0, 0, det·m33'); dividing by a positive m33 makes
        // it exactly affine again. Only positive factors are used, so W keeps its sign: a point in front of
        // the viewer maps back with W > 0.
        if result.m13 == 0, result.m23 == 0, result.m33 > 0, result.m33 != 1 {
            result = result.scaled(by: 1 / result.m33)
        }
        return result
    }

    /// All nine entries multiplied by `factor` (the same mapping when `factor` is nonzero and finite).
    @inlinable
    func scaled(by factor: Double) -> Projective2D {
        Projective2D(
            m11: m11 * factor, m12: m12 * factor, m13: m13 * factor,
            m21: m21 * factor, m22: m22 * factor, m23: m23 * factor,
            m31: m31 * factor, m32: m32 * factor, m33: m33 * factor)
    }

    /// The homogeneous image `(X, Y, W)` of `point`, before the division.
    @inlinable
    @_spi(Engine) public func homogeneous(_ point: RasterPoint) -> (x: Double, y: Double, w: Double) {
        (
            m11 * point.x + m21 * point.y + m31,
            m12 * point.x + m22 * point.y + m32,
            m13 * point.x + m23 * point.y + m33
        )
    }

    /// The image of `point`, or `nil` when it lies on or behind the viewer's plane (`W ≤ 0`, or NaN).
    @inlinable
    @_spi(Engine) public func apply(to point: RasterPoint) -> RasterPoint? {
        let (x, y, w) = homogeneous(point)
        guard w > 0 else { return nil }
        return RasterPoint(x: x / w, y: y / w)
    }
}
