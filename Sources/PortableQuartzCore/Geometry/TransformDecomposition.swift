import Foundation
import PortableCoreGraphics

/// A `CATransform3D` split into the parts an animation mixes: scale, shear, rotation, translation and perspective.
/// Our own addition (Apple keeps the equivalent private), public so that code can decompose and interpolate
/// transforms exactly as our animations do.
///
/// In Core Animation's row-vector order a matrix is rebuilt as
///
///     M = Scale × Shear × Rotation × Translation × Perspective
///
/// so a point is scaled first, sheared, rotated, moved, and finally projected:
/// * `Scale` is `diag(scaleX, scaleY, scaleZ, 1)`.
/// * `Shear` is the unit lower-triangular matrix with `shearXY` at (2,1), `shearXZ` at (3,1) and `shearYZ` at
///   (3,2): a point's y adds `shearXY·y` to x, and its z adds `shearXZ·z` to x and `shearYZ·z` to y. The factors
///   are relative to the scale of the row they come from (Graphics Gems II convention).
/// * `Rotation` is `rotation.matrix`.
/// * `Translation` moves by `(translationX, translationY, translationZ)` points.
/// * `Perspective` is the identity with the fourth column replaced by
///   `(perspectiveX, perspectiveY, perspectiveZ, perspectiveW)`; no perspective is `(0, 0, 0, 1)`.
///
/// Decomposition is the classic "unmatrix" (Graphics Gems II; the same steps as the CSS Transforms 2 decomposition),
/// worked out here for row vectors. The result describes the matrix divided by its `m44`, which is the same
/// projective transform: `TransformDecomposition(m).transform` equals `m` scaled by `1 / m44`.
///
/// Degenerate input never produces NaN:
/// * A matrix with `m44 == 0` or a non-finite element cannot be normalised; it decomposes to `.collapsed` (zero
///   scale, everything else neutral), which recomposes to a matrix that shrinks every point to the origin.
/// * A zero scale on some axis (a zero or linearly dependent row in the upper-left 3×3) gives that axis scale 0
///   and shear 0. The missing rotation axes are completed to a right-handed frame (the closest one to the standard
///   axes when two are missing, the identity when all three are), so for instance `CATransform3DMakeScale(0, 0, 0)`
///   decomposes to zero scale with identity rotation and keeps its translation. Parts of the matrix that a zero
///   scale cannot express (a rank-deficient block that still leans along another axis, perspective along a
///   flattened axis) are dropped.
public struct TransformDecomposition: Hashable, Sendable {
    public var translationX: CGFloat
    public var translationY: CGFloat
    public var translationZ: CGFloat
    public var scaleX: CGFloat
    public var scaleY: CGFloat
    public var scaleZ: CGFloat
    public var shearXY: CGFloat
    public var shearXZ: CGFloat
    public var shearYZ: CGFloat
    public var perspectiveX: CGFloat
    public var perspectiveY: CGFloat
    public var perspectiveZ: CGFloat
    public var perspectiveW: CGFloat
    public var rotation: Quaternion

    /// A decomposition from its parts; every argument defaults to the identity's value.
    public init(
        translationX: CGFloat = 0, translationY: CGFloat = 0, translationZ: CGFloat = 0,
        scaleX: CGFloat = 1, scaleY: CGFloat = 1, scaleZ: CGFloat = 1,
        shearXY: CGFloat = 0, shearXZ: CGFloat = 0, shearYZ: CGFloat = 0,
        perspectiveX: CGFloat = 0, perspectiveY: CGFloat = 0, perspectiveZ: CGFloat = 0, perspectiveW: CGFloat = 1,
        rotation: Quaternion = .identity
    ) {
        self.translationX = translationX
        self.translationY = translationY
        self.translationZ = translationZ
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.scaleZ = scaleZ
        self.shearXY = shearXY
        self.shearXZ = shearXZ
        self.shearYZ = shearYZ
        self.perspectiveX = perspectiveX
        self.perspectiveY = perspectiveY
        self.perspectiveZ = perspectiveZ
        self.perspectiveW = perspectiveW
        self.rotation = rotation
    }

    /// The decomposition of `CATransform3DIdentity`.
    public static let identity = TransformDecomposition()

    /// What a matrix that cannot be normalised (`m44 == 0`, or a non-finite element) decomposes to: zero scale,
    /// no shear, rotation, translation or perspective.
    public static let collapsed = TransformDecomposition(scaleX: 0, scaleY: 0, scaleZ: 0)

    /// Splits `m` into its parts (see the type's documentation for the model and the degenerate cases).
    public init(_ m: CATransform3D) {
        guard m.m44 != 0, m.allElementsFinite else {
            self = .collapsed
            return
        }
        let n = 1 / m.m44
        let row1 = Vector3(m.m11 * n, m.m12 * n, m.m13 * n)
        let row2 = Vector3(m.m21 * n, m.m22 * n, m.m23 * n)
        let row3 = Vector3(m.m31 * n, m.m32 * n, m.m33 * n)
        let translation = Vector3(m.m41 * n, m.m42 * n, m.m43 * n)
        let projection = Vector3(m.m14 * n, m.m24 * n, m.m34 * n)

        // Gram–Schmidt: row1 = sx·u1, row2 = sy·(kxy·u1 + u2), row3 = sz·(kxz·u1 + kyz·u2 + u3).
        let (u1, length1) = row1.unitAndLength()
        let (rest2, along1Of2) = row2.removingComponent(along: u1)
        let (u2, length2) = rest2.unitAndLength()
        let (rest3Partial, along1Of3) = row3.removingComponent(along: u1)
        let (rest3, along2Of3) = rest3Partial.removingComponent(along: u2)
        let (u3, length3) = rest3.unitAndLength()
        // Shear factors are relative to their row's scale; a zero scale has no shear.
        let shearXY = length2 > 0 ? along1Of2 / length2 : 0
        let shearXZ = length3 > 0 ? along1Of3 / length3 : 0
        let shearYZ = length3 > 0 ? along2Of3 / length3 : 0

        var frame = Vector3.completeFrame(u1, u2, u3)
        var (sx, sy, sz) = (length1, length2, length3)
        // A reflection is carried by negating all three scales, which leaves a proper rotation. (Completed frames
        // are right-handed by construction, so only three genuine directions can be left-handed.)
        if frame.0.dot(frame.1.cross(frame.2)) < 0 {
            (sx, sy, sz) = (-sx, -sy, -sz)
            frame = (frame.0 * -1, frame.1 * -1, frame.2 * -1)
        }

        // Perspective: the fourth column above m44 equals (S·K·R)·p, so p = Rᵀ·K⁻¹·S⁺·column, where S⁺ inverts the
        // non-zero scales and drops the zero ones.
        let z1 = sx != 0 ? projection.x / sx : 0
        let z2 = sy != 0 ? projection.y / sy : 0
        let z3 = sz != 0 ? projection.z / sz : 0
        let y1 = z1
        let y2 = z2 - shearXY * y1
        let y3 = z3 - shearXZ * y1 - shearYZ * y2
        let perspective = frame.0 * y1 + frame.1 * y2 + frame.2 * y3

        let result = TransformDecomposition(
            translationX: translation.x, translationY: translation.y, translationZ: translation.z,
            scaleX: sx, scaleY: sy, scaleZ: sz,
            shearXY: shearXY, shearXZ: shearXZ, shearYZ: shearYZ,
            perspectiveX: perspective.x, perspectiveY: perspective.y, perspectiveZ: perspective.z,
            perspectiveW: 1 - translation.dot(perspective),
            rotation: Quaternion(
                rotationRows: frame.0.x, frame.0.y, frame.0.z,
                frame.1.x, frame.1.y, frame.1.z,
                frame.2.x, frame.2.y, frame.2.z
            )
        )
        // Extreme but finite input can overflow along the way (for example a tiny m44); never hand out NaN or ∞.
        self = result.allComponentsFinite ? result : .collapsed
    }

    /// The matrix these parts compose to (`Scale × Shear × Rotation × Translation × Perspective`).
    public var transform: CATransform3D {
        let r = rotation.matrix
        let u1 = Vector3(r.m11, r.m12, r.m13)
        let u2 = Vector3(r.m21, r.m22, r.m23)
        let u3 = Vector3(r.m31, r.m32, r.m33)
        let row1 = u1 * scaleX
        let row2 = (u1 * shearXY + u2) * scaleY
        let row3 = (u1 * shearXZ + u2 * shearYZ + u3) * scaleZ
        let perspective = Vector3(perspectiveX, perspectiveY, perspectiveZ)
        let translation = Vector3(translationX, translationY, translationZ)
        return CATransform3D(
            m11: row1.x, m12: row1.y, m13: row1.z, m14: row1.dot(perspective),
            m21: row2.x, m22: row2.y, m23: row2.z, m24: row2.dot(perspective),
            m31: row3.x, m32: row3.y, m33: row3.z, m34: row3.dot(perspective),
            m41: translationX, m42: translationY, m43: translationZ,
            m44: translation.dot(perspective) + perspectiveW
        )
    }

    /// The mix of `self` (progress 0) and `other` (progress 1): every component linearly, the rotation along the
    /// shorter great arc (`Quaternion.slerp`). Progress outside 0…1 extrapolates, as spring overshoot needs.
    public func interpolated(to other: TransformDecomposition, progress: CGFloat) -> TransformDecomposition {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * progress }
        return TransformDecomposition(
            translationX: mix(translationX, other.translationX),
            translationY: mix(translationY, other.translationY),
            translationZ: mix(translationZ, other.translationZ),
            scaleX: mix(scaleX, other.scaleX),
            scaleY: mix(scaleY, other.scaleY),
            scaleZ: mix(scaleZ, other.scaleZ),
            shearXY: mix(shearXY, other.shearXY),
            shearXZ: mix(shearXZ, other.shearXZ),
            shearYZ: mix(shearYZ, other.shearYZ),
            perspectiveX: mix(perspectiveX, other.perspectiveX),
            perspectiveY: mix(perspectiveY, other.perspectiveY),
            perspectiveZ: mix(perspectiveZ, other.perspectiveZ),
            perspectiveW: mix(perspectiveW, other.perspectiveW),
            rotation: rotation.slerp(to: other.rotation, progress: progress)
        )
    }

    /// Core Animation's rule for animating between two `CATransform3D` values (SPEC §3.6): when both are affine,
    /// the 2-D decomposition is mixed (`AffineDecomposition`); otherwise both are fully decomposed and mixed with
    /// `interpolated(to:progress:)`. `progress` 0 gives `from` and 1 gives `to`, up to rounding (and up to the
    /// division by `m44` described on the type).
    public static func interpolate(
        from: CATransform3D, to: CATransform3D, progress: CGFloat
    ) -> CATransform3D {
        if CATransform3DIsAffine(from) && CATransform3DIsAffine(to) {
            let mixed = AffineDecomposition.interpolate(
                from: CATransform3DGetAffineTransform(from),
                to: CATransform3DGetAffineTransform(to),
                progress: progress
            )
            return CATransform3DMakeAffineTransform(mixed)
        }
        return TransformDecomposition(from)
            .interpolated(to: TransformDecomposition(to), progress: progress)
            .transform
    }

    // MARK: Rotation about one axis (key paths `transform.rotation.x`, `.y`, `.z`)

    /// The rotation as Euler angles in radians, applied about x, then y, then z (see `EulerAngles`). Setting it
    /// replaces the whole rotation; the other components stay as they are.
    public var eulerAngles: EulerAngles {
        get { rotation.eulerAngles }
        set { rotation = Quaternion(eulerAngles: newValue) }
    }

    /// The rotation about x, in radians, in the Euler order of `eulerAngles` (key path `transform.rotation.x`).
    public var rotationX: CGFloat {
        get { eulerAngles.x }
        set { eulerAngles.x = newValue }
    }

    /// The rotation about y, in radians (key path `transform.rotation.y`); reads lie in −π/2…π/2.
    public var rotationY: CGFloat {
        get { eulerAngles.y }
        set { eulerAngles.y = newValue }
    }

    /// The rotation about z, in radians (key paths `transform.rotation` and `transform.rotation.z`). Writing an
    /// angle beyond ±π is allowed and recomposes to that many turns' worth of rotation (modulo a full turn).
    public var rotationZ: CGFloat {
        get { eulerAngles.z }
        set { eulerAngles.z = newValue }
    }

    private var allComponentsFinite: Bool {
        translationX.isFinite && translationY.isFinite && translationZ.isFinite
            && scaleX.isFinite && scaleY.isFinite && scaleZ.isFinite
            && shearXY.isFinite && shearXZ.isFinite && shearYZ.isFinite
            && perspectiveX.isFinite && perspectiveY.isFinite && perspectiveZ.isFinite && perspectiveW.isFinite
            && rotation.x.isFinite && rotation.y.isFinite && rotation.z.isFinite && rotation.w.isFinite
    }
}

extension CATransform3D {
    /// Whether none of the sixteen elements is NaN or infinite.
    fileprivate var allElementsFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

/// A 3-component vector for the decomposition arithmetic.
private struct Vector3 {
    var x: CGFloat
    var y: CGFloat
    var z: CGFloat

    init(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) {
        self.x = x
        self.y = y
        self.z = z
    }

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Vector3, s: CGFloat) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }

    func dot(_ other: Vector3) -> CGFloat { x * other.x + y * other.y + z * other.z }

    func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// This vector minus its component along `unit`, and the size of that component (0 when `unit` is `nil`).
    /// The projection is taken twice, so that a nearly parallel vector still leaves a remainder orthogonal to
    /// `unit` to working precision.
    func removingComponent(along unit: Vector3?) -> (Vector3, CGFloat) {
        guard let unit else { return (self, 0) }
        let first = dot(unit)
        let once = self - unit * first
        let second = once.dot(unit)
        return (once - unit * second, first + second)
    }

    /// The unit vector in this direction and the length, or `nil` and 0 when the length is zero, subnormal or not
    /// finite (no usable direction).
    func unitAndLength() -> (Vector3?, CGFloat) {
        let length = dot(self).squareRoot()
        guard length.isNormal else { return (nil, 0) }
        return (self * (1 / length), length)
    }

    /// A right-handed orthonormal frame that keeps the given unit vectors (which must be orthonormal) and fills in
    /// the missing ones: one missing vector is the cross product of the other two; with two missing, the first
    /// missing one is the standard axis of its index made perpendicular to the present vector; with none present,
    /// the standard axes. Allocation-free, as it runs for every animated transform on every frame.
    static func completeFrame(_ u1: Vector3?, _ u2: Vector3?, _ u3: Vector3?) -> (Vector3, Vector3, Vector3) {
        let (x, y, z) = (Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1))
        switch (u1, u2, u3) {
        case (let a?, let b?, let c?):
            return (a, b, c)
        case (nil, let b?, let c?):
            return (b.cross(c), b, c)
        case (let a?, nil, let c?):
            return (a, c.cross(a), c)
        case (let a?, let b?, nil):
            return (a, b, a.cross(b))
        case (let a?, nil, nil):
            let b = a.perpendicular(preferring: y)
            return (a, b, a.cross(b))
        case (nil, let b?, nil):
            let a = b.perpendicular(preferring: x)
            return (a, b, a.cross(b))
        case (nil, nil, let c?):
            let a = c.perpendicular(preferring: x)
            return (a, c.cross(a), c)
        case (nil, nil, nil):
            return (x, y, z)
        }
    }

    /// A unit vector perpendicular to this unit vector: `preferred` with its component along `self` removed,
    /// unless that is nearly parallel to `self`, in which case the first standard axis that is not. Of the three
    /// standard axes at least one is 54.7° or more away from any direction, so a result always exists.
    func perpendicular(preferring preferred: Vector3) -> Vector3 {
        func attempt(_ axis: Vector3) -> Vector3? {
            let (unit, length) = axis.removingComponent(along: self).0.unitAndLength()
            return length > 0.5 ? unit : nil
        }
        return attempt(preferred) ?? attempt(Vector3(1, 0, 0)) ?? attempt(Vector3(0, 1, 0))
            ?? attempt(Vector3(0, 0, 1)) ?? Vector3(1, 0, 0)
    }
}
