import Foundation
import PortableCoreGraphics

/// A 4×4 homogeneous transform, stored and applied the way Core Animation does it.
///
/// Points are row vectors multiplied on the left, `(x', y', z', w') = (x, y, z, 1) × M`, then divided by `w'`:
///
///     | m11 m12 m13 m14 |
///     | m21 m22 m23 m24 |
///     | m31 m32 m33 m34 |
///     | m41 m42 m43 m44 |
///
/// so the translation sits in `m41 m42 m43`, and the perspective terms in the fourth column (`m34 = −1/d` for a
/// viewer at distance `d` points). `CATransform3DConcat(a, b)` is the product `a × b`: `a` acts first.
///
/// `init()` fills every element with zero, as Swift's import of Apple's C struct does; use
/// `CATransform3DIdentity` for the identity. Equality and hashing compare the sixteen elements with `CGFloat`'s
/// own `==` (so `0 == -0` and a matrix containing NaN is not equal to itself).
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat
    public var m12: CGFloat
    public var m13: CGFloat
    public var m14: CGFloat
    public var m21: CGFloat
    public var m22: CGFloat
    public var m23: CGFloat
    public var m24: CGFloat
    public var m31: CGFloat
    public var m32: CGFloat
    public var m33: CGFloat
    public var m34: CGFloat
    public var m41: CGFloat
    public var m42: CGFloat
    public var m43: CGFloat
    public var m44: CGFloat

    /// The all-zero matrix (not the identity), matching the zero-filling `init()` of Apple's imported C struct.
    @inlinable
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0,
            m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 0
        )
    }

    /// A matrix with every element given, row by row.
    @inlinable
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }
}

/// The identity transform: ones on the diagonal, zeros elsewhere.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1
)
