import Foundation
import PortableCoreGraphics

/// A `CGAffineTransform` split into translation, scale, rotation and shear, the parts Core Animation mixes when it
/// animates between two 2-D transforms (SPEC §3.6). Our own addition (not Apple API), public like `TransformDecomposition`.
///
/// In row-vector order the transform is rebuilt as `Scale × Shear × Rotation × Translation`:
///
///     (a, b) = scaleX · (cos rotation, sin rotation)
///     (c, d) = scaleY · (shear · (cos rotation, sin rotation) + (−sin rotation, cos rotation))
///     (tx, ty) = (translationX, translationY)
///
/// so a point is scaled, sheared (x gains `shear · y`), rotated by `rotation` radians (+x towards +y), then moved.
///
/// A mirrored transform (negative determinant) is carried by a negative scale: on x when `a < d`, otherwise on y,
/// which keeps a plain horizontal or vertical flip free of rotation. Degenerate input never produces NaN: a zero
/// first row takes its direction from the second row (so a zero x scale keeps the rotation), a transform with both
/// rows zero has rotation 0, and a transform with a non-finite element decomposes to `.collapsed` (zero scale,
/// everything else neutral). When `scaleY` is zero the shear is 0, so a second row parallel to the first is lost.
public struct AffineDecomposition: Hashable, Sendable {
    public var translationX: CGFloat
    public var translationY: CGFloat
    public var scaleX: CGFloat
    public var scaleY: CGFloat
    /// Radians; decomposition gives −π…π, and any value may be stored.
    public var rotation: CGFloat
    /// The x offset per unit of y applied before rotating, relative to `scaleY` (0 for no shear).
    public var shear: CGFloat

    /// A decomposition from its parts; every argument defaults to the identity's value.
    public init(
        translationX: CGFloat = 0, translationY: CGFloat = 0,
        scaleX: CGFloat = 1, scaleY: CGFloat = 1,
        rotation: CGFloat = 0, shear: CGFloat = 0
    ) {
        self.translationX = translationX
        self.translationY = translationY
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.shear = shear
    }

    /// The decomposition of `CGAffineTransform.identity`.
    public static let identity = AffineDecomposition()

    /// What a transform with a non-finite element decomposes to: zero scale, nothing else.
    public static let collapsed = AffineDecomposition(scaleX: 0, scaleY: 0)

    /// Splits `t` into its parts (see the type's documentation for conventions and degenerate cases).
    public init(_ t: CGAffineTransform) {
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else {
            self = .collapsed
            return
        }
        let length1 = (t.a * t.a + t.b * t.b).squareRoot()
        let length2 = (t.c * t.c + t.d * t.d).squareRoot()
        var result = AffineDecomposition(translationX: t.tx, translationY: t.ty, scaleX: 0, scaleY: 0)
        if length1.isNormal {
            let determinant = t.a * t.d - t.b * t.c
            let scaleX = determinant < 0 && t.a < t.d ? -length1 : length1
            // u1 is the rotated x axis, u2 the rotated y axis (u1 turned by +90°).
            let (u1x, u1y) = (t.a / scaleX, t.b / scaleX)
            let (u2x, u2y) = (-u1y, u1x)
            let scaleY = t.c * u2x + t.d * u2y
            let along = t.c * u1x + t.d * u1y
            result.scaleX = scaleX
            result.scaleY = scaleY
            result.rotation = CGFloat(Foundation.atan2(Double(u1y), Double(u1x)))
            result.shear = scaleY != 0 ? along / scaleY : 0
        } else if length2.isNormal {
            // No x axis: the y axis alone fixes the rotation.
            let (u2x, u2y) = (t.c / length2, t.d / length2)
            result.scaleY = length2
            result.rotation = CGFloat(Foundation.atan2(Double(-u2x), Double(u2y)))
        }
        self = result.allComponentsFinite ? result : .collapsed
    }

    /// The affine transform these parts compose to.
    public var transform: CGAffineTransform {
        let cosine = CGFloat(Foundation.cos(Double(rotation)))
        let sine = CGFloat(Foundation.sin(Double(rotation)))
        return CGAffineTransform(
            a: scaleX * cosine,
            b: scaleX * sine,
            c: scaleY * (shear * cosine - sine),
            d: scaleY * (shear * sine + cosine),
            tx: translationX,
            ty: translationY
        )
    }

    /// The mix of `self` (progress 0) and `other` (progress 1), every component linearly, after two adjustments
    /// that describe the same transforms but make the path shorter:
    /// * if one side is mirrored in x and the other in y, `self` trades its two negative-signed scales for a half
    ///   turn (`(−sx, −sy, rotation ± π)` is the same transform), so no axis has to pass through zero scale;
    /// * the rotation turns the short way: the angle difference is brought into −π…π (identity → rotation by
    ///   π + 0.1 turns by −(π − 0.1)). A difference of exactly π is ambiguous.
    /// Progress outside 0…1 extrapolates.
    public func interpolated(to other: AffineDecomposition, progress: CGFloat) -> AffineDecomposition {
        var start = self
        if (start.scaleX < 0 && other.scaleY < 0) || (start.scaleY < 0 && other.scaleX < 0) {
            start.scaleX = -start.scaleX
            start.scaleY = -start.scaleY
            start.rotation += start.rotation < 0 ? .pi : -.pi
        }
        let turn = 2 * CGFloat.pi
        let difference = CGFloat(Foundation.remainder(Double(other.rotation - start.rotation), Double(turn)))
        let endRotation = start.rotation + difference

        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * progress }
        return AffineDecomposition(
            translationX: mix(start.translationX, other.translationX),
            translationY: mix(start.translationY, other.translationY),
            scaleX: mix(start.scaleX, other.scaleX),
            scaleY: mix(start.scaleY, other.scaleY),
            rotation: mix(start.rotation, endRotation),
            shear: mix(start.shear, other.shear)
        )
    }

    /// Core Animation's mix of two affine transforms: decompose both, `interpolated(to:progress:)`, recompose.
    /// Worked example (SPEC §3.6): identity → `(a 0, b 2, c −2, d 0)` at progress 0.5 is a 45° rotation with
    /// scale 1.5, `(a, b, c, d) ≈ (1.0607, 1.0607, −1.0607, 1.0607)`.
    public static func interpolate(
        from: CGAffineTransform, to: CGAffineTransform, progress: CGFloat
    ) -> CGAffineTransform {
        AffineDecomposition(from).interpolated(to: AffineDecomposition(to), progress: progress).transform
    }

    private var allComponentsFinite: Bool {
        translationX.isFinite && translationY.isFinite && scaleX.isFinite && scaleY.isFinite
            && rotation.isFinite && shear.isFinite
    }
}
