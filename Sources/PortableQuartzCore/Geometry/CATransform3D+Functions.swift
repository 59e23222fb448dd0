import Foundation
import PortableCoreGraphics

// Core Animation's C functions on CATransform3D, with the names and argument labels Swift gives them on Apple
// platforms. Every "modify" function (Translate, Scale, Rotate) puts the new operation *before* the given
// transform: `CATransform3DTranslate(t, …) == CATransform3DConcat(CATransform3DMakeTranslation(…), t)`.

// MARK: - Making transforms

/// A translation by `tx`, `ty`, `tz` points: the identity with `m41 = tx`, `m42 = ty`, `m43 = tz`.
@inlinable
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var result = CATransform3DIdentity
    result.m41 = tx
    result.m42 = ty
    result.m43 = tz
    return result
}

/// A scale by the factors `sx`, `sy`, `sz` about the origin: the diagonal `(sx, sy, sz, 1)`.
/// Zero and negative factors are kept as given (they flatten or mirror).
@inlinable
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var result = CATransform3DIdentity
    result.m11 = sx
    result.m22 = sy
    result.m33 = sz
    return result
}

/// A rotation by `angle` radians about the axis `(x, y, z)` through the origin.
///
/// The axis is normalised first, so only its direction matters. The rotation is right-handed: with the axis
/// pointing at the viewer, a positive angle turns +x towards +y (`(0, 0, 1)` gives `m11 = cos angle`,
/// `m12 = sin angle`, `m21 = −sin angle`, `m22 = cos angle`). An axis of zero length (or one that is not
/// finite) has no direction and yields the identity; Apple leaves that case undefined.
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let ux = x / length
    let uy = y / length
    let uz = z / length
    let cosine = CGFloat(Foundation.cos(Double(angle)))
    let sine = CGFloat(Foundation.sin(Double(angle)))
    let versine = 1 - cosine
    // Rodrigues' formula, transposed for row vectors.
    return CATransform3D(
        m11: cosine + ux * ux * versine,
        m12: ux * uy * versine + uz * sine,
        m13: ux * uz * versine - uy * sine,
        m14: 0,
        m21: ux * uy * versine - uz * sine,
        m22: cosine + uy * uy * versine,
        m23: uy * uz * versine + ux * sine,
        m24: 0,
        m31: ux * uz * versine + uy * sine,
        m32: uy * uz * versine - ux * sine,
        m33: cosine + uz * uz * versine,
        m34: 0,
        m41: 0,
        m42: 0,
        m43: 0,
        m44: 1
    )
}

/// The 3-D form of a 2-D affine transform: `a b` and `c d` in the top-left 2×2 block, `tx ty` in `m41 m42`,
/// and the identity everywhere else (z passes through unchanged).
@inlinable
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var result = CATransform3DIdentity
    result.m11 = m.a
    result.m12 = m.b
    result.m21 = m.c
    result.m22 = m.d
    result.m41 = m.tx
    result.m42 = m.ty
    return result
}

// MARK: - Modifying transforms

/// `t` preceded by a translation: `CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)`, so the
/// offset is expressed in `t`'s input space (it is scaled and rotated by `t`).
@inlinable
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    var result = t
    // Only the fourth row changes: row4 += tx·row1 + ty·row2 + tz·row3.
    result.m41 = tx * t.m11 + ty * t.m21 + tz * t.m31 + t.m41
    result.m42 = tx * t.m12 + ty * t.m22 + tz * t.m32 + t.m42
    result.m43 = tx * t.m13 + ty * t.m23 + tz * t.m33 + t.m43
    result.m44 = tx * t.m14 + ty * t.m24 + tz * t.m34 + t.m44
    return result
}

/// `t` preceded by a scale: `CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)`, which multiplies the
/// first three rows of `t` by `sx`, `sy` and `sz`.
@inlinable
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    var result = t
    result.m11 *= sx
    result.m12 *= sx
    result.m13 *= sx
    result.m14 *= sx
    result.m21 *= sy
    result.m22 *= sy
    result.m23 *= sy
    result.m24 *= sy
    result.m31 *= sz
    result.m32 *= sz
    result.m33 *= sz
    result.m34 *= sz
    return result
}

/// `t` preceded by a rotation: `CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)`.
/// An axis of zero length returns `t` unchanged.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return t }
    return CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

// MARK: - Combining and inverting

/// The matrix product `a × b`: a point is transformed by `a` first, then by `b`.
@inlinable
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(
        m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
        m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
        m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
        m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
        m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
        m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
        m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
        m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
        m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
        m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
        m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
        m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
        m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
        m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
        m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
        m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44
    )
}

/// The inverse of `t`, so that `CATransform3DConcat(t, CATransform3DInvert(t))` is the identity up to rounding.
///
/// A matrix whose determinant is exactly zero, or not finite, has no usable inverse and is returned unchanged,
/// as Apple documents. Nearly singular matrices are inverted and may give very large elements.
@inlinable
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Laplace expansion by complementary 2×2 minors: `s` from rows 1–2, `c` from rows 3–4 (column pairs in the
    // suffix). Each cofactor below is a 3×3 determinant written with those shared minors.
    let s12 = t.m11 * t.m22 - t.m12 * t.m21
    let s13 = t.m11 * t.m23 - t.m13 * t.m21
    let s14 = t.m11 * t.m24 - t.m14 * t.m21
    let s23 = t.m12 * t.m23 - t.m13 * t.m22
    let s24 = t.m12 * t.m24 - t.m14 * t.m22
    let s34 = t.m13 * t.m24 - t.m14 * t.m23
    let c12 = t.m31 * t.m42 - t.m32 * t.m41
    let c13 = t.m31 * t.m43 - t.m33 * t.m41
    let c14 = t.m31 * t.m44 - t.m34 * t.m41
    let c23 = t.m32 * t.m43 - t.m33 * t.m42
    let c24 = t.m32 * t.m44 - t.m34 * t.m42
    let c34 = t.m33 * t.m44 - t.m34 * t.m43

    let determinant = s12 * c34 - s13 * c24 + s14 * c23 + s23 * c14 - s24 * c13 + s34 * c12
    guard determinant != 0, determinant.isFinite else { return t }
    let r = 1 / determinant

    // Element (i, j) of the inverse is the cofactor of element (j, i) over the determinant.
    return CATransform3D(
        m11: (t.m22 * c34 - t.m23 * c24 + t.m24 * c23) * r,
        m12: (-t.m12 * c34 + t.m13 * c24 - t.m14 * c23) * r,
        m13: (t.m42 * s34 - t.m43 * s24 + t.m44 * s23) * r,
        m14: (-t.m32 * s34 + t.m33 * s24 - t.m34 * s23) * r,
        m21: (-t.m21 * c34 + t.m23 * c14 - t.m24 * c13) * r,
        m22: (t.m11 * c34 - t.m13 * c14 + t.m14 * c13) * r,
        m23: (-t.m41 * s34 + t.m43 * s14 - t.m44 * s13) * r,
        m24: (t.m31 * s34 - t.m33 * s14 + t.m34 * s13) * r,
        m31: (t.m21 * c24 - t.m22 * c14 + t.m24 * c12) * r,
        m32: (-t.m11 * c24 + t.m12 * c14 - t.m14 * c12) * r,
        m33: (t.m41 * s24 - t.m42 * s14 + t.m44 * s12) * r,
        m34: (-t.m31 * s24 + t.m32 * s14 - t.m34 * s12) * r,
        m41: (-t.m21 * c23 + t.m22 * c13 - t.m23 * c12) * r,
        m42: (t.m11 * c23 - t.m12 * c13 + t.m13 * c12) * r,
        m43: (-t.m41 * s23 + t.m42 * s13 - t.m43 * s12) * r,
        m44: (t.m31 * s23 - t.m32 * s13 + t.m33 * s12) * r
    )
}

// MARK: - Queries

/// Whether `t` is exactly the identity matrix (no tolerance; `-0` counts as `0`, and a NaN or infinite element
/// makes it not the identity).
///
/// Speed: the renderer asks this of several matrices per layer per frame, and most are the identity, so every
/// element is compared. The comparisons are made on bit patterns without branches: `1` has one pattern, and `x == 0`
/// exactly when the pattern shifted left by one (the sign bit dropped) is zero, so the twelve elements off the
/// diagonal are or-ed together first. About 40 instructions, against about 70 for `==` on an identity.
@inlinable
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    @inline(__always) func bits(_ x: CGFloat) -> UInt64 { Double(x).bitPattern }
    let one = Double(1).bitPattern
    let diagonal = (bits(t.m11) ^ one) | (bits(t.m22) ^ one) | (bits(t.m33) ^ one) | (bits(t.m44) ^ one)
    let rest =
        bits(t.m12) | bits(t.m13) | bits(t.m14) | bits(t.m21) | bits(t.m23) | bits(t.m24) | bits(t.m31) | bits(t.m32)
        | bits(t.m34) | bits(t.m41) | bits(t.m42) | bits(t.m43)
    return diagonal | (rest << 1) == 0
}

/// Whether the sixteen elements of `a` and `b` are exactly equal (`0` equals `-0`; NaN equals nothing).
@inlinable
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// Whether `t` maps the plane z = 0 onto itself with no perspective, so that it is fully described by a
/// `CGAffineTransform`: true exactly when `m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0` and
/// `m33 = m44 = 1`.
@inlinable
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m34 == 0 && t.m43 == 0
        && t.m33 == 1 && t.m44 == 1
}

/// The 2-D part of `t`: `a = m11`, `b = m12`, `c = m21`, `d = m22`, `tx = m41`, `ty = m42`.
///
/// The other elements are ignored, so the result only describes `t` faithfully when `CATransform3DIsAffine(t)`.
@inlinable
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
