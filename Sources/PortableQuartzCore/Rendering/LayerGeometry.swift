import Foundation
import PortableCoreGraphics

/// Where one layer sits in its superlayer: the pure math behind `frame`, `convert(_:from:)` and hit testing (SPEC
/// §11b). Our helper, not Apple API.
///
/// A point `p` of the layer (in its bounds coordinates, on the plane z = 0) reaches the superlayer in four steps,
/// written as row vectors (`p' = p × M`, Core Animation's convention):
/// 0. with `isGeometryFlipped`, flip y about the middle of the bounds (y ↦ minY + maxY − y): the layer's own
///    coordinates, and so its sublayers' positions and its drawing, count up from its bottom edge on screen;
/// 1. move the anchor to the origin: subtract `bounds.origin + anchorPoint × bounds.size` and, in z,
///    `anchorPointZ`;
/// 2. apply `transform`;
/// 3. move the origin to `position` (x, y) and `zPosition` (z);
/// 4. apply the superlayer's `sublayerTransform` about the superlayer's own anchor point (its bounds point at
///    `anchorPoint`, depth `anchorPointZ`), so that a perspective `m34` has its vanishing point at the centre of
///    a default-anchored superlayer rather than at its bounds origin (``superlayerProjection``).
///
/// The superlayer is a flat plane: the result is divided by its w component (the perspective divide) and its z
/// is dropped. One hop is therefore a plane-to-plane projective map (``PlaneMap``), and a chain of hops is the
/// product of those maps. Going down (superlayer to layer) uses the inverse map: it finds the point of the layer's
/// plane that shows at the given superlayer point, which is what hit testing needs.
///
/// Edge cases: NaN coordinates give NaN points (never a trap). A layer whose placement flattens it to a line or a
/// point (a zero scale, a 90° turn about x or y without perspective) has no inverse; points converted into it are
/// (NaN, NaN). Points at or behind the eye of a perspective (w ≤ 0) have no meaningful image; the divide is done
/// anyway (w = 0 gives infinities). A rectangle whose corners do not all have finite images is `CGRect.null`.
struct LayerGeometry: Hashable, Sendable {
    /// The layer's `bounds` (points, its own coordinates).
    var bounds: CGRect
    /// The layer's `position` in its superlayer's coordinates (points).
    var position: CGPoint
    /// The layer's `zPosition` (points along z in its superlayer).
    var zPosition: CGFloat
    /// The layer's `anchorPoint`, in unit coordinates of its bounds.
    var anchorPoint: CGPoint
    /// The layer's `anchorPointZ` (points along z).
    var anchorPointZ: CGFloat
    /// The layer's `transform`, applied about the anchor point.
    var transform: CATransform3D
    /// The layer's `isGeometryFlipped`.
    var isGeometryFlipped: Bool
    /// The superlayer's `sublayerTransform` already moved to act about the superlayer's anchor point (see
    /// ``projection(sublayerTransform:bounds:anchorPoint:anchorPointZ:)``); identity for a root or a mask.
    var superlayerProjection: CATransform3D

    /// A placement from explicit values; every argument defaults to Apple's default for a new layer.
    init(
        bounds: CGRect = .zero, position: CGPoint = .zero, zPosition: CGFloat = 0,
        anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5), anchorPointZ: CGFloat = 0,
        transform: CATransform3D = CATransform3DIdentity, isGeometryFlipped: Bool = false,
        superlayerProjection: CATransform3D = CATransform3DIdentity
    ) {
        self.isGeometryFlipped = isGeometryFlipped
        self.bounds = bounds
        self.position = position
        self.zPosition = zPosition
        self.anchorPoint = anchorPoint
        self.anchorPointZ = anchorPointZ
        self.transform = transform
        self.superlayerProjection = superlayerProjection
    }

    /// The placement of a layer whose values are `state`, in a superlayer whose values are `superlayer` (nil for a
    /// root, or for a mask, which the superlayer's `sublayerTransform` does not touch).
    init(state: LayerState, superlayer: LayerState? = nil) {
        self.init(
            bounds: state.bounds, position: state.position, zPosition: state.zPosition,
            anchorPoint: state.anchorPoint, anchorPointZ: state.anchorPointZ, transform: state.transform,
            isGeometryFlipped: state.details.isGeometryFlipped,
            superlayerProjection: superlayer.map(Self.projection(of:)) ?? CATransform3DIdentity)
    }

    /// `sublayerTransform` made to act about the layer's anchor point: translate the anchor (bounds point at
    /// `anchorPoint`, depth `anchorPointZ`) to the origin, apply it, translate back. The identity stays the identity.
    static func projection(
        sublayerTransform: CATransform3D, bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat
    ) -> CATransform3D {
        if CATransform3DIsIdentity(sublayerTransform) { return sublayerTransform }
        let pivot = anchor(of: bounds, anchorPoint: anchorPoint)
        return CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-pivot.x, -pivot.y, -anchorPointZ), sublayerTransform),
            CATransform3DMakeTranslation(pivot.x, pivot.y, anchorPointZ))
    }

    /// The `sublayerTransform` of a layer with values `state`, about its anchor point. Always inlined, so that the
    /// compositor's callers read the four fields in place rather than copying the whole state.
    @inline(__always)
    static func projection(of state: LayerState) -> CATransform3D {
        projection(
            sublayerTransform: state.sublayerTransform, bounds: state.bounds, anchorPoint: state.anchorPoint,
            anchorPointZ: state.anchorPointZ)
    }

    /// The point of `bounds` at unit coordinates `anchorPoint` (`origin + anchorPoint × size`, in the layer's own
    /// coordinates; a negative size counts from the origin the other way).
    static func anchor(of bounds: CGRect, anchorPoint: CGPoint) -> CGPoint {
        CGPoint(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// The anchor point in the layer's own coordinates.
    var anchorInBounds: CGPoint {
        Self.anchor(of: bounds, anchorPoint: anchorPoint)
    }

    // MARK: Matrices

    /// Steps 0–3 (no `sublayerTransform`): the layer's own placement, which `frame` describes.
    ///
    /// This is `toAnchor · transform · translation(position, zPosition)`, with `toAnchor` the translation by minus
    /// the anchor (and, when the geometry is flipped, the flip of y about the bounds' middle). The products are
    /// written out for those shapes: the same sums in the same order as `CATransform3DConcat` gives, less its terms
    /// that multiply by 0 (so a zero's sign, and a NaN from an infinite entry times 0, may differ; nothing else).
    /// It runs for every drawn layer on every frame.
    var placementMatrix: CATransform3D {
        let anchor = anchorInBounds
        let t = transform
        let flip: CGFloat = isGeometryFlipped ? -1 : 1
        let ax = -anchor.x
        let ay = isGeometryFlipped ? bounds.minY + bounds.maxY - anchor.y : -anchor.y
        let az = -anchorPointZ
        // `toAnchor · transform`: rows 1 and 3 of the transform, row 2 times the flip, and row 4 moved by the anchor.
        let m41 = ax * t.m11 + ay * t.m21 + az * t.m31 + t.m41
        let m42 = ax * t.m12 + ay * t.m22 + az * t.m32 + t.m42
        let m43 = ax * t.m13 + ay * t.m23 + az * t.m33 + t.m43
        let m44 = ax * t.m14 + ay * t.m24 + az * t.m34 + t.m44
        // Then `· translation(p)`: each row's first three entries gain its fourth times p.
        let px = position.x
        let py = position.y
        let pz = zPosition
        let m21 = flip * t.m21
        let m22 = flip * t.m22
        let m23 = flip * t.m23
        let m24 = flip * t.m24
        return CATransform3D(
            m11: t.m11 + t.m14 * px, m12: t.m12 + t.m14 * py, m13: t.m13 + t.m14 * pz, m14: t.m14,
            m21: m21 + m24 * px, m22: m22 + m24 * py, m23: m23 + m24 * pz, m24: m24,
            m31: t.m31 + t.m34 * px, m32: t.m32 + t.m34 * py, m33: t.m33 + t.m34 * pz, m34: t.m34,
            m41: m41 + m44 * px, m42: m42 + m44 * py, m43: m43 + m44 * pz, m44: m44)
    }

    /// Steps 0–3 as `CALayer.render(in:)` draws them: a layer whose `transform` is not affine (see
    /// ``isAffineWithinRounding(_:)``) is drawn as if its `position` were zero and its `transform` the identity, so
    /// only step 1 moves it (its anchor point lands on the superlayer's origin); an affine transform gives
    /// ``placementMatrix``. Apple's pictures show it (lottie-ios's snapshots of pr_1930_ry: a 187 × 191 image
    /// turning about y, anchored at (93.2, 95.25) and positioned at (105, 105), shows only its bottom-right
    /// quarter, at the top-left corner, while the turn is between 0 and 2π, and whole and in place at 0 and 2π).
    var placementMatrixDrawnIn2D: CATransform3D {
        guard !Self.isAffineWithinRounding(transform) else { return placementMatrix }
        var flat = self
        flat.transform = CATransform3DIdentity
        flat.position = .zero
        flat.zPosition = 0
        return flat.placementMatrix
    }

    /// Whether `t` is affine (`CATransform3DIsAffine`) up to single-precision rounding: every entry that an
    /// affine transform has at 0 or 1 within 10⁻⁶ of it (about eight `Float` steps at 1). Apple's `render(in:)`
    /// draws as affine a turn of 2π about y, which leaves sin 2π = −2.4 × 10⁻¹⁶ in m13 and m31 (pr_1930_ry at
    /// 100 %), and half turns about x, y and z that miss π by 3.7 × 10⁻⁸ radians each, which leave entries of that
    /// size (pr_1930_all_axis at 50 %: lottie-ios's key time for the full turn at frame 180 of 181 is the `Float`
    /// 0.99447513, so frame 90 is a hair past half of it). A turn of 10⁻⁶ radians moves no point of a layer
    /// 1 000 points wide by a pixel.
    static func isAffineWithinRounding(_ t: CATransform3D) -> Bool {
        let tolerance: CGFloat = 1e-6
        return abs(t.m13) <= tolerance && abs(t.m14) <= tolerance && abs(t.m23) <= tolerance
            && abs(t.m24) <= tolerance && abs(t.m31) <= tolerance && abs(t.m32) <= tolerance
            && abs(t.m34) <= tolerance && abs(t.m43) <= tolerance && abs(t.m33 - 1) <= tolerance
            && abs(t.m44 - 1) <= tolerance
    }

    /// Steps 1–4: the full 4×4 matrix from the layer's space to its superlayer's, before the divide.
    var matrixToSuperlayer: CATransform3D {
        CATransform3DIsIdentity(superlayerProjection)
            ? placementMatrix : CATransform3DConcat(placementMatrix, superlayerProjection)
    }

    /// The plane map from the layer to its superlayer (one hop up).
    var mapToSuperlayer: PlaneMap {
        PlaneMap(flattening: matrixToSuperlayer)
    }

    // MARK: Points

    /// `point` (layer coordinates) in the superlayer's coordinates.
    func convertToSuperlayer(_ point: CGPoint) -> CGPoint {
        mapToSuperlayer.apply(to: point)
    }

    /// The point of the layer that shows at `point` (superlayer coordinates); (NaN, NaN) when the layer is
    /// flattened to a line or a point.
    func convertFromSuperlayer(_ point: CGPoint) -> CGPoint {
        mapToSuperlayer.inverted.apply(to: point)
    }

    // MARK: Frame

    /// The bounding box, in the superlayer's coordinates, of the bounds placed by steps 1–3 (SPEC §11b). The
    /// superlayer's `sublayerTransform` does not take part. With an identity transform:
    /// `origin = position − anchorPoint × bounds.size`. `CGRect.null` when a corner has no finite image.
    var frame: CGRect {
        if CATransform3DIsIdentity(transform) {
            // Exact, and free of rounding from the matrix route.
            let origin = CGPoint(
                x: position.x - anchorPoint.x * bounds.size.width, y: position.y - anchorPoint.y * bounds.size.height)
            return Self.boundingBox(of: [
                origin, CGPoint(x: origin.x + bounds.size.width, y: origin.y + bounds.size.height),
            ])
        }
        return PlaneMap(flattening: placementMatrix).boundingBox(of: bounds)
    }

    /// The bounds and position that give the layer `frame` (SPEC §11b), or nil when a coordinate of `frame` is
    /// NaN or infinite (the layer then keeps its values).
    ///
    /// The frame is standardized first (a negative size counts the other way). The bounds keep their origin and
    /// take a size: with an identity transform the frame's size; otherwise the size of the box that the frame's
    /// corners map back to through the inverse of the transform (taken about the anchor), so that with scales,
    /// mirrors, quarter turns and translations reading `frame` back gives the rectangle set (other turns and
    /// shears read back a larger box: a turned rectangle's bounding box cannot have every shape). The position is
    /// then chosen so that the resulting frame is centred where the set one is (for an identity transform: the
    /// frame's point at `anchorPoint`). A transform that cannot be inverted is treated as the identity.
    func settingFrame(_ frame: CGRect) -> (bounds: CGRect, position: CGPoint)? {
        let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
        guard values.allSatisfy(\.isFinite) else { return nil }
        let target = frame.standardized
        let identityPlacement = (
            bounds: CGRect(origin: bounds.origin, size: target.size),
            position: CGPoint(
                x: target.origin.x + anchorPoint.x * target.size.width,
                y: target.origin.y + anchorPoint.y * target.size.height)
        )
        if CATransform3DIsIdentity(transform) { return identityPlacement }
        // The transform about the anchor, with the anchor at the superlayer origin.
        let local = PlaneMap(
            flattening: CATransform3DConcat(CATransform3DMakeTranslation(0, 0, -anchorPointZ), transform))
        let inverse = local.inverted
        let centre = CGPoint(x: target.midX, y: target.midY)
        let corners = Self.corners(of: target).map { CGPoint(x: $0.x - centre.x, y: $0.y - centre.y) }
        let back = Self.boundingBox(of: corners.map { inverse.apply(to: $0) })
        guard !back.isNull else { return identityPlacement }
        let newBounds = CGRect(origin: bounds.origin, size: back.size)
        let anchor = Self.anchor(of: newBounds, anchorPoint: anchorPoint)
        let placed = Self.boundingBox(
            of: Self.corners(of: newBounds).map { local.apply(to: CGPoint(x: $0.x - anchor.x, y: $0.y - anchor.y)) })
        guard !placed.isNull else { return identityPlacement }
        return (newBounds, CGPoint(x: centre.x - placed.midX, y: centre.y - placed.midY))
    }

    // MARK: Rectangles

    /// The four corners of `rect` (its origin, then counter-clockwise in a y-up reading).
    static func corners(of rect: CGRect) -> [CGPoint] {
        let x0 = rect.origin.x
        let y0 = rect.origin.y
        let x1 = x0 + rect.size.width
        let y1 = y0 + rect.size.height
        return [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
    }

    /// The smallest rectangle holding every point; `CGRect.null` when there are none or a coordinate is NaN or
    /// infinite.
    static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x
        var minY = first.y
        var maxX = first.x
        var maxY = first.y
        for point in points {
            guard point.x.isFinite, point.y.isFinite else { return .null }
            minX = Swift.min(minX, point.x)
            minY = Swift.min(minY, point.y)
            maxX = Swift.max(maxX, point.x)
            maxY = Swift.max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `point` lies in `rect` the way Core Graphics counts it: min edges inside, max edges outside, on the
    /// standardized rectangle. An empty rectangle contains nothing; NaN is never inside.
    static func rect(_ rect: CGRect, contains point: CGPoint) -> Bool {
        guard !rect.isNull else { return false }
        let box = rect.standardized
        return point.x >= box.minX && point.x < box.maxX && point.y >= box.minY && point.y < box.maxY
    }
}

extension LayerGeometry {
    /// A projective map from one plane to another (our helper): the 3×3 part of a 4×4 layer matrix that acts on
    /// points of the plane z = 0 and keeps x, y and w (rows and columns 1, 2 and 4), in row-vector form:
    /// `(X, Y, W) = (x, y, 1) × H`, image `(X / W, Y / W)`.
    ///
    /// Products of maps compose hops; the perspective divide happens once, when a point is mapped.
    struct PlaneMap: Hashable, Sendable {
        /// The nine numbers, held as the compositor holds them (`m13`, `m23`, `m33` are the w column).
        var transform: PlaneTransform

        /// The map that changes nothing.
        static let identity = PlaneMap(transform: .identity)

        /// What `m` does to the points of the plane z = 0, seen flat (z of the result dropped), as the compositor
        /// flattens it.
        init(flattening m: CATransform3D) {
            transform = PlaneTransform(flattening: m)
        }

        init(transform: PlaneTransform) {
            self.transform = transform
        }

        /// `point` mapped, with the perspective divide (whatever the sign of w, unlike the compositor's `apply`,
        /// which drops points behind the viewer).
        func apply(to point: CGPoint) -> CGPoint {
            let t = transform
            let px = Double(point.x)
            let py = Double(point.y)
            let x = px * t.m11 + py * t.m21 + t.m31
            let y = px * t.m12 + py * t.m22 + t.m32
            let w = px * t.m13 + py * t.m23 + t.m33
            if w == 1 { return CGPoint(x: x, y: y) }
            return CGPoint(x: x / w, y: y / w)
        }

        /// The bounding box of the images of `rect`'s corners; `CGRect.null` for a null rectangle or when an image
        /// is not finite.
        func boundingBox(of rect: CGRect) -> CGRect {
            guard !rect.isNull else { return .null }
            return LayerGeometry.boundingBox(of: LayerGeometry.corners(of: rect).map { apply(to: $0) })
        }

        /// `self` then `next`: the row-vector product `self × next` (the compositor's product).
        func followed(by next: PlaneMap) -> PlaneMap {
            PlaneMap(transform: transform.followed(by: next.transform))
        }

        /// The inverse map; every element NaN when the map has none (determinant zero or not finite), so that
        /// points mapped through it come out (NaN, NaN). (The compositor's `inverted` is nil instead, and rounds
        /// differently: it divides each element by the determinant.)
        var inverted: PlaneMap {
            let t = transform
            let c11 = t.m22 * t.m33 - t.m23 * t.m32
            let c12 = t.m23 * t.m31 - t.m21 * t.m33
            let c13 = t.m21 * t.m32 - t.m22 * t.m31
            let determinant = t.m11 * c11 + t.m12 * c12 + t.m13 * c13
            guard determinant != 0, determinant.isFinite else {
                let nan = Double.nan
                return PlaneMap(
                    transform: PlaneTransform(
                        m11: nan, m12: nan, m13: nan, m21: nan, m22: nan, m23: nan, m31: nan, m32: nan, m33: nan))
            }
            let r = 1 / determinant
            // Element (i, j) of the inverse is the cofactor of element (j, i) over the determinant.
            return PlaneMap(
                transform: PlaneTransform(
                    m11: c11 * r,
                    m12: (t.m13 * t.m32 - t.m12 * t.m33) * r,
                    m13: (t.m12 * t.m23 - t.m13 * t.m22) * r,
                    m21: c12 * r,
                    m22: (t.m11 * t.m33 - t.m13 * t.m31) * r,
                    m23: (t.m13 * t.m21 - t.m11 * t.m23) * r,
                    m31: c13 * r,
                    m32: (t.m12 * t.m31 - t.m11 * t.m32) * r,
                    m33: (t.m11 * t.m22 - t.m12 * t.m21) * r))
        }
    }
}
