import Foundation
import PortableCoreGraphics

/// A rotation in 3-D stored as a unit quaternion `(x, y, z, w)`. Our own helper type (not Apple API), used by
/// `TransformDecomposition`.
///
/// A rotation by `angle` radians about the unit axis `n` is `(n·sin(angle/2), cos(angle/2))`, and its matrix is
/// the one `CATransform3DMakeRotation(angle, n.x, n.y, n.z)` builds. `q` and `−q` describe the same rotation.
public struct Quaternion: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public var z: CGFloat
    public var w: CGFloat

    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// No rotation: `(0, 0, 0, 1)`.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The rotation by `angle` radians about `(axisX, axisY, axisZ)`; the axis is normalised first. A zero-length
    /// or non-finite axis gives the identity, as `CATransform3DMakeRotation` does.
    public init(angle: CGFloat, axisX: CGFloat, axisY: CGFloat, axisZ: CGFloat) {
        let length = (axisX * axisX + axisY * axisY + axisZ * axisZ).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let half = Double(angle) / 2
        let factor = CGFloat(Foundation.sin(half)) / length
        self.init(x: axisX * factor, y: axisY * factor, z: axisZ * factor, w: CGFloat(Foundation.cos(half)))
    }

    /// The rotation whose matrix, in Core Animation's row-vector convention, has the rows `(m11, m12, m13)`,
    /// `(m21, m22, m23)`, `(m31, m32, m33)`.
    ///
    /// The rows should be orthonormal with determinant +1; small rounding errors are tolerated and the result is
    /// normalised. Uses the largest of `w`, `x`, `y`, `z` as the pivot so no division by a small number occurs.
    /// Input that is not finite gives the identity.
    public init(
        rotationRows m11: CGFloat, _ m12: CGFloat, _ m13: CGFloat,
        _ m21: CGFloat, _ m22: CGFloat, _ m23: CGFloat,
        _ m31: CGFloat, _ m32: CGFloat, _ m33: CGFloat
    ) {
        let trace = m11 + m22 + m33
        var q: Quaternion
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()  // 4w
            q = Quaternion(x: (m23 - m32) / s, y: (m31 - m13) / s, z: (m12 - m21) / s, w: s / 4)
        } else if m11 >= m22 && m11 >= m33 {
            let s = 2 * Swift.max(0, 1 + m11 - m22 - m33).squareRoot()  // 4x
            q = Quaternion(x: s / 4, y: (m12 + m21) / s, z: (m13 + m31) / s, w: (m23 - m32) / s)
        } else if m22 >= m33 {
            let s = 2 * Swift.max(0, 1 + m22 - m11 - m33).squareRoot()  // 4y
            q = Quaternion(x: (m12 + m21) / s, y: s / 4, z: (m23 + m32) / s, w: (m31 - m13) / s)
        } else {
            let s = 2 * Swift.max(0, 1 + m33 - m11 - m22).squareRoot()  // 4z
            q = Quaternion(x: (m13 + m31) / s, y: (m23 + m32) / s, z: s / 4, w: (m12 - m21) / s)
        }
        self = q.normalized
    }

    /// The Euler-angle rotation that turns a point about x by `angles.x` first, then about y by `angles.y`, then
    /// about z by `angles.z` (radians), i.e. the matrix `Rx × Ry × Rz` in row-vector order.
    public init(eulerAngles angles: EulerAngles) {
        let qx = Quaternion(angle: angles.x, axisX: 1, axisY: 0, axisZ: 0)
        let qy = Quaternion(angle: angles.y, axisX: 0, axisY: 1, axisZ: 0)
        let qz = Quaternion(angle: angles.z, axisX: 0, axisY: 0, axisZ: 1)
        // The rotation applied first is the rightmost factor of the Hamilton product.
        self = qz.multiplied(by: qy).multiplied(by: qx)
    }

    /// The Hamilton product `self · other`: the rotation `other` followed by `self`.
    public func multiplied(by other: Quaternion) -> Quaternion {
        Quaternion(
            x: w * other.x + x * other.w + y * other.z - z * other.y,
            y: w * other.y - x * other.z + y * other.w + z * other.x,
            z: w * other.z + x * other.y - y * other.x + z * other.w,
            w: w * other.w - x * other.x - y * other.y - z * other.z
        )
    }

    /// The four-component dot product; its sign tells whether `other` lies on the same hemisphere.
    public func dot(_ other: Quaternion) -> CGFloat {
        x * other.x + y * other.y + z * other.z + w * other.w
    }

    /// This quaternion scaled to unit length; the identity if the length is zero or not finite.
    public var normalized: Quaternion {
        let length = (x * x + y * y + z * z + w * w).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        return Quaternion(x: x / length, y: y / length, z: z / length, w: w / length)
    }

    /// Spherical interpolation towards `other` along the shorter great arc.
    ///
    /// `progress` 0 gives `self`, 1 gives `other` (or `−other`, the same rotation); values outside 0…1 extrapolate
    /// along the same arc at constant angular speed, which spring overshoot relies on. When the two rotations are
    /// (nearly) equal the arc is replaced by a normalised straight line to avoid dividing by `sin 0`.
    public func slerp(to other: Quaternion, progress: CGFloat) -> Quaternion {
        var target = other
        var cosine = dot(other)
        if cosine < 0 {
            target = Quaternion(x: -other.x, y: -other.y, z: -other.z, w: -other.w)
            cosine = -cosine
        }
        let weightSelf: CGFloat
        let weightTarget: CGFloat
        if cosine > 1 - 1e-9 {
            weightSelf = 1 - progress
            weightTarget = progress
        } else {
            let angle = Foundation.acos(Double(cosine))
            let sine = Foundation.sin(angle)
            weightSelf = CGFloat(Foundation.sin((1 - Double(progress)) * angle) / sine)
            weightTarget = CGFloat(Foundation.sin(Double(progress) * angle) / sine)
        }
        return Quaternion(
            x: x * weightSelf + target.x * weightTarget,
            y: y * weightSelf + target.y * weightTarget,
            z: z * weightSelf + target.z * weightTarget,
            w: w * weightSelf + target.w * weightTarget
        ).normalized
    }

    /// The rotation as a 4×4 matrix in Core Animation's row-vector convention (no translation or perspective).
    public var matrix: CATransform3D {
        let xx = x * x
        let yy = y * y
        let zz = z * z
        let xy = x * y
        let xz = x * z
        let yz = y * z
        let xw = x * w
        let yw = y * w
        let zw = z * w
        return CATransform3D(
            m11: 1 - 2 * (yy + zz), m12: 2 * (xy + zw), m13: 2 * (xz - yw), m14: 0,
            m21: 2 * (xy - zw), m22: 1 - 2 * (xx + zz), m23: 2 * (yz + xw), m24: 0,
            m31: 2 * (xz + yw), m32: 2 * (yz - xw), m33: 1 - 2 * (xx + yy), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1
        )
    }

    /// The Euler angles (radians) of this rotation in the order of `init(eulerAngles:)`.
    ///
    /// `y` lies in −π/2…π/2, `x` and `z` in −π…π. At `y = ±π/2` (gimbal lock) only `x ± z` is determined; the
    /// whole turn is then reported in `x` and `z` is 0.
    public var eulerAngles: EulerAngles {
        let m = matrix
        // m13 = −sin y and (m11, m12) = cos y · (cos z, sin z), so cos y ≥ 0 is the length of (m11, m12).
        let cosineY = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
        let angleY = CGFloat(Foundation.atan2(Double(-m.m13), Double(cosineY)))
        if cosineY > 1e-12 {
            return EulerAngles(
                x: CGFloat(Foundation.atan2(Double(m.m23), Double(m.m33))),
                y: angleY,
                z: CGFloat(Foundation.atan2(Double(m.m12), Double(m.m11)))
            )
        }
        return EulerAngles(x: CGFloat(Foundation.atan2(Double(-m.m32), Double(m.m22))), y: angleY, z: 0)
    }
}

/// Three rotation angles in radians, applied about x, then y, then z (see `Quaternion.init(eulerAngles:)`). Our own
/// helper type, not Apple API.
public struct EulerAngles: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public var z: CGFloat

    public init(x: CGFloat, y: CGFloat, z: CGFloat) {
        self.x = x
        self.y = y
        self.z = z
    }
}
